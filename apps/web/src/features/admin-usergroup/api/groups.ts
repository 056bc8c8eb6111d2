import { ADMIN_API, type TenantInfo, type UserGroupCreateBody, type UserGroupTree, type UserGroupUpdateBody } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/**
 * GET ADMIN_API.userGroups: the groups (root first) with their members, and the tenant's users; of
 * the caller's tenant, or of `tenantId` (the platform operator only).
 */
export async function fetchGroupTree(tenantId: number | null): Promise<UserGroupTree> {
  return (await http.get<UserGroupTree>(ADMIN_API.userGroups, tenantId === null ? undefined : { tenantId })).data;
}
export const groupTreeQuery = defineQuery(['adminUserGroups'], (tenantId: number | null) => ({ key: [tenantId], queryFn: () => fetchGroupTree(tenantId) }));

/** GET ADMIN_API.tenants for the tenant choice: the platform operator's alone; anyone else gets [] (no choice shown, no message). */
export async function fetchTenantChoices(): Promise<TenantInfo[]> {
  try {
    return (await http.get<TenantInfo[]>(ADMIN_API.tenants, undefined, { hideNotice: true })).data ?? [];
  } catch {
    return [];
  }
}
export const groupTenantsQuery = defineQuery(['adminUserGroupTenants'], () => ({ key: [], queryFn: fetchTenantChoices, staleTime: 60_000 }));

/** POST ADMIN_API.userGroups: a sub-group. */
export async function createGroup(body: UserGroupCreateBody): Promise<{ id: number }> {
  return (await http.post<{ id: number }>(ADMIN_API.userGroups, body)).data;
}

/** PUT `${userGroups}/{id}`: rename and/or move. */
export async function updateGroup(id: number, body: UserGroupUpdateBody): Promise<void> {
  await http.put(`${ADMIN_API.userGroups}/${id}`, body);
}

/**
 * DELETE `${userGroups}/{id}`: without force a group holding sub-groups or members is refused with
 * 409 and what it holds (`data`: UserGroupContents); that reply is left to the caller (no message).
 */
export async function deleteGroup(id: number, force: boolean): Promise<void> {
  await http.del(`${ADMIN_API.userGroups}/${id}${force ? '?force=true' : ''}`, undefined, force ? undefined : { hideNotice: true });
}

/** PUT `${userGroups}/{id}/members`: the group's direct members, replaced. */
export async function setGroupMembers(id: number, userIds: number[]): Promise<void> {
  await http.put(`${ADMIN_API.userGroups}/${id}/members`, { userIds });
}
