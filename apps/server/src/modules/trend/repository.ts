import { sql, type RawBuilder } from 'kysely';
import { pgPoolOf, sqliteStatementsOf, type Db } from '../../db/connect.js';
import { latestReadingTs, readingRows, rollupRows } from '../../db/series-source.js';

/** Worst status by severity (normal < interpolated < estimated < reset < suspect), as a sortable code. */
const SEVERITY = sql`case status when 3 then 4 when 4 then 3 else status end`;
/** The severity code back to a READING_STATUS. */
export const fromSeverity = (s: number): number => (s === 4 ? 3 : s === 3 ? 4 : s);

const big = (n: number) => sql`cast(${n} as bigint)`;

export type RollupTableName = 'rollup_15m' | 'rollup_hour' | 'rollup_day';

/** One line's range: device, data point, [from, to) in ms. */
export interface LineRange {
  deviceId: number;
  dataId: number;
  from: number;
  to: number;
}

export interface TimeRow {
  t: number;
  v: number | null;
  s: number;
}

/** The driver's rows as TimeRows, converted in place (a year of readings is 35,000 rows a line: no copies). */
const rowsOf = (rows: { t: unknown; v: unknown; s: unknown }[]): TimeRow[] => {
  for (const r of rows) {
    r.t = Number(r.t);
    r.v = r.v === null || r.v === undefined ? null : Number(r.v);
    r.s = Number(r.s);
  }
  return rows as TimeRow[];
};

/**
 * All SQL of the trend API. Every read goes through the reading key (device_id, data_id, ts); readings and
 * 15-min values through db/series-source.ts (on PostgreSQL closed days are day rows, issue 16), each over
 * the statement's own range, so that only the day rows of the days in range are read.
 */
export function trendRepository(db: Db, kind: 'sqlite' | 'postgres') {
  const pool = kind === 'postgres' ? pgPoolOf(db) : undefined;
  const statements = kind === 'sqlite' ? sqliteStatementsOf(db) : undefined;
  /**
   * Runs one of the pyramid reads of a long trend line (4 a line): on PostgreSQL as the named statement `name` (one SQL
   * text per name), planned once per connection instead of on every call; on SQLite straight on the cached prepared
   * statement of its text (a read: no need of Kysely's connection lock).
   */
  const run = async <R>(name: string, query: RawBuilder<R>): Promise<R[]> => {
    if (!pool && !statements) return (await query.execute(db)).rows;
    const { sql: text, parameters } = query.compile(db);
    if (statements) return statements.prepare(text).all(...parameters) as R[];
    return (await (pool as NonNullable<typeof pool>).query({ name, text, values: [...parameters] })).rows as R[];
  };
  return {
    /** The nodes among the ids that lie in the projects, with their project's timezone. */
    async devices(ids: number[], projectIds: readonly number[]) {
      if (ids.length === 0 || projectIds.length === 0) return [];
      return db
        .selectFrom('node')
        .innerJoin('project', 'project.id', 'node.project_id')
        .select(['node.id', 'node.name', 'node.attrs', 'node.project_id', 'project.timezone'])
        .where('node.id', 'in', ids)
        .where('node.project_id', 'in', [...projectIds])
        .execute();
    },

    async catalogue() {
      return db.selectFrom('data_point').selectAll().execute();
    },

    /** Raw readings in range, at most `cap` + 1 rows (one more tells the caller it was cut). */
    async raw(q: LineRange, cap: number): Promise<TimeRow[]> {
      const r = await sql<{ t: number; v: number; s: number }>`
        select ts as t, value as v, status as s from ${readingRows(kind, q.from, q.to)} reading
        where device_id = ${q.deviceId} and data_id = ${q.dataId} and ts >= ${big(q.from)} and ts < ${big(q.to)}
        order by ts limit ${cap + 1}`.execute(db);
      return rowsOf(r.rows);
    },

    /**
     * Whether more than `cap` readings lie in range (probes the key at offset cap). Any order answers it:
     * PostgreSQL's source is unordered (day rows and rows), so it is read without one and stops at the
     * (cap + 1)th reading, not sorting the range.
     */
    async exceeds(q: LineRange, cap: number): Promise<boolean> {
      const r = await sql<{ ts: number }>`
        select ts from ${readingRows(kind, q.from, q.to)} reading
        where device_id = ${q.deviceId} and data_id = ${q.dataId} and ts >= ${big(q.from)} and ts < ${big(q.to)}
        ${kind === 'sqlite' ? sql`order by ts` : sql``} limit 1 offset ${cap}`.execute(db);
      return r.rows.length > 0;
    },

    /**
     * Readings aggregated per interval of `stepMs` aligned to `originMs` (≤ from): average (or max)
     * value and worst status (as a severity code); reads at most `cap` readings.
     */
    async aggregated(q: LineRange, originMs: number, stepMs: number, how: 'avg' | 'max', cap: number): Promise<TimeRow[]> {
      const agg = how === 'avg' ? sql`avg(value)` : sql`max(value)`;
      const r = await sql<{ t: number; v: number | null; s: number }>`
        select cast(${big(originMs)} + b * ${big(stepMs)} as bigint) as t, ${agg} as v, max(sev) as s
        from (select (ts - ${big(originMs)}) / ${big(stepMs)} as b, value, ${SEVERITY} as sev from ${readingRows(kind, q.from, q.to)} reading
              where device_id = ${q.deviceId} and data_id = ${q.dataId} and ts >= ${big(q.from)} and ts < ${big(q.to)}
              order by ts limit ${cap}) r
        group by b order by b`.execute(db);
      return rowsOf(r.rows).map((x) => ({ ...x, s: fromSeverity(x.s) }));
    },

    /**
     * Counter consumption per interval from readings: the last reading of each interval minus the
     * last one before it (the reading before `from` opens the first interval). Register units, no
     * rollover handling (the rollup intervals have that); worst status of the interval.
     */
    async counterDeltas(q: LineRange, originMs: number, stepMs: number, cap: number): Promise<TimeRow[]> {
      // the start of the range read: the reading before `from` (it may lie in a day row), else `from`; found
      // once in p (its bound appears several times in PostgreSQL's source)
      const before = latestReadingTs(kind, sql`${q.deviceId}`, sql`${q.dataId}`, sql`${q.from - 1}`);
      const lo = sql`(select lo from p)`;
      const r = await sql<{ b: number; v: number | null; s: number }>`
        with p(lo) as (select coalesce(${before}, ${big(q.from)})), r as (
          select case when ts < ${big(q.from)} then -1 else (ts - ${big(originMs)}) / ${big(stepMs)} end as b, ts, value, ${SEVERITY} as sev
          from ${readingRows(kind, lo, q.to)} reading
          where device_id = ${q.deviceId} and data_id = ${q.dataId} and ts < ${big(q.to)}
            and ts >= ${lo}
          order by ts limit ${cap}
        ), l as (
          select b, value, max(sev) over (partition by b) as s, row_number() over (partition by b order by ts desc) as rn from r
        )
        select b, value - lag(value) over (order by b) as v, s from l where rn = 1 order by b`.execute(db);
      return r.rows
        .map((x) => ({ b: Number(x.b), v: x.v === null ? null : Number(x.v), s: fromSeverity(Number(x.s)) }))
        .filter((x) => x.b >= 0)
        .map((x) => ({ t: originMs + x.b * stepMs, v: x.v, s: x.s }));
    },

    /**
     * Per aligned bucket (issue 16: `width` ms from `origin`, whole hours) of the pyramid cells starting in
     * [from, to), the cell holding its lowest minimum ('low') or highest maximum ('high'), the earliest on a
     * tie, as that point. SQLite: the row of the group's min()/max() (its bare columns; the first such row in
     * key order, i.e. the earliest cell); PostgreSQL: DISTINCT ON over the same order.
     */
    async cellExtremes(q: LineRange, origin: number, width: number, which: 'low' | 'high'): Promise<TimeRow[]> {
      const [v, o, st] = which === 'low' ? ['min_v', 'min_o', 'min_s'] : ['max_v', 'max_o', 'max_s'];
      const where = sql`device_id = ${q.deviceId} and data_id = ${q.dataId} and bucket_start >= ${big(q.from)} and bucket_start < ${big(q.to)}`;
      const query =
        kind === 'sqlite'
          ? sql<{ t: number; v: number; s: number }>`
            select ${sql.raw(which === 'low' ? 'min' : 'max')}(${sql.ref(v)}) as v, bucket_start + ${sql.ref(o)} as t, ${sql.ref(st)} as s from reading_hour
            where ${where} group by (bucket_start - ${big(origin)}) / ${big(width)}`
          : sql<{ t: number; v: number; s: number }>`
            select distinct on (g) t, v, s from (
              select (bucket_start - ${big(origin)}) / ${big(width)} as g, bucket_start + ${sql.ref(o)} as t, ${sql.ref(v)} as v, ${sql.ref(st)} as s, bucket_start
              from reading_hour where ${where}) c
            order by g, v ${sql.raw(which === 'low' ? 'asc' : 'desc')}, bucket_start`;
      const rows = await run(`ems_trend_cells_${which}`, query);
      return rowsOf(rows);
    },

    /** The first (or last) pyramid cell of a series starting in [from, to), as its first (or last) reading. */
    async endCell(q: LineRange, which: 'first' | 'last'): Promise<TimeRow | undefined> {
      const [o, v, st, dir] = which === 'first' ? ['first_o', 'first_v', 'first_s', 'asc'] : ['last_o', 'last_v', 'last_s', 'desc'];
      const rows = await run(
        `ems_trend_cell_${which}`,
        sql<{ t: number; v: number; s: number }>`
        select bucket_start + ${sql.ref(o)} as t, ${sql.ref(v)} as v, ${sql.ref(st)} as s from reading_hour
        where device_id = ${q.deviceId} and data_id = ${q.dataId} and bucket_start >= ${big(q.from)} and bucket_start < ${big(q.to)}
        order by bucket_start ${sql.raw(dir)} limit 1`,
      );
      return rowsOf(rows)[0];
    },

    /** Rollup buckets (counter consumption) starting in range. */
    async rollups(table: RollupTableName, q: LineRange, cap: number): Promise<TimeRow[]> {
      const r = await sql<{ t: number; v: number | null; s: number }>`
        select bucket_start as t, value as v, quality as s from ${rollupRows(kind, table, q.from, q.to)} r
        where device_id = ${q.deviceId} and data_id = ${q.dataId} and bucket_start >= ${big(q.from)} and bucket_start < ${big(q.to)}
        order by bucket_start limit ${cap}`.execute(db);
      return rowsOf(r.rows);
    },
  };
}
