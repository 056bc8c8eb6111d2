import { DEFAULT_SYSTEM_CONFIG, SYSCONFIG_ADVANCED_KEYS, SYSCONFIG_NORMAL_KEYS, type SystemConfigPatch } from '@ems/contract';

/** The form's values: every known key, optional ones as undefined (empty) when absent. */
export interface SysconfigValues {
  internationalization: boolean;
  projectName: string;
  enProjectName: string;
  pfHomePage: string;
  tokenStorage: 'session' | 'local';
  trendDataUrl?: string;
  powerUserId?: number | null;
  sellCompanyId?: number | null;
  key: string;
  isPlatformModel: boolean;
  authStringent: boolean;
  /** empty: every function enabled (the key is removed) */
  functions: number[];
}

const OPTIONAL = new Set(['trendDataUrl', 'powerUserId', 'sellCompanyId', 'functions']);

/** The form's values from the stored file (defaults for missing keys). */
export function valuesOf(file: Record<string, unknown>): SysconfigValues {
  const merged = { ...DEFAULT_SYSTEM_CONFIG, trendDataUrl: undefined, ...file } as Record<string, unknown>;
  return {
    internationalization: merged.internationalization === true,
    projectName: String(merged.projectName ?? ''),
    enProjectName: String(merged.enProjectName ?? ''),
    pfHomePage: String(merged.pfHomePage ?? '/home'),
    tokenStorage: merged.tokenStorage === 'local' ? 'local' : 'session',
    trendDataUrl: typeof merged.trendDataUrl === 'string' ? merged.trendDataUrl : undefined,
    powerUserId: typeof merged.powerUserId === 'number' ? merged.powerUserId : undefined,
    sellCompanyId: typeof merged.sellCompanyId === 'number' ? merged.sellCompanyId : undefined,
    key: String(merged.key ?? ''),
    isPlatformModel: merged.isPlatformModel === true,
    authStringent: merged.authStringent === true,
    functions: Array.isArray(merged.functions) ? (merged.functions as number[]) : [],
  };
}

const stored = (key: string, v: unknown): unknown => {
  if (typeof v === 'string' && OPTIONAL.has(key)) return v.trim() === '' ? null : v.trim();
  if (key === 'functions') return Array.isArray(v) && v.length > 0 ? v : null;
  if (v === undefined || v === null) return OPTIONAL.has(key) ? null : v;
  return typeof v === 'string' ? v.trim() : v;
};

/**
 * The patch to send: the keys whose value differs from the file's (blank optional keys and an empty
 * function list become null, removing the key); advanced keys only when `advanced` is shown.
 */
export function patchOf(file: Record<string, unknown>, values: Partial<SysconfigValues>, advanced: boolean): SystemConfigPatch {
  const keys: readonly string[] = advanced ? [...SYSCONFIG_NORMAL_KEYS, ...SYSCONFIG_ADVANCED_KEYS] : SYSCONFIG_NORMAL_KEYS;
  const patch: SystemConfigPatch = {};
  for (const k of keys) {
    if (!(k in values)) continue;
    const next = stored(k, (values as Record<string, unknown>)[k]);
    const current = file[k] ?? (OPTIONAL.has(k) ? null : (DEFAULT_SYSTEM_CONFIG as Record<string, unknown>)[k]);
    if (JSON.stringify(next) !== JSON.stringify(current ?? null)) patch[k] = next;
  }
  return patch;
}
