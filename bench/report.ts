/**
 * Monthly report (issue 3 section 6): month-by-month consumption of every meter of the demo factory
 * (98 meters, each its own counter: kWh, water, gas, steam, compressed air or cooling) over a year,
 * read from rollup_month through the store's query (readRollups, one call per counter data point),
 * against the same answer computed from the raw readings: per meter and month the sum of the
 * consecutive counter differences (lead(value) − value, attributed to the interval's start, month
 * of the project calendar) over the reading table, × CT×PT, one SQL statement through the driver
 * with a prepared statement. Goal: the rollups at least 10× faster. Both answers are compared (1e-6
 * relative) before anything is timed.
 *
 * Data: the simulator's bulk seed of the factory only (the office park is renamed for the seed so
 * the simulator skips it) for BENCH_REPORT_MONTHS (13) months up to a pinned "now" of 2025-06-20
 * 12:00 local; the report year is the 12 (BENCH_REPORT_MONTHS − 1) full local months before June
 * 2025. The planted gap, meter replacement and spike lie 2–5 days before "now", outside the year,
 * so the store's counter rules (resets, rollovers, gaps, spikes) do not apply to the compared
 * months: the bench checks that every compared month is all-normal (quality 0, n_good =
 * n_intervals = every 15 min of the month) and that no counter_reset lies in the year.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { bucketEnd, bucketStart } from '@ems/domain';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import { DEMO_PROJECTS } from '../apps/server/src/modules/seed/demo-data.js';
import { meterAttrs, readRollups } from '../apps/server/src/modules/timeseries/service.js';
import { COUNTER_DATA_ID } from '../apps/server/src/sim/model.js';
import { Simulator } from '../apps/server/src/sim/simulator.js';
import { benchConfig, onEachStore } from './support.js';

const MONTHS = Math.max(2, Number(process.env.BENCH_REPORT_MONTHS ?? 13));
const ITER = Number(process.env.BENCH_REPORT_ITER ?? 20);
const RAW_ITER = Number(process.env.BENCH_REPORT_RAW_ITER ?? 3);
/** 2025-06-20 12:00 Asia/Shanghai */
const NOW = Date.UTC(2025, 5, 20, 4);

function pct(samples: number[], q: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
}

async function sample(n: number, warm: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return out;
}

interface Meter {
  id: number;
  dataId: number;
  ctPt: number;
}

/** meter id → month start → consumption */
type Answer = Map<number, Map<number, number>>;

const put = (a: Answer, id: number, month: number, v: number) => {
  let m = a.get(id);
  if (!m) a.set(id, (m = new Map()));
  m.set(month, v);
};

/** The raw computation: one statement, the month of each interval start by a CASE over the month bounds. */
function rawSql(meters: Meter[], months: [number, number][], ph: (i: number, type: 'int' | 'bigint' | 'float8') => string): { text: string; values: number[] } {
  const values: number[] = [];
  const p = (v: number, type: 'int' | 'bigint' | 'float8' = 'bigint') => {
    values.push(v);
    return ph(values.length, type);
  };
  const pairs = meters.map((m) => `(${p(m.id, 'int')}, ${p(m.dataId, 'int')}, ${p(m.ctPt, 'float8')})`).join(', ');
  // placeholders in the order they appear in the text (SQLite's are positional)
  const from = p(months[0]![0]);
  const to = p(months[months.length - 1]![1]);
  const monthOf = `case ${months.map(([a, b]) => `when ts >= ${p(a)} and ts < ${p(b)} then ${p(a)}`).join(' ')} end`;
  const text = `
    with m(d, k, f) as (values ${pairs}),
    r as (select r.device_id as d, m.f, r.ts, lead(r.value) over (partition by r.device_id, r.data_id order by r.ts) - r.value as dv
          from m join reading r on r.device_id = m.d and r.data_id = m.k and r.ts >= ${from} and r.ts <= ${to})
    select d, month, sum(dv) * max(f) as v from (select d, f, dv, ${monthOf} as month from r) x
    where month is not null and dv is not null
    group by d, month`;
  return { text, values };
}

async function benchStore(store: StoreConfig, label: string, dataDir: string) {
  const config = benchConfig(store, dataDir, { sim: false, now: () => NOW });
  const app = await buildApp(config, { logger: false });
  await prepareStore(app);
  const db = app.ems.db;
  const factory = DEMO_PROJECTS[0]!.name;
  const project = await db.selectFrom('project').select(['id', 'timezone']).where('tenant_id', '=', 1).where('name', '=', factory).executeTakeFirstOrThrow();
  const projectId = Number(project.id);
  const tz = project.timezone;
  // the factory alone: the other demo projects are hidden from the simulator by name for the seed
  const hidden = DEMO_PROJECTS.slice(1).map((p) => p.name);
  for (const name of hidden) await db.updateTable('project').set({ name: `${name} (bench)` }).where('tenant_id', '=', 1).where('name', '=', name).execute();
  const sim = new Simulator(app.ems, { live: false, months: MONTHS, instantDays: 0 });
  const t0 = performance.now();
  await sim.run();
  const seedMs = performance.now() - t0;
  await sim.stop();
  for (const name of hidden) await db.updateTable('project').set({ name }).where('tenant_id', '=', 1).where('name', '=', `${name} (bench)`).execute();

  // the report year: the full local months before the month of "now"
  const nowMonth = bucketStart(NOW, 'month', tz);
  const months: [number, number][] = [];
  for (let a = nowMonth, i = 0; i < MONTHS - 1; i++) {
    const start = bucketStart(a - 1, 'month', tz);
    months.unshift([start, a]);
    a = start;
  }
  const from = months[0]![0];
  const to = nowMonth;
  const nodes = await db.selectFrom('node').select(['id', 'attrs']).where('project_id', '=', projectId).where('model_label', '=', 'meter').orderBy('id').execute();
  const meters: Meter[] = [];
  for (const n of nodes) {
    const energyType = meterAttrs(n.attrs).energyType;
    const dataId = energyType === null ? undefined : COUNTER_DATA_ID[energyType];
    if (dataId !== undefined) meters.push({ id: Number(n.id), dataId, ctPt: meterAttrs(n.attrs).multiplier });
  }
  const byDataId = new Map<number, number[]>();
  for (const m of meters) byDataId.set(m.dataId, [...(byDataId.get(m.dataId) ?? []), m.id]);

  // the report as the app reads it: the store's rollup query, month grain, per counter data point
  let quality = { rows: 0, clean: 0 };
  const report = async (): Promise<Answer> => {
    const out: Answer = new Map();
    quality = { rows: 0, clean: 0 };
    for (const [dataId, deviceIds] of byDataId) {
      for (const r of await readRollups(app.ems, projectId, { deviceIds, dataId, grain: 'month', from, to })) {
        put(out, r.deviceId, r.bucketStart, r.value ?? NaN);
        quality.rows++;
        const intervals = Math.round((bucketEnd(r.bucketStart, 'month', tz) - r.bucketStart) / 900_000);
        if (r.quality === 0 && r.nGood === r.nIntervals && r.nIntervals === intervals) quality.clean++;
      }
    }
    return out;
  };

  let raw: () => Promise<Answer>;
  let close: () => Promise<void>;
  let resetsInYear: number;
  if (store.kind === 'sqlite') {
    const conn = new Database(store.file, { readonly: true });
    const q = rawSql(meters, months, () => '?');
    const st = conn.prepare(q.text).raw();
    raw = async () => {
      const out: Answer = new Map();
      const rows = st.all(...q.values) as [number, number, number][];
      for (const [d, month, v] of rows) put(out, d, month, v);
      return out;
    };
    resetsInYear = conn.prepare('select count(*) from counter_reset where ts >= ? and ts < ?').pluck().get(from, to) as number;
    close = async () => void conn.close();
  } else {
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    await client.query(`set search_path to ${store.schema}`);
    const q = rawSql(meters, months, (i, type) => `$${i}::${type}`);
    raw = async () => {
      const out: Answer = new Map();
      const { rows } = await client.query({ name: 'report_raw', text: q.text, values: q.values, rowMode: 'array' });
      for (const [d, month, v] of rows as [unknown, unknown, unknown][]) put(out, Number(d), Number(month), Number(v));
      return out;
    };
    resetsInYear = Number((await client.query('select count(*) from counter_reset where ts >= $1 and ts < $2', [from, to])).rows[0].count);
    close = () => client.end();
  }

  // the two answers first
  const a = await report();
  const b = await raw();
  let cells = 0;
  let worst = 0;
  for (const m of meters) {
    for (const [month] of months) {
      const x = a.get(m.id)?.get(month);
      const y = b.get(m.id)?.get(month);
      if (x === undefined || y === undefined) throw new Error(`report: meter ${m.id} month ${new Date(month).toISOString()} missing (rollups ${x}, raw ${y})`);
      const rel = Math.abs(x - y) / Math.max(Math.abs(x), Math.abs(y), 1e-12);
      worst = Math.max(worst, x === y ? 0 : rel);
      cells++;
    }
  }
  const agree = worst <= 1e-6 && quality.clean === quality.rows && resetsInYear === 0;

  const rep = await sample(ITER, 3, report);
  // the answer check above warmed the raw path
  const rw = await sample(RAW_ITER, 0, raw);
  await close();
  await app.close();
  const speedup = pct(rw, 0.5) / pct(rep, 0.5);
  console.log(
    `${`[${label}] monthly report, rollups (store query)`.padEnd(44)} p50 ${pct(rep, 0.5).toFixed(3)} ms | from raw readings (SQL) p50 ${pct(rw, 0.5).toFixed(1)} ms | speed-up ${speedup.toFixed(0)}x (goal ≥ 10x: ${speedup >= 10 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `${''.padEnd(44)} ${meters.length} meters × ${months.length} months = ${cells} values; worst relative difference ${worst.toExponential(1)} (${agree ? 'agree' : 'DISAGREE'}); all-normal months ${quality.clean}/${quality.rows}, resets in the year ${resetsInYear}; seed ${(seedMs / 1000).toFixed(1)} s`,
  );
}

/** Runs the report bench on SQLite and, when a URL is given, PostgreSQL (in its own schema). */
export async function benchReport(dataDir: string, pgUrl: string | undefined) {
  console.log(
    `monthly report: demo factory, ${MONTHS} months of 15-min counters seeded by the simulator's bulk path; ${MONTHS - 1} full months; rollups ${ITER} calls, raw ${RAW_ITER} runs`,
  );
  await onEachStore(dataDir, pgUrl, 'report', (store, label) => benchStore(store, label, dataDir));
}

if (process.argv[1]?.endsWith('report.ts')) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-report-'));
  try {
    await benchReport(dir, process.env.EMS_BENCH_PG_URL ?? process.env.EMS_TEST_PG_URL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
