import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** What a user row holds for the administration (never the password). */
export interface UserRow {
  id: number;
  tenant_id: number;
  name: string;
  nic_name: string;
  email: string;
  mobile_phone: string;
  usertype: number;
  enabled: number;
  must_change_password: number;
  create_time: number;
}

export interface UserFilter {
  tenantId: number;
  name?: string;
  nicName?: string;
  usertype?: number;
  enabled?: boolean;
  roleId?: number;
  projectId?: number;
  groupId?: number;
}

export interface UserFields {
  nicName: string;
  email: string;
  mobilePhone: string;
  usertype: number;
  projectIds: number[];
  roleIds: number[];
  groupIds: number[];
}

/** `%text%` for LIKE, with the wildcards of the text escaped (`\` is the escape character). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const COLUMNS = ['id', 'tenant_id', 'name', 'nic_name', 'email', 'mobile_phone', 'usertype', 'enabled', 'must_change_password', 'create_time'] as const;

const toRow = (r: Record<(typeof COLUMNS)[number], unknown>): UserRow => ({
  id: Number(r.id),
  tenant_id: Number(r.tenant_id),
  name: String(r.name),
  nic_name: String(r.nic_name),
  email: String(r.email),
  mobile_phone: String(r.mobile_phone),
  usertype: Number(r.usertype),
  enabled: Number(r.enabled),
  must_change_password: Number(r.must_change_password),
  create_time: Number(r.create_time),
});

/** All SQL of the user administration. */
export function usersRepository(db: Db) {
  const filtered = (f: UserFilter) => {
    let q = db.selectFrom('app_user').where('tenant_id', '=', f.tenantId);
    if (f.name) q = q.where(sql<boolean>`lower(name) like ${contains(f.name.toLowerCase())} escape '\\'`);
    if (f.nicName) q = q.where(sql<boolean>`lower(nic_name) like ${contains(f.nicName.toLowerCase())} escape '\\'`);
    if (f.usertype !== undefined) q = q.where('usertype', '=', f.usertype);
    if (f.enabled !== undefined) q = q.where('enabled', '=', f.enabled ? 1 : 0);
    if (f.roleId !== undefined) {
      const roleId = f.roleId;
      q = q.where('id', 'in', (eb) => eb.selectFrom('user_role').select('user_id').where('role_id', '=', roleId));
    }
    if (f.projectId !== undefined) {
      const projectId = f.projectId;
      q = q.where('id', 'in', (eb) => eb.selectFrom('user_project').select('user_id').where('project_id', '=', projectId));
    }
    if (f.groupId !== undefined) {
      const groupId = f.groupId;
      q = q.where('id', 'in', (eb) => eb.selectFrom('user_group_member').select('user_id').where('group_id', '=', groupId));
    }
    return q;
  };

  return {
    async list(f: UserFilter, index: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(f).select(COLUMNS).orderBy('id').limit(limit).offset(index * limit).execute(),
        filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRow), total: Number(count.n) };
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const r = await db.selectFrom('app_user').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return r ? toRow(r) : undefined;
    },

    async tenantExists(id: number): Promise<boolean> {
      return (await db.selectFrom('tenant').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async nameTaken(name: string): Promise<boolean> {
      return (await db.selectFrom('app_user').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;
    },

    /** The roles, projects and groups of each user, by user id. */
    async linksOf(userIds: number[]) {
      const empty = () => ({ roles: [] as { id: number; name: string }[], projects: [] as { id: number; name: string; enName: string }[], groups: [] as { id: number; name: string }[] });
      const out = new Map<number, ReturnType<typeof empty>>(userIds.map((id) => [id, empty()]));
      if (userIds.length === 0) return out;
      const [roles, projects, groups] = await Promise.all([
        db.selectFrom('user_role').innerJoin('role', 'role.id', 'user_role.role_id').select(['user_role.user_id', 'role.id', 'role.name']).where('user_role.user_id', 'in', userIds).orderBy('role.id').execute(),
        db
          .selectFrom('user_project')
          .innerJoin('project', 'project.id', 'user_project.project_id')
          .select(['user_project.user_id', 'project.id', 'project.name', 'project.en_name'])
          .where('user_project.user_id', 'in', userIds)
          .orderBy('project.id')
          .execute(),
        db
          .selectFrom('user_group_member')
          .innerJoin('user_group', 'user_group.id', 'user_group_member.group_id')
          .select(['user_group_member.user_id', 'user_group.id', 'user_group.name'])
          .where('user_group_member.user_id', 'in', userIds)
          .orderBy('user_group.id')
          .execute(),
      ]);
      for (const r of roles) out.get(Number(r.user_id))?.roles.push({ id: Number(r.id), name: r.name });
      for (const r of projects) out.get(Number(r.user_id))?.projects.push({ id: Number(r.id), name: r.name, enName: r.en_name });
      for (const r of groups) out.get(Number(r.user_id))?.groups.push({ id: Number(r.id), name: r.name });
      return out;
    },

    /** The names whose login is locked at `now` (from any address). */
    async lockedNames(names: string[], now: number): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db.selectFrom('login_failure').select('user_name').distinct().where('user_name', 'in', names).where('locked_until', '>', now).execute();
      return new Set(rows.map((r) => r.user_name));
    },

    /** Which of these ids are roles, projects or groups of the tenant. */
    async idsInTenant(table: 'role' | 'project' | 'user_group', tenantId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => Number(r.id)));
    },

    async permissionIdsOfRoles(roleIds: number[]): Promise<number[]> {
      if (roleIds.length === 0) return [];
      const rows = await db.selectFrom('role_permission').select('permission_id').distinct().where('role_id', 'in', roleIds).execute();
      return rows.map((r) => Number(r.permission_id));
    },

    /** Enabled type-1 users of the tenant with their role ids (candidates for "platform administrator"). */
    async adminCandidates(tenantId: number): Promise<Map<number, number[]>> {
      const rows = await db
        .selectFrom('app_user')
        .leftJoin('user_role', 'user_role.user_id', 'app_user.id')
        .select(['app_user.id', 'user_role.role_id'])
        .where('app_user.tenant_id', '=', tenantId)
        .where('app_user.usertype', '=', 1)
        .where('app_user.enabled', '=', 1)
        .execute();
      const out = new Map<number, number[]>();
      for (const r of rows) {
        const list = out.get(Number(r.id)) ?? [];
        if (r.role_id !== null) list.push(Number(r.role_id));
        out.set(Number(r.id), list);
      }
      return out;
    },

    /** Inserts the user, then its password (the cipher binds it to the id), roles, projects and groups; the new id. */
    async insert(tenantId: number, name: string, fields: UserFields, encrypt: (userId: number) => string, now: number): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('app_user')
          .values({
            tenant_id: tenantId,
            name,
            nic_name: fields.nicName,
            email: fields.email,
            mobile_phone: fields.mobilePhone,
            usertype: fields.usertype,
            password_enc: '',
            password_changed_at: now,
            enabled: 1,
            must_change_password: 1,
            create_time: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(row.id);
        await tx.updateTable('app_user').set({ password_enc: encrypt(id) }).where('id', '=', id).execute();
        await writeLinks(tx, id, fields);
        return id;
      });
    },

    async update(id: number, fields: UserFields): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('app_user')
          .set({ nic_name: fields.nicName, email: fields.email, mobile_phone: fields.mobilePhone, usertype: fields.usertype })
          .where('id', '=', id)
          .execute();
        await tx.deleteFrom('user_role').where('user_id', '=', id).execute();
        await tx.deleteFrom('user_project').where('user_id', '=', id).execute();
        await tx.deleteFrom('user_group_member').where('user_id', '=', id).execute();
        await writeLinks(tx, id, fields);
      });
    },

    /** Sets enabled; disabling revokes every live token of the user in the same transaction. The tokens revoked. */
    async setEnabled(id: number, enabled: boolean, now: number): Promise<number> {
      return db.transaction().execute(async (tx) => {
        await tx.updateTable('app_user').set({ enabled: enabled ? 1 : 0 }).where('id', '=', id).execute();
        if (enabled) return 0;
        const res = await tx.updateTable('token').set({ revoked_at: now }).where('user_id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
        return Number(res.numUpdatedRows);
      });
    },

    /** Deletes the user (roles, projects, groups and tokens go with it) and the login locks of its name. */
    async remove(id: number, name: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('token').where('user_id', '=', id).execute();
        await tx.deleteFrom('app_user').where('id', '=', id).execute();
        await tx.deleteFrom('login_failure').where('user_name', '=', name).execute();
      });
    },

    /** A new password the user must change at next login; every token of the user is revoked. */
    async resetPassword(id: number, passwordEnc: string, now: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('app_user').set({ password_enc: passwordEnc, password_changed_at: now, must_change_password: 1 }).where('id', '=', id).execute();
        await tx.updateTable('token').set({ revoked_at: now }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
      });
    },

    /** Clears the failed-login counts and locks of a name, from every address; how many rows. */
    async unlock(name: string): Promise<number> {
      const res = await db.deleteFrom('login_failure').where('user_name', '=', name).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** Revokes every live token of the user; how many. */
    async revokeTokens(id: number, now: number): Promise<number> {
      const res = await db.updateTable('token').set({ revoked_at: now }).where('user_id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}

async function writeLinks(tx: Db, id: number, f: UserFields): Promise<void> {
  if (f.roleIds.length) await tx.insertInto('user_role').values(f.roleIds.map((role_id) => ({ user_id: id, role_id }))).execute();
  if (f.projectIds.length) await tx.insertInto('user_project').values(f.projectIds.map((project_id) => ({ user_id: id, project_id }))).execute();
  if (f.groupIds.length) await tx.insertInto('user_group_member').values(f.groupIds.map((group_id) => ({ group_id, user_id: id }))).execute();
}

export type UsersRepository = ReturnType<typeof usersRepository>;
