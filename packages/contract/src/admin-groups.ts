// User groups (issue 13): a tree per tenant (spec section 3: relativeUserGroup, rootUserGroupID) and
// its members. Paths: ADMIN_API.userGroups (admin.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Id, MAX_ID } from './bounds.js';
import { NAME_PATTERN } from './project.js';

/** A group of the tenant's tree (flat; parentId null for the root). */
export const UserGroupInfo = Type.Object({
  id: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  /** direct members */
  memberCount: Type.Integer(),
  /** ids of the direct members */
  memberIds: Type.Array(Type.Integer()),
});
export type UserGroupInfo = Static<typeof UserGroupInfo>;

/** A user of the tenant, for choosing members. */
export const UserGroupUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nicName: Type.String(),
  usertype: Type.Integer(),
  enabled: Type.Boolean(),
});
export type UserGroupUser = Static<typeof UserGroupUser>;

/** GET ADMIN_API.userGroups: the tenant's groups (root first, then by id) and its users. */
export const UserGroupTree = Type.Object({
  tenantId: Type.Integer(),
  rootUserGroupID: Type.Integer(),
  groups: Type.Array(UserGroupInfo),
  users: Type.Array(UserGroupUser),
});
export type UserGroupTree = Static<typeof UserGroupTree>;

/** GET query: another tenant is for the platform operator only. */
export const UserGroupQuery = Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false });
export type UserGroupQuery = Static<typeof UserGroupQuery>;

/** POST ADMIN_API.userGroups: a sub-group of `parentId` (the parent names the tenant). */
export const UserGroupCreateBody = Type.Object(
  {
    parentId: Id,
    name: Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN }),
  },
  { additionalProperties: false },
);
export type UserGroupCreateBody = Static<typeof UserGroupCreateBody>;

/** PUT `${userGroups}/{id}`: rename and/or move under another group of the tenant (never below itself: 400 parentId). */
export const UserGroupUpdateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN }),
    /** the new parent; left out keeps it. The root group has none and cannot be moved. */
    parentId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type UserGroupUpdateBody = Static<typeof UserGroupUpdateBody>;

export const UserGroupIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type UserGroupIdParam = Static<typeof UserGroupIdParam>;

/** DELETE `${userGroups}/{id}`: a group with sub-groups or members needs force=true (else 409 naming them). */
export const UserGroupDeleteQuery = Type.Object({ force: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type UserGroupDeleteQuery = Static<typeof UserGroupDeleteQuery>;

/** The 409 `data` of a delete without force: what the group holds. */
export const UserGroupContents = Type.Object({
  groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  users: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type UserGroupContents = Static<typeof UserGroupContents>;

/** Most members one PUT sets. */
export const USER_GROUP_MAX_MEMBERS = 5000;

/** PUT `${userGroups}/{id}/members`: the group's direct members, replaced (users of the group's tenant only). */
export const UserGroupMembersBody = Type.Object(
  { userIds: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: USER_GROUP_MAX_MEMBERS, uniqueItems: true }) },
  { additionalProperties: false },
);
export type UserGroupMembersBody = Static<typeof UserGroupMembersBody>;
