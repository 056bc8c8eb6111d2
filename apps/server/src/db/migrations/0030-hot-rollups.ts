import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * The PostgreSQL tables the ingest path updates in place: every write re-aggregates the open hour, day
 * and month row of each series it touches (for 15-min readings an hour row is written 4 times, a day
 * row 96, a month row ~2,900). Not `reading_hour`: since commit 6a61de6 its cell is written once, when
 * the hour closes (updated again only by late or replaced readings), so free room on its pages would
 * only double its heap (measured in docs/storage.md).
 */
export const HOT_TABLES = ['rollup_hour', 'rollup_day', 'rollup_month'] as const;

/**
 * Room left free on each page for updated row versions. One write updates the open row of every series
 * it carries in one transaction, and the versions it replaces become prunable only after it commits, so
 * a page filled with open rows needs room for a second version of each (and the 4 B redirect pointer a
 * HOT chain keeps): at most about half filled. Measured over 31 days of 100 meters a call (the storage
 * bench, docs/storage.md), 50 left the least on disk of 30, 40, 50, 70 and 100.
 */
export const HOT_FILLFACTOR = 50;

/**
 * Autovacuum per table, counted in dead row versions instead of a share of the table (the default
 * 20 % of a large rollup_hour is millions of updates): it also brings the free-space map up to date, so
 * a version that did not fit its page goes to a page with room instead of extending the table. Inserted
 * pages need no insert trigger of their own: these tables are updated all the time, so the dead-row
 * trigger visits them as well.
 */
const AUTOVACUUM: Record<(typeof HOT_TABLES)[number], number> = { rollup_hour: 5000, rollup_day: 1000, rollup_month: 1000 };

/**
 * Issue 16 (disk per reading, docs/storage.md), PostgreSQL only: the tables updated in place stop
 * bloating. With the default fillfactor 100 a page holds no room for the new version of an updated
 * row, so every update was a non-HOT one: the version went to another page and added an index entry,
 * VACUUM freed the old one but left the heap 63–99 % free and the key indexes half empty. With free
 * room on the page, updates stay HOT (same page, no new index entry) and the page's dead versions are
 * pruned by the next access to it, autovacuum or not; autovacuum then comes after a few thousand dead
 * versions instead of a fifth of the table.
 *
 * A store migrated from before keeps its pages as they are: fillfactor applies to pages filled from now
 * on (no table rewrite, only a SHARE UPDATE EXCLUSIVE lock). The bloat already there is reused as free
 * space; giving it back to the file system takes a rewrite (VACUUM FULL or pg_repack, an operator's
 * step in a maintenance window), not done here. SQLite rewrites a row within its page on update and
 * has no such parameters: nothing to do there.
 */
export function hotRollups(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      for (const table of HOT_TABLES) {
        await sql`alter table ${sql.table(table)} set (
          fillfactor = ${sql.raw(String(HOT_FILLFACTOR))},
          autovacuum_vacuum_scale_factor = 0,
          autovacuum_vacuum_threshold = ${sql.raw(String(AUTOVACUUM[table]))}
        )`.execute(db);
      }
    },
  };
}
