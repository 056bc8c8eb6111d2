import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InstantOptions } from './chunk.js';
import type { SimStateRow } from './state.js';

/**
 * The seed off the main thread (issue 11, first start): on SQLite the history's chunks are built and
 * written by a worker (seed-worker.ts) on a connection of its own, so a chunk's synchronous write
 * (~0.1–0.8 s) no longer holds up the requests of a user who signed in meanwhile (every request,
 * the app's scripts too, waited for the chunk in progress), and the seed no longer waits while they
 * are answered: on two cores the server and the seed each have one. Readers are not blocked by its
 * writes (WAL); a write of the server waits for at most one chunk's transaction (busy_timeout).
 */

/** slots of the shared control array */
export const CONTROL = { stop: 0 } as const;

export interface SeedWorkerProject {
  /** the demo project's name (DEMO_PROJECTS) */
  name: string;
  projectId: number;
  timeZone: string;
  ids: [string, number][];
  attrs: [number, string][];
  state: SimStateRow;
}

export interface SeedWorkerInput {
  file: string;
  projects: SeedWorkerProject[];
  /** chunks in the order to write, `p` an index into projects */
  jobs: { p: number; from: number; to: number; newest: boolean }[];
  opts: InstantOptions;
  /** Int32Array slots CONTROL: stop (non-zero: stop before the next chunk) */
  control: SharedArrayBuffer;
}

export type SeedWorkerMessage = { type: 'chunk'; i: number; rows: number } | { type: 'done' } | { type: 'error'; message: string };

export function newControl(): Int32Array<SharedArrayBuffer> {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** How to start the worker: its bundled file, or a script that loads the TypeScript source through tsx. */
export type SeedWorkerEntry = { url: URL } | { source: string };

/**
 * Where the worker's code is: dist/seed-worker.js beside the bundle; under tsx or Vitest the
 * TypeScript source, loaded through tsx's API (Node 20 does not pass `--import tsx` on to a worker).
 * null when neither is there (the seed then runs in-thread).
 */
export function seedWorkerEntry(): SeedWorkerEntry | null {
  const js = new URL('./seed-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { url: js };
  const ts = new URL('./seed-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(ts))) return null;
  return { source: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(ts.href)}); })` };
}

/** Runs the jobs on a worker; `onChunk` hears of each chunk written (its index in `jobs`). Resolves when all are written or it stopped. */
export function runSeedWorker(
  entry: SeedWorkerEntry,
  input: Omit<SeedWorkerInput, 'control'>,
  control: Int32Array<SharedArrayBuffer>,
  onChunk: (i: number, rows: number) => void,
): Promise<void> {
  const workerData = { ...input, control: control.buffer };
  const worker = 'url' in entry ? new Worker(entry.url, { workerData }) : new Worker(entry.source, { eval: true, workerData });
  return new Promise<void>((ok, fail) => {
    let settled = false;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      if (err) fail(err);
      else ok();
    };
    worker.on('message', (m: SeedWorkerMessage) => {
      if (m.type === 'chunk') onChunk(m.i, m.rows);
      else if (m.type === 'done') settle();
      else settle(new Error(m.message));
    });
    worker.on('error', (err) => settle(err));
    worker.on('exit', (code) => settle(code === 0 ? undefined : new Error(`seed worker exited with ${code}`)));
  });
}
