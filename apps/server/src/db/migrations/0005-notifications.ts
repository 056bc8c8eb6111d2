import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Notifications (issue 4): one row per notification raised, with an increasing id that browsers use
 * to ask for what they missed; the message in both languages (rendered into `content` in the
 * recipient's language); `description` as JSON text. Read state per user is kept on the server.
 */
export function notifications(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'bigserial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('model_label', 'varchar(64)', (c) => c.notNull())
        .addColumn('log_type', 'integer', (c) => c.notNull())
        .addColumn('event_class', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'bigint')
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('message_zh', 'varchar(1000)', (c) => c.notNull())
        .addColumn('message_en', 'varchar(1000)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notification_project_idx').on('notification').columns(['project_id', 'id']).execute();
      await db.schema.createIndex('notification_time_idx').on('notification').columns(['project_id', 'time']).execute();
      await db.schema
        .createTable('notification_read')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('notification_id', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_read_pk', ['user_id', 'notification_id'])
        .execute();
    },
  };
}
