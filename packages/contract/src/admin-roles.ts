// Roles and the permission catalogue of the administration (issue 13): shapes of ADMIN_API.roles and
// ADMIN_API.permissionHolders. A role is the spec's Role (section 3: customConfig {homepage,
// homePagePageNodeId}, pageNodes, auths) with its tenant and how many users hold it.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';
import { NAME_PATTERN } from './project.js';

/** Most page permissions and operation/custom permissions one role body may list. */
export const ROLE_MAX_PAGES = 500;
export const ROLE_MAX_AUTHS = 5000;

/** A role as the administration shows it. */
export const AdminRole = Type.Object({
  id: Type.Integer(),
  tenantId: Type.Integer(),
  name: Type.String(),
  /** JSON text of RoleCustomConfig ({homepage, homePagePageNodeId}; `{}` when none) */
  customConfig: Type.String(),
  /** page permissions held, by id */
  pageNodes: Type.Array(Type.Object({ id: Type.Integer() })),
  /** operation and custom permission ids held */
  auths: Type.Array(Type.Integer()),
  /** users holding the role */
  userCount: Type.Integer(),
});
export type AdminRole = Static<typeof AdminRole>;

/** GET roles: the caller's tenant, or another one (platform operator only). */
export const AdminRoleQuery = Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false });
export type AdminRoleQuery = Static<typeof AdminRoleQuery>;

export const AdminRoleIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type AdminRoleIdParam = Static<typeof AdminRoleIdParam>;

/** DELETE: a role some user holds is deleted only with force=true (the client confirmed, naming them). */
export const AdminRoleDeleteQuery = Type.Object({ force: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type AdminRoleDeleteQuery = Static<typeof AdminRoleDeleteQuery>;

export const RoleName = Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN });

/**
 * POST (create) and PUT (replace) a role. The home page is `homepage` (a hash path) or
 * `homePagePageNodeId` (a page id) or both agreeing; it must be one of the role's `pageNodes`.
 * Neither: no configured home page.
 */
export const AdminRoleBody = Type.Object(
  {
    name: RoleName,
    /** hash path of the home page, e.g. "/home"; "" for none */
    homepage: Type.Optional(Type.String({ maxLength: 200, pattern: '^$|^/[A-Za-z0-9_/\\-]*$' })),
    homePagePageNodeId: Type.Optional(Type.Union([Id, Type.Null()])),
    pageNodes: Type.Array(Type.Object({ id: Id }, { additionalProperties: false }), { maxItems: ROLE_MAX_PAGES }),
    auths: Type.Array(Id, { maxItems: ROLE_MAX_AUTHS }),
    /** create only: the tenant of the new role (platform operator only); default the caller's */
    tenantId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type AdminRoleBody = Static<typeof AdminRoleBody>;

/** POST `${roles}/{id}/copy`: the copy's name (same tenant, pages, permissions and home page). */
export const AdminRoleCopyBody = Type.Object({ name: RoleName }, { additionalProperties: false });
export type AdminRoleCopyBody = Static<typeof AdminRoleCopyBody>;

/** A user holding a role: GET `${roles}/{id}/users`, and the data of the 409 of a delete without force. */
export const RoleHolder = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nicName: Type.String(),
  enabled: Type.Boolean(),
});
export type RoleHolder = Static<typeof RoleHolder>;

/** Data of the 409 answering a delete of a role in use without force. */
export const RoleInUse = Type.Object({ users: Type.Array(RoleHolder) });
export type RoleInUse = Static<typeof RoleInUse>;

/** GET permissionHolders: every permission of the catalogue with the roles (of the caller's tenant) holding it. */
export const PermissionHolders = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('page'), Type.Literal('operation'), Type.Literal('custom')]),
  zh: Type.String(),
  en: Type.String(),
  roles: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type PermissionHolders = Static<typeof PermissionHolders>;
