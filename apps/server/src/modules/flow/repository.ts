import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** The latest value of one series of a device. */
export interface LatestValue {
  deviceId: number;
  ts: number;
  value: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The live reads of the flow diagram (all other reads go through the balance and analysis
 * repositories): per device, the newest reading of a data point and the newest 15-min rollup, one
 * index probe each on (device_id, data_id, ts | bucket_start).
 */
export function flowRepository(db: Db) {
  return {
    async latestReadings(deviceIds: readonly number[], dataId: number): Promise<LatestValue[]> {
      if (deviceIds.length === 0) return [];
      const r = await sql<{ device_id: number; ts: number; value: number | null }>`
        select r.device_id, r.ts, r.value from reading r
        where r.device_id in (${sql.join([...deviceIds])}) and r.data_id = ${dataId}
          and r.ts = (select max(r2.ts) from reading r2 where r2.device_id = r.device_id and r2.data_id = ${dataId})`.execute(db);
      return r.rows.map((x) => ({ deviceId: Number(x.device_id), ts: Number(x.ts), value: num(x.value) }));
    },

    /** The newest 15-min bucket (its start) of each device's counter series. */
    async latest15m(deviceIds: readonly number[], dataId: number): Promise<LatestValue[]> {
      if (deviceIds.length === 0) return [];
      const r = await sql<{ device_id: number; bucket_start: number; value: number | null }>`
        select q.device_id, q.bucket_start, q.value from rollup_15m q
        where q.device_id in (${sql.join([...deviceIds])}) and q.data_id = ${dataId}
          and q.bucket_start = (select max(q2.bucket_start) from rollup_15m q2 where q2.device_id = q.device_id and q2.data_id = ${dataId})`.execute(db);
      return r.rows.map((x) => ({ deviceId: Number(x.device_id), ts: Number(x.bucket_start), value: num(x.value) }));
    },
  };
}

export type FlowRepository = ReturnType<typeof flowRepository>;
