import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * E-mail (issue 15; modules/email):
 * - `email_server`: a project's SMTP settings; the password AES-256-GCM encrypted with the app key
 *   (AAD = the project), never returned;
 * - `mail_scheme`: distribution schemes; recipients, report and event subscriptions as JSON text;
 * - `mail_job`: one row per scheduled run claimed (scheme, job key, due time) — the unique key makes
 *   a run happen once across instances, and the latest due time per job is what was handled;
 * - `mail_send`: the send log and outbox: one row per recipient and mail, with its attempts, the
 *   next attempt's time and the result.
 */
export function email(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const bigPk = kind === 'postgres' ? 'bigserial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_server')
        .addColumn('project_id', 'integer', (c) => c.primaryKey())
        .addColumn('host', 'varchar(253)', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('tls_mode', 'varchar(16)', (c) => c.notNull())
        .addColumn('username', 'varchar(254)', (c) => c.notNull())
        .addColumn('password_enc', 'text')
        .addColumn('from_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('from_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('mail_scheme')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('reports', 'text', (c) => c.notNull())
        .addColumn('events', 'text')
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_scheme_project_idx').on('mail_scheme').columns(['project_id', 'id']).execute();
      await db.schema
        .createTable('mail_job')
        .addColumn('scheme_id', 'integer', (c) => c.notNull())
        .addColumn('job_key', 'varchar(120)', (c) => c.notNull())
        .addColumn('due_time', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('mail_job_pk', ['scheme_id', 'job_key', 'due_time'])
        .execute();
      await db.schema
        .createTable('mail_send')
        .addColumn('id', bigPk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('scheme_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('create_time', 'bigint', (c) => c.notNull())
        .addColumn('next_attempt', 'bigint')
        .addColumn('last_attempt', 'bigint')
        .addColumn('lease_until', 'bigint')
        .addColumn('sent_time', 'bigint')
        .addColumn('response', 'varchar(1000)', (c) => c.notNull())
        .addColumn('error', 'varchar(1000)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_send_project_idx').on('mail_send').columns(['project_id', 'id']).execute();
      await db.schema.createIndex('mail_send_due_idx').on('mail_send').columns(['status', 'next_attempt']).execute();
    },
  };
}
