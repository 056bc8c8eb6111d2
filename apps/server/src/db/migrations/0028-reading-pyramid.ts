import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * The readings pyramid (issue 16; modules/timeseries/pyramid.ts): `reading_hour`, one row per series
 * and UTC hour [bucket_start, bucket_start + 1 h) with the count and sum of its readings, the earliest
 * minimum and earliest maximum, the first and the last reading (each: value, offset from bucket_start
 * in ms, status) and the worst status. Columns ordered widest first (no alignment padding on
 * PostgreSQL); WITHOUT ROWID on SQLite (the key is the row). Filled from the readings already stored.
 */
export function readingPyramid(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table reading_hour (
        bucket_start bigint not null,
        total double precision not null,
        min_v double precision not null,
        max_v double precision not null,
        first_v double precision not null,
        last_v double precision not null,
        device_id integer not null,
        data_id integer not null,
        n integer not null,
        min_o integer not null,
        max_o integer not null,
        first_o integer not null,
        last_o integer not null,
        min_s smallint not null,
        max_s smallint not null,
        first_s smallint not null,
        last_s smallint not null,
        status smallint not null,
        primary key (device_id, data_id, bucket_start)
      )${kind === 'sqlite' ? sql` without rowid` : sql``}`.execute(db);
      await fillReadingHour(db, kind);
    },
  };
}

/** Computes every cell of `reading_hour` from the stored readings (the migration's fill of an existing store). */
export async function fillReadingHour(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  const sev = (c: string) => sql.raw(`case ${c} when 3 then 4 when 4 then 3 else ${c} end`);
  if (kind === 'postgres') {
    await sql`insert into reading_hour (device_id, data_id, bucket_start, n, total, min_v, min_o, min_s, max_v, max_o, max_s, first_o, first_v, first_s, last_o, last_v, last_s, status)
      select device_id, data_id, b, count(*), sum(value),
        min(value), ((array_agg(ts order by value, ts))[1] - b)::int, (array_agg(status order by value, ts))[1],
        max(value), ((array_agg(ts order by value desc, ts))[1] - b)::int, (array_agg(status order by value desc, ts))[1],
        (min(ts) - b)::int, (array_agg(value order by ts))[1], (array_agg(status order by ts))[1],
        (max(ts) - b)::int, (array_agg(value order by ts desc))[1], (array_agg(status order by ts desc))[1],
        (array_agg(status order by ${sev('status')} desc))[1]
      from (select device_id, data_id, ts, value, status, ts / 3600000 * 3600000 as b from reading) r
      group by device_id, data_id, b`.execute(db);
  } else {
    await sql`insert into reading_hour (device_id, data_id, bucket_start, n, total, min_v, min_o, min_s, max_v, max_o, max_s, first_o, first_v, first_s, last_o, last_v, last_s, status)
      select d, k, b, count(*), sum(v),
        max(case when rmin = 1 then v end), max(case when rmin = 1 then ts - b end), max(case when rmin = 1 then s end),
        max(case when rmax = 1 then v end), max(case when rmax = 1 then ts - b end), max(case when rmax = 1 then s end),
        min(ts) - b, max(case when rf = 1 then v end), max(case when rf = 1 then s end),
        max(ts) - b, max(case when rl = 1 then v end), max(case when rl = 1 then s end),
        max(case when rs = 1 then s end)
      from (select device_id as d, data_id as k, ts, value as v, status as s, ts / 3600000 * 3600000 as b,
              row_number() over (partition by device_id, data_id, ts / 3600000 order by value, ts) as rmin,
              row_number() over (partition by device_id, data_id, ts / 3600000 order by value desc, ts) as rmax,
              row_number() over (partition by device_id, data_id, ts / 3600000 order by ts) as rf,
              row_number() over (partition by device_id, data_id, ts / 3600000 order by ts desc) as rl,
              row_number() over (partition by device_id, data_id, ts / 3600000 order by ${sev('status')} desc) as rs
            from reading) r
      group by d, k, b`.execute(db);
  }
}
