import { sql } from 'kysely';
import { PQ_AGGREGATE_MS } from '@ems/contract';
import type { Db } from '../../db/connect.js';

/** A node of the electrical model (distribution rooms, busbars, cabinets, transformers, meters). */
export interface PowerNode {
  id: number;
  parentId: number | null;
  label: string;
  name: string;
  attrs: Record<string, unknown>;
}

/** One rollup bucket of a counter series. */
export interface BucketRow {
  deviceId: number;
  dataId: number;
  start: number;
  value: number | null;
}

/** One 10-min PQ aggregate: the mean of a data point's readings in [bucket, bucket + 10 min). */
export interface PqAggRow {
  dataId: number;
  bucket: number;
  value: number;
}

const LABELS = ['distributionroom', 'generatrix', 'cabinet', 'transformer', 'meter'] as const;

const parse = (attrs: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(attrs || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** All SQL of the busbar and transformer pages: the model, the counter rollups, and bounded PQ windows of readings. */
export function powerRepository(db: Db) {
  return {
    async project(projectId: number): Promise<{ id: number; timezone: string } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), timezone: r.timezone || 'Asia/Shanghai' } : undefined;
    },

    /** The project's electrical nodes and meters, tree order. */
    async nodes(projectId: number): Promise<PowerNode[]> {
      const rows = await db
        .selectFrom('node')
        .select(['id', 'parent_id', 'model_label', 'name', 'attrs'])
        .where('project_id', '=', projectId)
        .where('model_label', 'in', [...LABELS])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), label: r.model_label, name: r.name, attrs: parse(r.attrs) }));
    },

    /** The node's project and label (scope checks). */
    async node(id: number): Promise<{ projectId: number; label: string } | undefined> {
      const r = await db.selectFrom('node').select(['project_id', 'model_label']).where('id', '=', id).executeTakeFirst();
      return r ? { projectId: Number(r.project_id), label: r.model_label } : undefined;
    },

    /** Rollup buckets (15 min or hour) of the devices' series of the data points with bucket_start in [from, to). */
    async buckets(grain: '15m' | 'hour', deviceIds: readonly number[], dataIds: readonly number[], from: number, to: number): Promise<BucketRow[]> {
      if (deviceIds.length === 0 || dataIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(grain === '15m' ? 'rollup_15m' : 'rollup_hour')
        .select(['device_id', 'data_id', 'bucket_start', 'value'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', 'in', [...dataIds])
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .orderBy('bucket_start')
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), dataId: Number(r.data_id), start: Number(r.bucket_start), value: r.value === null ? null : Number(r.value) }));
    },

    /**
     * 10-min means of a device's instantaneous data points over [from, to): the caller bounds the
     * window (PQ_MAX_WINDOW_MS), so the scan stays on at most two days of the reading key.
     */
    async pqAggregates(deviceId: number, dataIds: readonly number[], from: number, to: number): Promise<PqAggRow[]> {
      if (dataIds.length === 0 || to <= from) return [];
      const step = sql.lit(PQ_AGGREGATE_MS);
      const r = await sql<{ data_id: number; b: number | string; v: number | string }>`
        select data_id, (ts / ${step}) * ${step} as b, avg(value) as v
        from reading
        where device_id = ${deviceId} and data_id in (${sql.join(dataIds.map((d) => sql`${d}`))}) and ts >= ${from} and ts < ${to}
        group by data_id, (ts / ${step}) * ${step}
        order by 2`.execute(db);
      return r.rows.map((x) => ({ dataId: Number(x.data_id), bucket: Number(x.b), value: Number(x.v) }));
    },
  };
}

export type PowerRepository = ReturnType<typeof powerRepository>;
