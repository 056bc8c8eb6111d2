import { ADMIN_API, type UserGroupCreateBody, type UserGroupTree, type UserGroupUpdateBody } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** GET ADMIN_API.userGroups: the caller's tenant's groups (root first) with their members, and the tenant's users. */
export async function fetchGroupTree(): Promise<UserGroupTree> {
  return (await http.get<UserGroupTree>(ADMIN_API.userGroups)).data;
}
export const groupTreeQuery = defineQuery(['adminUserGroups'], () => ({ key: [], queryFn: fetchGroupTree }));

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
