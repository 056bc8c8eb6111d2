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
