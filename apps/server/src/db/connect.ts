import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { StoreConfig } from '../config/types.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** pg type parsers: int8 (count(*), bigint ms) and numeric as JS numbers. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as unknown as typeof pg.types;

/** Opens the store: a SQLite file in WAL mode, or a PostgreSQL pool. */
export function openDb(store: StoreConfig): Db {
  if (store.kind === 'sqlite') {
    const file = new SQLite(store.file);
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    file.pragma('synchronous = NORMAL');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
