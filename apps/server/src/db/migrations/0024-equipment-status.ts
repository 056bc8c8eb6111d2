import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Equipment-status programmes (issue 14, spec section 3; modules/equipment-status):
 * - `equipment_scheme`: a programme of a project (name, description);
 * - `equipment_scheme_device`: the devices it classifies (electricity meters), in order;
 * - `equipment_scheme_expression`: per device and state (running, standby, stopped) the combinator and
 *   the conditions as JSON text ({ deviceId, dataId, operator, limit }[], as a limit rule keeps them).
 */
export function equipmentStatus(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('equipment_scheme')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('equipment_scheme_project_idx').on('equipment_scheme').columns(['project_id', 'id']).execute();
      await db.schema
        .createTable('equipment_scheme_device')
        .addColumn('scheme_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('equipment_scheme_device_pk', ['scheme_id', 'device_id'])
        .execute();
      await db.schema
        .createTable('equipment_scheme_expression')
        .addColumn('scheme_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('combinator', 'integer', (c) => c.notNull())
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('equipment_scheme_expression_pk', ['scheme_id', 'device_id', 'state'])
        .execute();
    },
  };
}
