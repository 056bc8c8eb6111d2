import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** All SQL of the tenant administration (issue 13). */
export function tenantsRepository(db: Db) {
  return {
    async list() {
      const rows = await db
        .selectFrom('tenant')
        .select((eb) => [
          'tenant.id',
          'tenant.name',
          'tenant.en_name',
          'tenant.enabled',
          'tenant.kind',
          'tenant.create_time',
          eb.selectFrom('project').select(sql<number>`cast(count(*) as integer)`.as('n')).whereRef('project.tenant_id', '=', 'tenant.id').as('project_count'),
          eb.selectFrom('app_user').select(sql<number>`cast(count(*) as integer)`.as('n')).whereRef('app_user.tenant_id', '=', 'tenant.id').as('user_count'),
          eb.selectFrom('user_group').select(sql<number>`min(user_group.id)`.as('g')).whereRef('user_group.tenant_id', '=', 'tenant.id').where('user_group.parent_id', 'is', null).as('root_group'),
        ])
        .orderBy('tenant.id')
        .execute();
      return rows;
    },

    /** Every provider–customer link, by provider. */
    async customerLinks(): Promise<Map<number, number[]>> {
      const rows = await db.selectFrom('tenant_provider').select(['provider_id', 'tenant_id']).orderBy('provider_id').orderBy('tenant_id').execute();
      const out = new Map<number, number[]>();
      for (const r of rows) out.set(Number(r.provider_id), [...(out.get(Number(r.provider_id)) ?? []), Number(r.tenant_id)]);
      return out;
    },

    /** Replaces the tenants a provider looks after. */
    async setCustomers(providerId: number, tenantIds: readonly number[]) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('tenant_provider').where('provider_id', '=', providerId).execute();
        if (tenantIds.length > 0) await tx.insertInto('tenant_provider').values(tenantIds.map((tenant_id) => ({ provider_id: providerId, tenant_id }))).execute();
      });
    },

    kinds(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('tenant').select(['id', 'kind']).where('id', 'in', [...ids]).execute();
    },

    find(id: number) {
      return db.selectFrom('tenant').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('tenant').select('id').where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** The tenant and its root user group (named after it), in one transaction. */
    async insert(name: string, enName: string, now: number, kind: 'tenant' | 'provider' = 'tenant'): Promise<{ id: number; rootGroupId: number }> {
      return db.transaction().execute(async (tx) => {
        const row = await tx.insertInto('tenant').values({ name, en_name: enName, create_time: now, kind }).returning('id').executeTakeFirstOrThrow();
        const id = Number(row.id);
        const group = await tx.insertInto('user_group').values({ tenant_id: id, parent_id: null, name }).returning('id').executeTakeFirstOrThrow();
        return { id, rootGroupId: Number(group.id) };
      });
    },

    /** Renames the tenant and its root group (which carries its name). */
    async rename(id: number, oldName: string, name: string, enName: string) {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('tenant').set({ name, en_name: enName }).where('id', '=', id).execute();
        await tx.updateTable('user_group').set({ name }).where('tenant_id', '=', id).where('parent_id', 'is', null).where('name', '=', oldName).execute();
      });
    },

    /** Sets enabled; when disabling, revokes every live token of the tenant's users and returns their hashes. */
    async setEnabled(id: number, enabled: boolean, now: number): Promise<string[]> {
      return db.transaction().execute(async (tx) => {
        await tx.updateTable('tenant').set({ enabled: enabled ? 1 : 0 }).where('id', '=', id).execute();
        if (enabled) return [];
        const live = await tx
          .selectFrom('token')
          .select('token_hash')
          .where('revoked_at', 'is', null)
          .where('user_id', 'in', (eb) => eb.selectFrom('app_user').select('app_user.id').where('app_user.tenant_id', '=', id))
          .execute();
        await tx
          .updateTable('token')
          .set({ revoked_at: now })
          .where('revoked_at', 'is', null)
          .where('user_id', 'in', (eb) => eb.selectFrom('app_user').select('app_user.id').where('app_user.tenant_id', '=', id))
          .execute();
        return live.map((r) => r.token_hash);
      });
    },

    async userIds(tenantId: number): Promise<number[]> {
      const rows = await db.selectFrom('app_user').select('id').where('tenant_id', '=', tenantId).execute();
      return rows.map((r) => Number(r.id));
    },

    projects(tenantId: number) {
      return db.selectFrom('project').select(['id', 'name', 'en_name', 'code', 'create_time']).where('tenant_id', '=', tenantId).orderBy('id').execute();
    },

    users(tenantId: number) {
      return db.selectFrom('app_user').select(['id', 'name', 'nic_name', 'usertype', 'enabled']).where('tenant_id', '=', tenantId).orderBy('id').execute();
    },

    assignments(tenantId: number) {
      return db
        .selectFrom('user_project')
        .innerJoin('project', 'project.id', 'user_project.project_id')
        .select(['user_project.user_id', 'user_project.project_id'])
        .where('project.tenant_id', '=', tenantId)
        .execute();
    },
  };
}
