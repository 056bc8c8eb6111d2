import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Report templates (issue 15, /onlyReport; modules/report): `report_template` keeps a report's
 * choices for reuse and for the e-mail distribution: the node (id and model label), the energy type,
 * the kind (daily, monthly, yearly), the rows (children or meters) and the sections as JSON text.
 */
export function reportTemplates(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('report_template')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('model_label', 'varchar(64)', (c) => c.notNull())
        .addColumn('energy_type', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('rows_kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('sections', 'text', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_template_project_idx').on('report_template').columns(['project_id', 'id']).execute();
    },
  };
}
