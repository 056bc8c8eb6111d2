// User administration (issue 13, /admin/user): shapes of the calls under ADMIN_API.users.
//
//   GET    users?…AdminUserQuery            → AdminUser[] (envelope total: every match)
//   POST   users           AdminUserCreate   → AdminUser
//   PUT    users/{id}?tenantId AdminUserUpdate → AdminUser
//   DELETE users/{id}?tenantId               → null
//   POST   users/{id}/enable?tenantId  AdminUserEnableBody → AdminUser
//   POST   users/{id}/resetPassword?tenantId → AdminResetPasswordReply (shown once)
//   POST   users/{id}/unlock?tenantId        → AdminCountReply (login locks cleared)
//   POST   users/{id}/endSessions?tenantId   → AdminCountReply (tokens revoked)
//
// A call acts in the caller's tenant; `tenantId` names another one, for the platform operator only
// (anyone else: 404). A user id outside the acting tenant is 404 as well.
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageIndex, PageSize } from './bounds.js';

/**
 * A login name (spec section 5: no special characters, no spaces, 1 to 50): letters, digits and
 * `_ - . # · ( ) （ ）`, the characters the shared name rule lets through, without white space.
 */
export const USER_NAME_PATTERN = '^[\\p{L}\\p{N}_\\-.#·()（）]+$';
/** Longest login name and nickname (spec section 5's 1 to 50). */
export const USER_NAME_MAX = 50;
/** Mobile phone (spec section 5): 11 digits, first 1, second 3, 4, 5, 7, 8 or 9. Empty: none. */
export const MOBILE_PHONE_PATTERN = '^(1[345789]\\d{9})?$';
/** E-mail: something@domain.tld without spaces. Empty: none. */
export const EMAIL_PATTERN = '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$';
/** Most roles, projects and groups one user carries. */
export const USER_LINKS_MAX = 500;

/** User types (spec section 3): 1 and 2 platform, 3 and 4 project users. */
export const AdminUserType = Type.Integer({ minimum: 1, maximum: 4 });

const Links = Type.Array(Id, { maxItems: USER_LINKS_MAX, uniqueItems: true });
const NickName = Type.String({ minLength: 1, maxLength: USER_NAME_MAX, pattern: '\\S' });
const Email = Type.String({ maxLength: 255, pattern: EMAIL_PATTERN });
const MobilePhone = Type.String({ maxLength: 11, pattern: MOBILE_PHONE_PATTERN });

export const AdminIdName = Type.Object({ id: Type.Integer(), name: Type.String() });
export type AdminIdName = Static<typeof AdminIdName>;

/** One user as the administration sees it (never a password or its hash). */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nicName: Type.String(),
  email: Type.String(),
  mobilePhone: Type.String(),
  usertype: Type.Integer(),
  tenantId: Type.Integer(),
  enabled: Type.Boolean(),
  /** a login lock of this name is in force (from any address) */
  locked: Type.Boolean(),
  /** a one-time or initial password the user has not yet changed */
  mustChangePassword: Type.Boolean(),
  /** ms since epoch; 0 for users made before it was kept */
  createTime: Type.Integer(),
  roles: Type.Array(AdminIdName),
  /** with the English name (empty when none) */
  projects: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), enName: Type.String() })),
  groups: Type.Array(AdminIdName),
});
export type AdminUser = Static<typeof AdminUser>;

/** GET users: filters (name and nicName contain the text), a page (index from 0). */
export const AdminUserQuery = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 64 })),
    nicName: Type.Optional(Type.String({ maxLength: 64 })),
    usertype: Type.Optional(AdminUserType),
    enabled: Type.Optional(Type.Boolean()),
    roleId: Type.Optional(Id),
    projectId: Type.Optional(Id),
    groupId: Type.Optional(Id),
    tenantId: Type.Optional(Id),
    index: Type.Optional(PageIndex),
    limit: Type.Optional(PageSize),
  },
  { additionalProperties: false },
);
export type AdminUserQuery = Static<typeof AdminUserQuery>;

/** The acting tenant of a call on one user (platform operator only when not the caller's own). */
export const AdminTenantQuery = Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false });
export type AdminTenantQuery = Static<typeof AdminTenantQuery>;
export const AdminUserIdParam = Type.Object({ id: Id });
export type AdminUserIdParam = Static<typeof AdminUserIdParam>;

const editable = {
  nicName: NickName,
  email: Type.Optional(Email),
  mobilePhone: Type.Optional(MobilePhone),
  usertype: AdminUserType,
  /** projects of the user's tenant */
  projectIds: Links,
  /** roles of the user's tenant; each permission they hold must be held by the caller */
  roleIds: Links,
  /** user groups of the user's tenant */
  groupIds: Links,
};

/**
 * POST users. `password` is the initial password in plain text (over TLS, like the password change),
 * strong (STRONG_PASSWORD_PATTERN); the user must change it at first login.
 */
export const AdminUserCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: USER_NAME_MAX, pattern: USER_NAME_PATTERN }),
    ...editable,
    /** the user's tenant: another than the caller's for the platform operator only */
    tenantId: Type.Optional(Id),
    password: Type.String({ minLength: 8, maxLength: 18 }),
  },
  { additionalProperties: false },
);
export type AdminUserCreate = Static<typeof AdminUserCreate>;

/** PUT users/{id}: the name and the password are not edited here. */
export const AdminUserUpdate = Type.Object(editable, { additionalProperties: false });
export type AdminUserUpdate = Static<typeof AdminUserUpdate>;

export const AdminUserEnableBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type AdminUserEnableBody = Static<typeof AdminUserEnableBody>;

/** resetPassword reply: the one-time password, shown once and never again. */
export const AdminResetPasswordReply = Type.Object({ password: Type.String() });
export type AdminResetPasswordReply = Static<typeof AdminResetPasswordReply>;

/** unlock and endSessions reply: how many locks were cleared or tokens revoked. */
export const AdminCountReply = Type.Object({ count: Type.Integer() });
export type AdminCountReply = Static<typeof AdminCountReply>;

/** Row actions under `${ADMIN_API.users}/{id}/…`. */
export const ADMIN_USER_ACTIONS = { enable: 'enable', resetPassword: 'resetPassword', unlock: 'unlock', endSessions: 'endSessions' } as const;
