import type { Db } from '../../db/connect.js';

export interface RoleRow {
  id: number;
  tenant_id: number;
  name: string;
  custom_config: string;
}

/** All SQL of the role administration (issue 13). */
export function rolesRepository(db: Db) {
  return {
    async listRoles(tenantId: number): Promise<RoleRow[]> {
      const rows = await db.selectFrom('role').select(['id', 'tenant_id', 'name', 'custom_config']).where('tenant_id', '=', tenantId).orderBy('id').execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), tenant_id: Number(r.tenant_id) }));
    },

    async findRole(id: number): Promise<RoleRow | undefined> {
      const r = await db.selectFrom('role').select(['id', 'tenant_id', 'name', 'custom_config']).where('id', '=', id).executeTakeFirst();
      return r ? { ...r, id: Number(r.id), tenant_id: Number(r.tenant_id) } : undefined;
    },

    /** Permission ids per role, for the roles given. */
    async permissionsOf(roleIds: number[]): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>(roleIds.map((id) => [id, []]));
      for (let i = 0; i < roleIds.length; i += 500) {
        const rows = await db
          .selectFrom('role_permission')
          .select(['role_id', 'permission_id'])
          .where('role_id', 'in', roleIds.slice(i, i + 500))
          .orderBy('permission_id')
          .execute();
        for (const r of rows) out.get(Number(r.role_id))?.push(Number(r.permission_id));
      }
      return out;
    },

    /** Users holding each role of a tenant. */
    async userCounts(tenantId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('user_role')
        .innerJoin('role', 'role.id', 'user_role.role_id')
        .select(['user_role.role_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('role.tenant_id', '=', tenantId)
        .groupBy('user_role.role_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.role_id), Number(r.n)]));
    },

    async holders(roleId: number) {
      const rows = await db
        .selectFrom('user_role')
        .innerJoin('app_user', 'app_user.id', 'user_role.user_id')
        .select(['app_user.id', 'app_user.name', 'app_user.nic_name', 'app_user.enabled'])
        .where('user_role.role_id', '=', roleId)
        .orderBy('app_user.id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), name: r.name, nicName: r.nic_name, enabled: Number(r.enabled) === 1 }));
    },

    async nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('role').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** Enabled type-1 users of a tenant with the ids of their roles (the last-administrator rule). */
    async adminCandidates(tenantId: number): Promise<{ userId: number; roleId: number }[]> {
      const rows = await db
        .selectFrom('app_user')
        .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
        .select(['app_user.id', 'user_role.role_id'])
        .where('app_user.tenant_id', '=', tenantId)
        .where('app_user.usertype', '=', 1)
        .where('app_user.enabled', '=', 1)
        .execute();
      return rows.map((r) => ({ userId: Number(r.id), roleId: Number(r.role_id) }));
    },

    /** Creates a role with its permissions; its id. */
    async insertRole(tenantId: number, name: string, customConfig: string, permissionIds: number[]): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const row = await tx.insertInto('role').values({ tenant_id: tenantId, name, custom_config: customConfig }).returning('id').executeTakeFirstOrThrow();
        const id = Number(row.id);
        await rolesRepository(tx).setPermissions(id, permissionIds);
        return id;
      });
    },

    /** Replaces a role's name, configuration and permissions. */
    async updateRole(id: number, name: string, customConfig: string, permissionIds: number[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('role').set({ name, custom_config: customConfig }).where('id', '=', id).execute();
        await rolesRepository(tx).setPermissions(id, permissionIds);
      });
    },

    async setPermissions(id: number, permissionIds: number[]): Promise<void> {
      await db.deleteFrom('role_permission').where('role_id', '=', id).execute();
      const unique = [...new Set(permissionIds)];
      for (let i = 0; i < unique.length; i += 200) {
        await db
          .insertInto('role_permission')
          .values(unique.slice(i, i + 200).map((permission_id) => ({ role_id: id, permission_id })))
          .execute();
      }
    },

    async deleteRole(id: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('user_role').where('role_id', '=', id).execute();
        await tx.deleteFrom('role_permission').where('role_id', '=', id).execute();
        await tx.deleteFrom('role').where('id', '=', id).execute();
      });
    },
  };
}

export type RolesRepository = ReturnType<typeof rolesRepository>;
