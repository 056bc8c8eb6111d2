import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createStore, startApp, type TestApp, type TestStore } from '../test/helpers.js';
import { Simulator } from './simulator.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai. */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const TABLES = ['reading', 'rollup_15m', 'rollup_hour', 'rollup_day', 'rollup_month', 'counter_reset'] as const;

/** Every row of the seeded tables, in key order, and each project's progress mark. */
async function contents(t: TestApp) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = (await sql`select * from ${sql.table(table)} order by 1, 2, 3`.execute(t.app.ems.db)).rows;
  out.progress = (await sql`select project_id, anchor, planned_now, done_from from sim_state order by project_id`.execute(t.app.ems.db)).rows;
  return out;
}

async function seeded(store: TestStore, thread: 'worker' | 'main', interrupt = false) {
  const t = await startApp(store, { sim: false });
  const threads: unknown[] = [];
  const options = { days: 3, instantDays: 1, live: false, thread, log: (_m: string, d?: Record<string, unknown>) => d?.thread !== undefined && threads.push(d.thread) } as const;
  if (interrupt) {
    // stopped part-way (as a restart would), then resumed by a new simulator on the same store
    const first = new Simulator(t.app.ems, options);
    const running = first.run();
    while (first.status().progress < 30) await new Promise((r) => setTimeout(r, 5));
    await first.stop();
    await running;
    expect(first.status().progress).toBeLessThan(100);
  }
  const sim = new Simulator(t.app.ems, options);
  await sim.run();
  await sim.stop();
  expect(sim.status()).toMatchObject({ progress: 100, state: 'off' });
  return { t, threads };
}

describe('the seed on a worker thread (issue 11, first start)', () => {
  let main: TestStore;
  let worker: TestStore;
  let resumed: TestStore;
  let apps: TestApp[] = [];
  beforeAll(async () => {
    [main, worker, resumed] = await Promise.all([createStore('sqlite'), createStore('sqlite'), createStore('sqlite')]);
    for (const s of [main, worker, resumed]) s.clock.now = NOW;
  });
  afterAll(async () => {
    for (const t of apps) await t.app.close();
    for (const s of [main, worker, resumed]) await s?.dispose();
  });

  it('writes off the main thread exactly what the in-thread seed writes, and a stopped worker seed resumes to the same store', async () => {
    const a = await seeded(main, 'main');
    const b = await seeded(worker, 'worker');
    const c = await seeded(resumed, 'worker', true);
    apps = [a.t, b.t, c.t];
    expect(a.threads).toEqual(['main']);
    expect(b.threads).toEqual(['worker']);
    expect(c.threads.at(-1)).toBe('worker');
    const want = await contents(a.t);
    expect(want.reading?.length).toBeGreaterThan(10_000);
    await expect(contents(b.t)).resolves.toEqual(want);
    await expect(contents(c.t)).resolves.toEqual(want);
  }, 180_000);
});
