/**
 * Analysis calls (issue 5, "Speed"): each analysis API call for a year of a 100-meter project answers
 * p50 within 3× the raw SQL over the rollups that it reads, measured in the same run.
 *
 * Data: a project of its own ("bench 100 meters", Asia/Shanghai) with 100 counter meters in a
 * realistic tree — electricity: 2 incomers (kWh and kvarh) in the 10 kV room, 8 feeders under them,
 * 72 end-use meters in 4 workshops (their parent meter named in attrs, as the demo plant does);
 * water and gas: a main meter, 2 branch meters and 6 end users each — and a year of 2025 (local) of
 * 15-min, hour, day and month rollups written straight into the rollup tables in bulk (SQLite:
 * prepared inserts in one transaction; PostgreSQL: COPY), rows as the ingest path makes them: the
 * 15-min interval's consumption with quality 0, n_intervals 1, n_good 1, each coarser bucket the sum
 * of its children in the project's calendar with the counts summed. Branch meters read 2–4 % more
 * than their children (the loss the balance pages find). The demo factory's tariff scheme is copied
 * to the project and attached to it. "Now" is pinned to 2026-01-10 12:00 local, so 2025 is a past year.
 *
 * API: each call of {@link CALLS} in-process (Fastify inject, no socket) as fw_plant with the
 * project in the projectId header. Floor: the SELECTs that very call issues after the session check,
 * captured once from the store's query builder (same text, same parameters) and replayed through the
 * store's own driver with prepared statements — SQLite one after another on its own connection (the
 * app's SQLite connection runs them one at a time too), PostgreSQL on a pool of 10 in the waves the
 * call issued them (a query started before any query of the current wave ended runs with that wave).
 * The floor reads the same rows as row objects: no figures computed, no JSON, no HTTP, no session.
 * API and floor alternately, after a warm-up of both (3 calls and 1 s at least, BENCH_ANALYSIS_WARM_MS):
 * BENCH_ANALYSIS_ITER (30) samples of each and 1.5 s of sampling at least (BENCH_ANALYSIS_SAMPLE_MS), so
 * a small call is timed on its JIT-compiled path with the pages cached, as a running server answers
 * it, over a few hundred samples (support.ts interleaved says why). The sample count is printed.
 *
 * Adding a call is one line in CALLS.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ANALYSIS_API, API, BALANCE_API, COST_API, DATA_ID, FLOW_API, FORECAST_API, HEADER } from '@ems/contract';
import { bucketStart, zonedStart } from '@ems/domain';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import { DEMO_PROJECTS } from '../apps/server/src/modules/seed/demo-data.js';
import { costRepository } from '../apps/server/src/modules/cost/repository.js';
import { forgetForecastWork } from '../apps/server/src/modules/forecast/memo.js';
import { benchConfig, onEachStore } from './support.js';
import { timeCalls, type TimedCall } from './replay.js';

const ITER = Number(process.env.BENCH_ANALYSIS_ITER ?? 30);
const WARM = 3;
/** warm-up rounds until this long has passed, then samples until this long has (support.ts interleaved) */
const WARM_MS = Number(process.env.BENCH_ANALYSIS_WARM_MS ?? 1000);
const SAMPLE_MS = Number(process.env.BENCH_ANALYSIS_SAMPLE_MS ?? 1500);
const TZ = 'Asia/Shanghai';
const YEAR = 2025;
const NOW = zonedStart(2026, 1, 10, TZ, 12);
const Q15 = 900_000;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const GOAL = 3;

/** What a call's body may refer to. */
interface Ctx {
  projectId: number;
  /** the incomer with feeders under it (a balance node) */
  balanceMeterId: number;
  yearFrom: number;
  yearTo: number;
  /** March 2025, local */
  monthFrom: number;
  monthTo: number;
}

/** a call; `cold`: also timed with the forecast module's remembered model work forgotten */
type Call = TimedCall<Ctx>;

const project = (c: Ctx) => ({ nodeId: c.projectId, modelLabel: 'project' });
const elec = 2;

/** The calls timed: one line each. */
export const CALLS: Call[] = [
  { name: 'consumption, year by month', url: ANALYSIS_API.consumption, body: (c) => ({ ...project(c), energyType: elec, dateType: 5, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'consumption, month by day', url: ANALYSIS_API.consumption, body: (c) => ({ ...project(c), energyType: elec, dateType: 3, startTime: c.monthFrom, endTime: c.monthTo - 1 }) },
  { name: 'balance tree, year', url: BALANCE_API.tree, body: (c) => ({ projectId: c.projectId, energyType: elec, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'balance tree, month', url: BALANCE_API.tree, body: (c) => ({ projectId: c.projectId, energyType: elec, startTime: c.monthFrom, endTime: c.monthTo - 1 }) },
  { name: 'balance trend, year', url: BALANCE_API.trend, body: (c) => ({ projectId: c.projectId, meterId: c.balanceMeterId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'pipe, year', url: BALANCE_API.pipe, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'pipe, month', url: BALANCE_API.pipe, body: (c) => ({ projectId: c.projectId, startTime: c.monthFrom, endTime: c.monthTo - 1 }) },
  { name: 'cost year (summary, energy, basic, pf)', url: COST_API.year, body: (c) => ({ ...project(c), year: YEAR }) },
  { name: 'cost bill, month', url: COST_API.bill, body: (c) => ({ ...project(c), year: YEAR, month: 3 }) },
  { name: 'cost period, month by day (energy fee)', url: COST_API.period, body: (c) => ({ ...project(c), cycle: 14, startTime: c.monthFrom }) },
  { name: 'cost period, day by hour (energy fee)', url: COST_API.period, body: (c) => ({ ...project(c), cycle: 12, startTime: c.monthFrom + 10 * 86_400_000 }) },
  { name: 'cost demand, month (basic fee)', url: COST_API.demand, body: (c) => ({ ...project(c), year: YEAR, month: 3 }) },
  { name: 'flow, year', url: FLOW_API.period, body: (c) => ({ ...project(c), energyType: elec, dateType: 5, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'flow, month', url: FLOW_API.period, body: (c) => ({ ...project(c), energyType: elec, dateType: 3, startTime: c.monthFrom, endTime: c.monthTo - 1 }) },
  { name: 'forecast analysis, month', url: FORECAST_API.analysis, body: (c) => ({ ...project(c), energyType: elec, dateType: 3, startTime: c.monthFrom, endTime: c.monthTo - 1 }), cold: forgetForecastWork },
  { name: 'forecast predict (24 h, 7 d, month)', url: FORECAST_API.predict, body: (c) => ({ ...project(c), energyType: elec }), cold: forgetForecastWork },
];

// ---------------------------------------------------------------------------------------------
// the 100-meter project

interface BenchMeter {
  code: string;
  name: string;
  energyType: number;
  parent: string | null;
  /** the tree node it sits under (a room or a workshop) */
  place: string;
  /** mean load in its unit per hour (end users); null: the sum of its children plus the loss */
  base: number | null;
  lossPct: number;
  reactive?: boolean;
}

function meters(): BenchMeter[] {
  const out: BenchMeter[] = [];
  for (let i = 1; i <= 2; i++) out.push({ code: `E-IN${i}`, name: `10kV进线${i}`, energyType: 2, parent: null, place: 'room', base: null, lossPct: 1, reactive: true });
  for (let f = 0; f < 8; f++) {
    out.push({ code: `E-F${f + 1}`, name: `馈线${f + 1}`, energyType: 2, parent: `E-IN${(f % 2) + 1}`, place: 'room', base: null, lossPct: 2 + (f % 3) });
    for (let e = 0; e < 9; e++) {
      const n = f * 9 + e;
      out.push({ code: `E-${f + 1}-${e + 1}`, name: `车间${Math.floor(f / 2) + 1}用电${e + 1}`, energyType: 2, parent: `E-F${f + 1}`, place: `ws${Math.floor(f / 2)}`, base: 8 + ((n * 37) % 90), lossPct: 0 });
    }
  }
  for (const [type, tag, name, unit] of [
    [3, 'W', '水', 0.4],
    [15, 'G', '天然气', 2.5],
  ] as const) {
    out.push({ code: `${tag}-MAIN`, name: `${name}总表`, energyType: type, parent: null, place: 'utility', base: null, lossPct: 1.5 });
    for (let b = 0; b < 2; b++) {
      out.push({ code: `${tag}-B${b + 1}`, name: `${name}支路${b + 1}`, energyType: type, parent: `${tag}-MAIN`, place: 'utility', base: null, lossPct: 2.5 + b });
      for (let e = 0; e < 3; e++) {
        const n = b * 3 + e;
        out.push({ code: `${tag}-${b + 1}-${e + 1}`, name: `车间${n % 4 + 1}${name}${e + 1}`, energyType: type, parent: `${tag}-B${b + 1}`, place: `ws${n % 4}`, base: unit * (3 + n), lossPct: 0 });
      }
    }
  }
  return out;
}

/** Deterministic load: a weekday/weekend and day/night shape with hashed noise, per 15 min. */
function endUse(base: number, seed: number, starts: readonly number[]): Float64Array {
  const v = new Float64Array(starts.length);
  for (let i = 0; i < starts.length; i++) {
    const local = (starts[i] as number) + 8 * 3_600_000;
    const hour = Math.floor(local / 3_600_000) % 24;
    const weekday = Math.floor(local / 86_400_000 + 4) % 7 < 5;
    const noise = (((i * 2654435761 + seed * 97) >>> 0) % 1000) / 1000;
    const shape = weekday && hour >= 8 && hour < 22 ? 1.6 : 0.45;
    v[i] = Math.round(((base * shape * (0.85 + 0.3 * noise)) / 4) * 1000) / 1000;
  }
  return v;
}

/** The year's 15-min interval starts, and bucket starts of coarser grains (project timezone, cached). */
function calendar(from: number, to: number) {
  const starts: number[] = [];
  for (let t = from; t < to; t += Q15) starts.push(t);
  const caches = { hour: new Map<number, number>(), day: new Map<number, number>(), month: new Map<number, number>() };
  const up = (t: number, grain: 'hour' | 'day' | 'month') => {
    const c = caches[grain];
    let b = c.get(t);
    if (b === undefined) c.set(t, (b = bucketStart(t, grain, TZ)));
    return b;
  };
  return { starts, up };
}

type Tables = Record<'rollup_15m' | 'rollup_hour' | 'rollup_day' | 'rollup_month', (number | null)[][]>;

/** One series' rollup rows at every grain, as the write path aggregates them: hour from 15 min, day from hour, month from day, sums in time order. */
function seriesRows(deviceId: number, dataId: number, v: Float64Array, cal: ReturnType<typeof calendar>, out: Tables) {
  let level = Array.from(v, (x, i) => ({ b: cal.starts[i] as number, v: x, n: 1 }));
  for (const r of level) out.rollup_15m.push([deviceId, dataId, r.b, r.v, 0, 1, 1]);
  for (const [table, grain] of [
    ['rollup_hour', 'hour'],
    ['rollup_day', 'day'],
    ['rollup_month', 'month'],
  ] as const) {
    const parents: typeof level = [];
    for (const c of level) {
      const key = cal.up(c.b, grain);
      const last = parents[parents.length - 1];
      if (last && last.b === key) {
        last.v += c.v;
        last.n += c.n;
      } else parents.push({ b: key, v: c.v, n: c.n });
    }
    for (const p of parents) out[table].push([deviceId, dataId, p.b, p.v, 0, p.n, p.n]);
    level = parents;
  }
}

export async function seed(app: Awaited<ReturnType<typeof buildApp>>, store: StoreConfig): Promise<{ ctx: Ctx; rows: number; ms: number }> {
  const t0 = performance.now();
  const db = app.ems.db;
  const now = NOW;
  const p = await db
    .insertInto('project')
    .values({ tenant_id: 1, name: 'bench 100 meters', en_name: 'Bench 100 meters', code: 'BENCH100', address: '', en_address: '', capacity_kva: 8000, area_m2: 42_000, latitude: null, longitude: null, industry: '', create_time: now, timezone: TZ })
    .returning('id')
    .executeTakeFirstOrThrow();
  const projectId = Number(p.id);
  const plant = await db.selectFrom('app_user').select('id').where('name', '=', 'fw_plant').executeTakeFirstOrThrow();
  await db.insertInto('user_project').values({ user_id: Number(plant.id), project_id: projectId }).execute();
  const node = async (parentId: number | null, label: string, name: string, code: string, attrs: Record<string, unknown>, sort: number) =>
    Number(
      (
        await db
          .insertInto('node')
          .values({ project_id: projectId, parent_id: parentId, model_label: label, name, code, attrs: JSON.stringify(attrs), sort })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const places = new Map<string, number>();
  places.set('room', await node(null, 'distributionroom', '10kV配电室', 'ROOM', {}, 0));
  places.set('utility', await node(null, 'building', '公用站房', 'UTIL', { areaM2: 2000 }, 1));
  for (let w = 0; w < 4; w++) places.set(`ws${w}`, await node(null, 'building', `车间${w + 1}`, `WS${w + 1}`, { areaM2: 10_000 }, 2 + w));
  const list = meters();
  const ids = new Map<string, number>();
  for (const [i, m] of list.entries()) {
    const attrs = { energyType: m.energyType, ctPt: 1, lossTolerancePct: m.energyType === 2 ? 5 : 8, ...(m.parent ? { parentMeterId: ids.get(m.parent) } : {}) };
    ids.set(m.code, await node(places.get(m.place) as number, 'meter', m.name, m.code, attrs, i));
  }

  // the factory's tariff scheme, attached to the project
  const cost = costRepository(db);
  const factoryId = Number((await db.selectFrom('project').select('id').where('tenant_id', '=', 1).where('name', '=', DEMO_PROJECTS[0]!.name).executeTakeFirstOrThrow()).id);
  const demo = (await cost.schemes([factoryId]))[0];
  if (!demo) throw new Error('analysis bench: the demo factory has no tariff scheme to copy');
  const schemeId = await cost.insert({ projectId, name: 'bench tariff', description: demo.description, versions: demo.versions, updateTime: now });
  await cost.attach(schemeId, projectId, [{ nodeId: projectId, modelLabel: 'project' }]);

  // the year's series: end users first, then each parent as Σ children × (1 + loss)
  const yearFrom = zonedStart(YEAR, 1, 1, TZ);
  const yearTo = zonedStart(YEAR + 1, 1, 1, TZ);
  const cal = calendar(yearFrom, yearTo);
  const series = new Map<string, Float64Array>();
  const valueOf = (m: BenchMeter, n: number): Float64Array => {
    const known = series.get(m.code);
    if (known) return known;
    let v: Float64Array;
    if (m.base !== null) v = endUse(m.base, n, cal.starts);
    else {
      v = new Float64Array(cal.starts.length);
      for (const c of list.filter((x) => x.parent === m.code)) {
        const cv = valueOf(c, list.indexOf(c));
        for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) + (cv[i] as number);
      }
      for (let i = 0; i < v.length; i++) v[i] = Math.round((v[i] as number) * (1 + m.lossPct / 100) * 1000) / 1000;
    }
    series.set(m.code, v);
    return v;
  };
  let rows = 0;
  const write = store.kind === 'sqlite' ? sqliteWriter(store.file) : await pgWriter(store);
  for (const [n, m] of list.entries()) {
    const out: Tables = { rollup_15m: [], rollup_hour: [], rollup_day: [], rollup_month: [] };
    const dataId = m.energyType === 2 ? DATA_ID.activeEnergyImport : m.energyType === 3 ? DATA_ID.waterVolume : DATA_ID.gasVolume;
    const v = valueOf(m, n);
    seriesRows(ids.get(m.code) as number, dataId, v, cal, out);
    if (m.reactive) {
      const q = v.map((x) => Math.round(x * 0.36 * 1000) / 1000);
      seriesRows(ids.get(m.code) as number, DATA_ID.reactiveEnergyImport, q, cal, out);
    }
    for (const [table, r] of Object.entries(out)) {
      await write.rows(table, r);
      rows += r.length;
    }
  }
  await write.close();
  const march = { from: zonedStart(YEAR, 3, 1, TZ), to: zonedStart(YEAR, 4, 1, TZ) };
  return { ctx: { projectId, balanceMeterId: ids.get('E-IN1') as number, yearFrom, yearTo, monthFrom: march.from, monthTo: march.to }, rows, ms: performance.now() - t0 };
}

interface Writer {
  rows(table: string, rows: (number | null)[][]): Promise<void>;
  close(): Promise<void>;
}

function sqliteWriter(file: string): Writer {
  const conn = new Database(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = OFF');
  const st = new Map<string, Database.Statement>();
  conn.exec('begin');
  return {
    async rows(table, rows) {
      let s = st.get(table);
      if (!s) st.set(table, (s = conn.prepare(`insert into ${table} (device_id, data_id, bucket_start, value, quality, n_intervals, n_good) values (?, ?, ?, ?, ?, ?, ?)`)));
      for (const r of rows) s.run(...r);
    },
    async close() {
      conn.exec('commit');
      conn.close();
    },
  };
}

async function pgWriter(store: Extract<StoreConfig, { kind: 'postgres' }>): Promise<Writer> {
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  if (store.schema) await client.query(`set search_path to ${store.schema}`);
  await client.query('begin');
  return {
    async rows(table, rows) {
      const stream = client.query(copyFrom(`copy ${table} (device_id, data_id, bucket_start, value, quality, n_intervals, n_good) from stdin`));
      await new Promise<void>((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
        stream.end(rows.map((r) => r.map((x) => (x === null ? '\\N' : String(x))).join('\t')).join('\n') + '\n');
      });
    },
    async close() {
      await client.query('commit');
      await client.query('analyze');
      await client.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// the timing: each call against its own SELECTs replayed (replay.ts)

async function benchStore(store: StoreConfig, label: string, dataDir: string, only: readonly Call[]) {
  const config = benchConfig(store, dataDir, { sim: false, now: () => NOW });
  const app = await buildApp(config, { logger: false });
  await prepareStore(app);
  const { ctx, rows, ms } = await seed(app, store);
  console.log(`[${label}] seeded ${rows.toLocaleString('en-US')} rollup rows (100 meters, ${YEAR}) in ${(ms / 1000).toFixed(1)} s`);

  const ts = NOW;
  const login = await app.inject({
    method: 'POST',
    url: API.login,
    payload: { userName: 'fw_plant', password: md5(`ems${ts}${md5('Demo@12345')}`), timestamps: ts, client: 'web' },
  });
  if (login.json().code !== 0) throw new Error(`analysis bench: login ${login.body.slice(0, 200)}`);
  const { token, user } = login.json().data as { token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}`, 'user-id': String(user.id), [HEADER.projectId]: String(ctx.projectId) };
  try {
    await timeCalls(app, store, label, headers, ctx, only, {
      iter: ITER,
      warm: WARM,
      warmMs: WARM_MS,
      sampleMs: SAMPLE_MS,
      goal: GOAL,
      profileDir: process.env.BENCH_ANALYSIS_PROFILE,
      profileIter: Number(process.env.BENCH_ANALYSIS_PROFILE_ITER ?? 1000),
    });
  } finally {
    await app.close();
  }
}

/** Runs the analysis bench on SQLite and, when a URL is given, PostgreSQL (in its own schema). BENCH_ANALYSIS_CALLS ('a|b') narrows to the calls whose name holds one of its parts. */
export async function benchAnalysis(dataDir: string, pgUrl: string | undefined) {
  const filter = process.env.BENCH_ANALYSIS_CALLS;
  const only = filter ? CALLS.filter((c) => filter.split('|').some((f) => c.name.includes(f))) : CALLS;
  console.log(`analysis calls: a 100-meter project, a year (${YEAR}) of 15-min/hour/day/month rollups; ${ITER} calls each, API and floor alternately, in-process; goal p50 ≤ ${GOAL}x the floor`);
  await onEachStore(dataDir, pgUrl, 'analysis', (store, label) => benchStore(store, label, dataDir, only));
}

if (process.argv[1]?.endsWith('analysis.ts')) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-analysis-'));
  try {
    await benchAnalysis(dir, process.env.EMS_BENCH_PG_URL ?? process.env.EMS_TEST_PG_URL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
