import { sql } from 'kysely';
import type { Db } from './connect.js';

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

/** The statement of {@link latestPerDevice}; null for no device. */
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
