import type { Db } from '../../db/connect.js';

/** All SQL of the user-group administration (issue 13). */
export function groupsRepository(db: Db) {
  return {
    find(id: number) {
      return db.selectFrom('user_group').select(['id', 'tenant_id', 'parent_id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    groupsOf(tenantId: number) {
      return db.selectFrom('user_group').select(['id', 'parent_id', 'name']).where('tenant_id', '=', tenantId).orderBy('id').execute();
    },

    membersOf(tenantId: number) {
      return db
        .selectFrom('user_group_member')
        .innerJoin('user_group', 'user_group.id', 'user_group_member.group_id')
        .select(['user_group_member.group_id', 'user_group_member.user_id'])
        .where('user_group.tenant_id', '=', tenantId)
        .orderBy('user_group_member.user_id')
        .execute();
    },

    usersOf(tenantId: number) {
      return db.selectFrom('app_user').select(['id', 'name', 'nic_name', 'usertype', 'enabled']).where('tenant_id', '=', tenantId).orderBy('id').execute();
    },

    async siblingNameTaken(tenantId: number, parentId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('user_group').select('id').where('tenant_id', '=', tenantId).where('parent_id', '=', parentId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(tenantId: number, parentId: number, name: string): Promise<number> {
      const row = await db.insertInto('user_group').values({ tenant_id: tenantId, parent_id: parentId, name }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(id: number, name: string, parentId: number | null) {
      await db.updateTable('user_group').set({ name, parent_id: parentId }).where('id', '=', id).execute();
    },

    /** Deletes these groups (a subtree) and their memberships in one transaction. */
    async deleteGroups(ids: number[]) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('user_group_member').where('group_id', 'in', ids).execute();
        // children before parents: ids come parent-first
        for (const id of [...ids].reverse()) await tx.deleteFrom('user_group').where('id', '=', id).execute();
      });
    },

    async setMembers(groupId: number, userIds: number[]) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('user_group_member').where('group_id', '=', groupId).execute();
        for (let i = 0; i < userIds.length; i += 500) {
          const slice = userIds.slice(i, i + 500);
          await tx.insertInto('user_group_member').values(slice.map((user_id) => ({ group_id: groupId, user_id }))).execute();
        }
      });
    },

    async memberIds(groupId: number): Promise<number[]> {
      const rows = await db.selectFrom('user_group_member').select('user_id').where('group_id', '=', groupId).orderBy('user_id').execute();
      return rows.map((r) => Number(r.user_id));
    },
  };
}
