// System configuration editing and the initial info (issue 13; spec sections 3 and 6).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_ID } from './bounds.js';

/**
 * Keys of the system configuration file a holder of `sysconfig_normal` may change: display texts,
 * the platform home page, where the token is kept, the trend-data URL and the spec's two ids.
 */
export const SYSCONFIG_NORMAL_KEYS = ['internationalization', 'projectName', 'enProjectName', 'pfHomePage', 'tokenStorage', 'trendDataUrl', 'powerUserId', 'sellCompanyId'] as const;
/**
 * Keys that change how the whole installation behaves (`sysconfig_advanced`): the profile `key`
 * (and the profile sub-objects it selects), platform mode, strict authorisation and the enabled
 * functions.
 */
export const SYSCONFIG_ADVANCED_KEYS = ['key', 'isPlatformModel', 'authStringent', 'functions'] as const;
export type SysconfigNormalKey = (typeof SYSCONFIG_NORMAL_KEYS)[number];
export type SysconfigAdvancedKey = (typeof SYSCONFIG_ADVANCED_KEYS)[number];

/** An app-relative hash path such as `/home`. */
const AppPath = Type.String({ minLength: 1, maxLength: 128, pattern: '^/[A-Za-z0-9_/-]*$' });

/** The schema of every known key of the file. */
export const SYSCONFIG_KEY_SCHEMAS: Record<SysconfigNormalKey | SysconfigAdvancedKey, TSchema> = {
  internationalization: Type.Boolean(),
  projectName: Type.String({ minLength: 1, maxLength: 64 }),
  enProjectName: Type.String({ minLength: 0, maxLength: 128 }),
  pfHomePage: AppPath,
  tokenStorage: Type.Union([Type.Literal('session'), Type.Literal('local')]),
  /** null removes the key (the server's default URL then applies) */
  trendDataUrl: Type.Union([Type.String({ minLength: 1, maxLength: 256, pattern: '^/[\\x21-\\x7e]*$' }), Type.Null()]),
  powerUserId: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_ID }), Type.Null()]),
  sellCompanyId: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_ID }), Type.Null()]),
  /** the profile name: '' for none, 'oil' changes user-tree loading (spec section 7) */
  key: Type.String({ minLength: 0, maxLength: 32, pattern: '^[A-Za-z0-9_]*$' }),
  isPlatformModel: Type.Boolean(),
  authStringent: Type.Boolean(),
  /** the enabled function ids (FUNCTION ids below); null removes the key: every function enabled */
  functions: Type.Union([Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 1000, uniqueItems: true }), Type.Null()]),
};

/**
 * PUT ADMIN_API.systemConfig body: a merge patch of the file. Each named key is set (null removes an
 * optional key); keys not named keep their value. Besides the known keys, a key naming a profile
 * (letters, digits, _) may carry an object of known keys merged over the top level when `key`
 * selects it (spec section 3); profiles count as advanced. Any other key is refused (400 naming it).
 * The reply is the whole file as written.
 */
export const SystemConfigPatch = Type.Record(Type.String({ maxLength: 32 }), Type.Unknown(), { maxProperties: 64 });
export type SystemConfigPatch = Static<typeof SystemConfigPatch>;

/**
 * A function of the installation (spec sections 3 and 6: initial info `functionList`). Function ids
 * are the page ids of the navigation catalogue (`NAV_ROUTES[].id`, e.g. 1091 for /admin/log): a
 * function is a page of the product. The system configuration file's advanced key `functions`
 * lists the enabled ids; without it every page of the product is enabled. A page whose id is not in
 * the list is left out of the menu and the router by the browser's function-permission check.
 */
export const FunctionEntry = Type.Object({ id: Type.Integer() });
export const InitialInfo = Type.Object({ functionList: Type.Array(FunctionEntry) });
export type InitialInfo = Static<typeof InitialInfo>;
