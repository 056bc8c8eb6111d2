import { createHash } from 'node:crypto';
import { constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, waitHistoryEvaluated, waitSeeded, type RunningServer, type StartOptions } from './server.js';

const repo = resolve(import.meta.dirname, '../..');
const PREFIX = 'ems-seeded-';
/** a cached history older than this is seeded anew (a copy's first live step fills the time since the seed) */
const MAX_AGE_MS = 2 * 3_600_000;

export interface SeededHistory {
  /** the server clock the history was seeded at */
  now: number;
  /** the seed's data dir: copy it, never start a server on it */
  dir: string;
}

interface Meta {
  now: number;
}

/** The build's key: a hash of the server bundle and its worker (a new build may write other data). */
function buildKey(): string {
  const dist = join(repo, 'apps/server/dist');
  if (!existsSync(join(dist, 'main.js'))) throw new Error(`${dist}/main.js is missing: run "npm run build" first`);
  const hash = createHash('sha256');
  for (const name of readdirSync(dist).filter((n) => n.endsWith('.js')).sort()) hash.update(name).update(readFileSync(join(dist, name)));
  return hash.digest('hex').slice(0, 16);
}

function readMeta(dir: string): Meta | null {
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'seeded.json'), 'utf8')) as Meta;
    return Date.now() - meta.now < MAX_AGE_MS ? meta : null;
  } catch {
    return null;
  }
}

/** Copies a data dir file by file (a copy-on-write clone where the file system offers one). */
function copyDir(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name === 'seeded.json') continue;
    const src = join(from, name);
    if (statSync(src).isDirectory()) copyDir(src, join(to, name));
    else copyFileSync(src, join(to, name), constants.COPYFILE_FICLONE);
  }
}

/** Seeds the default 13 months with the clock pinned (and the events of that history), into a new dir; returns it once the server has stopped. */
async function seed(): Promise<{ dir: string; meta: Meta }> {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}tmp-`));
  // EMS_SIM_DAYS empty: the default history (13 months), as `npm start` seeds it
  try {
    const server = await startServer({ EMS_NOW: String(now), EMS_SIM_DAYS: '' }, { dataDir: dir, keep: true });
    try {
      await waitSeeded(server, 400_000);
      // and the rule engine's pass over it, so a copy does not evaluate it again
      await waitHistoryEvaluated(server, 150_000);
    } finally {
      await server.stop();
    }
  } catch (err) {
    // a failed seed leaves no 750 MB folder behind
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const meta = { now };
  writeFileSync(join(dir, 'seeded.json'), JSON.stringify(meta));
  return { dir, meta };
}

/** Other builds' caches and seeds left behind (each about 750 MB), once nothing can be reading them any more (an hour on). */
function removeOldCaches(key: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || name.startsWith(`${PREFIX}${key}`)) continue;
    const path = join(tmpdir(), name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (st && Date.now() - st.mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
}

/** Whether the process that wrote the lock file still runs (a lock being written counts as held). */
function ownerAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return existsSync(lock);
  }
  if (!Number.isInteger(pid) || pid <= 0) {
    // no pid yet: held while it is being written, left behind after that
    const st = statSync(lock, { throwIfNoEntry: false });
    return st !== undefined && Date.now() - st.mtimeMs < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let memo: Promise<SeededHistory> | undefined;

/**
 * The default 13-month demo history, seeded once per build and reused (issue 11: "seed once, reuse a
 * copy of the data dir"). Cached in the temp dir under a key of the server bundle's hash, so every
 * spec and bench of a run (and the next run of the same build, within 2 h) shares one seed; older
 * builds' caches are removed. Two runs seeding at once: the first takes a lock (its pid), the other
 * waits while that process lives.
 */
export function seededHistory(): Promise<SeededHistory> {
  memo ??= (async () => {
    const key = buildKey();
    const dir = join(tmpdir(), `${PREFIX}${key}`);
    const lock = `${dir}.lock`;
    removeOldCaches(key);
    for (;;) {
      const meta = readMeta(dir);
      if (meta) return { now: meta.now, dir };
      try {
        // the lock file holds its owner's pid: a lock whose process is gone is taken over, a live one waited for
        writeFileSync(lock, String(process.pid), { flag: 'wx' });
      } catch {
        if (!ownerAlive(lock)) rmSync(lock, { force: true });
        else await new Promise((r) => setTimeout(r, 2000));
        continue;
      }
      try {
        const fresh = await seed();
        rmSync(dir, { recursive: true, force: true });
        renameSync(fresh.dir, dir);
        return { now: fresh.meta.now, dir };
      } finally {
        rmSync(lock, { force: true });
      }
    }
  })();
  return memo;
}

/**
 * Starts the built server on a fresh copy of the seeded 13-month history; `env` wins. The clock is
 * pinned to this minute (EMS_NOW; pass EMS_NOW: '' for a running clock): the first live step fills
 * the time since the seed (minutes, hours at most), then the figures stay put. Not the seed's own
 * minute: logins carry the browser's clock and are refused 5 min away from the server's. The copy
 * goes on stop.
 */
export async function startSeededServer(env: Record<string, string> = {}, options: Omit<StartOptions, 'dataDir' | 'keep'> = {}): Promise<RunningServer & { now: number }> {
  const seeded = await seededHistory();
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-e2e-'));
  copyDir(seeded.dir, dataDir);
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const server = await startServer({ EMS_NOW: String(now), EMS_SIM_DAYS: '', ...env }, { ...options, dataDir });
  return { ...server, now };
}
