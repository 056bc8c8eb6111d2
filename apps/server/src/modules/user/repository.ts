import type { Db } from '../../db/connect.js';

/** All SQL of users, roles and user groups. */
export function userRepository(db: Db) {
  return {
    findUser(id: number) {
      return db
        .selectFrom('app_user')
        .select(['id', 'name', 'nic_name', 'email', 'mobile_phone', 'tenant_id', 'usertype', 'must_change_password'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    rolesOf(userId: number) {
      return db
        .selectFrom('user_role')
        .innerJoin('role', 'role.id', 'user_role.role_id')
        .select(['role.id', 'role.name', 'role.custom_config'])
        .where('user_role.user_id', '=', userId)
        .orderBy('role.id')
        .execute();
    },

    async permissionIdsOfRole(roleId: number): Promise<number[]> {
      const rows = await db.selectFrom('role_permission').select('permission_id').where('role_id', '=', roleId).orderBy('permission_id').execute();
      return rows.map((r) => Number(r.permission_id));
    },

    async permissionIdsOfUser(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('user_role')
        .innerJoin('role_permission', 'role_permission.role_id', 'user_role.role_id')
        .select('role_permission.permission_id')
        .distinct()
        .where('user_role.user_id', '=', userId)
        .execute();
      return rows.map((r) => Number(r.permission_id));
    },

    async groupIdsOf(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('user_group_member').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
      return rows.map((r) => Number(r.group_id));
    },

    groupsOfTenant(tenantId: number) {
      return db.selectFrom('user_group').select(['id', 'parent_id', 'name']).where('tenant_id', '=', tenantId).orderBy('id').execute();
    },

    membersOfTenant(tenantId: number) {
      return db
        .selectFrom('user_group_member')
        .innerJoin('app_user', 'app_user.id', 'user_group_member.user_id')
        .select(['user_group_member.group_id', 'app_user.id', 'app_user.name', 'app_user.nic_name'])
        .where('app_user.tenant_id', '=', tenantId)
        .orderBy('app_user.id')
        .execute();
    },

    async rootExists(): Promise<boolean> {
      const row = await db.selectFrom('app_user').select('id').where('id', '=', 1).where('enabled', '=', 1).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;
