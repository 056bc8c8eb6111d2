// Tenants (issue 13): the platform operator's list, creation, renaming and disabling of tenants, and
// a tenant's projects with their members. Paths: ADMIN_API.tenants (admin.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';
import { NAME_PATTERN } from './project.js';

/** English names: letters, digits, spaces and a few signs (as a project's enName). */
const EN_NAME_PATTERN = '^$|^[\\p{L}\\p{N}][\\p{L}\\p{N} _\\-()#.,&\']*$';

/** A row of GET ADMIN_API.tenants. */
export const TenantInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enName: Type.String(),
  enabled: Type.Boolean(),
  /** ms since the epoch */
  createTime: Type.Integer(),
  projectCount: Type.Integer(),
  userCount: Type.Integer(),
  /** the tenant's root user group (created with the tenant) */
  rootUserGroupID: Type.Integer(),
  /** 'tenant': an ordinary tenant; 'provider': a service provider, looking after its customers' projects */
  kind: Type.Union([Type.Literal('tenant'), Type.Literal('provider')]),
  /** a provider only: the tenants it looks after (its platform users see their projects while they are enabled) */
  customerIds: Type.Optional(Type.Array(Type.Integer())),
});
export type TenantInfo = Static<typeof TenantInfo>;

/** A tenant's kind, chosen at creation. */
export const TenantKind = Type.Union([Type.Literal('tenant'), Type.Literal('provider')]);
export type TenantKind = Static<typeof TenantKind>;

/** POST ADMIN_API.tenants (create: also makes the tenant's root user group) and PUT `${tenants}/{id}` (rename). */
export const TenantBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN }),
    enName: Type.Optional(Type.String({ maxLength: 100, pattern: EN_NAME_PATTERN })),
  },
  { additionalProperties: false },
);
export type TenantBody = Static<typeof TenantBody>;

/** POST ADMIN_API.tenants: as TenantBody, with the kind (default 'tenant'; it does not change afterwards). */
export const TenantCreateBody = Type.Object(
  {
    name: TenantBody.properties.name,
    enName: TenantBody.properties.enName,
    kind: Type.Optional(TenantKind),
  },
  { additionalProperties: false },
);
export type TenantCreateBody = Static<typeof TenantCreateBody>;

/**
 * PUT `${tenants}/{id}/customers` (id: a service provider): the tenants it looks after, replacing the
 * list. Each must be an existing ordinary tenant other than the operator's (tenant 1); else 400 naming
 * `tenantIds`.
 */
export const TenantCustomersBody = Type.Object({ tenantIds: Type.Array(Id, { maxItems: 1000, uniqueItems: true }) }, { additionalProperties: false });
export type TenantCustomersBody = Static<typeof TenantCustomersBody>;

/** Path of a service provider's customers. */
export const tenantCustomersPath = (tenantsPath: string, id: number | string) => `${tenantsPath}/${id}/customers`;

/** POST `${tenants}/{id}/enable`: disabling ends the sessions of the tenant's users; tenant 1 (the operator's) cannot be disabled (409). */
export const TenantEnableBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type TenantEnableBody = Static<typeof TenantEnableBody>;

export const TenantIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type TenantIdParam = Static<typeof TenantIdParam>;

/** A member of a tenant's project: a platform user of the tenant (sees every project) or a user assigned to it. */
export const TenantProjectMember = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nicName: Type.String(),
  usertype: Type.Integer(),
  enabled: Type.Boolean(),
  /** 'platform': by user type 1 or 2; 'assigned': by the project assignment */
  via: Type.Union([Type.Literal('platform'), Type.Literal('assigned')]),
});
export type TenantProjectMember = Static<typeof TenantProjectMember>;

/** A row of GET `${tenants}/{id}/projects`. */
export const TenantProject = Type.Object({
  projectId: Type.Integer(),
  name: Type.String(),
  enName: Type.String(),
  code: Type.String(),
  createTime: Type.Integer(),
  members: Type.Array(TenantProjectMember),
});
export type TenantProject = Static<typeof TenantProject>;

/** Path of a tenant's projects with their members. */
export const tenantProjectsPath = (tenantsPath: string, id: number | string) => `${tenantsPath}/${id}/projects`;
