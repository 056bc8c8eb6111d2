import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, SqliteDialect } from 'kysely';
import { ScopedPostgresDialect } from './pg-introspector.js';
import type { StoreConfig } from '../config/types.js';
import type { Database } from './schema.js';
import { SESSION_TABLES, WriteWatch, registerSessionWatch } from './write-watch.js';
import { ensurePrivateFile } from '../lib/private-files.js';

export type Db = Kysely<Database>;

/** pg type parsers: int8 (count(*), bigint ms) and numeric as JS numbers. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as unknown as typeof pg.types;

/** The store's Kysely instance with the watch of the tables sessions are read from (see resolveSession). */
function watched(base: Kysely<Database>): Db {
  const watch = new WriteWatch(SESSION_TABLES);
  const db = base.withPlugin(watch);
  registerSessionWatch(db, watch);
  return db;
}

/** Prepared statements kept per SQL text (bounded): Kysely's SQLite driver prepares every query anew. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite handle Kysely runs on, preparing each SQL text once. Safe because the driver runs one
 * query at a time on this connection and only with all()/run() (never an open iterate(), which would
 * hold a statement busy); a schema change is handled by SQLite, which re-prepares a stale statement.
 */
function withStatementCache(file: SQLite.Database): { prepare(sql: string): SQLite.Statement; close(): void } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      let st = cache.get(sql);
      if (st === undefined) {
        st = file.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, st);
      }
      return st;
    },
    close: () => file.close(),
  };
}

/** Opens the store: a SQLite file in WAL mode, or a PostgreSQL pool. */
export function openDb(store: StoreConfig): Db {
  if (store.kind === 'sqlite') {
    // the store holds the encrypted passwords and every reading: 0600, and so are its -wal and -shm
    ensurePrivateFile(store.file);
    for (const side of ['-wal', '-shm']) ensurePrivateFile(store.file + side, false);
    const file = new SQLite(store.file);
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    file.pragma('synchronous = NORMAL');
    const statements = withStatementCache(file);
    const db = watched(new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) }));
    sqliteStatements.set(db, statements);
    return db;
  }
  const pool = new pg.Pool({
    connectionString: store.url,
    max: 10,
    connectionTimeoutMillis: 5000,
    types: pgTypes,
    ...(store.schema ? { options: `-c search_path=${store.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = watched(new Kysely<Database>({ dialect: new ScopedPostgresDialect({ pool }) }));
  pgPools.set(db, pool);
  return db;
}

const pgPools = new WeakMap<Db, pg.Pool>();
const sqliteStatements = new WeakMap<Db, { prepare(sql: string): SQLite.Statement }>();

/**
 * A SQLite store's statement cache (undefined for PostgreSQL): the prepared statement of a SQL text, for the few hot
 * reads that run it directly (synchronously, reads only: Kysely's driver adds a lock and a few promise turns a query).
 */
export function sqliteStatementsOf(db: Db): { prepare(sql: string): SQLite.Statement } | undefined {
  return sqliteStatements.get(db);
}

/**
 * The pool under a PostgreSQL store's Kysely instance (undefined for SQLite), for the few hot reads that run as named
 * statements (parsed and planned once per connection; Kysely's queries are unnamed: planned on every call).
 */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pgPools.get(db);
}
