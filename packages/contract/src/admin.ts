// Administration and identity (issue 13): paths of the administration calls and the audit log.
// Users, roles, groups and tenants have their shapes in admin-users.ts, admin-roles.ts,
// admin-groups.ts and admin-tenants.ts.
import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id, IdOrZero, PageIndex, PageSize } from './bounds.js';

/** Paths of the administration calls (designed in the spec's style: spec section 7 shows none). */
export const ADMIN_API = {
  /** GET list (query AdminUserQuery), POST create; PUT/DELETE `${users}/{id}` */
  users: '/eem-service/v1/auth/admin/users',
  /** GET the platform's and tenants' role list; POST create; PUT/DELETE `${roles}/{id}`; POST `${roles}/{id}/copy`; GET `${roles}/{id}/users` */
  roles: '/eem-service/v1/auth/admin/roles',
  /** GET tree of the tenant; POST create; PUT/DELETE `${userGroups}/{id}`; PUT `${userGroups}/{id}/members` */
  userGroups: '/eem-service/v1/auth/admin/usergroups',
  /** GET list; POST create; PUT `${tenants}/{id}` (platform operator only) */
  tenants: '/eem-service/v1/auth/admin/tenants',
  /** GET the catalogue with the roles holding each permission */
  permissionHolders: '/eem-service/v1/auth/admin/permissions',
  /** GET list (AuditLogQuery) */
  logs: '/eem-service/v1/auth/admin/logs',
  /** GET xlsx of the same filter */
  logsExport: '/eem-service/v1/auth/admin/logs/export',
  /** PUT the system configuration file (normal and advanced keys by the two custom permissions) */
  systemConfig: '/eem-service/v1/system/config',
  /** GET the initial info: { functionList: [{ id }] } */
  initialInfo: '/eem-service/v1/system/initialInfo',
  /** GET ?code: access token (single sign-on) */
  ssoToken: '/eem-service/thirdpart/sso/auth2.0/token',
  /** POST {client, timestamps, token}: single-sign-on login */
  ssoLogin: '/eem-service/thirdpart/sso/auth2.0/login',
} as const;

/** What an audit entry is about. */
export const AUDIT_KINDS = [
  'login',
  'loginFailure',
  'lock',
  'logout',
  'password',
  'user',
  'role',
  'usergroup',
  'tenant',
  'project',
  'permission',
  'config',
  'rule',
  'tariff',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AuditLogEntry = Type.Object({
  id: Type.Integer(),
  /** ms since epoch */
  time: Type.Integer(),
  tenantId: Type.Integer(),
  /** the actor; null when nobody was signed in (a failed sign-in by an unknown name) */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  /** the actor's name (for a failed sign-in: the name typed) */
  userName: Type.String(),
  ip: Type.String(),
  kind: Type.Union(AUDIT_KINDS.map((k) => Type.Literal(k))),
  /** create, update, delete, enable, disable, resetPassword, unlock, endSessions, copy, success, failure, lock, ... */
  action: Type.String(),
  /** user, role, usergroup, tenant, project, config, rule, tariff, ... */
  targetType: Type.String(),
  targetId: Type.Union([Type.Integer(), Type.Null()]),
  targetName: Type.String(),
  ok: Type.Boolean(),
  /** JSON text of the object before the change (null for a creation or a sign-in) */
  before: Type.Union([Type.String(), Type.Null()]),
  /** JSON text after the change (null for a deletion) */
  after: Type.Union([Type.String(), Type.Null()]),
  /** free text, e.g. the reason of a failure */
  detail: Type.String(),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

/** GET logs: a time range (at most 366 days), optional actor and kinds, a page. */
export const AuditLogQuery = Type.Object(
  {
    startTime: EpochMs,
    endTime: EpochMs,
    userId: Type.Optional(Id),
    /** comma-separated AuditKind values */
    kinds: Type.Optional(Type.String({ maxLength: 300, pattern: '^[A-Za-z]+(,[A-Za-z]+)*$' })),
    /** a tenant other than the caller's: platform operator only; 0 holds sign-in failures by names that match no user */
    tenantId: Type.Optional(IdOrZero),
    /** 0-based page number (default 0) */
    index: Type.Optional(PageIndex),
    /** rows a page (default 50) */
    limit: Type.Optional(PageSize),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;
/** Longest range of an audit query or export. */
export const AUDIT_MAX_RANGE_MS = 366 * 24 * 3600_000;
/** Most rows an export writes. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
