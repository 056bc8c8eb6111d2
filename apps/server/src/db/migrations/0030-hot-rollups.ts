import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Dead row versions after which autovacuum visits each PostgreSQL table the ingest path updates in
 * place, whatever the table's size (scale factor 0). Every write merges each reading into its
 * `reading_hour` cell and re-aggregates the open hour, day and month row of its series: for 15-min
 * readings an hour row (either table) is written 4 times, a day row 96. The default trigger, 50 + 20 %
 * of the rows, grows with the table: a year of 100 meters' rollup_hour (878,400 rows) would wait for
 * 175,000 dead versions, ~18 days of writes, while updated rows keep moving to new pages because
 * nothing has recorded the free space pruned on the old ones. Inserted rows trigger a visit after 1,000
 * (instead of 1,000 + 20 %), which keeps the free-space map current for the next hour's rows.
 * rollup_month keeps the default: 12 rows a series a year, its default trigger stays low (measured
 * smaller than with a fixed 1,000).
 */
const THRESHOLD = { reading_hour: 2000, rollup_hour: 2000, rollup_day: 1000 } as const;

/**
 * Issue 16 (disk per reading, docs/storage.md), PostgreSQL only: autovacuum of the tables updated in
 * place by dead-row count instead of a share of the table.
 *
 * No fillfactor below 100: measured with autovacuum running (docs/storage.md, 2026-11-27), leaving
 * half of each page free for HOT updates cost more heap on the closed rows (never updated again) than
 * it saved: rollup_hour 47.6 B/reading at fillfactor 50 against 32.7 at 100 (31 days of 100 meters a
 * call). The bloat measured before (rollup_hour 64.6 B/reading, 63 % free) came from a server running
 * with autovacuum off, which left VACUUM to the end of the load.
 *
 * Storage parameters only (no table rewrite, a SHARE UPDATE EXCLUSIVE lock): a store migrated from
 * before keeps its pages, and the bloat already there is reused as free space once autovacuum has
 * recorded it; giving it back to the file system takes a rewrite (VACUUM FULL or pg_repack, an
 * operator's step in a maintenance window), not done here. SQLite rewrites a row within its page on
 * update and has no such parameters: nothing to do there.
 */
export function rollupAutovacuum(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      for (const [table, threshold] of Object.entries(THRESHOLD)) {
        await sql`alter table ${sql.table(table)} set (
          autovacuum_vacuum_scale_factor = 0,
          autovacuum_vacuum_threshold = ${sql.raw(String(threshold))},
          autovacuum_vacuum_insert_scale_factor = 0,
          autovacuum_vacuum_insert_threshold = 1000
        )`.execute(db);
      }
    },
  };
}
