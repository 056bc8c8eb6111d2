import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { StoreKind } from '../../db/migrate.js';
import { DAY_MS, latestReadingTs } from '../../db/series-source.js';

const Q15 = sql.lit(900_000);

/** A series of readings: device and data point. */
export interface SeriesKey {
  deviceId: number;
  dataId: number;
}

/** A monthly reading partition of a PostgreSQL store with its range [from, to) in ms. */
export interface ReadingPartition {
  name: string;
  from: number;
  to: number;
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
const big = (n: number) => sql`cast(${n} as bigint)`;

/**
 * All SQL of the raw-reading retention (retention.ts). Every statement that removes rows names the
 * table `reading` (or one of its PostgreSQL partitions): rollups, the readings pyramid and every
 * other table are only ever read here.
 */
export function retentionRepository(db: Db, kind: StoreKind) {
  return {
    /** Data points whose readings are rolled up (counters). */
    async counterDataIds(): Promise<Set<number>> {
      const rows = await db.selectFrom('data_point').select('data_id').where('kind', '=', 'counter').execute();
      return new Set(rows.map((r) => Number(r.data_id)));
    },

    /** The first series after `after` in key order (a seek on the reading key), or null past the last. */
    async nextSeries(after: SeriesKey | null): Promise<SeriesKey | null> {
      const r = await sql<{ device_id: number; data_id: number }>`
        select device_id, data_id from reading
        ${after ? sql`where (device_id, data_id) > (${after.deviceId}, ${after.dataId})` : sql``}
        order by device_id, data_id limit 1`.execute(db);
      const row = r.rows[0];
      return row ? { deviceId: Number(row.device_id), dataId: Number(row.data_id) } : null;
    },

    /** The series' oldest reading's ts, or null (PostgreSQL: its first day row's first reading, older than any row). */
    async oldest(s: SeriesKey): Promise<number | null> {
      const rows = sql`(select ts from reading where device_id = ${s.deviceId} and data_id = ${s.dataId} order by ts limit 1)`;
      const r =
        kind === 'sqlite'
          ? await sql<{ ts: number | null }>`select ${rows} as ts`.execute(db)
          : await sql<{ ts: number | null }>`select coalesce((select day + ts_off[1] from reading_day where device_id = ${s.deviceId} and data_id = ${s.dataId}
              order by day limit 1), ${rows}) as ts`.execute(db);
      const ts = r.rows[0]?.ts;
      return ts === null || ts === undefined ? null : Number(ts);
    },

    /**
     * Where a counter series' kept readings must start for a cutoff: the reading at or before the 15-min
     * boundary at or before the last reading before the cutoff (the write path's rollup window of any
     * reading at or after the cutoff reaches back no further); null when no reading lies before the cutoff.
     */
    async counterKeepFrom(s: SeriesKey, cutoff: number): Promise<number | null> {
      const d = sql.lit(s.deviceId);
      const k = sql.lit(s.dataId);
      const r = await sql<{ prev: number | null; lo: number | null }>`
        select p.prev, ${latestReadingTs(kind, d, k, sql`p.prev / ${Q15} * ${Q15}`)} as lo
        from (select ${latestReadingTs(kind, d, k, cutoff - 1)} as prev) p`.execute(db);
      const row = r.rows[0];
      if (!row || row.prev === null) return null;
      return row.lo === null ? Number(row.prev) : Number(row.lo);
    },

    /**
     * Deletes the series' readings before `before`, at most `max` of them (the oldest): returns how
     * many were deleted (fewer than `max`: none is left before `before`).
     */
    async deleteOldest(s: SeriesKey, before: number, max: number): Promise<number> {
      const nth = await sql<{ ts: number }>`
        select ts from reading where device_id = ${s.deviceId} and data_id = ${s.dataId} and ts < ${big(before)}
        order by ts limit 1 offset ${max - 1}`.execute(db);
      const upTo = nth.rows[0] ? Number(nth.rows[0].ts) + 1 : before;
      const r = await db.deleteFrom('reading').where('device_id', '=', s.deviceId).where('data_id', '=', s.dataId).where('ts', '<', upTo).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /**
     * PostgreSQL: deletes the series' readings before `before` from its day rows (older than its rows): the day rows
     * wholly before it, and the head of the one it falls in (its arrays cut). Returns how many readings went.
     */
    async deleteDayRowsBefore(s: SeriesKey, before: number): Promise<number> {
      if (kind !== 'postgres') return 0;
      const at = big(before);
      return db.transaction().execute(async (tx) => {
        const whole = await sql<{ n: string | null }>`with d as (delete from reading_day where device_id = ${s.deviceId} and data_id = ${s.dataId}
            and day + ${sql.lit(DAY_MS)} <= ${at} returning cardinality(ts_off) as n) select sum(n) as n from d`.execute(tx);
        // the day row holding `before`: its readings from the first at or after it kept (none: the row goes)
        const part = await sql<{ day: string; i: number | null; n: number }>`select x.day, cardinality(x.ts_off) as n,
            (select min(o.i) from unnest(x.ts_off) with ordinality as o(v, i) where x.day + o.v >= ${at}) as i
          from reading_day x where x.device_id = ${s.deviceId} and x.data_id = ${s.dataId} and x.day < ${at} and x.day + ${sql.lit(DAY_MS)} > ${at}`.execute(tx);
        let cut = 0;
        for (const p of part.rows) {
          const where = sql`device_id = ${s.deviceId} and data_id = ${s.dataId} and day = ${big(Number(p.day))}`;
          if (p.i === null) {
            await sql`delete from reading_day where ${where}`.execute(tx);
            cut += Number(p.n);
          } else if (Number(p.i) > 1) {
            const i = sql.lit(Number(p.i));
            await sql`update reading_day set ts_off = ts_off[${i}:], value = value[${i}:], status = status[${i}:] where ${where}`.execute(tx);
            cut += Number(p.i) - 1;
          }
        }
        return Number(whole.rows[0]?.n ?? 0) + cut;
      });
    },

    /** PostgreSQL: the monthly partitions of `reading` with their ranges (the default partition left out). */
    async partitions(): Promise<ReadingPartition[]> {
      const r = await sql<{ name: string; bound: string }>`
        select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'reading'::regclass`.execute(db);
      const out: ReadingPartition[] = [];
      for (const row of r.rows) {
        const m = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(row.bound);
        if (m) out.push({ name: row.name, from: Number(m[1]), to: Number(m[2]) });
      }
      return out.sort((a, b) => a.from - b.from);
    },

    /**
     * PostgreSQL: drops a partition that lies wholly before the cutoff, keeping the readings of its
     * counter series that the rollup windows still need (counterKeepFrom): those are read first and
     * written back in the same transaction, where they land in the default partition. Waits at most
     * 5 s for the lock on `reading` (else throws, and the batched delete handles the partition's rows).
     * Returns the number of readings kept.
     */
    async dropPartition(p: ReadingPartition, counterIds: readonly number[], cutoff: number): Promise<number> {
      const part = sql.raw(quoteId(p.name));
      const ids = counterIds.length > 0 ? counterIds : [-1];
      // the partition's counter series by a loose scan of its key, each with its keep-from point, and their readings from it
      const keepSql = sql<{ device_id: number; data_id: number; ts: number; value: number; status: number }>`
        with recursive s(d, k) as (
          (select device_id, data_id from ${part} order by device_id, data_id limit 1)
          union all
          select n.device_id, n.data_id from s cross join lateral
            (select device_id, data_id from ${part} where (device_id, data_id) > (s.d, s.k) order by device_id, data_id limit 1) n
        ), c as (
          select s.d, s.k, p.prev,
            (select max(ts) from reading r where r.device_id = s.d and r.data_id = s.k and r.ts <= p.prev / ${Q15} * ${Q15}) as lo
          from s cross join lateral (select max(ts) as prev from reading r where r.device_id = s.d and r.data_id = s.k and r.ts < ${big(cutoff)}) p
          where s.k in (${sql.join(ids)})
        )
        select r.device_id, r.data_id, r.ts, r.value, r.status
        from c join ${part} r on r.device_id = c.d and r.data_id = c.k and r.ts >= coalesce(c.lo, c.prev)`;
      return db.transaction().execute(async (tx) => {
        await sql`set local lock_timeout = '5s'`.execute(tx);
        const keep = (await keepSql.execute(tx)).rows;
        await sql`drop table if exists ${part}`.execute(tx);
        for (let i = 0; i < keep.length; i += 1000) {
          const rows = keep.slice(i, i + 1000);
          await sql`insert into reading (device_id, data_id, ts, value, status)
            select * from unnest(${rows.map((r) => Number(r.device_id))}::int[], ${rows.map((r) => Number(r.data_id))}::int[],
              ${rows.map((r) => Number(r.ts))}::bigint[], ${rows.map((r) => Number(r.value))}::float8[], ${rows.map((r) => Number(r.status))}::smallint[])
            on conflict do nothing`.execute(tx);
        }
        return keep.length;
      });
    },
  };
}

export type RetentionRepository = ReturnType<typeof retentionRepository>;
