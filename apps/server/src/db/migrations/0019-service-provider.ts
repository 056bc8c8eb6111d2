import type { Kysely, Migration } from 'kysely';

/**
 * Service providers (issue 13; apps/server/src/modules/admin/tenants-*):
 * - `tenant.kind`: 'tenant' (an ordinary customer) or 'provider' (a service provider, which looks after
 *   other tenants' projects);
 * - `tenant_provider`: the tenants a provider looks after; its platform users (types 1, 2) see every
 *   project of those tenants while the tenant is enabled.
 */
export function serviceProvider(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tenant').addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('tenant')).execute();
      await db.schema
        .createTable('tenant_provider')
        .addColumn('provider_id', 'integer', (c) => c.notNull())
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('tenant_provider_pk', ['provider_id', 'tenant_id'])
        .execute();
      await db.schema.createIndex('tenant_provider_tenant_idx').on('tenant_provider').column('tenant_id').execute();
    },
  };
}
