/** Shapes of the session-and-setup replies (spec section 3), as TypeBox schemas and their types. */
import { Type, type Static } from '@sinclair/typebox';

/** 1 and 2 platform users, 3 and 4 project users (spec section 3). */
export type UserType = 1 | 2 | 3 | 4;

export interface RoleCustomConfig {
  /** hash path of the role's home page, e.g. "/home" */
  homepage?: string;
  homePagePageNodeId?: number;
}

export interface UserCustomConfig {
  usertype: UserType;
}

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** JSON text of RoleCustomConfig */
  customConfig: Type.String(),
  /** page permissions held, by id */
  pageNodes: Type.Array(Type.Object({ id: Type.Integer() })),
  /** operation and custom permission ids held */
  auths: Type.Array(Type.Integer()),
});
export type Role = Static<typeof Role>;

export const ModelNodeRef = Type.Object({ id: Type.Integer(), modelLabel: Type.String() });
export type ModelNodeRef = Static<typeof ModelNodeRef>;

export const CurrentUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nicName: Type.String(),
  email: Type.String(),
  mobilePhone: Type.String(),
  tenantId: Type.Integer(),
  /** JSON text of UserCustomConfig */
  customConfig: Type.String(),
  roles: Type.Array(Role),
  /** the project nodes the user may see ({id, modelLabel: 'project'}) */
  modelNodes: Type.Array(ModelNodeRef),
  /** ids of the user groups the user belongs to */
  relativeUserGroup: Type.Array(Type.Integer()),
  /** id of the tenant's root user group */
  rootUserGroupID: Type.Integer(),
  /** true while the user holds an initial or one-time password (issue 13): the app asks for a new one first */
  mustChangePassword: Type.Optional(Type.Boolean()),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const LoginReply = Type.Object({
  token: Type.String(),
  /** token lifetime end, ms since epoch */
  expiresAt: Type.Integer(),
  user: Type.Pick(CurrentUser, ['id', 'name', 'nicName', 'tenantId', 'customConfig']),
  /** true while the user holds an initial or one-time password: the app makes them change it first (issue 13) */
  mustChangePassword: Type.Optional(Type.Boolean()),
});
export type LoginReply = Static<typeof LoginReply>;

export const ProjectInfo = Type.Object({
  projectId: Type.Integer(),
  name: Type.String(),
  enName: Type.String(),
  tenantid: Type.Integer(),
  /** same as tenantid (spec section 3: tenantid is copied to belongTenantId) */
  belongTenantId: Type.Optional(Type.Integer()),
  code: Type.String(),
  address: Type.String(),
  enAddress: Type.String(),
  /** installed transformer capacity, kVA */
  capacityKva: Type.Number(),
  /** floor area, m² */
  areaM2: Type.Number(),
  timezone: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  industry: Type.String(),
  /** ms since epoch */
  createTime: Type.Integer(),
});
export type ProjectInfo = Static<typeof ProjectInfo>;

export const ProjectSummary = Type.Object({
  project: ProjectInfo,
  /** node counts per model label (building, floor, room, distributionroom, transformer, meter), sorted by label */
  nodeCounts: Type.Array(Type.Object({ modelLabel: Type.String(), count: Type.Integer() })),
  /** users who may see the project (platform users of the tenant plus users assigned to it) */
  userCount: Type.Integer(),
});
export type ProjectSummary = Static<typeof ProjectSummary>;

/** A user-tree node: user groups carry their sub-groups and users in childUsers; users have none. */
export interface UserTreeNode {
  id: number;
  name: string;
  /** 'usergroup' or 'user' (added: group and user ids are separate sequences) */
  modelLabel?: 'usergroup' | 'user';
  childUsers: UserTreeNode[];
}

export const PermissionItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('page'), Type.Literal('operation'), Type.Literal('custom')]),
  /** in the request's language */
  description: Type.String(),
});
export type PermissionItem = Static<typeof PermissionItem>;

export const Enumeration = Type.Object({
  modelLabel: Type.String(),
  enums: Type.Array(Type.Object({ id: Type.Integer(), text: Type.String() })),
});
export type Enumeration = Static<typeof Enumeration>;
