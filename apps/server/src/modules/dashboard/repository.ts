import type { Db } from '../../db/connect.js';
import { latestPerDevice } from '../../db/latest.js';

/** Consumption of one counter series over a range: Σ value, buckets with a value, Σ good intervals. */
export interface SeriesSum {
  deviceId: number;
  dataId: number;
  /** null when no bucket of the range holds a value */
  value: number | null;
  goodIntervals: number;
}

/** A meter node with its tree parent (a meter's tree parent meter stands for its parent when attrs name none). */
export interface MeterNodeRow {
  id: number;
  parentId: number | null;
  name: string;
  attrs: string;
}

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** All SQL of the project dashboard: indexed reads of the rollups and the latest readings, no reading scans. */
export function dashboardRepository(db: Db) {
  return {
    async projectTimezone(projectId: number): Promise<string | undefined> {
      const row = await db.selectFrom('project').select('timezone').where('id', '=', projectId).executeTakeFirst();
      return row ? row.timezone || 'Asia/Shanghai' : undefined;
    },

    async meters(projectId: number): Promise<MeterNodeRow[]> {
      const rows = await db.selectFrom('node').select(['id', 'parent_id', 'name', 'attrs']).where('project_id', '=', projectId).where('model_label', '=', 'meter').orderBy('id').execute();
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name, attrs: r.attrs }));
    },

    /**
     * One statement: per (device, data point) of the lists, the sum of the buckets of the grain
     * whose start lies in [from, to). Pairs outside the wanted ones are dropped by the caller.
     */
    async sums(grain: 'hour' | 'day', deviceIds: readonly number[], dataIds: readonly number[], from: number, to: number): Promise<SeriesSum[]> {
      if (deviceIds.length === 0 || dataIds.length === 0 || to <= from) return [];
      const table = grain === 'hour' ? 'rollup_hour' : 'rollup_day';
      const rows = await db
        .selectFrom(table)
        .select(['device_id', 'data_id'])
        .select((eb) => [eb.fn.sum<number | string | null>('value').as('v'), eb.fn.count<number | string>('value').as('nv'), eb.fn.sum<number | string>('n_good').as('g')])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', 'in', [...dataIds])
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .groupBy(['device_id', 'data_id'])
        .execute();
      return rows.map((r) => ({
        deviceId: Number(r.device_id),
        dataId: Number(r.data_id),
        value: Number(r.nv) > 0 ? n(r.v) : null,
        goodIntervals: Number(r.g ?? 0),
      }));
    },

    /** The latest reading of a data point for each device (two index probes per device, db/latest.ts). */
    async latest(deviceIds: readonly number[], dataId: number): Promise<{ deviceId: number; ts: number; value: number }[]> {
      const rows = await latestPerDevice(db, 'reading', deviceIds, dataId);
      return rows.flatMap((r) => (r.value === null ? [] : [{ deviceId: r.deviceId, ts: r.ts, value: r.value }]));
    },
  };
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>;
