import type { Kysely, Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Administration and identity (issue 13):
 * - `audit_log`: append-only record of sign-ins, failures, locks and every administrative change
 *   (who, when, from where, what, before and after as JSON text); the API only inserts and reads it;
 * - `app_user.must_change_password`: set by a password reset (one-time password), cleared by a change;
 *   `app_user.create_time`; `app_user.sso_subject`: the identity provider's claim a user was matched by;
 * - `tenant.enabled`: a disabled tenant's users cannot sign in.
 */
export function admin(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'bigserial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_id', 'bigint')
        .addColumn('target_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('detail', 'varchar(1000)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_tenant_time_idx').on('audit_log').columns(['tenant_id', 'time']).execute();
      await db.schema.alterTable('app_user').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('app_user').addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('app_user').addColumn('sso_subject', 'varchar(255)').execute();
      await db.schema.alterTable('tenant').addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    },
  };
}
