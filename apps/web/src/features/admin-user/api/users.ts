import {
  ADMIN_API,
  ADMIN_USER_ACTIONS,
  type AdminCountReply,
  type AdminResetPasswordReply,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserQuery,
  type AdminUserUpdate,
} from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http, type Params } from '../../../lib/http/client';

export interface UserPage {
  list: AdminUser[];
  total: number;
}

/** GET ADMIN_API.users: one page of the tenant's users and how many match. */
export async function fetchUsers(q: AdminUserQuery): Promise<UserPage> {
  const reply = await http.get<AdminUser[]>(ADMIN_API.users, q as Params);
  return { list: reply.data ?? [], total: reply.total ?? 0 };
}
export const adminUsersQuery = defineQuery(['adminUsers'], (q: AdminUserQuery) => ({ key: [q], queryFn: () => fetchUsers(q) }));

/** `?tenantId=` when the operator acts in another tenant. */
const tenantParam = (tenantId: number | undefined) => (tenantId === undefined ? '' : `?tenantId=${tenantId}`);
const userPath = (id: number, tenantId: number | undefined, action = '') => `${ADMIN_API.users}/${id}${action ? `/${action}` : ''}${tenantParam(tenantId)}`;

export async function createUser(body: AdminUserCreate): Promise<AdminUser> {
  return (await http.post<AdminUser>(ADMIN_API.users, body)).data;
}
export async function updateUser(id: number, tenantId: number | undefined, body: AdminUserUpdate): Promise<AdminUser> {
  return (await http.put<AdminUser>(userPath(id, tenantId), body)).data;
}
export async function deleteUser(id: number, tenantId: number | undefined): Promise<void> {
  await http.del(userPath(id, tenantId));
}
export async function setUserEnabled(id: number, tenantId: number | undefined, enabled: boolean): Promise<AdminUser> {
  return (await http.post<AdminUser>(userPath(id, tenantId, ADMIN_USER_ACTIONS.enable), { enabled })).data;
}
/** The one-time password, shown once. */
export async function resetUserPassword(id: number, tenantId: number | undefined): Promise<string> {
  return (await http.post<AdminResetPasswordReply>(userPath(id, tenantId, ADMIN_USER_ACTIONS.resetPassword))).data.password;
}
export async function unlockUser(id: number, tenantId: number | undefined): Promise<number> {
  return (await http.post<AdminCountReply>(userPath(id, tenantId, ADMIN_USER_ACTIONS.unlock))).data.count;
}
export async function endUserSessions(id: number, tenantId: number | undefined): Promise<number> {
  return (await http.post<AdminCountReply>(userPath(id, tenantId, ADMIN_USER_ACTIONS.endSessions))).data.count;
}
