import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { readingRows, storeKindOf } from '../../db/series-source.js';
import { attrsOf } from '../common/attrs.js';
import type { RollupTable } from '../analysis/periods.js';

/** A boiler or meter node of a project. */
export interface BoilerNode {
  id: number;
  label: string;
  name: string;
  attrs: Record<string, unknown>;
}

/** Σ of a counter series per bucket (bucket_start). */
export interface CounterRow {
  deviceId: number;
  start: number;
  value: number | null;
  /** 15-min intervals the bucket holds */
  nIntervals: number;
}

/** Steam-flow-weighted mean of an instant per bucket: Σ v·w, Σ w. */
export interface InstantRow {
  dataId: number;
  lo: number;
  wsum: number;
  w: number;
}

/** The range [min lo, max hi) covering every bucket (a loop: no spread of a long bucket list into Math.min). */
function spanOf(buckets: readonly { lo: number; hi: number }[]): { lo: number; hi: number } {
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of buckets) {
    lo = Math.min(lo, b.lo);
    hi = Math.max(hi, b.hi);
  }
  return { lo, hi };
}

/** All SQL of the boiler page: the project, its boilers and meters, counter rollups and bucketed instants. */
export function boilerRepository(db: Db) {
  // the callers hand over ems.db only: the store's kind from its adapter (the reading source)
  const kind = storeKindOf(db);
  return {
    async project(projectId: number): Promise<{ id: number; timezone: string } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), timezone: r.timezone || 'Asia/Shanghai' } : undefined;
    },

    /** The project's boilers and meters (tree order). */
    async nodes(projectId: number): Promise<BoilerNode[]> {
      const rows = await db
        .selectFrom('node')
        .select(['id', 'model_label', 'name', 'attrs'])
        .where('project_id', '=', projectId)
        .where('model_label', 'in', ['boiler', 'meter'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), label: r.model_label, name: r.name, attrs: attrsOf(r.attrs) }));
    },

    /** The node's project and label (scope checks). */
    async node(id: number): Promise<{ projectId: number; label: string } | undefined> {
      const r = await db.selectFrom('node').select(['project_id', 'model_label']).where('id', '=', id).executeTakeFirst();
      return r ? { projectId: Number(r.project_id), label: r.model_label } : undefined;
    },

    /** Rollup buckets of the devices' counter of one data point with bucket_start in [from, to). */
    async counters(table: RollupTable, deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<CounterRow[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(table)
        .select(['device_id', 'bucket_start', 'value', 'n_intervals'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), start: Number(r.bucket_start), value: r.value === null ? null : Number(r.value), nIntervals: Number(r.n_intervals) }));
    },

    /**
     * Per bucket [lo, hi) and data point, Σ value × w and Σ w over the device's readings at the
     * instants its weight series (`weightId`, the live steam flow) was positive: a steam-weighted
     * mean that leaves the hours with the burner off out. One statement over the index
     * (device_id, data_id, ts).
     */
    async weightedInstants(deviceId: number, dataIds: readonly number[], weightId: number, buckets: readonly { lo: number; hi: number }[]): Promise<InstantRow[]> {
      if (buckets.length === 0 || dataIds.length === 0) return [];
      const values = sql.join(buckets.map((b) => sql`(${sql.lit(b.lo)}, ${sql.lit(b.hi)})`));
      // b.lo/b.hi are correlated: the sources take the buckets' overall range (v's ts equals f's)
      const { lo, hi } = spanOf(buckets);
      const r = await sql<{ data_id: number | string; lo: number | string; wsum: number | string | null; w: number | string | null }>`
        with b (lo, hi) as (values ${values})
        select v.data_id as data_id, b.lo as lo, sum(v.value * f.value) as wsum, sum(f.value) as w
        from b
        join ${readingRows(kind, lo, hi)} f on f.device_id = ${deviceId} and f.data_id = ${sql.lit(weightId)} and f.ts >= b.lo and f.ts < b.hi and f.value > 0
        join ${readingRows(kind, lo, hi)} v on v.device_id = f.device_id and v.ts = f.ts and v.data_id in (${sql.join(dataIds.map((d) => sql.lit(d)))})
        group by v.data_id, b.lo`.execute(db);
      return r.rows.map((x) => ({ dataId: Number(x.data_id), lo: Number(x.lo), wsum: Number(x.wsum ?? 0), w: Number(x.w ?? 0) }));
    },

    /**
     * Per bucket [lo, hi): over the samples of the steam flow (t/h, `flowId`) while positive, Σ
     * min(1, flow / hotAboveTph) (the surface loss's share, @ems/domain radiationHotShare) and Σ flow.
     */
    async loadShape(deviceId: number, flowId: number, hotAboveTph: number, buckets: readonly { lo: number; hi: number }[]): Promise<{ lo: number; hot: number; flow: number }[]> {
      if (buckets.length === 0 || !(hotAboveTph > 0)) return [];
      const values = sql.join(buckets.map((b) => sql`(${sql.lit(b.lo)}, ${sql.lit(b.hi)})`));
      const x = sql.lit(hotAboveTph);
      // b.lo/b.hi are correlated: the source takes the buckets' overall range
      const { lo, hi } = spanOf(buckets);
      const r = await sql<{ lo: number | string; hot: number | string | null; flow: number | string | null }>`
        with b (lo, hi) as (values ${values})
        select b.lo as lo, sum(case when f.value >= ${x} then 1.0 else f.value / ${x} end) as hot, sum(f.value) as flow
        from b join ${readingRows(kind, lo, hi)} f on f.device_id = ${deviceId} and f.data_id = ${sql.lit(flowId)} and f.ts >= b.lo and f.ts < b.hi and f.value > 0
        group by b.lo`.execute(db);
      return r.rows.map((row) => ({ lo: Number(row.lo), hot: Number(row.hot ?? 0), flow: Number(row.flow ?? 0) }));
    },
  };
}

export type BoilerRepository = ReturnType<typeof boilerRepository>;
