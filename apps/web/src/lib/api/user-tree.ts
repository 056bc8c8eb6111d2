import { API, type UserTreeNode } from '@ems/contract';
import { http } from '../http/client';
import { defineQuery } from './define-query';

/**
 * The user-tree call of spec section 7: `/auth/v1/usergroup/{rootUserGroupID}` when the system
 * configuration's `key` is `oil`, `/eem-service/v1/auth/cloud/user/tree/{id}` otherwise.
 */
export function userTreeUrl(configKey: string, rootUserGroupID: number): string {
  return configKey === 'oil' ? `${API.userGroup}/${rootUserGroupID}` : `${API.userTree}/${rootUserGroupID}`;
}

/** The tenant's groups and users below the root group; null when the caller may not read it (the picker then stays out). */
export async function fetchUserTree(configKey: string, rootUserGroupID: number): Promise<UserTreeNode[] | null> {
  try {
    return (await http.get<UserTreeNode[]>(userTreeUrl(configKey, rootUserGroupID), undefined, { hideNotice: true })).data ?? [];
  } catch {
    return null;
  }
}

/** One definition for every page that picks users (HOUSE-STYLE rule 13). */
export const userTreeQuery = defineQuery(['userTree'], (configKey: string, rootUserGroupID: number) => ({
  key: [configKey, rootUserGroupID],
  queryFn: () => fetchUserTree(configKey, rootUserGroupID),
  enabled: rootUserGroupID > 0,
  staleTime: 60_000,
}));
