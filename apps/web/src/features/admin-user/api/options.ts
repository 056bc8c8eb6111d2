import { ADMIN_API, tenantProjectsPath, type AdminRole, type ProjectInfo, type TenantInfo, type TenantProject, type UserGroupTree } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { fetchProjects } from '../../../lib/api/projects';
import { http } from '../../../lib/http/client';

/** What the user form chooses from: id and label. */
export interface Option {
  value: number;
  label: string;
}

const tenantParams = (tenantId: number | undefined) => (tenantId === undefined ? undefined : { tenantId });

/** GET ADMIN_API.roles of the tenant (no message when the caller may not browse roles: the choice stays empty). */
async function fetchRoleOptions(tenantId: number | undefined): Promise<Option[]> {
  const roles = (await http.get<AdminRole[]>(ADMIN_API.roles, tenantParams(tenantId), { hideNotice: true })).data ?? [];
  return roles.map((r) => ({ value: r.id, label: r.name }));
}
export const userRoleOptionsQuery = defineQuery(['adminUserRoleOptions'], (tenantId: number | undefined) => ({
  key: [tenantId ?? 0],
  queryFn: () => fetchRoleOptions(tenantId),
  staleTime: 30_000,
}));

/** GET ADMIN_API.userGroups of the tenant: its groups, root first. */
async function fetchGroupOptions(tenantId: number | undefined): Promise<Option[]> {
  const tree = (await http.get<UserGroupTree>(ADMIN_API.userGroups, tenantParams(tenantId), { hideNotice: true })).data;
  return (tree?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
}
export const userGroupOptionsQuery = defineQuery(['adminUserGroupOptions'], (tenantId: number | undefined) => ({
  key: [tenantId ?? 0],
  queryFn: () => fetchGroupOptions(tenantId),
  staleTime: 30_000,
}));

/**
 * The tenant's projects: the caller's own from GET /eem-service/v1/project/project?system=cloud,
 * another tenant's (platform operator) from `${tenants}/{id}/projects`.
 */
async function fetchProjectOptions(tenantId: number | undefined, english: boolean): Promise<Option[]> {
  if (tenantId === undefined) {
    const own: ProjectInfo[] = await fetchProjects({ hideNotice: true });
    return own.map((p) => ({ value: p.projectId, label: english && p.enName ? p.enName : p.name }));
  }
  const other = (await http.get<TenantProject[]>(tenantProjectsPath(ADMIN_API.tenants, tenantId), undefined, { hideNotice: true })).data ?? [];
  return other.map((p) => ({ value: p.projectId, label: english && p.enName ? p.enName : p.name }));
}
export const userProjectOptionsQuery = defineQuery(['adminUserProjectOptions'], (tenantId: number | undefined, english: boolean) => ({
  key: [tenantId ?? 0, english],
  queryFn: () => fetchProjectOptions(tenantId, english),
  staleTime: 30_000,
}));

/** GET ADMIN_API.tenants (platform operator only): the tenants to choose from. */
async function fetchTenantOptions(english: boolean): Promise<Option[]> {
  const tenants = (await http.get<TenantInfo[]>(ADMIN_API.tenants, undefined, { hideNotice: true })).data ?? [];
  return tenants.map((x) => ({ value: x.id, label: english && x.enName ? x.enName : x.name }));
}
export const userTenantOptionsQuery = defineQuery(['adminUserTenantOptions'], (english: boolean) => ({ key: [english], queryFn: () => fetchTenantOptions(english), staleTime: 30_000 }));
