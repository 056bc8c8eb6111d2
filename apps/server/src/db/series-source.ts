import { SqliteAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { StoreKind } from './migrate.js';
import type { Database, ReadingTable, RollupTable } from './schema.js';

/**
 * The one way to read `reading` and `rollup_15m` (issue 16, docs/storage.md "Closed days in one row per
 * series").
 *
 * On PostgreSQL a series' closed UTC days are moved by the compaction job
 * (modules/timeseries/compaction.ts) out of the row tables into one row per series and day of arrays
 * (`reading_day`, `rollup_15m_day`, migration 0031); the newer days stay rows. The sources below are
 * the union of both forms over [from, to), as rows with the row table's columns: a statement reads
 * `from ${readingRows(kind, from, to)} r` where it read `from reading r`. The range bounds the day rows
 * read (the days overlapping it, by the key (device_id, data_id, day)); the statement's own filters on
 * device_id and data_id reach both parts (PostgreSQL pushes them into a UNION ALL), and its filters on
 * ts keep working as before (they may be narrower than the range, never wider). The day rows come
 * first: they hold the older values, so a sum adds a series' values in time order, as the rows did.
 *
 * On SQLite (87 B per reading with rows, under its goal) the source is the table itself.
 */

export const DAY_MS = 86_400_000;
export const QUARTER_MS = 900_000;

/** Below and above every stored time (ms since 1970; far inside bigint after ± a day). */
export const TS_MIN = -8_000_000_000_000_000;
export const TS_MAX = 8_000_000_000_000_000;

/** A range bound: a whole number of ms, or an SQL expression of one (not correlated with the outer statement). */
export type Bound = number | RawBuilder<unknown>;

function bound(x: Bound): RawBuilder<unknown> {
  if (typeof x !== 'number') return sql`cast(${x} as bigint)`;
  const n = Number.isFinite(x) ? Math.floor(x) : x > 0 ? TS_MAX : TS_MIN;
  return sql.lit(Math.max(TS_MIN, Math.min(TS_MAX, n)));
}

/**
 * The readings of every series with ts in [from, to): `reading`'s columns (device_id, data_id, ts, value,
 * status). Use as a FROM item with an alias: `from ${readingRows(kind, a, b)} r`, or
 * `selectFrom(readingRows(kind, a, b).as('reading'))`.
 */
export function readingRows(kind: StoreKind, from: Bound, to: Bound): RawBuilder<ReadingTable> {
  if (kind === 'sqlite') return sql<ReadingTable>`reading`;
  const lo = bound(from);
  const hi = bound(to);
  return sql<ReadingTable>`(select d.device_id, d.data_id, d.day + u.o as ts, u.v as value, coalesce(u.s, 0::int2) as status
      from reading_day d cross join lateral unnest(d.ts_off, d.value, d.status) as u(o, v, s)
      where d.day > ${lo} - ${sql.lit(DAY_MS)} and d.day < ${hi} and d.day + u.o >= ${lo} and d.day + u.o < ${hi}
    union all
    select device_id, data_id, ts, value, status from reading where ts >= ${lo} and ts < ${hi})`;
}

/**
 * The 15-min consumption rows of every series with bucket_start in [from, to): `rollup_15m`'s columns
 * (device_id, data_id, bucket_start, value, quality, n_intervals, n_good). Used like {@link readingRows}.
 */
export function rollup15Rows(kind: StoreKind, from: Bound, to: Bound): RawBuilder<RollupTable> {
  if (kind === 'sqlite') return sql<RollupTable>`rollup_15m`;
  const lo = bound(from);
  const hi = bound(to);
  const start = sql`d.day + (u.i - 1) * ${sql.lit(QUARTER_MS)}`;
  return sql<RollupTable>`(select d.device_id, d.data_id, ${start} as bucket_start, u.v as value, coalesce(u.q, 0::int2) as quality,
        coalesce(u.n, 1) as n_intervals,
        coalesce(u.g, case when u.v is not null and coalesce(u.q, 0::int2) in (0, 4) then 1 else 0 end) as n_good
      from rollup_15m_day d cross join lateral unnest(d.value, d.quality, d.n_intervals, d.n_good) with ordinality as u(v, q, n, g, i)
      where d.day > ${lo} - ${sql.lit(DAY_MS)} and d.day < ${hi} and coalesce(u.q, 0::int2) >= 0 and ${start} >= ${lo} and ${start} < ${hi}
    union all
    select device_id, data_id, bucket_start, value, quality, n_intervals, n_good from rollup_15m where bucket_start >= ${lo} and bucket_start < ${hi})`;
}

/** {@link rollup15Rows} for 'rollup_15m', else the coarser rollup table itself (never compacted). */
export function rollupRows(kind: StoreKind, table: 'rollup_15m' | 'rollup_hour' | 'rollup_day' | 'rollup_month', from: Bound, to: Bound): RawBuilder<RollupTable> {
  return table === 'rollup_15m' ? rollup15Rows(kind, from, to) : sql<RollupTable>`${sql.table(table)}`;
}

/**
 * PostgreSQL text of {@link readingRows} for statements sent with node-postgres directly (the write
 * path): `lo` and `hi` are SQL expressions of bigint (parameters like `$3::bigint`, or literals).
 */
export function pgReadingRowsText(lo: string, hi: string): string {
  return `(select d.device_id, d.data_id, d.day + u.o as ts, u.v as value, coalesce(u.s, 0::int2) as status
      from reading_day d cross join lateral unnest(d.ts_off, d.value, d.status) as u(o, v, s)
      where d.day > (${lo}) - ${DAY_MS} and d.day < (${hi}) and d.day + u.o >= (${lo}) and d.day + u.o < (${hi})
    union all
    select device_id, data_id, ts, value, status from reading where ts >= (${lo}) and ts < (${hi}))`;
}

/** An SQL expression (a column of the outer statement, a parameter, a literal). */
type Expr = RawBuilder<unknown>;

/**
 * Scalar SQL: the time of the series' (device, data point) newest reading at or before `at` (null for
 * none); the arguments may be correlated with the outer statement. On PostgreSQL the rows come first
 * (they hold a series' newest days, so any found there is the newest), then the series' last two day
 * rows starting at or before `at` (the later may begin after its last reading before `at`).
 */
export function latestReadingTs(kind: StoreKind, device: Expr, data: Expr, at: Bound): RawBuilder<number | null> {
  const t = bound(at);
  const rows = sql`(select max(ts) from reading where device_id = ${device} and data_id = ${data} and ts <= ${t})`;
  if (kind === 'sqlite') return sql<number | null>`${rows}`;
  return sql<number | null>`coalesce(${rows}, (select max(x.day + o) from (select day, ts_off from reading_day
      where device_id = ${device} and data_id = ${data} and day <= ${t} order by day desc limit 2) x cross join lateral unnest(x.ts_off) o where x.day + o <= ${t}))`;
}

/** Scalar SQL: the value of the series' reading at exactly `ts` (null for none); arguments as {@link latestReadingTs}. */
export function readingValueAt(kind: StoreKind, device: Expr, data: Expr, ts: Expr): RawBuilder<number | null> {
  const rows = sql`(select value from reading where device_id = ${device} and data_id = ${data} and ts = ${ts})`;
  if (kind === 'sqlite') return sql<number | null>`${rows}`;
  return sql<number | null>`coalesce(${rows}, (select x.value[array_position(x.ts_off, cast(${ts} - x.day as integer))] from reading_day x
      where x.device_id = ${device} and x.data_id = ${data} and x.day = ${ts} / ${sql.lit(DAY_MS)} * ${sql.lit(DAY_MS)}))`;
}

/** The store's kind from a Kysely instance (repositories that are handed `ems.db` alone). */
export function storeKindOf(db: Kysely<Database>): StoreKind {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
