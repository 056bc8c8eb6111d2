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

  it('0030 has autovacuum visit the tables updated in place by dead-row count, also on a store from before (issue 16)', async () => {
    const store = await createStore('postgres');
    const db = openDb(store.store);
    const options = async () =>
      Object.fromEntries(
        (
          await sql<{ relname: string; reloptions: string[] | null }>`select c.relname, c.reloptions from pg_class c
            where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and c.relname in ('rollup_15m', 'rollup_hour', 'rollup_day', 'rollup_month', 'reading_hour')`.execute(db)
        ).rows.map((r) => [r.relname, [...(r.reloptions ?? [])].sort()]),
      );
    const hot = (threshold: number) => [
      'autovacuum_vacuum_insert_scale_factor=0',
      'autovacuum_vacuum_insert_threshold=1000',
      'autovacuum_vacuum_scale_factor=0',
      `autovacuum_vacuum_threshold=${threshold}`,
    ];
    const expected = { rollup_15m: [], rollup_hour: hot(2000), rollup_day: hot(1000), rollup_month: [], reading_hour: hot(2000) };
    try {
      await migrate(db, 'postgres');
      expect(await options()).toEqual(expected);
      // as a store from before 0030, holding rows: the options set, the rows kept
      for (const t of ['rollup_hour', 'rollup_day', 'reading_hour']) {
        await sql`alter table ${sql.table(t)} reset (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold, autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold)`.execute(db);
      }
      await sql`insert into rollup_hour (device_id, data_id, bucket_start, value, quality, n_intervals, n_good) values (7, 1, 1700000000000, 1.25, 0, 4, 4)`.execute(db);
      await sql`delete from kysely_migration where name = '0030-hot-rollups'`.execute(db);
      expect((await options()).rollup_hour).toEqual([]);
      await migrate(db, 'postgres');
      expect(await options()).toEqual(expected);
      const rows = await sql<{ value: number }>`select value from rollup_hour where device_id = 7`.execute(db);
      expect(rows.rows.map((r) => Number(r.value))).toEqual([1.25]);
    } finally {
      await db.destroy();
      await store.dispose();
    }
  });
});

describe.skipIf(pgStore?.skip ?? true)('introspection on PostgreSQL', () => {
  it('sees only its own schema, and starts while other schemas are created and dropped beside it', async () => {
    const mine = await createStore('postgres');
    const db = openDb(mine.store);
    const churn = await createStore('postgres');
    const other = openDb(churn.store);
    let stop = false;
    let churned = 0;
    // another deployment (or test) making and dropping schemas with serial columns, as the API suites do
    const loop = (async () => {
      while (!stop) {
        const name = `ems_churn_${process.pid}_${churned++}`;
        const tables = Array.from({ length: 10 }, (_, k) => `create table ${name}.t${k} (id serial primary key, v text);`).join(' ');
        await sql.raw(`create schema ${name}; ${tables} drop schema ${name} cascade`).execute(other);
      }
    })();
    try {
      await sql`create table churn_kept (id serial primary key)`.execute(other);
      // the start-up introspection, many times over while the schemas come and go (at least until a dozen have: on a loaded
      // machine 300 introspections could finish before that)
      for (let i = 0; i < 300 || (churned <= 12 && i < 20_000); i++) await db.introspection.getTables({ withInternalKyselyTables: true });
      await migrate(db, 'postgres');
      const tables = await db.introspection.getTables();
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([mine.store.kind === 'postgres' ? mine.store.schema : '']));
      expect(tables.map((t) => t.name)).toContain('app_user');
      expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
      const appUser = tables.find((t) => t.name === 'app_user');
      expect(appUser?.columns.find((c) => c.name === 'id')?.isAutoIncrementing).toBe(true);
      expect(churned).toBeGreaterThan(10);
    } finally {
      stop = true;
      await loop;
      await db.destroy();
      await other.destroy();
      await mine.dispose();
      await churn.dispose();
    }
  });
});

describe.skipIf(pgStore?.skip ?? true)('0032 series_days_mark (PostgreSQL, issue 16)', () => {
  it('starts from the latest day a store already holds in day rows, or before any day on a store without', async () => {
    const store = await createStore('postgres');
    const db = openDb(store.store);
    const mark = async () => (await sql<{ max_day: string }>`select max_day from series_days_mark`.execute(db)).rows.map((r) => Number(r.max_day));
    try {
      await migrate(db, 'postgres');
      expect(await mark()).toEqual([-1]);
      // as a store compacted before 0032: day rows of readings and of 15-min values, the later of them counts
      await sql`insert into reading_day (device_id, data_id, day, ts_off, value) values (7, 1, 1741564800000, '{0}', '{1.5}'), (7, 1, 1741651200000, '{0}', '{2.5}')`.execute(db);
      await sql`insert into rollup_15m_day (device_id, data_id, day, value) values (7, 2, 1741737600000, '{0.25}')`.execute(db);
      await sql`drop table series_days_mark`.execute(db);
      await sql`delete from kysely_migration where name = '0032-series-days-mark'`.execute(db);
      await migrate(db, 'postgres');
      expect(await mark()).toEqual([1741737600000]);
    } finally {
      await db.destroy();
      await store.dispose();
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

  it('0029 turns a store\'s rowid rollup tables into WITHOUT ROWID ones with every row kept (SQLite, issue 16)', async () => {
    const store = await createStore('sqlite');
    const db = openDb(store.store);
    try {
      await migrate(db, 'sqlite');
      // as a store from before 0029: rowid rollup tables holding rows
      for (const t of ['rollup_15m', 'rollup_hour', 'rollup_day', 'rollup_month']) {
        await sql`drop table ${sql.table(t)}`.execute(db);
        await sql`create table ${sql.table(t)} (device_id integer not null, data_id integer not null, bucket_start bigint not null, value double precision,
          quality smallint not null, n_intervals integer not null, n_good integer not null, constraint ${sql.ref(`${t}_pk`)} primary key (device_id, data_id, bucket_start))`.execute(db);
        await sql`insert into ${sql.table(t)} values (7, 1, 1700000900000, 1.25, 0, 1, 1), (7, 1, 1700000000000, null, 3, 1, 0), (8, 13, 1700000000000, 0.5, 4, 4, 4)`.execute(db);
      }
      await sql`delete from kysely_migration where name = '0029-rollups-without-rowid'`.execute(db);
      await migrate(db, 'sqlite');
      for (const t of ['rollup_15m', 'rollup_hour', 'rollup_day', 'rollup_month']) {
        const ddl = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${t}`.execute(db);
        expect(ddl.rows[0]?.sql.toLowerCase(), t).toContain('without rowid');
        const rows = await sql<Record<string, number | null>>`select * from ${sql.table(t)}`.execute(db);
        expect(rows.rows.map((r) => Object.values(r).map((v) => (v === null ? null : Number(v)))), t).toEqual([
          [7, 1, 1700000000000, null, 3, 1, 0],
          [7, 1, 1700000900000, 1.25, 0, 1, 1],
          [8, 13, 1700000000000, 0.5, 4, 4, 4],
        ]);
      }
    } finally {
      await db.destroy();
      await store.dispose();
    }
  });
});
