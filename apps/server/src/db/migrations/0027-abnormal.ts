import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Abnormal consumption (issue 15, DOMAIN §10; modules/abnormal):
 * - `abnormal_rule`: a rule of a project: kind (percent, period, usage), the meters it watches (JSON
 *   id list), its parameters (JSON), the level of period/usage findings, the shortest finding, whether
 *   it is enabled, and how far the background evaluation has got (`evaluated_to`);
 * - `abnormal_finding`: a run of abnormal intervals of a rule on a meter, unique per (rule, meter,
 *   start) so evaluating a period again updates it instead of adding it twice; its totals, waste (the
 *   meter's register unit) and cost (fen), its status (open, acknowledged, closed) and the 703 event
 *   that carries it;
 * - `event.waste_amount` / `event.waste_fen`: the waste an abnormal-consumption event carries.
 */
export function abnormal(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const bigPk = kind === 'postgres' ? 'bigserial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('abnormal_rule')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('meter_ids', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('level', 'varchar(8)', (c) => c.notNull())
        .addColumn('min_duration_min', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('description', 'varchar(255)', (c) => c.notNull())
        .addColumn('evaluated_to', 'bigint', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('abnormal_rule_project_idx').on('abnormal_rule').columns(['project_id', 'id']).execute();
      await db.schema
        .createTable('abnormal_finding')
        .addColumn('id', bigPk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('meter_id', 'integer', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('level', 'varchar(8)', (c) => c.notNull())
        .addColumn('actual', 'double precision', (c) => c.notNull())
        .addColumn('expected', 'double precision', (c) => c.notNull())
        .addColumn('excess', 'double precision', (c) => c.notNull())
        .addColumn('fen', 'bigint')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('event_id', 'bigint')
        .addColumn('status_user', 'varchar(100)')
        .addColumn('status_time', 'bigint')
        .addColumn('detect_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('abnormal_finding_key_uq').on('abnormal_finding').columns(['rule_id', 'meter_id', 'start_time']).unique().execute();
      await db.schema.createIndex('abnormal_finding_project_idx').on('abnormal_finding').columns(['project_id', 'start_time']).execute();
      await db.schema.alterTable('event').addColumn('waste_amount', 'double precision').execute();
      await db.schema.alterTable('event').addColumn('waste_fen', 'bigint').execute();
    },
  };
}
