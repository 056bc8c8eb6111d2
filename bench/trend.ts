/**
 * Trend call (issue 3 section 6): POST /eem-service/v1/trend/data over one year of 15-min data,
 * 8 series, a 1,000-pixel chart (pixelWidth 1000, raw interval), called in-process (Fastify
 * inject, no socket) by fw_cloud; goal p50 within 1.5× and p99 within 3× of the raw SQL the call
 * wraps. The 8 series: two meters of the demo factory, each with a kWh counter register plus three
 * instantaneous points (kW, phase-A voltage, phase-A current), every 15 min for 2024 (local
 * calendar, Asia/Shanghai): 8 × 35,136 readings, written through the ingest service (writeBatch).
 * With the raw interval every line is one plan: the counters' raw register values are read the same
 * way as the instantaneous ones.
 *
 * Floor: the SELECTs the trend repository issues for that call (devices with their project's
 * timezone, the data-point catalogue, then the 8 lines' range reads, in the service's order and
 * concurrency), through the store's own driver with prepared statements, reading the same rows as
 * the same row objects — no downsampling, JSON or HTTP layer, no session check (which the API
 * figure includes). BENCH_TREND_ITER (50) calls each after 5 warm-up calls, API and floor
 * alternately (the machine's load changes hit both alike).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { API, DATA_ID, TREND_API, TREND_MAX_ROWS_PER_LINE, type TrendSeriesReply } from '@ems/contract';
import { zonedStart } from '@ems/domain';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import { DEMO_PROJECTS } from '../apps/server/src/modules/seed/demo-data.js';
import { writeBatch, type ReadingInput } from '../apps/server/src/modules/timeseries/service.js';
import { benchConfig, interleaved, onEachStore, pct } from './support.js';

const ITER = Number(process.env.BENCH_TREND_ITER ?? 50);
const WARM = 5;
const PIXELS = 1000;
const TZ = 'Asia/Shanghai';
const START = '2024-01-01 00:00:00';
const END = '2025-01-01 00:00:00';
const Q15 = 900_000;
const POINTS = [DATA_ID.activeEnergyImport, DATA_ID.activePower, DATA_ID.voltageA, DATA_ID.currentA];
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** A deterministic year: daily load shape with a weekly rhythm and hashed noise; the register integrates the load. */
function year(meters: number[], from: number, to: number): ReadingInput[] {
  const out: ReadingInput[] = [];
  for (const [m, deviceId] of meters.entries()) {
    let register = 10_000 * (m + 1);
    for (let ts = from, i = 0; ts <= to; ts += Q15, i++) {
      const hour = ((ts + 8 * 3_600_000) / 3_600_000) % 24;
      const weekday = Math.floor((ts + 8 * 3_600_000) / 86_400_000 + 4) % 7 < 5;
      const noise = (((i * 2654435761 + m * 97) >>> 0) % 1000) / 1000;
      const kw = (weekday && hour >= 8 && hour < 22 ? 300 : 60) * (1 + 0.3 * m) + 40 * noise;
      const v = 228 + 6 * Math.sin((2 * Math.PI * hour) / 24) + 2 * noise;
      const a = (kw * 1000) / (3 * v * 0.9);
      out.push({ deviceId, dataId: DATA_ID.activeEnergyImport, ts, value: Math.round(register * 100) / 100 });
      out.push({ deviceId, dataId: DATA_ID.activePower, ts, value: Math.round(kw * 100) / 100 });
      out.push({ deviceId, dataId: DATA_ID.voltageA, ts, value: Math.round(v * 10) / 10 });
      out.push({ deviceId, dataId: DATA_ID.currentA, ts, value: Math.round(a * 10) / 10 });
      register += kw / 4;
    }
  }
  return out;
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as unknown as typeof pg.types;

async function benchStore(store: StoreConfig, label: string, dataDir: string) {
  const config = benchConfig(store, dataDir, { sim: false });
  const app = await buildApp(config, { logger: false });
  await prepareStore(app);
  const db = app.ems.db;
  const project = await db.selectFrom('project').select('id').where('tenant_id', '=', 1).where('name', '=', DEMO_PROJECTS[0]!.name).executeTakeFirstOrThrow();
  const projectId = Number(project.id);
  const meters: number[] = [];
  for (let i = 0; i < 2; i++) {
    const row = await db
      .insertInto('node')
      .values({ project_id: projectId, parent_id: null, model_label: 'meter', name: `bench trend meter ${i}`, attrs: JSON.stringify({ ctPt: 1 }), sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    meters.push(Number(row.id));
  }
  const from = zonedStart(2024, 1, 1, TZ);
  const to = zonedStart(2025, 1, 1, TZ);
  const rows = year(meters, from, to - Q15);
  for (let i = 0; i < rows.length; i += 10_000) {
    const r = await writeBatch(app.ems, projectId, rows.slice(i, i + 10_000));
    if (r.rejected > 0) throw new Error(`trend bench: ${r.rejected} readings rejected`);
  }
  const perLine = rows.length / (meters.length * POINTS.length);

  const ts = Date.now();
  const login = await app.inject({
    method: 'POST',
    url: API.login,
    payload: { userName: 'fw_cloud', password: md5(`ems${ts}${md5('Demo@12345')}`), timestamps: ts, client: 'web' },
  });
  const { token, user } = login.json().data as { token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}`, 'user-id': String(user.id) };
  const configs = meters.flatMap((deviceId) => POINTS.map((dataId) => ({ deviceId, dataId })));
  const body = { startTime: START, endTime: END, interval: 0, pixelWidth: PIXELS, meterConfigs: configs };
  const call = () => app.inject({ method: 'POST', url: TREND_API.data, headers, payload: body });
  const first = await call();
  const lines = (first.json() as { data: TrendSeriesReply[] }).data;
  if (first.statusCode !== 200 || lines.length !== configs.length) throw new Error(`trend bench: ${first.statusCode} ${first.body.slice(0, 200)}`);
  const points = lines.reduce((s, l) => s + l.data.length, 0);

  // the repository's SELECTs for this call, same text, same parameters, same order and concurrency
  const ids = [...new Set(meters)];
  const devicesSql = (ph: (i: number) => string) =>
    `select node.id, node.name, node.attrs, node.project_id, project.timezone from node inner join project on project.id = node.project_id
     where node.id in (${ids.map((_, i) => ph(i + 1)).join(', ')}) and node.project_id in (${ph(ids.length + 1)})`;
  const catalogueSql = 'select * from data_point';
  const rawSql = (ph: (i: number) => string, big: (i: number) => string) =>
    `select ts as t, value as v, status as s from reading where device_id = ${ph(1)} and data_id = ${ph(2)} and ts >= ${big(3)} and ts < ${big(4)} order by ts limit ${ph(5)}`;
  let api: number[];
  let floor: number[];
  let floorRows = 0;
  if (store.kind === 'sqlite') {
    const conn = new Database(store.file, { readonly: true });
    const dev = conn.prepare(devicesSql(() => '?'));
    const cat = conn.prepare(catalogueSql);
    const raw = conn.prepare(rawSql(() => '?', () => 'cast(? as bigint)'));
    const run = async () => {
      dev.all(...ids, projectId);
      cat.all();
      let n = 0;
      for (const c of configs) n += raw.all(c.deviceId, c.dataId, from, to, TREND_MAX_ROWS_PER_LINE + 1).length;
      return n;
    };
    floorRows = await run();
    [api, floor] = await interleaved(call, run, ITER, WARM);
    conn.close();
  } else {
    const pool = new pg.Pool({ connectionString: store.url, max: 10, types: pgTypes, options: `-c search_path=${store.schema}` });
    const q = (name: string, text: string, values: unknown[]) => pool.query({ name, text, values });
    const devText = devicesSql((i) => `$${i}`);
    const rawText = rawSql((i) => `$${i}`, (i) => `cast($${i} as bigint)`);
    const run = async () => {
      await q('trend_devices', devText, [...ids, projectId]);
      await q('trend_catalogue', catalogueSql, []);
      const res = await Promise.all(configs.map((c) => q('trend_raw', rawText, [c.deviceId, c.dataId, from, to, TREND_MAX_ROWS_PER_LINE + 1])));
      return res.reduce((s, r) => s + r.rows.length, 0);
    };
    floorRows = await run();
    [api, floor] = await interleaved(call, run, ITER, WARM);
    await pool.end();
  }
  await app.close();
  if (floorRows !== rows.length) throw new Error(`trend bench: the floor read ${floorRows} rows, ${rows.length} were written`);
  const [a50, a99, f50, f99] = [pct(api, 0.5), pct(api, 0.99), pct(floor, 0.5), pct(floor, 0.99)];
  const met = a50 <= 1.5 * f50 && a99 <= 3 * f99;
  console.log(
    `${`[${label}] POST trend/data, 8 × 1 year, 1000 px`.padEnd(44)} p50 ${a50.toFixed(1)} ms, p99 ${a99.toFixed(1)} ms | floor (raw SQL) p50 ${f50.toFixed(1)} ms, p99 ${f99.toFixed(1)} ms | ratio p50 ${(a50 / f50).toFixed(2)}x (goal ≤ 1.5x), p99 ${(a99 / f99).toFixed(2)}x (goal ≤ 3x): ${met ? 'met' : 'MISSED'}`,
  );
  console.log(`${''.padEnd(44)} ${configs.length} lines × ${perLine.toLocaleString('en-US')} readings read, ${points.toLocaleString('en-US')} points returned`);
}

/** Runs the trend bench on SQLite and, when a URL is given, PostgreSQL (in its own schema). */
export async function benchTrend(dataDir: string, pgUrl: string | undefined) {
  console.log(`trend call: 2 meters × (kWh register, kW, V, A) every 15 min for 2024, raw interval, pixelWidth ${PIXELS}; ${ITER} calls each, API and floor alternately (p99 of ${ITER} samples: ${ITER < 100 ? 'the slowest' : '1 % tail'}), in-process`);
  await onEachStore(dataDir, pgUrl, 'trend', (store, label) => benchStore(store, label, dataDir));
}

if (process.argv[1]?.endsWith('trend.ts')) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-trend-'));
  try {
    await benchTrend(dir, process.env.EMS_BENCH_PG_URL ?? process.env.EMS_TEST_PG_URL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
