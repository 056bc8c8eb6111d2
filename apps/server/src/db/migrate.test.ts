import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDb } from './connect.js';
import { migrate } from './migrate.js';
import { createStore, STORES } from '../test/helpers.js';

const pgStore = STORES.find((s) => s.kind === 'postgres');

describe.skipIf(pgStore?.skip ?? true)('migrations on PostgreSQL', () => {
  it('migrate a schema while another schema of the same database holds its own migration tables', async () => {
    const first = await createStore('postgres');
    const second = await createStore('postgres');
    const a = openDb(first.store);
    const b = openDb(second.store);
    try {
      await migrate(a, 'postgres');
      // the first schema's kysely_migration_lock is visible to introspection; ours must still be created
      await migrate(b, 'postgres');
      await migrate(b, 'postgres');
      const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
        where table_schema = current_schema() and table_name in ('kysely_migration', 'kysely_migration_lock', 'app_user')`.execute(b);
      expect(tables.rows[0]?.n).toBe(3);
    } finally {
      await a.destroy();
      await b.destroy();
      await first.dispose();
      await second.dispose();
    }
  });
});

describe('migrations numbered ahead of time', () => {
  it('a store that ran 0011 before 0010 existed gets 0010 on its next start (SQLite)', async () => {
    const store = await createStore('sqlite');
    const db = openDb(store.store);
    try {
      await migrate(db, 'sqlite');
      // as an install from before 0010-hazard was merged: 0011 applied, 0010 not
      await sql`drop table hazard_source`.execute(db);
      await sql`delete from kysely_migration where name = '0010-hazard'`.execute(db);
      await migrate(db, 'sqlite');
      const names = await sql<{ name: string }>`select name from kysely_migration where name in ('0010-hazard', '0011-inspection-orders') order by name`.execute(db);
      expect(names.rows.map((r) => r.name)).toEqual(['0010-hazard', '0011-inspection-orders']);
      await sql`select count(*) from hazard_source`.execute(db);
    } finally {
      await db.destroy();
      await store.dispose();
    }
  });
});
