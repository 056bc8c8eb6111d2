import { ErrorCode, type UserGroupContents, type UserGroupCreateBody, type UserGroupTree, type UserGroupUpdateBody } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError, conflict, noPermission } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { adminTenantOf } from './scope.js';
import { groupsRepository } from './groups-repository.js';

const invalid = (field: string, reason: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, reason]);

/** The group when the caller may administer its tenant (their own; any for the platform operator), else 404. */
async function groupInScope(ems: Ems, session: Session, id: number) {
  const group = await groupsRepository(ems.db).find(id);
  if (!group) throw noPermission();
  adminTenantOf(session, Number(group.tenant_id));
  return { id: Number(group.id), tenantId: Number(group.tenant_id), parentId: group.parent_id === null ? null : Number(group.parent_id), name: group.name };
}

/** The tenant's groups (root first) with their direct members, and the tenant's users. */
export async function groupTree(ems: Ems, session: Session, requestedTenant: number | undefined): Promise<UserGroupTree> {
  const tenantId = adminTenantOf(session, requestedTenant);
  const repo = groupsRepository(ems.db);
  const [groups, members, users] = await Promise.all([repo.groupsOf(tenantId), repo.membersOf(tenantId), repo.usersOf(tenantId)]);
  const byGroup = new Map<number, number[]>();
  for (const m of members) {
    const list = byGroup.get(Number(m.group_id)) ?? [];
    list.push(Number(m.user_id));
    byGroup.set(Number(m.group_id), list);
  }
  const root = groups.find((g) => g.parent_id === null);
  const ordered = [...groups].sort((a, b) => (a.parent_id === null ? -1 : b.parent_id === null ? 1 : Number(a.id) - Number(b.id)));
  return {
    tenantId,
    rootUserGroupID: root ? Number(root.id) : 0,
    groups: ordered.map((g) => {
      const memberIds = byGroup.get(Number(g.id)) ?? [];
      return { id: Number(g.id), parentId: g.parent_id === null ? null : Number(g.parent_id), name: g.name, memberCount: memberIds.length, memberIds };
    }),
    users: users.map((u) => ({ id: Number(u.id), name: u.name, nicName: u.nic_name, usertype: Number(u.usertype), enabled: Number(u.enabled) === 1 })),
  };
}

/** Ids of the group and every group below it, parents first. */
function subtree(groups: { id: number; parent_id: number | null }[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const g of groups) if (g.parent_id !== null && Number(g.parent_id) === out[i]) out.push(Number(g.id));
  return out;
}

const snapshot = (g: { id: number; parentId: number | null; name: string }) => ({ id: g.id, parentId: g.parentId, name: g.name });

export async function createGroup(ems: Ems, session: Session, actor: AuditActor, body: UserGroupCreateBody) {
  const parent = await groupInScope(ems, session, body.parentId);
  const repo = groupsRepository(ems.db);
  if (await repo.siblingNameTaken(parent.tenantId, parent.id, body.name)) throw conflict('nameTaken');
  const id = await repo.insert(parent.tenantId, parent.id, body.name);
  const created = { id, parentId: parent.id, name: body.name };
  await recordAudit(ems, actor, { tenantId: parent.tenantId, kind: 'usergroup', action: 'create', targetType: 'usergroup', targetId: id, targetName: body.name, after: { ...created, tenantId: parent.tenantId } });
  return created;
}

export async function updateGroup(ems: Ems, session: Session, actor: AuditActor, id: number, body: UserGroupUpdateBody) {
  const group = await groupInScope(ems, session, id);
  const repo = groupsRepository(ems.db);
  let parentId = group.parentId;
  if (body.parentId !== undefined && body.parentId !== group.parentId) {
    if (group.parentId === null) throw new ApiError(409, ErrorCode.conflict, 'rootGroupFixed');
    const groups = (await repo.groupsOf(group.tenantId)).map((g) => ({ id: Number(g.id), parent_id: g.parent_id === null ? null : Number(g.parent_id) }));
    if (!groups.some((g) => g.id === body.parentId)) {
      // a group of another tenant: the caller's scope decides between 404 and 400
      await groupInScope(ems, session, body.parentId);
      throw invalid('parentId', 'not a group of the same tenant');
    }
    if (subtree(groups, id).includes(body.parentId)) throw invalid('parentId', 'a group cannot move below itself');
    parentId = body.parentId;
  }
  if (parentId !== null && (await repo.siblingNameTaken(group.tenantId, parentId, body.name, id))) throw conflict('nameTaken');
  await repo.update(id, body.name, parentId);
  const after = { id, parentId, name: body.name };
  await recordAudit(ems, actor, { tenantId: group.tenantId, kind: 'usergroup', action: parentId === group.parentId ? 'update' : 'move', targetType: 'usergroup', targetId: id, targetName: body.name, before: snapshot(group), after });
  return after;
}

/** Deletes a group; one holding sub-groups or members only with force (409 naming them otherwise). The root group stays (409). */
export async function deleteGroup(ems: Ems, session: Session, actor: AuditActor, id: number, force: boolean): Promise<void> {
  const group = await groupInScope(ems, session, id);
  if (group.parentId === null) throw new ApiError(409, ErrorCode.conflict, 'rootGroupFixed');
  const repo = groupsRepository(ems.db);
  const [groups, members, users] = await Promise.all([repo.groupsOf(group.tenantId), repo.membersOf(group.tenantId), repo.usersOf(group.tenantId)]);
  const ids = subtree(groups.map((g) => ({ id: Number(g.id), parent_id: g.parent_id === null ? null : Number(g.parent_id) })), id);
  const inside = new Set(ids);
  const subGroups = groups.filter((g) => Number(g.id) !== id && inside.has(Number(g.id))).map((g) => ({ id: Number(g.id), name: g.name }));
  const memberIds = new Set(members.filter((m) => inside.has(Number(m.group_id))).map((m) => Number(m.user_id)));
  const memberUsers = users.filter((u) => memberIds.has(Number(u.id))).map((u) => ({ id: Number(u.id), name: u.nic_name || u.name }));
  if (!force && (subGroups.length > 0 || memberUsers.length > 0)) {
    const contents: UserGroupContents = { groups: subGroups, users: memberUsers };
    const names = (list: { name: string }[]) => (list.length === 0 ? '-' : list.slice(0, 10).map((x) => x.name).join(', ') + (list.length > 10 ? ` … (${list.length})` : ''));
    throw new ApiError(409, ErrorCode.conflict, 'groupNotEmpty', contents, [names(subGroups), names(memberUsers)]);
  }
  await repo.deleteGroups(ids);
  await recordAudit(ems, actor, {
    tenantId: group.tenantId,
    kind: 'usergroup',
    action: 'delete',
    targetType: 'usergroup',
    targetId: id,
    targetName: group.name,
    before: { ...snapshot(group), subGroups, members: memberUsers.map((u) => u.id) },
  });
}

/** Replaces the group's direct members: users of the group's tenant only (another tenant's user: 404). */
export async function setGroupMembers(ems: Ems, session: Session, actor: AuditActor, id: number, userIds: number[]) {
  const group = await groupInScope(ems, session, id);
  const repo = groupsRepository(ems.db);
  const tenantUsers = new Set((await repo.usersOf(group.tenantId)).map((u) => Number(u.id)));
  if (userIds.some((u) => !tenantUsers.has(u))) throw noPermission();
  const before = await repo.memberIds(id);
  const sorted = [...userIds].sort((a, b) => a - b);
  await repo.setMembers(id, sorted);
  await recordAudit(ems, actor, { tenantId: group.tenantId, kind: 'usergroup', action: 'members', targetType: 'usergroup', targetId: id, targetName: group.name, before: { memberIds: before }, after: { memberIds: sorted } });
  return { id, memberIds: sorted };
}
