import { Type, type Static } from '@sinclair/typebox';
import { Id, Int32 } from './bounds.js';

/**
 * Names: letters (any script), digits, spaces and `_ - ( ) （ ） # · .`, starting with a letter or
 * digit (spec section 5, 'Please do not enter special characters').
 */
export const NAME_PATTERN = '^[\\p{L}\\p{N}][\\p{L}\\p{N} _\\-()（）#·.]*$';

/** Create or update body of a project (project-configuration page). Unknown fields are refused. */
export const ProjectBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN }),
    enName: Type.Optional(Type.String({ maxLength: 100, pattern: '^$|^[\\p{L}\\p{N}][\\p{L}\\p{N} _\\-()#.,&\']*$' })),
    /** project code, e.g. "HD-01" */
    code: Type.Optional(Type.String({ maxLength: 50, pattern: '^[A-Za-z0-9_\\-]*$' })),
    address: Type.Optional(Type.String({ maxLength: 255 })),
    enAddress: Type.Optional(Type.String({ maxLength: 255 })),
    /** kVA, 0 to 999999999 */
    capacityKva: Type.Number({ minimum: 0, maximum: 999999999 }),
    /** m², 0 to 999999999999.99 */
    areaM2: Type.Optional(Type.Number({ minimum: 0, maximum: 999999999999.99 })),
    /** IANA zone; default Asia/Shanghai */
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z_]+(/[A-Za-z0-9_+\\-]+)*$' })),
    latitude: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
    longitude: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()])),
    /** e.g. industrial, commercial */
    industry: Type.Optional(Type.String({ maxLength: 50 })),
    /** create only: the tenant the project belongs to, another than the caller's for the platform operator only (issue 13); ignored by an update */
    tenantId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ProjectBody = Static<typeof ProjectBody>;

export const ProjectIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type ProjectIdParam = Static<typeof ProjectIdParam>;

export const ProjectSummaryParam = Type.Object({ projectId: Id }, { additionalProperties: false });
export type ProjectSummaryParam = Static<typeof ProjectSummaryParam>;

export const ProjectListQuery = Type.Object({ system: Type.Optional(Type.String({ maxLength: 20 })) });
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const CloudProjectsQuery = Type.Object({
  tenantId: Id,
  isQueryChild: Type.Optional(Type.Boolean()),
});
export type CloudProjectsQuery = Static<typeof CloudProjectsQuery>;

export const CloudProjectsBody = Type.Object({
  rootID: Type.Optional(Type.Union([Int32, Type.Null()])),
  rootLabel: Type.Optional(Type.String({ maxLength: 50 })),
  treeReturnEnable: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type CloudProjectsBody = Static<typeof CloudProjectsBody>;

/**
 * A node of the tenant/project tree: the tenant (modelLabel 'tenant') with its projects in
 * `children` when treeReturnEnable is true; otherwise a flat list (tenant first, no children).
 * Project nodes also carry the ProjectInfo fields.
 */
export interface CloudProjectNode {
  id: number;
  modelLabel: 'tenant' | 'project';
  name: string;
  enName?: string;
  tenantid: number;
  children?: CloudProjectNode[];
  [field: string]: unknown;
}

/** The background passes that work project by project (docs/security.md, background-pass isolation). */
export const BACKGROUND_PASSES = ['eventChecks', 'eventReadings', 'eventHistory', 'pqAggregates', 'demoSimulator', 'abnormalChecks'] as const;
export type BackgroundPass = (typeof BACKGROUND_PASSES)[number];

/**
 * How a background pass fared for one project on the instance that answers, since it started: one
 * project's failure is counted here and never stops the pass for the others. `failing` while the
 * last run for the project failed; times are ms since epoch.
 */
export const BackgroundHealth = Type.Object({
  projectId: Type.Integer(),
  pass: Type.Union(BACKGROUND_PASSES.map((p) => Type.Literal(p))),
  failing: Type.Boolean(),
  failures: Type.Integer(),
  /** failures since the last success */
  consecutiveFailures: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  lastFailureTime: Type.Union([Type.Integer(), Type.Null()]),
  lastSuccessTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type BackgroundHealth = Static<typeof BackgroundHealth>;
