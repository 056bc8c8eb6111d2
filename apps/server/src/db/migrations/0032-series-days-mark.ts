import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Issue 16 (the ingest goal), PostgreSQL only: `series_days_mark`, one row holding the latest UTC day the
 * day-row compaction has moved for any series (modules/timeseries/compaction.ts). No series has a day row
 * after it, so a write whose readings all lie after that day (readings in time order, the usual case)
 * needs no look at the day rows: the write path's guard and its window read skip them. The compaction
 * raises the mark in the transaction that moves the days; moving day rows back (a late reading) leaves it
 * where it was, which only costs a look. A store that already has day rows starts from their latest day.
 */
export function seriesDaysMark(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`create table series_days_mark (
        id smallint primary key check (id = 1),
        max_day bigint not null
      )`.execute(db);
      await sql`insert into series_days_mark (id, max_day)
        select 1, coalesce(greatest((select max(day) from reading_day), (select max(day) from rollup_15m_day)), -1)`.execute(db);
    },
  };
}
