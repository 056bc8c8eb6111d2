import { PERMISSIONS, type CurrentUser, type Role, type UserTreeNode } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { userRepository } from './repository.js';

const PAGE_IDS = new Set(PERMISSIONS.filter((p) => p.kind === 'page').map((p) => p.id));

/** The caller with roles (page nodes and auths), visible projects and groups. */
export async function currentUser(ems: Ems, session: Session): Promise<CurrentUser> {
  const repo = userRepository(ems.db);
  const user = await repo.findUser(session.userId);
  if (!user) throw unauthorized();
  const roleRows = await repo.rolesOf(session.userId);
  const roles: Role[] = await Promise.all(
    roleRows.map(async (r) => {
      const ids = await repo.permissionIdsOfRole(Number(r.id));
      return {
        id: Number(r.id),
        name: r.name,
        customConfig: r.custom_config,
        pageNodes: ids.filter((id) => PAGE_IDS.has(id)).map((id) => ({ id })),
        auths: ids.filter((id) => !PAGE_IDS.has(id)),
      };
    }),
  );
  const groups = await repo.groupsOfTenant(session.tenantId);
  const root = groups.find((g) => g.parent_id === null);
  return {
    id: Number(user.id),
    name: user.name,
    nicName: user.nic_name,
    email: user.email,
    mobilePhone: user.mobile_phone,
    tenantId: Number(user.tenant_id),
    customConfig: JSON.stringify({ usertype: user.usertype }),
    roles,
    modelNodes: session.projectIds.map((id) => ({ id, modelLabel: 'project' })),
    relativeUserGroup: await repo.groupIdsOf(session.userId),
    rootUserGroupID: root ? Number(root.id) : 0,
    mustChangePassword: Number(user.must_change_password) === 1,
  };
}

/** The tenant's user tree below a group: sub-groups first, then the group's users. 404 outside the tenant. */
export async function userTree(ems: Ems, session: Session, groupId: number): Promise<UserTreeNode[]> {
  const repo = userRepository(ems.db);
  const groups = await repo.groupsOfTenant(session.tenantId);
  const members = await repo.membersOfTenant(session.tenantId);
  const build = (id: number, name: string): UserTreeNode => ({
    id,
    name,
    modelLabel: 'usergroup',
    childUsers: [
      ...groups.filter((g) => g.parent_id !== null && Number(g.parent_id) === id).map((g) => build(Number(g.id), g.name)),
      ...members
        .filter((m) => Number(m.group_id) === id)
        .map((m): UserTreeNode => ({ id: Number(m.id), name: m.nic_name || m.name, modelLabel: 'user', childUsers: [] })),
    ],
  });
  const start = groups.find((g) => Number(g.id) === groupId);
  if (!start) throw notFound();
  return [build(groupId, start.name)];
}
