import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Issue 16 (disk per reading, docs/storage.md "Closed days in one row per series"), PostgreSQL only: a
 * closed UTC day of one series' readings and of its 15-min consumption, each kept in one row of arrays
 * instead of a row per value. A row costs PostgreSQL ~28 B of header and item pointer plus ~32 B of
 * index entry, more than the value it holds; a day row carries 96 values (15-min readings) for one such
 * overhead: readings 14.6 B and 15-min values 9.8 B per reading against 95 and 100 B in rows.
 *
 * `reading_day`: `ts_off` the readings' offsets in ms from `day` (ascending), `value` and `status` in the
 * same order, `status` null when every status is 0.
 *
 * `rollup_15m_day`: element i (1-based) is the bucket `day + (i - 1) × 15 min`; `quality` null when every
 * bucket up to the last is stored with quality 0, else -1 marks a bucket not stored; `n_intervals` null
 * when every stored bucket has 1, `n_good` null when every stored bucket's equals what the value and
 * quality imply (1 for a value of quality 0 or 4, else 0).
 *
 * A series' day rows all lie before its rows in `reading` / `rollup_15m` (the job in
 * modules/timeseries/compaction.ts moves whole days, a late write moves them back first), and readers
 * read both through db/series-source.ts. SQLite (87 B per reading with rows) keeps rows only.
 */
export function seriesDays(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`create table reading_day (
        device_id integer not null,
        data_id integer not null,
        day bigint not null,
        ts_off integer[] not null,
        value double precision[] not null,
        status smallint[],
        primary key (device_id, data_id, day)
      )`.execute(db);
      await sql`create table rollup_15m_day (
        device_id integer not null,
        data_id integer not null,
        day bigint not null,
        value double precision[] not null,
        quality smallint[],
        n_intervals integer[],
        n_good integer[],
        primary key (device_id, data_id, day)
      )`.execute(db);
    },
  };
}
