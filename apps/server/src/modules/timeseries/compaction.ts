import type pg from 'pg';
import { DAY_MS, QUARTER_MS } from '../../db/series-source.js';

/**
 * PostgreSQL: closed days of a series kept in one row of arrays (issue 16; migration 0031,
 * docs/storage.md "Closed days in one row per series").
 *
 * The invariant every reader and the write path rely on: for each series, its rows in `reading` and
 * `rollup_15m` hold everything from some UTC day W on, its day rows in `reading_day` and
 * `rollup_15m_day` everything before W, and its newest reading is a row.
 *
 * - A pass moves, per series, the whole UTC days before `cut` = the earlier of the day of its newest
 *   reading and the day of (now - grace): a day is moved once a reading of a later day is stored (so
 *   the 15-min value of its last quarter, which needs the next reading, is final). Readings and 15-min
 *   values of those days leave their rows for one row each per day, in one transaction per batch.
 * - A write of a reading at or before the series' first row (a late reading) first moves the day rows
 *   from its day on back to rows, with the two day rows before it: the write path then finds the
 *   readings around the new one (the one before it, and the one before that 15-min boundary) among the
 *   rows as before ({@link PG_REOPEN_SQL}).
 * Both run on the write path's connection between two commits (repository.ts), never beside a write.
 */

/** Days of one series one pass moves at most (a store migrated with a long history is compacted over several passes). */
export const COMPACT_DAYS_PER_PASS = 31;
/** Series-days one transaction moves at most (96 readings and 96 quarters each for 15-min meters). */
export const COMPACT_DAYS_PER_TX = 2000;
/** A day is moved once now is this far past its end, at the earliest (late readings within it do not reopen it). */
export const COMPACT_GRACE_MS = 2 * 3_600_000;

export interface CompactionCandidate {
  deviceId: number;
  dataId: number;
  /** the days before this are moved (a UTC day start) */
  cut: number;
  /** the first day with rows now (a UTC day start) */
  from: number;
}

const floorDay = (ts: number) => Math.floor(ts / DAY_MS) * DAY_MS;

/** The series with rows in `reading` and the ts range of those rows. */
export const PG_ROW_SERIES_SQL = 'select device_id as d, data_id as k, min(ts) as mn, max(ts) as mx from reading group by 1, 2';

/** Per series, the days a pass moves: from its first row's day to the cut, at most COMPACT_DAYS_PER_PASS. */
export function compactionCandidates(rows: { d: number; k: number; mn: string | number; mx: string | number }[], now: number, graceMs = COMPACT_GRACE_MS): { candidates: CompactionCandidate[]; more: boolean } {
  const latestCut = floorDay(now - graceMs);
  const candidates: CompactionCandidate[] = [];
  let more = false;
  for (const r of rows) {
    const from = floorDay(Number(r.mn));
    let cut = Math.min(floorDay(Number(r.mx)), latestCut);
    if (cut <= from) continue;
    if (cut - from > COMPACT_DAYS_PER_PASS * DAY_MS) {
      cut = from + COMPACT_DAYS_PER_PASS * DAY_MS;
      more = true;
    }
    candidates.push({ deviceId: Number(r.d), dataId: Number(r.k), cut, from });
  }
  candidates.sort((a, b) => a.deviceId - b.deviceId || a.dataId - b.dataId);
  return { candidates, more };
}

/** Candidates grouped into transactions of at most COMPACT_DAYS_PER_TX series-days (a series whole). */
export function compactionBatches(candidates: CompactionCandidate[], daysPerTx = COMPACT_DAYS_PER_TX): CompactionCandidate[][] {
  const out: CompactionCandidate[][] = [];
  let batch: CompactionCandidate[] = [];
  let days = 0;
  for (const c of candidates) {
    const n = (c.cut - c.from) / DAY_MS;
    if (batch.length > 0 && days + n > daysPerTx) {
      out.push(batch);
      batch = [];
      days = 0;
    }
    batch.push(c);
    days += n;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/**
 * One statement moving the days before each series' cut ($1 device ids, $2 data ids, $3 cuts) into day
 * rows; returns per series its first row's ts afterwards (f). The 15-min rows go to an array slot per
 * quarter of the day (holes: quality -1); a 15-min row off a quarter boundary (none is written) would
 * stay a row. A day row that already exists makes the statement fail (nothing moves).
 */
export const PG_COMPACT_SQL = `with s(d, k, cut) as (select * from unnest($1::int[], $2::int[], $3::bigint[])),
  moved as (delete from reading r using s where r.device_id = s.d and r.data_id = s.k and r.ts < s.cut
    returning r.device_id, r.data_id, r.ts, r.value, r.status),
  days as (insert into reading_day (device_id, data_id, day, ts_off, value, status)
    select device_id, data_id, ts / ${DAY_MS} * ${DAY_MS}, array_agg((ts % ${DAY_MS})::int order by ts), array_agg(value order by ts),
      case when bool_and(status = 0) then null else array_agg(status order by ts) end
    from moved group by 1, 2, 3 order by 1, 2, 3
    returning 1),
  moved15 as (delete from rollup_15m r using s where r.device_id = s.d and r.data_id = s.k and r.bucket_start < s.cut and r.bucket_start % ${QUARTER_MS} = 0
    returning r.device_id as d, r.data_id as k, r.bucket_start / ${DAY_MS} * ${DAY_MS} as day, ((r.bucket_start % ${DAY_MS}) / ${QUARTER_MS})::int as i,
      r.value, r.quality, r.n_intervals, r.n_good),
  grid as (select m.d, m.k, m.day, g.i from (select d, k, day, max(i) as mi from moved15 group by 1, 2, 3) m cross join lateral generate_series(0, m.mi) as g(i)),
  days15 as (insert into rollup_15m_day (device_id, data_id, day, value, quality, n_intervals, n_good)
    select grid.d, grid.k, grid.day, array_agg(x.value order by grid.i),
      case when bool_and(coalesce(x.quality, -1) = 0) then null else array_agg(coalesce(x.quality, -1::smallint) order by grid.i) end,
      case when bool_and(x.n_intervals is null or x.n_intervals = 1) then null else array_agg(x.n_intervals order by grid.i) end,
      case when bool_and(x.n_good is null or x.n_good = case when x.value is not null and x.quality in (0, 4) then 1 else 0 end) then null
        else array_agg(x.n_good order by grid.i) end
    from grid left join moved15 x on x.d = grid.d and x.k = grid.k and x.day = grid.day and x.i = grid.i
    group by 1, 2, 3 order by 1, 2, 3
    returning 1)
  select s.d, s.k, (select min(ts) from reading r where r.device_id = s.d and r.data_id = s.k and r.ts >= s.cut) as f,
    (select count(*) from days) as days, (select count(*) from days15) as days15
  from s`;

/**
 * Per series ($1 device ids, $2 data ids), whether it has day rows, and its first row's ts: what the
 * write path needs to know whether a write lands before its rows (f null and last_day set: no row).
 */
export const PG_SERIES_STATE_SQL = `select s.d, s.k,
    (select max(day) from reading_day x where x.device_id = s.d and x.data_id = s.k) as last_day,
    (select min(ts) from reading r where r.device_id = s.d and r.data_id = s.k) as f
  from unnest($1::int[], $2::int[]) as s(d, k)`;

/**
 * Moves back to rows ($1 device ids, $2 data ids, $3 the earliest ts written per series) every day row of
 * the series from the day of that ts on, and the two day rows before it (which hold the reading before
 * the new one, and the reading before that one's 15-min boundary), readings and 15-min values alike.
 */
export const PG_REOPEN_SQL = `with s(d, k, mn) as (select * from unnest($1::int[], $2::int[], $3::bigint[])),
  c as (select s.d, s.k, least(s.mn / ${DAY_MS} * ${DAY_MS}, coalesce((select min(t.day) from (select x.day from reading_day x
      where x.device_id = s.d and x.data_id = s.k and x.day < s.mn / ${DAY_MS} * ${DAY_MS} order by x.day desc limit 2) t), s.mn / ${DAY_MS} * ${DAY_MS})) as cut
    from s),
  r as (delete from reading_day x using c where x.device_id = c.d and x.data_id = c.k and x.day >= c.cut returning x.*),
  ri as (insert into reading (device_id, data_id, ts, value, status)
    select r.device_id, r.data_id, r.day + u.o, u.v, coalesce(u.s, 0::smallint) from r cross join lateral unnest(r.ts_off, r.value, r.status) as u(o, v, s)
    returning 1),
  q as (delete from rollup_15m_day x using c where x.device_id = c.d and x.data_id = c.k and x.day >= c.cut returning x.*),
  qi as (insert into rollup_15m (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
    select q.device_id, q.data_id, q.day + (u.i - 1) * ${QUARTER_MS}, u.v, coalesce(u.q, 0::smallint), coalesce(u.n, 1),
      coalesce(u.g, case when u.v is not null and coalesce(u.q, 0::smallint) in (0, 4) then 1 else 0 end)
    from q cross join lateral unnest(q.value, q.quality, q.n_intervals, q.n_good) with ordinality as u(v, q, n, g, i)
    where coalesce(u.q, 0::smallint) >= 0
    returning 1)
  select (select count(*) from ri) as readings, (select count(*) from qi) as quarters`;

/** The tables a pass rewrites (and the ingest updates in place), vacuumed after a pass that moved rows. */
export const COMPACT_VACUUM = ['reading', 'rollup_15m', 'reading_day', 'rollup_15m_day', 'reading_hour', 'rollup_hour', 'rollup_day', 'rollup_month'] as const;

/** Per series: has it day rows, and its first row's ts (Infinity when it has none). */
export interface SeriesDayState {
  hasDays: boolean;
  firstRow: number;
}

/** Whether a write whose earliest ts is `minTs` must move the series' day rows back first. */
export function mustReopen(state: SeriesDayState | undefined, minTs: number): boolean {
  return state !== undefined && state.hasDays && minTs <= state.firstRow;
}

export type PgQueryable = Pick<pg.PoolClient, 'query'>;
