import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { StoreKind } from '../../db/migrate.js';
import type { ProjectTable } from '../../db/schema.js';

/** All SQL of the start-up seeds; every write is insert-if-missing. */
export function seedRepository(db: Db) {
  return {
    async ensureTenant(id: number, name: string, enName: string, now: number) {
      await db.insertInto('tenant').values({ id, name, en_name: enName, create_time: now }).onConflict((oc) => oc.column('id').doNothing()).execute();
    },

    async ensureGroup(tenantId: number, parentId: number | null, name: string, id?: number): Promise<number> {
      let q = db.selectFrom('user_group').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
      q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
      const found = id !== undefined ? await db.selectFrom('user_group').select('id').where('id', '=', id).executeTakeFirst() : await q.executeTakeFirst();
      if (found) return Number(found.id);
      const row = await db
        .insertInto('user_group')
        .values({ ...(id !== undefined ? { id } : {}), tenant_id: tenantId, parent_id: parentId, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    findUser(name: string) {
      return db.selectFrom('app_user').select(['id', 'password_enc']).where('name', '=', name).executeTakeFirst();
    },

    /** Inserts a user; the password is set right after, once the id (its AAD) is known. */
    async insertUser(values: { id?: number; tenant_id: number; name: string; nic_name: string; usertype: number; now: number }): Promise<number> {
      const { now, ...rest } = values;
      const row = await db
        .insertInto('app_user')
        .values({ ...rest, email: '', mobile_phone: '', password_enc: '', password_changed_at: now, enabled: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async setPassword(userId: number, passwordEnc: string) {
      await db.updateTable('app_user').set({ password_enc: passwordEnc }).where('id', '=', userId).execute();
    },

    async ensureRole(tenantId: number, name: string, customConfig: string): Promise<{ id: number; created: boolean }> {
      const found = await db.selectFrom('role').select('id').where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
      if (found) return { id: Number(found.id), created: false };
      const row = await db.insertInto('role').values({ tenant_id: tenantId, name, custom_config: customConfig }).returning('id').executeTakeFirstOrThrow();
      return { id: Number(row.id), created: true };
    },

    async grant(roleId: number, permissionIds: number[]) {
      if (permissionIds.length === 0) return;
      const unique = [...new Set(permissionIds)];
      for (let i = 0; i < unique.length; i += 200) {
        await db
          .insertInto('role_permission')
          .values(unique.slice(i, i + 200).map((permission_id) => ({ role_id: roleId, permission_id })))
          .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
          .execute();
      }
    },

    async assignRole(userId: number, roleId: number) {
      await db.insertInto('user_role').values({ user_id: userId, role_id: roleId }).onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing()).execute();
    },

    async assignProject(userId: number, projectId: number) {
      await db
        .insertInto('user_project')
        .values({ user_id: userId, project_id: projectId })
        .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
        .execute();
    },

    async addMember(groupId: number, userId: number) {
      await db
        .insertInto('user_group_member')
        .values({ group_id: groupId, user_id: userId })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .execute();
    },

    findProjectByName(tenantId: number, name: string) {
      return db.selectFrom('project').select('id').where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
    },

    async insertProject(values: Insertable<ProjectTable>): Promise<number> {
      const row = await db.insertInto('project').values(values).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async hasNodes(projectId: number): Promise<boolean> {
      return (await db.selectFrom('node').select('id').where('project_id', '=', projectId).executeTakeFirst()) !== undefined;
    },

    async insertNode(values: { project_id: number; parent_id: number | null; model_label: string; name: string; attrs: string; sort: number }): Promise<number> {
      const row = await db.insertInto('node').values(values).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** PostgreSQL: move serial sequences past ids the seeds inserted explicitly. */
    async syncSequences(kind: StoreKind) {
      if (kind !== 'postgres') return;
      for (const table of ['tenant', 'app_user', 'user_group']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
      }
    },
  };
}

export type SeedRepository = ReturnType<typeof seedRepository>;
