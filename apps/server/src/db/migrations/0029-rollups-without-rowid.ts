import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';
import { ROLLUP_TABLES } from './0003-timeseries.js';

/**
 * Issue 16 (disk per reading, docs/storage.md): on SQLite the four rollup tables become WITHOUT ROWID
 * tables clustered on their key (device_id, data_id, bucket_start). As rowid tables each row was
 * stored twice — in the table under a hidden rowid and in the key's index; now once, in key order,
 * which is also the order every read takes. Rows copied as they are. PostgreSQL keeps its heap tables
 * and key indexes (nothing to change there).
 */
export function rollupsWithoutRowid(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'sqlite') return;
      for (const table of ROLLUP_TABLES) {
        const next = `${table}_next`;
        await sql`create table ${sql.table(next)} (
          device_id integer not null,
          data_id integer not null,
          bucket_start bigint not null,
          value double precision,
          quality smallint not null,
          n_intervals integer not null,
          n_good integer not null,
          constraint ${sql.ref(`${table}_pk`)} primary key (device_id, data_id, bucket_start)
        ) without rowid`.execute(db);
        await sql`insert into ${sql.table(next)} (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
          select device_id, data_id, bucket_start, value, quality, n_intervals, n_good from ${sql.table(table)} order by device_id, data_id, bucket_start`.execute(db);
        await sql`drop table ${sql.table(table)}`.execute(db);
        await sql`alter table ${sql.table(next)} rename to ${sql.table(table)}`.execute(db);
      }
    },
  };
}
