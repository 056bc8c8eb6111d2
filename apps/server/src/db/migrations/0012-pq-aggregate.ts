import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Stored 10-min power-quality aggregates (DOMAIN.md §9), so the transformer pages read any range
 * without scanning raw readings:
 * - `pq_10m`: per device, PQ data point and 10-min bucket the mean, min, max and count of its
 *   readings (recomputed from the bucket's readings, so a repeat or late reading just recomputes).
 * - `pq_coverage`: per device the span [lo, hi) whose buckets reflect the stored readings (apart
 *   from buckets marked dirty in memory); the catch-up grows it to the readings' extent.
 * - `pq_run`: one row per running server with its last heartbeat; a row left behind by a crash
 *   makes the next start recompute everything (a committed reading whose bucket was never marked).
 * WITHOUT ROWID on SQLite, as `reading` is: the key is the only access path.
 */
export function pqAggregate(kind: StoreKind): Migration {
  const noRowid = sql.raw(kind === 'sqlite' ? ' without rowid' : '');
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table pq_10m (
        device_id integer not null,
        data_id integer not null,
        bucket_start bigint not null,
        mean double precision not null,
        min double precision not null,
        max double precision not null,
        n integer not null,
        primary key (device_id, data_id, bucket_start)
      )${noRowid}`.execute(db);
      await sql`create table pq_coverage (
        device_id integer not null primary key,
        lo bigint not null,
        hi bigint not null
      )${noRowid}`.execute(db);
      await sql`create table pq_run (
        run_id varchar(32) not null primary key,
        seen_at bigint not null
      )${noRowid}`.execute(db);
    },
  };
}
