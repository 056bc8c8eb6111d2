/**
 * Trend call (issue 3 section 6, issue 16): POST /eem-service/v1/trend/data over one year of 15-min
 * data, a 1,000-pixel chart (pixelWidth 1000, raw interval), called in-process (Fastify inject, no
 * socket) by fw_cloud, for 1 line and for 8. Goals (issue 16): p50 ≤ 25 ms for 1 line and ≤ 120 ms
 * for 8 on both stores, each within 1.5× (p50) and 3× (p99) of its floor. The 8 series: two meters
 * of the demo factory, each with a kWh counter register plus three instantaneous points (kW, phase-A
 * voltage, phase-A current), every 15 min for 2024 (local calendar, Asia/Shanghai): 8 × 35,136
 * readings, written through the ingest service (writeBatch, which keeps the readings pyramid).
 *
 * A year 1,000 px wide is drawn from the readings pyramid (9-hour pixel buckets of hour cells). Floor:
 * the SELECTs the trend repository issues for that call (devices with their project's timezone, the
 * data-point catalogue, then each line's pyramid cells as the call reads them: one line after the
 * other on SQLite, two at once on PostgreSQL), through the store's own driver with prepared statements — no downsampling, JSON or HTTP
 * layer, no session check (which the API figure includes). The bench checks that each line holds
 * the highest and the lowest reading of a full read, and prints the time of a full read of the
 * readings for comparison (the path before issue 16). BENCH_TREND_ITER (50) calls each after 5
 * warm-up calls (and at least 2 s of them), API and floor alternately (the machine's load changes hit both alike).
 */
import { pgReadingRowsText } from '../apps/server/src/db/series-source.js';
import { compactSeriesDays } from '../apps/server/src/modules/timeseries/repository.js';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { API, DATA_ID, TREND_API, TREND_MAX_ROWS_PER_LINE, type TrendSeriesReply } from '@ems/contract';
import { zonedStart } from '@ems/domain';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import { DEMO_PROJECTS } from '../apps/server/src/modules/seed/demo-data.js';
import { pqAggregatorOf } from '../apps/server/src/modules/power/pq-aggregator.js';
import type {} from '../apps/server/src/modules/event/index.js';
import { writeBatch, type ReadingInput } from '../apps/server/src/modules/timeseries/service.js';
import { alignedGrid } from '../apps/server/src/modules/trend/pyramid-line.js';
import { PG_LINES_AT_ONCE } from '../apps/server/src/modules/trend/service.js';
import { benchConfig, interleaved, onEachStore, pct } from './support.js';

const ITER = Number(process.env.BENCH_TREND_ITER ?? 50);
const WARM = 5;
/** warm-up calls go on until this long has passed (the call's code JIT-compiled, as on a server that answers it all day: bench/support.ts) */
const WARM_MS = 2000;
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
  // the app's background work on the year just written done (power-quality aggregates of its voltage and current,
  // the alarm rules over its readings), so calls are timed on an idle server, as their floors are (bench/demo-app.ts)
  await app.ready();
  await pqAggregatorOf(app.ems).flush();
  await app.events.idle();
  // PostgreSQL: the year's closed days in day rows, as the compaction job leaves them (the trend reads both forms)
  const compacted = await compactSeriesDays(app.ems);
  if (compacted.problems.length > 0) throw new Error(`trend bench: compaction: ${compacted.problems.join('; ')}`);

  const ts = Date.now();
  const login = await app.inject({
    method: 'POST',
    url: API.login,
    payload: { userName: 'fw_cloud', password: md5(`ems${ts}${md5('Demo@12345')}`), timestamps: ts, client: 'web' },
  });
  const { token, user } = login.json().data as { token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}`, 'user-id': String(user.id) };
  const allConfigs = meters.flatMap((deviceId) => POINTS.map((dataId) => ({ deviceId, dataId })));
  const devicesSql = (ph: (i: number) => string, n: number) =>
    `select node.id, node.name, node.attrs, node.project_id, project.timezone from node inner join project on project.id = node.project_id
     where node.id in (${Array.from({ length: n }, (_, i) => ph(i + 1)).join(', ')}) and node.project_id in (${ph(n + 1)})`;
  const catalogueSql = 'select * from data_point';
  // the pyramid queries of one line (the range is whole hours: no readings at its ends): per aligned bucket the cell of the
  // lowest minimum and of the highest maximum, the first and the last cell; parameters device, data point, from, to, origin, width
  const where = (ph: (i: number) => string, big: (i: number) => string) => `device_id = ${ph(1)} and data_id = ${ph(2)} and bucket_start >= ${big(3)} and bucket_start < ${big(4)}`;
  const extremeSql = (ph: (i: number) => string, big: (i: number) => string, low: boolean) =>
    store.kind === 'sqlite'
      ? `select ${low ? 'min(min_v)' : 'max(max_v)'} as v, bucket_start + ${low ? 'min_o' : 'max_o'} as t, ${low ? 'min_s' : 'max_s'} as s from reading_hour
         where ${where(ph, big)} group by (bucket_start - ${big(5)}) / ${big(6)}`
      : `select distinct on (g) t, v, s from (select (bucket_start - ${big(5)}) / ${big(6)} as g, bucket_start + ${low ? 'min_o' : 'max_o'} as t,
           ${low ? 'min_v' : 'max_v'} as v, ${low ? 'min_s' : 'max_s'} as s, bucket_start from reading_hour where ${where(ph, big)}) c
         order by g, v ${low ? 'asc' : 'desc'}, bucket_start`;
  const endSql = (ph: (i: number) => string, big: (i: number) => string, first: boolean) =>
    `select bucket_start + ${first ? 'first_o' : 'last_o'} as t, ${first ? 'first_v' : 'last_v'} as v, ${first ? 'first_s' : 'last_s'} as s from reading_hour
     where ${where(ph, big)} order by bucket_start ${first ? 'asc' : 'desc'} limit 1`;
  const grid = alignedGrid(from, to, PIXELS);
  if (!grid) throw new Error('trend bench: a year at 1000 px is not drawn from the pyramid');
  const rawSql = (ph: (i: number) => string, big: (i: number) => string) =>
    `select ts as t, value as v, status as s from ${store.kind === 'sqlite' ? 'reading' : pgReadingRowsText(big(3), big(4))} r
     where device_id = ${ph(1)} and data_id = ${ph(2)} and ts >= ${big(3)} and ts < ${big(4)} order by ts limit ${ph(5)}`;
  const sqlite = store.kind === 'sqlite' ? new Database(store.file, { readonly: true }) : undefined;
  const pool = store.kind === 'postgres' ? new pg.Pool({ connectionString: store.url, max: 10, types: pgTypes, options: `-c search_path=${store.schema}` }) : undefined;
  const q = (name: string, text: string, values: unknown[]) => (pool as pg.Pool).query({ name, text, values });

  /** The call for `configs`, timed against the reads it makes (floor) and, for information, a full read of the readings. */
  const measure = async (configs: typeof allConfigs, title: string, goalMs: number) => {
    const lineIds = [...new Set(configs.map((c) => c.deviceId))];
    const body = { startTime: START, endTime: END, interval: 0, pixelWidth: PIXELS, meterConfigs: configs };
    const call = () => app.inject({ method: 'POST', url: TREND_API.data, headers, payload: body });
    const first = await call();
    const lines = (first.json() as { data: TrendSeriesReply[] }).data;
    if (first.statusCode !== 200 || lines.length !== configs.length) throw new Error(`trend bench: ${first.statusCode} ${first.body.slice(0, 200)}`);
    const points = lines.reduce((sum, l) => sum + l.data.length, 0);
    let floorRun: () => Promise<number>;
    let fullRun: () => Promise<TimeRows[]>;
    if (sqlite) {
      const dev = sqlite.prepare(devicesSql(() => '?', lineIds.length));
      const cat = sqlite.prepare(catalogueSql);
      const big = () => 'cast(? as bigint)';
      const reads = [extremeSql(() => '?', big, true), extremeSql(() => '?', big, false), endSql(() => '?', big, true), endSql(() => '?', big, false)].map((text) => sqlite.prepare(text));
      const raw = sqlite.prepare(rawSql(() => '?', big));
      floorRun = async () => {
        dev.all(...lineIds, projectId);
        cat.all();
        let n = 0;
        for (const c of configs) for (const [i, st] of reads.entries()) n += st.all(c.deviceId, c.dataId, from, to, ...(i < 2 ? [grid.origin, grid.width] : [])).length;
        return n;
      };
      fullRun = async () => configs.map((c) => raw.all(c.deviceId, c.dataId, from, to, TREND_MAX_ROWS_PER_LINE + 1) as TimeRows);
    } else {
      const devText = devicesSql((i) => `$${i}`, lineIds.length);
      const big = (i: number) => `cast($${i} as bigint)`;
      const texts = [extremeSql((i) => `$${i}`, big, true), extremeSql((i) => `$${i}`, big, false), endSql((i) => `$${i}`, big, true), endSql((i) => `$${i}`, big, false)];
      const rawText = rawSql((i) => `$${i}`, big);
      floorRun = async () => {
        await q(`trend_devices_${lineIds.length}`, devText, [...lineIds, projectId]);
        await q('trend_catalogue', catalogueSql, []);
        let n = 0;
        // the lines as the call reads them: PG_LINES_AT_ONCE at a time, a line's four queries at once
        for (let k = 0; k < configs.length; k += PG_LINES_AT_ONCE) {
          const res = await Promise.all(
            configs.slice(k, k + PG_LINES_AT_ONCE).flatMap((c) => texts.map((text, i) => q(`trend_pyramid_${i}`, text, [c.deviceId, c.dataId, from, to, ...(i < 2 ? [grid.origin, grid.width] : [])]))),
          );
          n += res.reduce((sum, r) => sum + r.rows.length, 0);
        }
        return n;
      };
      fullRun = async () => (await Promise.all(configs.map((c) => q('trend_raw', rawText, [c.deviceId, c.dataId, from, to, TREND_MAX_ROWS_PER_LINE + 1])))).map((r) => r.rows as TimeRows);
    }
    // the same peaks as a full read: each line's highest and lowest reading is among its points
    const full = await fullRun();
    const readings = full.reduce((sum, l) => sum + l.length, 0);
    if (readings !== perLine * configs.length) throw new Error(`trend bench: a full read found ${readings} readings, ${perLine * configs.length} were written`);
    full.forEach((l, i) => {
      const vs = l.map((r) => Number(r.v));
      const got = new Set((lines[i] as TrendSeriesReply).data.map((p) => p.value));
      if (!got.has(Math.max(...vs)) || !got.has(Math.min(...vs))) throw new Error(`trend bench: line ${i} lacks the peak or the trough of a full read`);
    });
    const cellRows = await floorRun();
    const [api, floor] = await interleaved(call, floorRun, ITER, WARM, WARM_MS);
    const [fullMs] = await interleaved(() => fullRun(), async () => 0, Math.min(ITER, 10), 1);
    const [a50, a99, f50, f99] = [pct(api, 0.5), pct(api, 0.99), pct(floor, 0.5), pct(floor, 0.99)];
    const met = a50 <= 1.5 * f50 && a99 <= 3 * f99 && a50 <= goalMs;
    console.log(
      `${`[${label}] POST trend/data, ${title}`.padEnd(44)} p50 ${a50.toFixed(1)} ms, p99 ${a99.toFixed(1)} ms | floor (raw SQL) p50 ${f50.toFixed(1)} ms, p99 ${f99.toFixed(1)} ms | ratio p50 ${(a50 / f50).toFixed(2)}x (goal ≤ 1.5x), p99 ${(a99 / f99).toFixed(2)}x (goal ≤ 3x); goal p50 ≤ ${goalMs} ms: ${met ? 'met' : 'MISSED'}`,
    );
    console.log(
      `${''.padEnd(44)} ${configs.length} × ${perLine.toLocaleString('en-US')} readings drawn from ${cellRows.toLocaleString('en-US')} pyramid rows (each bucket's extreme cells), ${points.toLocaleString('en-US')} points; peaks and troughs equal a full read's (full read of the readings alone: p50 ${pct(fullMs, 0.5).toFixed(1)} ms)`,
    );
  };
  await measure(allConfigs.slice(1, 2), '1 × 1 year, 1000 px', 25);
  await measure(allConfigs, `${allConfigs.length} × 1 year, 1000 px`, 120);
  sqlite?.close();
  await pool?.end();
  await app.close();
}

type TimeRows = { t: number; v: number; s: number }[];

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
