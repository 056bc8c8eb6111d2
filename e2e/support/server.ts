import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SIM_API, type ApiReply, type SimStatus } from '@ems/contract';

const repo = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** the server process's id (absent for a server not started here) */
  pid?: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

export interface StartOptions {
  /** data dir to use (default: a new empty one); it is removed on stop unless `keep` */
  dataDir?: string;
  keep?: boolean;
}

/**
 * Starts the built server (`apps/server/dist/main.js`, serving `apps/web/dist`) in its own process
 * group on a free port with a throw-away data dir and the demo data, and waits for /healthz.
 */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const bundle = join(repo, 'apps/server/dist/main.js');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run "npm run build" first`);
  // a spec that must know the address before the start (a redirect URI registered elsewhere) passes PORT
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ems-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    cwd: repo,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      EMS_DATA_DIR: dataDir,
      EMS_SECRET: 'e2e-only-secret-0123456789abcdef0123456789',
      EMS_DEMO: '1',
      // a few days of demo history keep the background seed short; pages under test need no more
      EMS_SIM_DAYS: '3',
      EMS_LOG_LEVEL: 'warn',
      EMS_DB_URL: '',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    ...(child.pid ? { pid: child.pid } : {}),
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the demo history is fully seeded: the simulator reports 100 % and no longer seeds.
 * (Right after start it reports 'off' at 0 % until it has planned its work, so 'not seeding' alone
 * is not enough.)
 */
export async function waitSeeded(server: RunningServer, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = ((await (await fetch(`${server.url}${SIM_API.status}`)).json()) as ApiReply<SimStatus>).data;
    if (s.state !== 'seeding' && s.progress >= 100) return;
    if (Date.now() > deadline) throw new Error(`still seeding: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/**
 * Whether the rule engine has evaluated the seeded history (after the seed; SimStatus.events done).
 * True for a build that does not say (nothing to wait for).
 */
export async function historyEvaluated(server: RunningServer): Promise<boolean> {
  const s = ((await (await fetch(`${server.url}${SIM_API.status}`)).json()) as ApiReply<SimStatus>).data;
  return s.events === undefined ? s.state !== 'seeding' && s.progress >= 100 : s.events.state === 'done';
}

/** Waits until historyEvaluated (after waitSeeded). */
export async function waitHistoryEvaluated(server: RunningServer, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await historyEvaluated(server))) {
    if (Date.now() > deadline) throw new Error('the seeded history was not evaluated in time');
    await new Promise((r) => setTimeout(r, 1000));
  }
}
