/**
 * Period reports and abnormal-consumption diagnosis (issue 15, "Speed"): each call answers p50 within
 * 3× the raw SQL it reads (its SELECTs replayed through the store's driver, replay.ts), in the same run.
 *
 * - a yearly report (2025, monthly columns) of a 100-meter node: a room added to the demo factory
 *   with 100 electricity meters, each a copy of one of the factory's electricity meters (its node
 *   attributes and every row of its readings, rollups and counter resets), rows = the meters;
 * - a monthly report (December 2025, daily columns) of every node of the demo factory that has
 *   children (the project and its inner nodes), one request after another, rows = the children;
 * - the baseline evaluation of a year (2025) for the demo factory: every abnormal-consumption rule
 *   of the factory evaluated against its baseline over the year (the evaluate call; its writes —
 *   the findings it records — are not part of the floor, which is the SELECTs reading its inputs).
 *
 * Data: the demo history as `npm start` seeds it (13 months, both projects), "now" pinned to
 * 2026-01-10 12:00 Asia/Shanghai so 2025 is a whole past year; seeded once per store.
 * BENCH_REPORTING_CALLS ('a|b') narrows to the calls whose name holds one of its parts.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { ABNORMAL_API, REPORT_API } from '@ems/contract';
import { zonedStart } from '@ems/domain';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import type { Db } from '../apps/server/src/db/connect.js';
import { seededDemoApp, signedInHeaders } from './demo-app.js';
import { timeCalls, type TimedCall } from './replay.js';
import { benchConfig, onEachStore } from './support.js';

const ITER = Number(process.env.BENCH_REPORTING_ITER ?? 20);
const TZ = 'Asia/Shanghai';
const YEAR = 2025;
const NOW = zonedStart(2026, 1, 10, TZ, 12);
const GOAL = 3;
const METERS = 100;
const ELECTRICITY = 2;
/** the tables holding a device's history, by device_id */
const DEVICE_TABLES = ['reading', 'rollup_15m', 'rollup_hour', 'rollup_day', 'rollup_month', 'counter_reset'] as const;

interface ReportingCtx {
  projectId: number;
  yearFrom: number;
  yearTo: number;
  /** the 100-meter room */
  room: number;
  /** the factory's nodes that have children (modelLabel, id), the project first */
  inner: { modelLabel: string; id: number }[];
}

export const CALLS: TimedCall<ReportingCtx>[] = [
  {
    name: 'yearly report, 100-meter node',
    url: REPORT_API.query,
    body: (c) => ({ projectId: c.projectId, nodeId: c.room, modelLabel: 'room', energyType: ELECTRICITY, kind: 'yearly', date: String(YEAR), rows: 'meters' }),
  },
  {
    name: 'monthly report, every node of the factory',
    url: REPORT_API.query,
    body: (c) => ({ projectId: c.projectId, nodeId: c.projectId, modelLabel: 'project', energyType: ELECTRICITY, kind: 'monthly', date: `${YEAR}-12` }),
    bodies: (c) => c.inner.map((n) => ({ projectId: c.projectId, nodeId: n.id, modelLabel: n.modelLabel, energyType: ELECTRICITY, kind: 'monthly', date: `${YEAR}-12` })),
  },
  {
    name: 'abnormal-consumption baseline evaluation, year',
    url: ABNORMAL_API.evaluate,
    body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo }),
  },
];

/** The column names of a table of the store. */
async function columnsOf(db: Db, kind: StoreConfig['kind'], table: string): Promise<string[]> {
  if (kind === 'sqlite') return (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
  return (
    await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
  ).rows.map((r) => r.name);
}

/** A room of the factory with METERS electricity meters, each a copy of one of the factory's (node attributes and history). */
async function hundredMeterRoom(db: Db, kind: StoreConfig['kind'], projectId: number): Promise<number> {
  const meters = await db.selectFrom('node').select(['id', 'attrs']).where('project_id', '=', projectId).where('model_label', '=', 'meter').orderBy('id').execute();
  const sources = meters.filter((m) => Number((JSON.parse(String(m.attrs)) as { energyType?: number }).energyType) === ELECTRICITY);
  if (sources.length === 0) throw new Error('reporting bench: the factory has no electricity meter');
  const room = await db
    .insertInto('node')
    .values({ project_id: projectId, parent_id: projectId, model_label: 'room', name: 'Bench: 100 meters', attrs: '{}', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roomId = Number(room.id);
  const columns = new Map<string, string[]>();
  for (const t of DEVICE_TABLES) columns.set(t, await columnsOf(db, kind, t));
  for (let i = 0; i < METERS; i++) {
    const src = sources[i % sources.length]!;
    const made = await db
      .insertInto('node')
      .values({ project_id: projectId, parent_id: roomId, model_label: 'meter', name: `Bench meter ${String(i + 1).padStart(3, '0')}`, attrs: String(src.attrs), sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(made.id);
    for (const t of DEVICE_TABLES) {
      const cols = columns.get(t) ?? [];
      const list = cols.join(', ');
      const values = cols.map((c) => (c === 'device_id' ? String(id) : c)).join(', ');
      await sql.raw(`insert into ${t} (${list}) select ${values} from ${t} where device_id = ${Number(src.id)}`).execute(db);
    }
  }
  if (kind === 'postgres') await sql`analyze`.execute(db);
  return roomId;
}

async function benchStore(store: StoreConfig, label: string, dataDir: string, only: readonly TimedCall<ReportingCtx>[]) {
  // the background abnormal-consumption pass off: the timed evaluate call does that work, alone on the store
  const config = benchConfig(store, dataDir, { sim: false, now: () => NOW, abnormalChecks: false });
  const { app, projectId } = await seededDemoApp(config, label);
  try {
    const db = app.ems.db;
    const t1 = performance.now();
    const room = await hundredMeterRoom(db, store.kind, projectId);
    console.log(`[${label}] added a room of ${METERS} electricity meters (copies of the factory's, with their history) in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    const nodes = await db.selectFrom('node').select(['id', 'parent_id', 'model_label']).where('project_id', '=', projectId).execute();
    const parents = new Set(nodes.map((n) => n.parent_id).filter((p) => p !== null).map(Number));
    const inner = [
      { modelLabel: 'project', id: projectId },
      ...nodes.filter((n) => parents.has(Number(n.id)) && Number(n.id) !== room && n.model_label !== 'meter').map((n) => ({ modelLabel: n.model_label, id: Number(n.id) })),
    ];
    const ctx: ReportingCtx = { projectId, yearFrom: zonedStart(YEAR, 1, 1, TZ), yearTo: zonedStart(YEAR + 1, 1, 1, TZ), room, inner };

    const headers = await signedInHeaders(app, NOW, projectId);
    console.log(`[${label}] ${inner.length} nodes with children in the factory (monthly reports, one after another)`);
    await timeCalls(app, store, label, headers, ctx, only, { iter: ITER, warm: 2, warmMs: 1000, sampleMs: 1500, goal: GOAL });
  } finally {
    await app.close();
  }
}

/** Runs the reporting bench on SQLite and, when a URL is given, PostgreSQL (in its own schema). */
export async function benchReporting(dataDir: string, pgUrl: string | undefined) {
  const filter = process.env.BENCH_REPORTING_CALLS;
  const only = filter ? CALLS.filter((c) => filter.split('|').some((f) => c.name.includes(f))) : CALLS;
  console.log(`reports and diagnosis: the demo factory, ${YEAR} of its seeded history; ${ITER} calls each, API and floor alternately, in-process; goal p50 ≤ ${GOAL}x the floor`);
  if (only.length === 0) return;
  await onEachStore(dataDir, pgUrl, 'reporting', (store, label) => benchStore(store, label, dataDir, only));
}

if (process.argv[1]?.endsWith('reporting.ts')) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-reporting-'));
  try {
    await benchReporting(dir, process.env.EMS_BENCH_PG_URL ?? process.env.EMS_TEST_PG_URL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
