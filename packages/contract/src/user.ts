/** Shapes of the session-and-setup replies (spec section 3). */

/** 1 and 2 platform users, 3 and 4 project users (spec section 3). */
export type UserType = 1 | 2 | 3 | 4;

export interface RoleCustomConfig {
  /** hash path of the role's home page, e.g. "/home" */
  homepage?: string;
  homePagePageNodeId?: number;
}

export interface Role {
  id: number;
  name: string;
  /** JSON text of RoleCustomConfig */
  customConfig: string;
  pageNodes: { id: number }[];
  /** permission ids */
  auths: number[];
}

export interface UserCustomConfig {
  usertype: UserType;
}

export interface ModelNodeRef {
  id: number;
  modelLabel: string;
}

export interface CurrentUser {
  id: number;
  name: string;
  nicName: string;
  email: string;
  mobilePhone: string;
  tenantId: number;
  /** JSON text of UserCustomConfig */
  customConfig: string;
  roles: Role[];
  /** the project nodes the user may see */
  modelNodes: ModelNodeRef[];
  relativeUserGroup: number[];
  rootUserGroupID: number;
}

export interface LoginReply {
  token: string;
  /** token lifetime end, ms since epoch */
  expiresAt: number;
  user: Pick<CurrentUser, 'id' | 'name' | 'nicName' | 'tenantId' | 'customConfig'>;
}

export interface ProjectInfo {
  projectId: number;
  name: string;
  enName: string;
  tenantid: number;
  code: string;
  address: string;
  enAddress: string;
  /** installed transformer capacity, kVA */
  capacityKva: number;
  /** floor area, m² */
  areaM2: number;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
  industry: string;
  createTime: number;
}

export interface ProjectSummary {
  project: ProjectInfo;
  /** node counts per model label (building, floor, room, meter, ...) */
  nodeCounts: { modelLabel: string; count: number }[];
  userCount: number;
}

export interface UserTreeNode {
  id: number;
  name: string;
  childUsers: UserTreeNode[];
}

export interface PermissionItem {
  id: number;
  name: string;
  kind: 'page' | 'operation' | 'custom';
  description: string;
}

export interface Enumeration {
  modelLabel: string;
  enums: { id: number; text: string }[];
}
