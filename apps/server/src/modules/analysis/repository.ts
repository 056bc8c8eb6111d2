import type { Db } from '../../db/connect.js';
import type { RollupTable } from './periods.js';

/** A node of a project as the analysis reads it. */
export interface NodeRow {
  id: number;
  parentId: number | null;
  modelLabel: string;
  name: string;
  attrs: string;
}

/** One rollup bucket of a counter series. */
export interface BucketRow {
  deviceId: number;
  bucketStart: number;
  value: number | null;
  nIntervals: number;
  nGood: number;
}

/** Σ of one counter series over a range (value null when no bucket holds one). */
export interface DeviceSum {
  deviceId: number;
  value: number | null;
  /** Σ n_intervals: the 15-min intervals the buckets hold */
  intervals: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** All SQL of the analysis pages: the project, its node tree and indexed reads of the rollups (never readings). */
export function analysisRepository(db: Db) {
  return {
    async project(projectId: number): Promise<{ id: number; name: string; enName: string; timezone: string; areaM2: number } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'name', 'en_name', 'timezone', 'area_m2']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), name: r.name, enName: r.en_name, timezone: r.timezone || 'Asia/Shanghai', areaM2: Number(r.area_m2) } : undefined;
    },

    async nodeProject(nodeId: number, modelLabel: string): Promise<number | undefined> {
      const r = await db.selectFrom('node').select('project_id').where('id', '=', nodeId).where('model_label', '=', modelLabel).executeTakeFirst();
      return r ? Number(r.project_id) : undefined;
    },

    async nodes(projectId: number): Promise<NodeRow[]> {
      const rows = await db.selectFrom('node').select(['id', 'parent_id', 'model_label', 'name', 'attrs', 'sort']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), modelLabel: r.model_label, name: r.name, attrs: r.attrs }));
    },

    /** The buckets of the devices' series of one data point with bucket_start in [from, to). */
    async buckets(table: RollupTable, deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<BucketRow[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(table)
        .select(['device_id', 'bucket_start', 'value', 'n_intervals', 'n_good'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), bucketStart: Number(r.bucket_start), value: num(r.value), nIntervals: Number(r.n_intervals), nGood: Number(r.n_good) }));
    },

    /** Per device, Σ value of the buckets with bucket_start in [from, to) (one statement). */
    async sums(table: RollupTable, deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<DeviceSum[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(table)
        .select('device_id')
        .select((eb) => [eb.fn.sum<number | string | null>('value').as('v'), eb.fn.count<number | string>('value').as('nv'), eb.fn.sum<number | string>('n_intervals').as('ni')])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .groupBy('device_id')
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), value: Number(r.nv) > 0 ? num(r.v) : null, intervals: Number(r.ni ?? 0) }));
    },
  };
}

export type AnalysisRepository = ReturnType<typeof analysisRepository>;
