import { ADMIN_API, type AdminRole, type AdminRoleBody, type PermissionHolders, type RoleHolder } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** GET roles: the roles of the caller's tenant. */
export async function fetchRoles(): Promise<AdminRole[]> {
  return (await http.get<AdminRole[]>(ADMIN_API.roles)).data ?? [];
}

export const adminRolesQuery = defineQuery(['adminRoles'], () => ({ key: [], queryFn: fetchRoles }));

/** GET the permission catalogue with the roles holding each permission. */
export async function fetchPermissionHolders(): Promise<PermissionHolders[]> {
  return (await http.get<PermissionHolders[]>(ADMIN_API.permissionHolders)).data ?? [];
}

export const permissionHoldersQuery = defineQuery(['permissionHolders'], () => ({ key: [], queryFn: fetchPermissionHolders }));

/** GET `${roles}/{id}/users`: who holds a role (named in the delete confirmation). */
export async function fetchRoleUsers(id: number): Promise<RoleHolder[]> {
  return (await http.get<RoleHolder[]>(`${ADMIN_API.roles}/${id}/users`)).data ?? [];
}

export async function createRole(body: AdminRoleBody): Promise<AdminRole> {
  return (await http.post<AdminRole>(ADMIN_API.roles, body)).data;
}

export async function updateRole(id: number, body: AdminRoleBody): Promise<AdminRole> {
  return (await http.put<AdminRole>(`${ADMIN_API.roles}/${id}`, body)).data;
}

/** DELETE; `force` after the user confirmed deleting a role in use. */
export async function deleteRole(id: number, force: boolean): Promise<void> {
  await http.del(`${ADMIN_API.roles}/${id}${force ? '?force=true' : ''}`);
}

export async function copyRole(id: number, name: string): Promise<AdminRole> {
  return (await http.post<AdminRole>(`${ADMIN_API.roles}/${id}/copy`, { name })).data;
}
