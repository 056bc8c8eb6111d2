import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** Throws when the store does not answer. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
