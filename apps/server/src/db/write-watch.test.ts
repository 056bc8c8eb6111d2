import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { WriteWatch } from './write-watch.js';

interface T {
  token: { id: number; revoked_at: number | null };
  other: { id: number };
}

function store() {
  const watch = new WriteWatch(['token']);
  const db = new Kysely<T>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }).withPlugin(watch);
  return { watch, db };
}

describe('write watch (session reuse ends on writes to the session tables)', () => {
  it('moves on insert, update and delete of a watched table — before and after the statement — and on raw SQL naming it', async () => {
    const { watch, db } = store();
    await sql`create table token (id integer primary key, revoked_at integer)`.execute(db);
    await sql`create table other (id integer primary key)`.execute(db);
    let g = watch.generation;
    const moved = () => {
      const m = watch.generation - g;
      g = watch.generation;
      return m;
    };
    moved();
    await db.insertInto('token').values({ id: 1, revoked_at: null }).execute();
    expect(moved()).toBe(2);
    await db.updateTable('token').set({ revoked_at: 5 }).where('id', '=', 1).execute();
    expect(moved()).toBe(2);
    await db.deleteFrom('token').where('id', '=', 1).execute();
    expect(moved()).toBe(2);
    await sql`update token set revoked_at = 1`.execute(db);
    expect(moved()).toBe(2);
    // a write elsewhere that reads the watched table is counted too (cautious)
    await db.insertInto('other').columns(['id']).expression(db.selectFrom('token').select('id')).execute();
    expect(moved()).toBe(2);
  });

  it('stays put on reads and on writes to other tables', async () => {
    const { watch, db } = store();
    await sql`create table token (id integer primary key, revoked_at integer)`.execute(db);
    await sql`create table other (id integer primary key)`.execute(db);
    const g = watch.generation;
    await db.selectFrom('token').selectAll().execute();
    await db.insertInto('other').values({ id: 1 }).execute();
    await db.updateTable('other').set({ id: 2 }).execute();
    expect(watch.generation).toBe(g);
  });
});
