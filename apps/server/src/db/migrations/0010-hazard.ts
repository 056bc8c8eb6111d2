import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * The hazard-source register (issue 5, DOMAIN.md §13): one row per hazard source of a project —
 * name, grade 1–4 (I–IV), the node it sits at (optional), location text, responsible person and
 * phone, the linked sensors (node ids as JSON text) and a note.
 */
export function hazard(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hazard_source')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('grade', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'integer')
        .addColumn('model_label', 'varchar(64)')
        .addColumn('location', 'varchar(100)', (c) => c.notNull())
        .addColumn('responsible', 'varchar(20)', (c) => c.notNull())
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('sensor_ids', 'text', (c) => c.notNull())
        .addColumn('note', 'varchar(255)', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('hazard_source_project_idx').on('hazard_source').columns(['project_id', 'id']).execute();
    },
  };
}
