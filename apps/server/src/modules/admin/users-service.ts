import { randomInt } from 'node:crypto';
import { ErrorCode, permissionId, type AdminUser, type AdminUserCreate, type AdminUserQuery, type AdminUserUpdate } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError, noPermission, notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { md5hex } from '../../lib/hash.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { isStrongPassword } from '../auth/password-service.js';
import { adminTenantOf, mayGrant } from './scope.js';
import { usersRepository, type UserFields, type UserRow } from './users-repository.js';

/** What a user administration call needs besides the store: the live channel to close a user's sockets. */
export interface UserAdminContext {
  ems: Ems;
  session: Session;
  actor: AuditActor;
  lang: Lang;
  /** closes every live socket of the user on this instance */
  endSockets(userId: number): Promise<void>;
}

/** A platform administrator holds both (the role administration uses the same pair). */
const ADMIN_PERMISSIONS = ['user_update', 'role_update'].map((n) => permissionId(n)).filter((id): id is number => id !== undefined);
const DEFAULT_PAGE = 20;

const TEXT = {
  notInTenant: ['不属于该用户的租户', 'not of the user’s tenant'],
  weak: ['密码必须包含大小写字母、数字和特殊字符，长度为8至18位', 'upper and lower case letters, digits and special characters, length 8 to 18'],
  noTenant: ['租户不存在', 'no such tenant'],
} as const;

const invalid = (lang: Lang, field: string, k: keyof typeof TEXT) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, TEXT[k][lang === 'en' ? 1 : 0]]);
const lastAdmin = (name: string) => new ApiError(409, ErrorCode.conflict, 'lastAdmin', null, [name]);

const isRootUser = (u: UserRow) => u.id === 1 || u.name === 'ROOT';

/** What the audit log keeps of a user (no password, no hash). */
function snapshot(u: UserRow, links: { roleIds: number[]; projectIds: number[]; groupIds: number[] }) {
  return {
    name: u.name,
    nicName: u.nic_name,
    email: u.email,
    mobilePhone: u.mobile_phone,
    usertype: u.usertype,
    tenantId: u.tenant_id,
    enabled: u.enabled === 1,
    ...links,
  };
}

async function toAdminUsers(ems: Ems, rows: UserRow[]): Promise<AdminUser[]> {
  const repo = usersRepository(ems.db);
  const [links, locked] = await Promise.all([repo.linksOf(rows.map((r) => r.id)), repo.lockedNames(rows.map((r) => r.name), ems.config.now())]);
  return rows.map((r) => {
    const l = links.get(r.id);
    return {
      id: r.id,
      name: r.name,
      nicName: r.nic_name,
      email: r.email,
      mobilePhone: r.mobile_phone,
      usertype: r.usertype,
      tenantId: r.tenant_id,
      enabled: r.enabled === 1,
      locked: locked.has(r.name),
      mustChangePassword: r.must_change_password === 1,
      createTime: r.create_time,
      roles: l?.roles ?? [],
      projects: l?.projects ?? [],
      groups: l?.groups ?? [],
    };
  });
}

async function linkIds(ems: Ems, id: number) {
  const l = (await usersRepository(ems.db).linksOf([id])).get(id);
  const ids = (xs: { id: number }[] | undefined) => (xs ?? []).map((x) => x.id);
  return { roleIds: ids(l?.roles), projectIds: ids(l?.projects), groupIds: ids(l?.groups) };
}

/** GET: one page of the acting tenant's users and how many match in all. */
export async function listUsers(ems: Ems, session: Session, q: AdminUserQuery): Promise<{ list: AdminUser[]; total: number }> {
  const tenantId = adminTenantOf(session, q.tenantId);
  const limit = q.limit ?? DEFAULT_PAGE;
  const { rows, total } = await usersRepository(ems.db).list(
    {
      tenantId,
      ...(q.name?.trim() ? { name: q.name.trim() } : {}),
      ...(q.nicName?.trim() ? { nicName: q.nicName.trim() } : {}),
      ...(q.usertype !== undefined ? { usertype: q.usertype } : {}),
      ...(q.enabled !== undefined ? { enabled: q.enabled } : {}),
      ...(q.roleId !== undefined ? { roleId: q.roleId } : {}),
      ...(q.projectId !== undefined ? { projectId: q.projectId } : {}),
      ...(q.groupId !== undefined ? { groupId: q.groupId } : {}),
    },
    q.index ?? 0,
    limit,
  );
  return { list: await toAdminUsers(ems, rows), total };
}

/**
 * The user `id` of the acting tenant (404 outside it), and that the caller may act on them: ROOT
 * only by ROOT; nobody on a user of a more privileged type or holding a permission the caller does not.
 */
async function reachableUser(c: UserAdminContext, id: number, tenantId: number | undefined): Promise<UserRow> {
  const tenant = adminTenantOf(c.session, tenantId);
  const user = await usersRepository(c.ems.db).findById(id);
  if (!user || user.tenant_id !== tenant) throw notFound();
  return user;
}

async function mustManage(c: UserAdminContext, user: UserRow): Promise<void> {
  const { session, ems } = c;
  if (session.isRoot) return;
  if (isRootUser(user) || user.usertype < session.usertype) throw noPermission();
  const held = await usersRepository(ems.db).permissionIdsOfRoles((await linkIds(ems, user.id)).roleIds);
  if (!mayGrant(ems, session, held)) throw noPermission();
}

/**
 * The tenant keeps an enabled type-1 user holding user_update and role_update when `user` becomes
 * `after` (null: disabled or deleted): a change that takes the last one away is 409 naming the user.
 */
async function keepLastAdmin(ems: Ems, user: UserRow, after: { usertype: number; roleIds: number[] } | null): Promise<void> {
  const repo = usersRepository(ems.db);
  const candidates = await repo.adminCandidates(user.tenant_id);
  const count = async (override: boolean) => {
    let n = 0;
    for (const [uid, roleIds] of candidates) {
      let roles = roleIds;
      if (override && uid === user.id) {
        if (!after || after.usertype !== 1) continue;
        roles = after.roleIds;
      }
      const perms = new Set(await repo.permissionIdsOfRoles(roles));
      if (ADMIN_PERMISSIONS.every((p) => perms.has(p))) n++;
    }
    return n;
  };
  // not an administrator now: no change of theirs can take the last one away
  if (!candidates.has(user.id)) return;
  if ((await count(false)) > 0 && (await count(true)) === 0) throw lastAdmin(user.name);
}

/** Roles, projects and groups named must be the tenant's (400 naming the field). */
async function checkLinks(c: UserAdminContext, tenantId: number, f: UserFields): Promise<void> {
  const repo = usersRepository(c.ems.db);
  const pairs = [
    ['roleIds', 'role', f.roleIds],
    ['projectIds', 'project', f.projectIds],
    ['groupIds', 'user_group', f.groupIds],
  ] as const;
  for (const [field, table, ids] of pairs) {
    const found = await repo.idsInTenant(table, tenantId, ids);
    if (ids.some((id) => !found.has(id))) throw invalid(c.lang, field, 'notInTenant');
  }
}

/** No one hands out a role holding a permission they do not hold, nor a more privileged user type (404). */
async function checkGrant(c: UserAdminContext, usertype: number, addedRoleIds: number[]): Promise<void> {
  const { session, ems } = c;
  if (!session.isRoot && usertype < session.usertype) throw noPermission();
  const perms = await usersRepository(ems.db).permissionIdsOfRoles(addedRoleIds);
  if (!mayGrant(ems, session, perms)) throw noPermission();
}

const fieldsOf = (b: AdminUserUpdate): UserFields => ({
  nicName: b.nicName.trim(),
  email: (b.email ?? '').trim(),
  mobilePhone: (b.mobilePhone ?? '').trim(),
  usertype: b.usertype,
  projectIds: b.projectIds,
  roleIds: b.roleIds,
  groupIds: b.groupIds,
});

async function endAll(c: UserAdminContext, userId: number): Promise<void> {
  await c.endSockets(userId);
}

/** POST: a new user of the acting tenant with an initial password to change at first login. */
export async function createUser(c: UserAdminContext, body: AdminUserCreate): Promise<AdminUser> {
  const { ems } = c;
  const tenantId = adminTenantOf(c.session, body.tenantId);
  const repo = usersRepository(ems.db);
  if (!(await repo.tenantExists(tenantId))) throw invalid(c.lang, 'tenantId', 'noTenant');
  const password = body.password.trim();
  if (!isStrongPassword(password)) throw invalid(c.lang, 'password', 'weak');
  const name = body.name.trim();
  const fields = fieldsOf(body);
  await checkLinks(c, tenantId, fields);
  await checkGrant(c, fields.usertype, fields.roleIds);
  if (await repo.nameTaken(name)) throw new ApiError(409, ErrorCode.conflict, 'userNameTaken', null, [name]);
  const now = ems.config.now();
  const id = await repo.insert(tenantId, name, fields, (uid) => ems.cipher.encrypt(md5hex(password), uid), now);
  const row = (await repo.findById(id))!;
  await recordAudit(ems, c.actor, { tenantId, kind: 'user', action: 'create', targetType: 'user', targetId: id, targetName: name, after: snapshot(row, fields) });
  return (await toAdminUsers(ems, [row]))[0]!;
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** PUT: nickname, contact, user type, roles, projects and groups. */
export async function updateUser(c: UserAdminContext, id: number, tenantId: number | undefined, body: AdminUserUpdate): Promise<AdminUser> {
  const { ems, session } = c;
  const user = await reachableUser(c, id, tenantId);
  const before = await linkIds(ems, id);
  const fields = fieldsOf(body);
  await checkLinks(c, user.tenant_id, fields);
  const rolesChanged = !sameSet(before.roleIds, fields.roleIds);
  const typeChanged = fields.usertype !== user.usertype;
  if ((rolesChanged || typeChanged) && isRootUser(user)) throw lastAdmin(user.name);
  if (id === session.userId && (rolesChanged || typeChanged)) throw noPermission();
  await mustManage(c, user);
  await checkGrant(c, fields.usertype, fields.roleIds.filter((r) => !before.roleIds.includes(r)));
  if (user.enabled === 1) await keepLastAdmin(ems, user, { usertype: fields.usertype, roleIds: fields.roleIds });
  const repo = usersRepository(ems.db);
  await repo.update(id, fields);
  const row = (await repo.findById(id))!;
  await recordAudit(ems, c.actor, {
    tenantId: user.tenant_id,
    kind: 'user',
    action: 'update',
    targetType: 'user',
    targetId: id,
    targetName: user.name,
    before: snapshot(user, before),
    after: snapshot(row, fields),
  });
  return (await toAdminUsers(ems, [row]))[0]!;
}

/** DELETE: the user, their links, tokens and login locks. */
export async function deleteUser(c: UserAdminContext, id: number, tenantId: number | undefined): Promise<void> {
  const { ems, session } = c;
  const user = await reachableUser(c, id, tenantId);
  if (isRootUser(user)) throw lastAdmin(user.name);
  if (id === session.userId) throw noPermission();
  await mustManage(c, user);
  await keepLastAdmin(ems, user, null);
  const before = await linkIds(ems, id);
  await usersRepository(ems.db).remove(id, user.name);
  await endAll(c, id);
  await recordAudit(ems, c.actor, { tenantId: user.tenant_id, kind: 'user', action: 'delete', targetType: 'user', targetId: id, targetName: user.name, before: snapshot(user, before) });
}

/** POST enable: disabling also revokes every token and closes the sockets of the user. */
export async function setUserEnabled(c: UserAdminContext, id: number, tenantId: number | undefined, enabled: boolean): Promise<AdminUser> {
  const { ems, session } = c;
  const user = await reachableUser(c, id, tenantId);
  if (!enabled && isRootUser(user)) throw lastAdmin(user.name);
  if (id === session.userId) throw noPermission();
  await mustManage(c, user);
  if (!enabled) await keepLastAdmin(ems, user, null);
  const repo = usersRepository(ems.db);
  const revoked = await repo.setEnabled(id, enabled, ems.config.now());
  if (!enabled) await endAll(c, id);
  const row = (await repo.findById(id))!;
  await recordAudit(ems, c.actor, {
    tenantId: user.tenant_id,
    kind: 'user',
    action: enabled ? 'enable' : 'disable',
    targetType: 'user',
    targetId: id,
    targetName: user.name,
    before: { enabled: user.enabled === 1 },
    after: { enabled },
    ...(enabled ? {} : { detail: `tokens revoked: ${revoked}` }),
  });
  return (await toAdminUsers(ems, [row]))[0]!;
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '@#$%&*+=?!';

/** A random strong password of 12 characters: at least one of each class, no look-alike letters. */
export function oneTimePassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: 8 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** POST resetPassword: a one-time password (returned once), to change at next login; the user's sessions end. */
export async function resetUserPassword(c: UserAdminContext, id: number, tenantId: number | undefined): Promise<{ password: string }> {
  const { ems, session } = c;
  const user = await reachableUser(c, id, tenantId);
  if (id === session.userId) throw noPermission();
  await mustManage(c, user);
  const password = oneTimePassword();
  await usersRepository(ems.db).resetPassword(id, ems.cipher.encrypt(md5hex(password), id), ems.config.now());
  await endAll(c, id);
  await recordAudit(ems, c.actor, { tenantId: user.tenant_id, kind: 'user', action: 'resetPassword', targetType: 'user', targetId: id, targetName: user.name, after: { mustChangePassword: true } });
  return { password };
}

/** POST unlock: clears the failed-login counts and locks of the user's name from every address. */
export async function unlockUser(c: UserAdminContext, id: number, tenantId: number | undefined): Promise<{ count: number }> {
  const user = await reachableUser(c, id, tenantId);
  await mustManage(c, user);
  const count = await usersRepository(c.ems.db).unlock(user.name);
  await recordAudit(c.ems, c.actor, { tenantId: user.tenant_id, kind: 'user', action: 'unlock', targetType: 'user', targetId: id, targetName: user.name, detail: `locks cleared: ${count}` });
  return { count };
}

/** POST endSessions: revokes every token of the user and closes their sockets. */
export async function endUserSessions(c: UserAdminContext, id: number, tenantId: number | undefined): Promise<{ count: number }> {
  const user = await reachableUser(c, id, tenantId);
  await mustManage(c, user);
  const count = await usersRepository(c.ems.db).revokeTokens(id, c.ems.config.now());
  await endAll(c, id);
  await recordAudit(c.ems, c.actor, { tenantId: user.tenant_id, kind: 'user', action: 'endSessions', targetType: 'user', targetId: id, targetName: user.name, detail: `tokens revoked: ${count}` });
  return { count };
}
