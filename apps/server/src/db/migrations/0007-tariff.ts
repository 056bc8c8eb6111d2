import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Tariff schemes (issue 5, DOMAIN.md §3): `cost_scheme` holds a scheme of a project with its
 * versions as JSON text (each effective from a local date: basis, prices, calendar, surcharges);
 * `cost_scheme_node` attaches a scheme to nodes (a node — or the project, modelLabel 'project' —
 * has at most one scheme). Bills are not stored: they are computed on read from the rollups with
 * the version in force, so a change of tariff from a date leaves nothing stale.
 */
export function tariff(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cost_scheme')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('versions', 'text', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cost_scheme_project_idx').on('cost_scheme').columns(['project_id', 'id']).execute();
      await db.schema
        .createTable('cost_scheme_node')
        .addColumn('scheme_id', 'integer', (c) => c.notNull())
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('model_label', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('cost_scheme_node_pk', ['node_id', 'model_label'])
        .execute();
      await db.schema.createIndex('cost_scheme_node_scheme_idx').on('cost_scheme_node').columns(['scheme_id']).execute();
    },
  };
}
