import { ADMIN_API, API, tenantCustomersPath, type ProjectBody, type ProjectInfo, type TenantBody, type TenantCreateBody, type TenantInfo, type TenantProject } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** GET ADMIN_API.tenants: every tenant with its counts (platform operator only). */
export async function fetchTenants(): Promise<TenantInfo[]> {
  return (await http.get<TenantInfo[]>(ADMIN_API.tenants)).data ?? [];
}
export const tenantsQuery = defineQuery(['adminTenants'], () => ({ key: [], queryFn: fetchTenants }));

/** GET `${tenants}/{id}/projects`: a tenant's projects with their members. */
export async function fetchTenantProjects(id: number): Promise<TenantProject[]> {
  return (await http.get<TenantProject[]>(`${ADMIN_API.tenants}/${id}/projects`)).data ?? [];
}
export const tenantProjectsQuery = defineQuery(['adminTenantProjects'], (id: number) => ({ key: [id], queryFn: () => fetchTenantProjects(id) }));

/** POST ADMIN_API.tenants: the tenant (an ordinary one or a service provider) and its root user group. */
export async function createTenant(body: TenantCreateBody): Promise<TenantInfo> {
  return (await http.post<TenantInfo>(ADMIN_API.tenants, body)).data;
}

/** PUT `${tenants}/{id}`: rename. */
export async function renameTenant(id: number, body: TenantBody): Promise<TenantInfo> {
  return (await http.put<TenantInfo>(`${ADMIN_API.tenants}/${id}`, body)).data;
}

/** PUT `${tenants}/{id}/customers`: the tenants a service provider looks after (replaces the list). */
export async function setTenantCustomers(id: number, tenantIds: number[]): Promise<TenantInfo> {
  return (await http.put<TenantInfo>(tenantCustomersPath(ADMIN_API.tenants, id), { tenantIds })).data;
}

/** POST `${tenants}/{id}/enable`: disabling ends the tenant's sessions. */
export async function setTenantEnabled(id: number, enabled: boolean): Promise<TenantInfo> {
  return (await http.post<TenantInfo>(`${ADMIN_API.tenants}/${id}/enable`, { enabled })).data;
}

/** POST API.projects with tenantId: a project of another tenant (platform operator only). */
export async function createTenantProject(tenantId: number, body: ProjectBody): Promise<ProjectInfo> {
  return (await http.post<ProjectInfo>(API.projects, { ...body, tenantId })).data;
}
