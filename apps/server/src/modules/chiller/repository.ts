import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { readingRows, rollup15Rows, storeKindOf } from '../../db/series-source.js';
import { attrsOf } from '../common/attrs.js';

/** A node of the chiller plant (chillers, pumps, towers, their meters, environment sensors). */
export interface PlantNode {
  id: number;
  parentId: number | null;
  label: string;
  name: string;
  attrs: Record<string, unknown>;
}

/** Rollup table a grain reads. */
export type CounterGrain = 'hour' | 'day' | 'month';
const TABLE = { hour: 'rollup_hour', day: 'rollup_day', month: 'rollup_month' } as const;

export const PLANT_LABELS = ['chiller', 'chilledpump', 'coolingpump', 'coolingtower', 'meter', 'envsensor'] as const;

/** A running quarter hour of a chiller: its cooling and electricity kWh (both > 0). */
export interface QuarterRow {
  start: number;
  coolingKwh: number;
  electricKwh: number;
}

/** Mean of an instantaneous series over a step of the range, with the number of samples. */
export interface MeanRow {
  deviceId: number;
  dataId: number;
  /** step index from `from` */
  k: number;
  mean: number;
  n: number;
}

/** All SQL of the chiller-plant page: the model, the counter rollups, and means of the hourly instants. */
export function chillerRepository(db: Db) {
  // the callers hand over ems.db only: the store's kind from its adapter (reading and rollup_15m sources)
  const kind = storeKindOf(db);
  return {
    async project(projectId: number): Promise<{ id: number; timezone: string } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), timezone: r.timezone || 'Asia/Shanghai' } : undefined;
    },

    /** The project's plant nodes, tree order. */
    async nodes(projectId: number): Promise<PlantNode[]> {
      const rows = await db
        .selectFrom('node')
        .select(['id', 'parent_id', 'model_label', 'name', 'attrs'])
        .where('project_id', '=', projectId)
        .where('model_label', 'in', [...PLANT_LABELS])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), label: r.model_label, name: r.name, attrs: attrsOf(r.attrs) }));
    },

    /** Counter rollups (kWh) of the devices' data point with bucket_start in [from, to). */
    async sums(grain: CounterGrain, deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<{ deviceId: number; start: number; value: number }[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(TABLE[grain])
        .select(['device_id', 'bucket_start', 'value'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .where('value', 'is not', null)
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), start: Number(r.bucket_start), value: Number(r.value) }));
    },

    /** The quarters in [from, to) in which the chiller's cooling meter and electricity meter both counted (rollup_15m). */
    async runningQuarters(coolingMeterId: number, coolingDataId: number, electricMeterId: number, electricDataId: number, from: number, to: number): Promise<QuarterRow[]> {
      if (to <= from) return [];
      // e's bucket equals c's, so [from, to) bounds both sources
      const r = await sql<{ t: number | string; q: number | string; p: number | string }>`
        select c.bucket_start as t, c.value as q, e.value as p
        from ${rollup15Rows(kind, from, to)} c
        join ${rollup15Rows(kind, from, to)} e on e.device_id = ${electricMeterId} and e.data_id = ${electricDataId} and e.bucket_start = c.bucket_start
        where c.device_id = ${coolingMeterId} and c.data_id = ${coolingDataId} and c.bucket_start >= ${from} and c.bucket_start < ${to}
          and c.value > 0 and e.value > 0
        order by c.bucket_start`.execute(db);
      return r.rows.map((x) => ({ start: Number(x.t), coolingKwh: Number(x.q), electricKwh: Number(x.p) }));
    },

    /**
     * Means of the devices' instantaneous data points per step of `stepMs` counted from `base`, readings
     * in [from, to). With `runningFlowId`, only samples taken while that device's flow (same instant) was > 0.
     */
    async means(deviceIds: readonly number[], dataIds: readonly number[], base: number, from: number, to: number, stepMs: number, runningFlowId?: number): Promise<MeanRow[]> {
      if (deviceIds.length === 0 || dataIds.length === 0 || to <= from) return [];
      const k = sql`(r.ts - cast(${base} as bigint)) / cast(${stepMs} as bigint)`;
      // f's ts equals r's, so [from, to) bounds both sources
      const running =
        runningFlowId === undefined ? sql`` : sql`join ${readingRows(kind, from, to)} f on f.device_id = r.device_id and f.data_id = ${runningFlowId} and f.ts = r.ts and f.value > 0`;
      const res = await sql<{ device_id: number; data_id: number; k: number | string; v: number | string; n: number | string }>`
        select r.device_id, r.data_id, ${k} as k, avg(r.value) as v, count(*) as n
        from ${readingRows(kind, from, to)} r ${running}
        where r.device_id in (${sql.join(deviceIds.map((d) => sql.lit(d)))}) and r.data_id in (${sql.join(dataIds.map((d) => sql.lit(d)))})
          and r.ts >= ${from} and r.ts < ${to} and r.value is not null
        group by 1, 2, 3`.execute(db);
      return res.rows.map((x) => ({ deviceId: Number(x.device_id), dataId: Number(x.data_id), k: Number(x.k), mean: Number(x.v), n: Number(x.n) }));
    },
  };
}

export type ChillerRepository = ReturnType<typeof chillerRepository>;
