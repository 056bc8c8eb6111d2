import { sql } from 'kysely';
import { interpolateRank, quantileRank } from '@ems/domain';
import type { Db } from '../../db/connect.js';
import { rollupRows, storeKindOf } from '../../db/series-source.js';
import { attrsOf } from '../common/attrs.js';
import { isTwoSided, type PqTrendRow, type SeriesSpec, type SeriesStats } from './pq.js';

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

const LABELS = ['distributionroom', 'generatrix', 'cabinet', 'transformer', 'meter'] as const;


/** All SQL of the busbar and transformer pages: the model, the counter rollups, and statistics of the 10-min PQ aggregates. */
export function powerRepository(db: Db) {
  // the callers hand over ems.db only: the store's kind from its adapter (the rollup_15m source)
  const kind = storeKindOf(db);
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
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), label: r.model_label, name: r.name, attrs: attrsOf(r.attrs) }));
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
        .selectFrom(rollupRows(kind, grain === '15m' ? 'rollup_15m' : 'rollup_hour', from, to).as('b'))
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
     * Statistics of a series' 10-min values v = (mean − offset) / divisor × scale over buckets in
     * [from, to) of pq_10m: count, count within the band, min, max; then the two order statistics
     * the 95th percentile interpolates between (of |v| for a two-sided band), fetched from the top
     * so the store keeps only the top 5 % while sorting.
     */
    async pqStats(deviceId: number, spec: SeriesSpec, from: number, to: number): Promise<SeriesStats> {
      const v = sql`(mean - ${spec.offset}) / ${spec.divisor} * ${spec.scale}`;
      const values = sql`select ${v} as v from pq_10m where device_id = ${deviceId} and data_id = ${spec.dataId} and bucket_start >= ${from} and bucket_start < ${to}`;
      const { lower, upper } = spec.band ?? {};
      const inside = sql.join([sql`1 = 1`, ...(lower === undefined ? [] : [sql`v >= ${lower}`]), ...(upper === undefined ? [] : [sql`v <= ${upper}`])], sql` and `);
      const r = await sql<{ n: number | string; w: number | string | null; lo: number | null; hi: number | null }>`
        select count(*) as n, sum(case when ${inside} then 1 else 0 end) as w, min(v) as lo, max(v) as hi from (${values}) x`.execute(db);
      const row = r.rows[0];
      const n = Number(row?.n ?? 0);
      const rank = quantileRank(n, 0.95);
      if (!row || !rank) return { measured: 0, within: 0, min: null, max: null, cp95: null };
      const q = isTwoSided(spec.band) ? sql`abs(v)` : sql`v`;
      const top = await sql<{ q: number }>`select ${q} as q from (${values}) x order by q desc limit ${sql.lit(rank.hi - rank.lo + 1)} offset ${sql.lit(n - 1 - rank.hi)}`.execute(db);
      const atHi = Number(top.rows[0]?.q);
      const atLo = Number(top.rows[top.rows.length - 1]?.q);
      return { measured: n, within: Number(row.w ?? 0), min: row.lo === null ? null : Number(row.lo), max: row.hi === null ? null : Number(row.hi), cp95: interpolateRank(atLo, atHi, rank.frac) };
    },

    /** Means of the series' 10-min means per step of `stepMs` from `from`, buckets in [from, to). */
    async pqTrend(deviceId: number, dataIds: readonly number[], from: number, to: number, stepMs: number): Promise<PqTrendRow[]> {
      if (dataIds.length === 0 || to <= from) return [];
      const t = sql`(bucket_start - cast(${from} as bigint)) / cast(${stepMs} as bigint) * cast(${stepMs} as bigint) + cast(${from} as bigint)`;
      const r = await sql<{ data_id: number; t: number | string; v: number | string }>`
        select data_id, ${t} as t, avg(mean) as v from pq_10m
        where device_id = ${deviceId} and data_id in (${sql.join(dataIds.map((d) => sql.lit(d)))}) and bucket_start >= ${from} and bucket_start < ${to}
        group by 1, 2
        order by 2`.execute(db);
      return r.rows.map((x) => ({ dataId: Number(x.data_id), t: Number(x.t), value: Number(x.v) }));
    },
  };
}

export type PowerRepository = ReturnType<typeof powerRepository>;
