import { createHash } from 'node:crypto';
import { constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, waitHistoryEvaluated, waitSeeded, type RunningServer, type StartOptions } from './server.js';

const repo = resolve(import.meta.dirname, '../..');
const PREFIX = 'ems-seeded-';
/** a cached history older than this is seeded anew (its pinned clock would lag the browser's by more) */
const MAX_AGE_MS = 12 * 3_600_000;
/** another run seeding the same build: wait this long for it before seeding ourselves */
const LOCK_STALE_MS = 5 * 60_000;

export interface SeededHistory {
  /** the server clock the history was seeded at */
  now: number;
  /** the seed's data dir: copy it, never start a server on it */
  dir: string;
}

interface Meta {
  now: number;
  seedMs: number;
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
  const t0 = performance.now();
  // EMS_SIM_DAYS empty: the default history (13 months), as `npm start` seeds it
  const server = await startServer({ EMS_NOW: String(now), EMS_SIM_DAYS: '' }, { dataDir: dir, keep: true });
  try {
    await waitSeeded(server, 600_000);
    // and the rule engine's pass over it, so a copy does not evaluate it again
    await waitHistoryEvaluated(server, 600_000);
  } finally {
    await server.stop();
  }
  const meta = { now, seedMs: Math.round(performance.now() - t0) };
  writeFileSync(join(dir, 'seeded.json'), JSON.stringify(meta));
  return { dir, meta };
}

/** Other builds' caches and seeds left behind, once nothing can be reading them any more (an hour on). */
function removeOldCaches(key: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || name.startsWith(`${PREFIX}${key}`)) continue;
    const path = join(tmpdir(), name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (st && Date.now() - st.mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
}

let memo: Promise<SeededHistory> | undefined;

/**
 * The default 13-month demo history, seeded once per build and reused (issue 11: "seed once, reuse a
 * copy of the data dir"). Cached in the temp dir under a key of the server bundle's hash, so every
 * spec and bench of a run (and the next run of the same build, within 12 h) shares one seed; older
 * builds' caches are removed. Two runs seeding at once: the first takes a lock, the other waits.
 */
export function seededHistory(): Promise<SeededHistory> {
  memo ??= (async () => {
    const key = buildKey();
    const dir = join(tmpdir(), `${PREFIX}${key}`);
    const lock = `${dir}.lock`;
    for (;;) {
      const meta = readMeta(dir);
      if (meta) return { now: meta.now, dir };
      try {
        mkdirSync(lock);
      } catch {
        // someone else seeds this build: wait for it, or take over a lock left behind
        const held = statSync(lock, { throwIfNoEntry: false });
        if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
        else await new Promise((r) => setTimeout(r, 2000));
        continue;
      }
      try {
        removeOldCaches(key);
        const fresh = await seed();
        rmSync(dir, { recursive: true, force: true });
        renameSync(fresh.dir, dir);
        return { now: fresh.meta.now, dir };
      } finally {
        rmSync(lock, { recursive: true, force: true });
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
