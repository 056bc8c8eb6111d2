import { ADMIN_API, type AdminRole, type AdminRoleBody, type PermissionHolders, type RoleHolder, type TenantInfo } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

const tenantParam = (tenantId: number | null) => (tenantId === null ? undefined : { tenantId });

/** GET roles: the roles of the caller's tenant, or of `tenantId` (the platform operator only). */
export async function fetchRoles(tenantId: number | null): Promise<AdminRole[]> {
  return (await http.get<AdminRole[]>(ADMIN_API.roles, tenantParam(tenantId))).data ?? [];
}

export const adminRolesQuery = defineQuery(['adminRoles'], (tenantId: number | null) => ({ key: [tenantId], queryFn: () => fetchRoles(tenantId) }));

/** GET the permission catalogue with the roles (of the tenant) holding each permission. */
export async function fetchPermissionHolders(tenantId: number | null): Promise<PermissionHolders[]> {
  return (await http.get<PermissionHolders[]>(ADMIN_API.permissionHolders, tenantParam(tenantId))).data ?? [];
}

export const permissionHoldersQuery = defineQuery(['permissionHolders'], (tenantId: number | null) => ({ key: [tenantId], queryFn: () => fetchPermissionHolders(tenantId) }));

/** GET ADMIN_API.tenants for the tenant choice: the platform operator's alone; anyone else gets [] (no choice shown, no message). */
export async function fetchRoleTenants(): Promise<TenantInfo[]> {
  try {
    return (await http.get<TenantInfo[]>(ADMIN_API.tenants, undefined, { hideNotice: true })).data ?? [];
  } catch {
    return [];
  }
}

export const roleTenantsQuery = defineQuery(['adminRoleTenants'], () => ({ key: [], queryFn: fetchRoleTenants, staleTime: 60_000 }));

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
