import { NAV_ROUTES, PERMISSIONS, permissionId, type AdminRole, type AdminRoleBody, type PermissionHolders, type RoleCustomConfig, type RoleHolder } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError, conflict, noPermission, notFound } from '../../lib/errors.js';
import { ErrorCode } from '@ems/contract';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { userRepository } from '../user/repository.js';
import { rolesRepository, type RoleRow } from './roles-repository.js';
import { OPERATOR_TENANT_ID, adminTenantOf, isOperator, mayGrant } from './scope.js';

const PAGE_IDS = new Set(PERMISSIONS.filter((p) => p.kind === 'page').map((p) => p.id));
const AUTH_IDS = new Set(PERMISSIONS.filter((p) => p.kind !== 'page').map((p) => p.id));
/** The page id of each route (routes sharing a permission share its id). */
const ROUTE_PAGES = NAV_ROUTES.map((r) => ({ path: r.path, id: permissionId(r.permission) })).filter((r): r is { path: string; id: number } => r.id !== undefined);
/** The permissions that make a platform administrator (the last one keeps them). */
const ADMIN_PERMISSIONS = ['user_update', 'role_update'].map((n) => permissionId(n)).filter((id): id is number => id !== undefined);

const invalid = (field: string, reason: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, reason]);

/** What the audit log keeps of a role. */
interface RoleSnapshot {
  name: string;
  customConfig: string;
  pageNodes: number[];
  auths: number[];
}

function toAdminRole(row: RoleRow, ids: number[], userCount: number): AdminRole {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    customConfig: row.custom_config,
    pageNodes: ids.filter((id) => PAGE_IDS.has(id)).map((id) => ({ id })),
    auths: ids.filter((id) => !PAGE_IDS.has(id)),
    userCount,
  };
}

const snapshot = (name: string, customConfig: string, ids: number[]): RoleSnapshot => ({
  name,
  customConfig,
  pageNodes: ids.filter((id) => PAGE_IDS.has(id)).sort((a, b) => a - b),
  auths: ids.filter((id) => !PAGE_IDS.has(id)).sort((a, b) => a - b),
});

/** A role the caller may administer: their tenant's, or any for the platform operator; otherwise 404. */
async function reachableRole(ems: Ems, session: Session, id: number): Promise<{ row: RoleRow; ids: number[] }> {
  const repo = rolesRepository(ems.db);
  const row = await repo.findRole(id);
  if (!row || (row.tenant_id !== session.tenantId && !isOperator(session))) throw notFound();
  const ids = (await repo.permissionsOf([id])).get(id) ?? [];
  return { row, ids };
}

/** No one changes a role they hold themselves (self-escalation), except ROOT. */
async function refuseOwnRole(ems: Ems, session: Session, roleId: number): Promise<void> {
  if (session.isRoot) return;
  const own = await userRepository(ems.db).rolesOf(session.userId);
  if (own.some((r) => Number(r.id) === roleId)) throw noPermission();
}

/**
 * The body's permission ids and home page, checked: pages are page ids, auths operation or custom
 * ids, and the home page one of the role's pages (400 naming the field otherwise).
 */
export function resolveRoleBody(body: Pick<AdminRoleBody, 'pageNodes' | 'auths' | 'homepage' | 'homePagePageNodeId'>): { ids: number[]; customConfig: string } {
  body.pageNodes.forEach((p, i) => {
    if (!PAGE_IDS.has(p.id)) throw invalid(`pageNodes.${i}.id`, 'not a page permission');
  });
  body.auths.forEach((a, i) => {
    if (!AUTH_IDS.has(a)) throw invalid(`auths.${i}`, 'not an operation or custom permission');
  });
  const pages = new Set(body.pageNodes.map((p) => p.id));
  const homepage = body.homepage ?? '';
  const nodeId = body.homePagePageNodeId ?? null;
  let home: { path: string; id: number } | undefined;
  if (nodeId !== null) {
    const routes = ROUTE_PAGES.filter((r) => r.id === nodeId);
    if (routes.length === 0) throw invalid('homePagePageNodeId', 'not a page');
    if (!pages.has(nodeId)) throw invalid('homePagePageNodeId', 'not one of the role’s pages');
    home = homepage === '' ? routes[0] : routes.find((r) => r.path === homepage);
    if (!home) throw invalid('homepage', 'not the path of homePagePageNodeId');
  } else if (homepage !== '') {
    home = ROUTE_PAGES.find((r) => r.path === homepage && pages.has(r.id));
    if (!home) throw invalid('homepage', 'not one of the role’s pages');
  }
  const config: RoleCustomConfig = home ? { homepage: home.path, homePagePageNodeId: home.id } : {};
  return { ids: [...new Set([...pages, ...body.auths])], customConfig: JSON.stringify(config) };
}

/**
 * The last platform administrator keeps user_update and role_update: a change to a role of the
 * operator's tenant that leaves no enabled type-1 user holding both (while one did) is 409.
 */
async function keepLastAdmin(ems: Ems, role: RoleRow, after: number[] | null): Promise<void> {
  if (role.tenant_id !== OPERATOR_TENANT_ID) return;
  const repo = rolesRepository(ems.db);
  const candidates = await repo.adminCandidates(OPERATOR_TENANT_ID);
  if (!candidates.some((c) => c.roleId === role.id)) return;
  const perms = await repo.permissionsOf([...new Set(candidates.map((c) => c.roleId))]);
  const count = (override: boolean) => {
    const held = new Map<number, Set<number>>();
    for (const c of candidates) {
      const ids = override && c.roleId === role.id ? (after ?? []) : (perms.get(c.roleId) ?? []);
      const set = held.get(c.userId) ?? new Set<number>();
      ids.forEach((id) => set.add(id));
      held.set(c.userId, set);
    }
    return [...held.values()].filter((s) => ADMIN_PERMISSIONS.every((id) => s.has(id))).length;
  };
  if (count(false) > 0 && count(true) === 0) throw conflict('lastAdminRole');
}

/** GET roles: the roles of the caller's tenant (or another one named by the platform operator). */
export async function listRoles(ems: Ems, session: Session, tenantId: number | undefined): Promise<AdminRole[]> {
  const tenant = adminTenantOf(session, tenantId);
  const repo = rolesRepository(ems.db);
  const rows = await repo.listRoles(tenant);
  const perms = await repo.permissionsOf(rows.map((r) => r.id));
  const counts = await repo.userCounts(tenant);
  return rows.map((r) => toAdminRole(r, perms.get(r.id) ?? [], counts.get(r.id) ?? 0));
}

export async function getRole(ems: Ems, session: Session, id: number): Promise<AdminRole> {
  const { row, ids } = await reachableRole(ems, session, id);
  const users = await rolesRepository(ems.db).holders(id);
  return toAdminRole(row, ids, users.length);
}

export async function roleUsers(ems: Ems, session: Session, id: number): Promise<RoleHolder[]> {
  await reachableRole(ems, session, id);
  return rolesRepository(ems.db).holders(id);
}

export async function createRole(ems: Ems, session: Session, actor: AuditActor, body: AdminRoleBody): Promise<AdminRole> {
  const tenant = adminTenantOf(session, body.tenantId);
  const { ids, customConfig } = resolveRoleBody(body);
  if (!mayGrant(ems, session, ids)) throw noPermission();
  const repo = rolesRepository(ems.db);
  if (await repo.nameTaken(tenant, body.name)) throw conflict('nameTaken');
  const id = await repo.insertRole(tenant, body.name, customConfig, ids);
  await recordAudit(ems, actor, { tenantId: tenant, kind: 'role', action: 'create', targetType: 'role', targetId: id, targetName: body.name, after: snapshot(body.name, customConfig, ids) });
  return getRole(ems, session, id);
}

export async function updateRole(ems: Ems, session: Session, actor: AuditActor, id: number, body: AdminRoleBody): Promise<AdminRole> {
  const { row, ids: before } = await reachableRole(ems, session, id);
  if (body.tenantId !== undefined && body.tenantId !== row.tenant_id) throw invalid('tenantId', 'a role does not move between tenants');
  await refuseOwnRole(ems, session, id);
  const { ids, customConfig } = resolveRoleBody(body);
  const old = new Set(before);
  const now = new Set(ids);
  const changed = [...ids.filter((x) => !old.has(x)), ...before.filter((x) => !now.has(x))];
  if (!mayGrant(ems, session, changed)) throw noPermission();
  const repo = rolesRepository(ems.db);
  if (await repo.nameTaken(row.tenant_id, body.name, id)) throw conflict('nameTaken');
  await keepLastAdmin(ems, row, ids);
  await repo.updateRole(id, body.name, customConfig, ids);
  await recordAudit(ems, actor, {
    tenantId: row.tenant_id,
    kind: 'role',
    action: 'update',
    targetType: 'role',
    targetId: id,
    targetName: body.name,
    before: snapshot(row.name, row.custom_config, before),
    after: snapshot(body.name, customConfig, ids),
  });
  return getRole(ems, session, id);
}

/** DELETE: a role some user holds needs force (409 naming the users otherwise). */
export async function deleteRole(ems: Ems, session: Session, actor: AuditActor, id: number, force: boolean): Promise<void> {
  const { row, ids } = await reachableRole(ems, session, id);
  await refuseOwnRole(ems, session, id);
  if (!mayGrant(ems, session, ids)) throw noPermission();
  const repo = rolesRepository(ems.db);
  const users = await repo.holders(id);
  if (users.length > 0 && !force) throw new ApiError(409, ErrorCode.conflict, 'roleInUse', { users }, [users.map((u) => u.nicName || u.name).join(', ')]);
  await keepLastAdmin(ems, row, null);
  await repo.deleteRole(id);
  await recordAudit(ems, actor, {
    tenantId: row.tenant_id,
    kind: 'role',
    action: 'delete',
    targetType: 'role',
    targetId: id,
    targetName: row.name,
    before: snapshot(row.name, row.custom_config, ids),
    detail: users.length > 0 ? `held by ${users.map((u) => u.name).join(', ')}` : '',
  });
}

/** POST copy: a new role of the same tenant with the same pages, permissions and home page. */
export async function copyRole(ems: Ems, session: Session, actor: AuditActor, id: number, name: string): Promise<AdminRole> {
  const { row, ids } = await reachableRole(ems, session, id);
  if (!mayGrant(ems, session, ids)) throw noPermission();
  const repo = rolesRepository(ems.db);
  if (await repo.nameTaken(row.tenant_id, name)) throw conflict('nameTaken');
  const copy = await repo.insertRole(row.tenant_id, name, row.custom_config, ids);
  await recordAudit(ems, actor, {
    tenantId: row.tenant_id,
    kind: 'role',
    action: 'copy',
    targetType: 'role',
    targetId: copy,
    targetName: name,
    after: snapshot(name, row.custom_config, ids),
    detail: `copy of ${row.name} (${row.id})`,
  });
  return getRole(ems, session, copy);
}

/** GET permissionHolders: the catalogue with the roles of the tenant holding each permission. */
export async function permissionHolders(ems: Ems, session: Session, tenantId: number | undefined): Promise<PermissionHolders[]> {
  const tenant = adminTenantOf(session, tenantId);
  const repo = rolesRepository(ems.db);
  const rows = await repo.listRoles(tenant);
  const perms = await repo.permissionsOf(rows.map((r) => r.id));
  const byPermission = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) {
    for (const p of perms.get(r.id) ?? []) {
      const list = byPermission.get(p) ?? [];
      list.push({ id: r.id, name: r.name });
      byPermission.set(p, list);
    }
  }
  return PERMISSIONS.map((p) => ({ id: p.id, name: p.name, kind: p.kind, zh: p.zh, en: p.en, roles: byPermission.get(p.id) ?? [] }));
}
