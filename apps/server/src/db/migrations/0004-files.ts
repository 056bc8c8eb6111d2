import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Files of the file manager (spec section 7 "Files"): one row per upload, the bytes under
 * `${dataDir}/files/{projectId}/{fileName}`. `file_name` is the stored name `{uuid}-{safe name}`.
 */
export function files(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('file')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('file_name', 'varchar(300)', (c) => c.notNull().unique())
        .addColumn('original_name', 'varchar(300)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('upload_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('file_project_idx').on('file').columns(['project_id', 'id']).execute();
    },
  };
}
