import type { Kysely, Migration } from 'kysely';

/**
 * The plant model on the generic node table: a node code, create and update times (ms) and the
 * parent index for subtree walks. Attributes stay in `attrs` (JSON text); parent_id null means
 * directly under the project.
 */
export function model(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('node').addColumn('code', 'varchar(50)', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('node').addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('node').addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('node_parent_idx').on('node').column('parent_id').execute();
    },
  };
}
