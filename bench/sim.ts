/**
 * Demo-plant seed (issue 3 section 5): the full history (13 months of 15-min counters for both demo
 * projects, instantaneous values for the last 3 days) through the simulator's bulk path on SQLite,
 * timed from an empty store; goal ≤ 90 s on the 2-core machine. Floor: the bare prepared-statement
 * insert of the same reading rows (no rollups), same durability mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import { Simulator } from '../apps/server/src/sim/simulator.js';
import { benchConfig } from './support.js';

export async function benchSimSeed(withFloor = process.env.BENCH_SIM_FLOOR === '1'): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-bench-sim-'));
  try {
    const config = benchConfig({ kind: 'sqlite', file: join(dataDir, 'ems.sqlite') }, dataDir, { sim: false });
    const app = await buildApp(config, { logger: false });
    await prepareStore(app);
    let rows = 0;
    const sim = new Simulator(app.ems, { live: false, log: (_m, d) => (rows = Number(d?.rows ?? 0)) });
    const t0 = performance.now();
    await sim.run();
    const ms = performance.now() - t0;
    await sim.stop();
    await app.close();
    const db = new Database(config.store.kind === 'sqlite' ? config.store.file : '', { readonly: true });
    const n = (t: string) => (db.prepare(`select count(*) from ${t}`).pluck().get() as number).toLocaleString('en-US');
    const line = `sim seed, 13 months, both demo projects [sqlite]  ${(ms / 1000).toFixed(1)} s | readings ${n('reading')}, rollup_15m ${n('rollup_15m')}, hour ${n('rollup_hour')}, day ${n('rollup_day')}`;
    db.close();
    if (withFloor) {
      const file = join(dataDir, 'floor.sqlite');
      const src = new Database(config.store.kind === 'sqlite' ? config.store.file : '', { readonly: true });
      const all = src.prepare('select device_id, data_id, ts, value, status from reading').raw().iterate() as IterableIterator<unknown[]>;
      const f = new Database(file);
      f.pragma('journal_mode = WAL');
      f.pragma('synchronous = NORMAL');
      f.exec('create table reading (device_id integer not null, data_id integer not null, ts bigint not null, value double precision not null, status smallint not null default 0, primary key (device_id, data_id, ts)) without rowid');
      const ins = f.prepare('insert into reading values (?, ?, ?, ?, ?)');
      const buf: unknown[][] = [];
      for (const r of all) buf.push(r);
      src.close();
      const t1 = performance.now();
      f.transaction(() => {
        for (const r of buf) ins.run(...r);
      })();
      f.close();
      console.log(`${line} | floor (bare insert of the readings) ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    } else console.log(`${line} (${rows.toLocaleString('en-US')} rows)`);
    return ms;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('sim.ts')) await benchSimSeed();
