import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** A meter node of a project as the balance reads it. */
export interface MeterNodeRow {
  id: number;
  parentId: number | null;
  name: string;
  code: string;
  attrs: string;
}

/** One day (or hour) bucket of a counter series with the 15-min intervals it holds. */
export interface DayRow {
  deviceId: number;
  bucketStart: number;
  value: number | null;
  intervals: number;
}

/** Σ and 15-min intervals of one device's valued hour buckets at night on one local day. */
export interface NightRow {
  deviceId: number;
  /** the local day's start */
  day: number;
  nightSum: number;
  nightIntervals: number;
}

const DAY_MS = 86_400_000;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** All SQL of the balance pages: the project, its meters and reads of the day and hour rollups (never readings). */
export function balanceRepository(db: Db) {
  return {
    async project(projectId: number): Promise<{ id: number; timezone: string } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), timezone: r.timezone || 'Asia/Shanghai' } : undefined;
    },

    /** The project's meter nodes with their tree parent (to fall back on when attrs name no parent meter). */
    async meters(projectId: number): Promise<MeterNodeRow[]> {
      const rows = await db
        .selectFrom('node')
        .select(['id', 'parent_id', 'name', 'code', 'attrs'])
        .where('project_id', '=', projectId)
        .where('model_label', '=', 'meter')
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name, code: r.code ?? '', attrs: r.attrs }));
    },

    /** Day (or hour) buckets of the devices' series of one data point with bucket_start in [from, to). */
    async days(deviceIds: readonly number[], dataId: number, from: number, to: number, table: 'rollup_day' | 'rollup_hour' = 'rollup_day'): Promise<DayRow[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(table)
        .select(['device_id', 'bucket_start', 'value', 'n_intervals'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), bucketStart: Number(r.bucket_start), value: num(r.value), intervals: Number(r.n_intervals) }));
    },

    /**
     * Per device and local day, Σ and 15-min intervals of the valued hour buckets in [from, to) at
     * night (local time of day before `nightEndMs`); the day's rest is its day bucket less these.
     * `offsetMs` (local − UTC) is constant over the span: the caller splits a range at offset changes.
     */
    async nightByDay(deviceIds: readonly number[], dataId: number, from: number, to: number, offsetMs: number, nightEndMs: number): Promise<NightRow[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const shift = Math.trunc(offsetMs) + 10 * DAY_MS;
      const tod = sql<number>`((bucket_start + ${sql.lit(shift)}) % ${sql.lit(DAY_MS)})`;
      const day = sql<number>`((bucket_start + ${sql.lit(shift)}) - ((bucket_start + ${sql.lit(shift)}) % ${sql.lit(DAY_MS)}))`;
      const rows = await db
        .selectFrom('rollup_hour')
        .select('device_id')
        .select([day.as('d'), sql<number | string>`sum(value)`.as('ns'), sql<number | string>`sum(n_intervals)`.as('ni')])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .where('value', 'is not', null)
        .where(sql<boolean>`${tod} < ${sql.lit(Math.trunc(nightEndMs))}`)
        .groupBy(['device_id', day])
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), day: Number(r.d) - shift, nightSum: Number(r.ns ?? 0), nightIntervals: Number(r.ni ?? 0) }));
    },
  };
}

export type BalanceRepository = ReturnType<typeof balanceRepository>;
