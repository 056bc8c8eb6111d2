import { sql } from 'kysely';
import { DATA_ID, type CompressorGrain } from '@ems/contract';
import type { Db } from '../../db/connect.js';
import { readingRows, rollupRows, storeKindOf } from '../../db/series-source.js';
import { attrsOf, numOrNull } from '../common/attrs.js';

/** A node of the station: a compressor, or one of the project's meters. */
export interface StationNode {
  id: number;
  parentId: number | null;
  label: string;
  name: string;
  code: string | null;
  attrs: Record<string, unknown>;
}

/** One rollup bucket of a counter series. */
export interface SeriesRow {
  deviceId: number;
  dataId: number;
  start: number;
  value: number | null;
  /** 15-min intervals the bucket holds */
  n: number;
}

const TABLE = { '15m': 'rollup_15m', hour: 'rollup_hour', day: 'rollup_day', month: 'rollup_month' } as const;

/** All SQL of the compressed-air pages: the station's nodes, counter rollups and the header pressure readings. */
export function compressorRepository(db: Db) {
  // the callers hand over ems.db only: the store's kind from its adapter (reading and rollup_15m sources)
  const kind = storeKindOf(db);
  return {
    async project(projectId: number): Promise<{ id: number; timezone: string } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), timezone: r.timezone || 'Asia/Shanghai' } : undefined;
    },

    /** The project's compressors and meters (the compressors' own and the air meters), tree order. */
    async nodes(projectId: number): Promise<StationNode[]> {
      const rows = await db
        .selectFrom('node')
        .select(['id', 'parent_id', 'model_label', 'name', 'code', 'attrs'])
        .where('project_id', '=', projectId)
        .where('model_label', 'in', ['aircompressor', 'meter'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        parentId: r.parent_id === null ? null : Number(r.parent_id),
        label: r.model_label,
        name: r.name,
        code: r.code ?? null,
        attrs: attrsOf(r.attrs),
      }));
    },

    /** Rollup buckets of the devices' series with bucket_start in [from, to). */
    async buckets(grain: CompressorGrain, deviceIds: readonly number[], dataIds: readonly number[], from: number, to: number): Promise<SeriesRow[]> {
      if (deviceIds.length === 0 || dataIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(rollupRows(kind, TABLE[grain], from, to).as(TABLE[grain]))
        .select(['device_id', 'data_id', 'bucket_start', 'value', 'n_intervals'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', 'in', [...dataIds])
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .orderBy('bucket_start')
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), dataId: Number(r.data_id), start: Number(r.bucket_start), value: r.value === null ? null : Number(r.value), n: Number(r.n_intervals) }));
    },

    /**
     * Sums of the devices' hourly series over the hours whose local time of day (bucket_start +
     * offsetMs, a zone of constant offset over [from, to)) is in [fromMs, toMs) of the day, and the
     * number of such hours each series has.
     */
    async idleSums(deviceIds: readonly number[], dataIds: readonly number[], from: number, to: number, offsetMs: number, fromMs: number, toMs: number): Promise<{ deviceId: number; dataId: number; sum: number; hours: number }[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const tod = sql`((bucket_start + cast(${offsetMs} as bigint)) % cast(86400000 as bigint))`;
      const r = await sql<{ device_id: number; data_id: number; s: number | string | null; n: number | string }>`
        select device_id, data_id, sum(value) as s, count(*) as n from rollup_hour
        where device_id in (${sql.join(deviceIds.map((d) => sql.lit(d)))}) and data_id in (${sql.join(dataIds.map((d) => sql.lit(d)))})
          and bucket_start >= ${from} and bucket_start < ${to} and ${tod} >= ${fromMs} and ${tod} < ${toMs}
        group by device_id, data_id`.execute(db);
      return r.rows.map((x) => ({ deviceId: Number(x.device_id), dataId: Number(x.data_id), sum: Number(x.s ?? 0), hours: Number(x.n) }));
    },

    /** Σ of the devices' hourly kWh per hour bucket in [from, to) (the station's energy, priced hour by hour). */
    async hourlyKwh(deviceIds: readonly number[], from: number, to: number): Promise<{ start: number; kwh: number }[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const r = await sql<{ b: number | string; s: number | string | null }>`
        select bucket_start as b, sum(value) as s from rollup_hour
        where device_id in (${sql.join(deviceIds.map((d) => sql.lit(d)))}) and data_id = ${DATA_ID.activeEnergyImport} and bucket_start >= ${from} and bucket_start < ${to}
        group by bucket_start order by bucket_start`.execute(db);
      return r.rows.map((x) => ({ start: Number(x.b), kwh: Number(x.s ?? 0) }));
    },

    /** The first of the devices with header-pressure readings in [from, to), else undefined. */
    async pressureDevice(deviceIds: readonly number[], from: number, to: number): Promise<number | undefined> {
      for (const id of deviceIds) {
        const r = await db.selectFrom(readingRows(kind, from, to).as('reading')).select('ts').where('device_id', '=', id).where('data_id', '=', DATA_ID.airHeaderPressure).where('ts', '>=', from).where('ts', '<', to).limit(1).executeTakeFirst();
        if (r) return id;
      }
      return undefined;
    },

    /** Statistics of the header pressure in [from, to): count, mean, min, max and count inside [low, high]. */
    async pressureStats(deviceId: number, from: number, to: number, low: number | null, high: number | null) {
      const inside = low !== null && high !== null ? sql`sum(case when value >= ${low} and value <= ${high} then 1 else 0 end)` : sql`null`;
      const r = await sql<{ n: number | string; a: number | null; lo: number | null; hi: number | null; w: number | string | null }>`
        select count(*) as n, avg(value) as a, min(value) as lo, max(value) as hi, ${inside} as w from ${readingRows(kind, from, to)} reading
        where device_id = ${deviceId} and data_id = ${DATA_ID.airHeaderPressure} and ts >= ${from} and ts < ${to}`.execute(db);
      const x = r.rows[0];
      return { n: Number(x?.n ?? 0), avg: numOrNull(x?.a), min: numOrNull(x?.lo), max: numOrNull(x?.hi), within: x?.w === null || x?.w === undefined ? null : Number(x.w) };
    },

    /** Mean, min and max of the header pressure per step of `stepMs` from `from`, readings in [from, to). */
    async pressureTrend(deviceId: number, from: number, to: number, stepMs: number): Promise<{ t: number; avg: number; min: number; max: number }[]> {
      const t = sql`(ts - cast(${from} as bigint)) / cast(${stepMs} as bigint) * cast(${stepMs} as bigint) + cast(${from} as bigint)`;
      const r = await sql<{ t: number | string; a: number | string; lo: number | string; hi: number | string }>`
        select ${t} as t, avg(value) as a, min(value) as lo, max(value) as hi from ${readingRows(kind, from, to)} reading
        where device_id = ${deviceId} and data_id = ${DATA_ID.airHeaderPressure} and ts >= ${from} and ts < ${to}
        group by 1 order by 1`.execute(db);
      return r.rows.map((x) => ({ t: Number(x.t), avg: Number(x.a), min: Number(x.lo), max: Number(x.hi) }));
    },
  };
}

export type CompressorRepository = ReturnType<typeof compressorRepository>;
