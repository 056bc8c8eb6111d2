import { sql } from 'kysely';
import type { Db } from './connect.js';
import type { StoreKind } from './migrate.js';
import { latestReadingTs, storeKindOf } from './series-source.js';

/** The store's kind from its adapter (the callers hand over the Db only). */

/** The newest row of one series of a device: its time (reading ts, or a rollup's bucket start) and value. */
export interface LatestValue {
  deviceId: number;
  ts: number;
  value: number | null;
}

const SOURCES = {
  reading: { table: sql.table('reading'), ts: sql.ref('ts') },
  rollup_15m: { table: sql.table('rollup_15m'), ts: sql.ref('bucket_start') },
} as const;

export type LatestSource = keyof typeof SOURCES;

/**
 * The statement of {@link latestPerDevice}; null for no device. It reads the row tables alone: a
 * series' newest reading and newest 15-min value are always rows (issue 16, PostgreSQL day rows hold
 * only older closed days; db/series-source.ts).
 */
export function latestQuery(source: LatestSource, deviceIds: readonly number[], dataId: number) {
  const ids = [...new Set(deviceIds)].filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return null;
  const { table, ts } = SOURCES[source];
  // integer literals (checked above): a bound parameter in VALUES would be untyped text in PostgreSQL
  const rows = sql.join(ids.map((id) => sql`(${sql.lit(id)})`));
  return sql<{ device_id: number; ts: number; value: number | null }>`
    select v.column1 as device_id, x.${ts} as ts, x.value as value
    from (values ${rows}) as v
    join ${table} x on x.device_id = v.column1 and x.data_id = ${dataId}
      and x.${ts} = (select max(y.${ts}) from ${table} y where y.device_id = v.column1 and y.data_id = ${dataId})`;
}

/**
 * Per device, the newest row of one data point in `reading` or `rollup_15m`: one statement driven by
 * the device list (a VALUES row per device), so each device costs two probes of the primary key
 * (device_id, data_id, ts). The form `where device_id in (…) and ts = (select max …)` let SQLite walk
 * every row of the devices' series and test each one (13 months of 15-min counters: about 1 s for 65
 * meters); here the maximum is found once per device. Devices without a row are left out.
 */
export async function latestPerDevice(db: Db, source: LatestSource, deviceIds: readonly number[], dataId: number): Promise<LatestValue[]> {
  const query = latestQuery(source, deviceIds, dataId);
  if (query === null) return [];
  const r = await query.execute(db);
  return r.rows.map((x) => ({ deviceId: Number(x.device_id), ts: Number(x.ts), value: x.value === null || x.value === undefined ? null : Number(x.value) }));
}

/** The newest reading of one (device, data point) series. */
export interface LatestSeriesValue extends LatestValue {
  dataId: number;
}

const safeIds = (ids: readonly number[]) => [...new Set(ids)].filter((id) => Number.isSafeInteger(id));

/** The statement of {@link latestPerSeries}; null for no series. The newest reading is always a row (see {@link latestQuery}). */
export function latestSeriesQuery(deviceIds: readonly number[], dataIds: readonly number[]) {
  const devices = safeIds(deviceIds);
  const points = safeIds(dataIds);
  if (devices.length === 0 || points.length === 0) return null;
  const rows = sql.join(devices.flatMap((d) => points.map((p) => sql`(${sql.lit(d)}, ${sql.lit(p)})`)));
  return sql<{ device_id: number; data_id: number; ts: number; value: number | null }>`
    select v.column1 as device_id, v.column2 as data_id, x.ts as ts, x.value as value
    from (values ${rows}) as v
    join reading x on x.device_id = v.column1 and x.data_id = v.column2
      and x.ts = (select max(y.ts) from reading y where y.device_id = v.column1 and y.data_id = v.column2)`;
}

/**
 * The newest reading of each series (device, data point) of the devices and data points, as
 * {@link latestPerDevice} finds it: a VALUES row per series and two key probes each. The form
 * `join (select device_id, data_id, max(ts) … group by …)` walked every row of the series. Series
 * without a reading are left out.
 */
export async function latestPerSeries(db: Db, deviceIds: readonly number[], dataIds: readonly number[]): Promise<LatestSeriesValue[]> {
  const query = latestSeriesQuery(deviceIds, dataIds);
  if (query === null) return [];
  const r = await query.execute(db);
  return r.rows.map((x) => ({ deviceId: Number(x.device_id), dataId: Number(x.data_id), ts: Number(x.ts), value: x.value === null || x.value === undefined ? null : Number(x.value) }));
}

/**
 * The statement of {@link lastReadingPerDevice} for the store `kind`; null for no device. A bound in
 * the past may fall before a series' rows: the newest reading at or before it is asked of both forms
 * (latestReadingTs: the rows, then on PostgreSQL the series' last day rows). The kind defaults to
 * SQLite's text (the plan test of latest.test.ts compiles it for SQLite).
 */
export function lastReadingQuery(deviceIds: readonly number[], atOrBefore: number, kind: StoreKind = 'sqlite') {
  const devices = safeIds(deviceIds);
  if (devices.length === 0) return null;
  const rows = sql.join(devices.map((d) => sql`(${sql.lit(d)})`));
  // the bound a parameter (one SQL text for every time: SQLite's statement cache)
  const newest = latestReadingTs(kind, sql.ref('v.column1'), sql.ref('d.data_id'), sql`${atOrBefore}`);
  return sql<{ device_id: number; ts: number | null }>`
    select v.column1 as device_id, max(${newest}) as ts
    from (values ${rows}) as v cross join data_point d
    group by v.column1`;
}

/**
 * The time of each device's newest reading of any data point at or before `atOrBefore` (the rule
 * engine's last-seen time of a device). One probe of the key (device, data point, ts) per device and
 * catalogue point: `where device_id in (…) group by device_id` with max(ts) walked every row of every
 * series of the devices (about 0.5 s for the factory's 163 devices over 13 months; this form 14 ms).
 * Devices without a reading are left out.
 */
export async function lastReadingPerDevice(db: Db, deviceIds: readonly number[], atOrBefore = Number.MAX_SAFE_INTEGER): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const query = lastReadingQuery(deviceIds, atOrBefore, storeKindOf(db));
  if (query === null) return out;
  const r = await query.execute(db);
  for (const x of r.rows) if (x.ts !== null && x.ts !== undefined) out.set(Number(x.device_id), Number(x.ts));
  return out;
}
