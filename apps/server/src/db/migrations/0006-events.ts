import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Events and the rules that raise them (issue 4 §1): limit rules (`event_rule`, conditions as JSON
 * text), algorithms (`event_algorithm`, parameters as JSON text) and the events they raise. While an
 * event is active its `active_key` names the condition (rule or algorithm, device, sub-kind); the
 * unique index on it means one active event per condition even if two instances race. Finishing an
 * event clears the key.
 */
export function events(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const bigPk = kind === 'postgres' ? 'bigserial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('event_rule')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('model_label', 'varchar(64)', (c) => c.notNull())
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addColumn('combinator', 'integer', (c) => c.notNull())
        .addColumn('min_duration_sec', 'integer', (c) => c.notNull())
        .addColumn('hysteresis', 'double precision', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('event_type', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('description', 'varchar(255)', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('event_rule_project_idx').on('event_rule').columns(['project_id', 'id']).execute();
      await db.schema
        .createTable('event_algorithm')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('model_label', 'varchar(64)', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('description', 'varchar(255)', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('event_algorithm_project_idx').on('event_algorithm').columns(['project_id', 'id']).execute();
      await db.schema
        .createTable('event')
        .addColumn('id', bigPk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer')
        .addColumn('algorithm_id', 'integer')
        .addColumn('log_type', 'integer', (c) => c.notNull())
        .addColumn('event_class', 'integer', (c) => c.notNull())
        .addColumn('event_type', 'integer')
        .addColumn('level', 'integer')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('confirm_state', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('model_label', 'varchar(64)', (c) => c.notNull())
        .addColumn('device_id', 'integer')
        .addColumn('data_id', 'integer')
        .addColumn('value', 'double precision')
        .addColumn('limit_value', 'double precision')
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint')
        .addColumn('message_zh', 'varchar(1000)', (c) => c.notNull())
        .addColumn('message_en', 'varchar(1000)', (c) => c.notNull())
        .addColumn('active_key', 'varchar(100)')
        .addColumn('confirm_user', 'varchar(100)')
        .addColumn('confirm_time', 'bigint')
        .addColumn('confirm_comment', 'varchar(255)')
        .execute();
      await db.schema.createIndex('event_active_key_uq').on('event').column('active_key').unique().execute();
      await db.schema.createIndex('event_project_time_idx').on('event').columns(['project_id', 'start_time']).execute();
      await db.schema.createIndex('event_device_idx').on('event').columns(['device_id', 'start_time']).execute();
    },
  };
}
