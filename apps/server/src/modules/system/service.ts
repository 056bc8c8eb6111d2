import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  DEFAULT_SYSTEM_CONFIG,
  NAV_ROUTES,
  SYSCONFIG_ADVANCED_KEYS,
  SYSCONFIG_KEY_SCHEMAS,
  SYSCONFIG_NORMAL_KEYS,
  type InitialInfo,
  type SystemConfig,
  type SystemConfigPatch,
} from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import { ErrorCode } from '@ems/contract';
import { isOperator } from '../admin/scope.js';
import { holds } from '../auth/session-service.js';
import { recordAudit, type AuditActor } from '../audit/service.js';

export const systemConfigPath = (dataDir: string) => join(dataDir, 'config.json');

/** Writes the default system configuration file on first start so the operator can edit it. */
export function ensureSystemConfig(dataDir: string): void {
  const path = systemConfigPath(dataDir);
  if (!existsSync(path)) writeFileSync(path, JSON.stringify(DEFAULT_SYSTEM_CONFIG, null, 2) + '\n', { flag: 'wx' });
}

/** The file's raw text (served as is), or the default when missing. */
export function readSystemConfigText(dataDir: string): string {
  const path = systemConfigPath(dataDir);
  return existsSync(path) ? readFileSync(path, 'utf8') : JSON.stringify(DEFAULT_SYSTEM_CONFIG);
}

/** The parsed file merged over the defaults; an unreadable file falls back to the defaults. */
export function readSystemConfig(dataDir: string): SystemConfig {
  try {
    const parsed = JSON.parse(readSystemConfigText(dataDir)) as Partial<SystemConfig>;
    return { ...DEFAULT_SYSTEM_CONFIG, ...parsed };
  } catch {
    return DEFAULT_SYSTEM_CONFIG;
  }
}

/** The file as an object (the defaults when it is missing or unreadable). */
function readRaw(dataDir: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readSystemConfigText(dataDir));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { ...DEFAULT_SYSTEM_CONFIG };
  } catch {
    return { ...DEFAULT_SYSTEM_CONFIG };
  }
}

/**
 * Replaces the file atomically: the text goes to a temporary file in the same directory, which is
 * then renamed over the file (rename is atomic on one file system), so a reader sees the old file
 * or the new one, never half of one.
 */
export function writeSystemConfigAtomic(dataDir: string, config: Record<string, unknown>): void {
  const path = systemConfigPath(dataDir);
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, JSON.stringify(config, null, 2) + '\n', { flag: 'wx' });
  renameSync(temp, path);
}

type KnownKey = keyof typeof SYSCONFIG_KEY_SCHEMAS;
const CHECKS = Object.fromEntries(Object.entries(SYSCONFIG_KEY_SCHEMAS).map(([k, s]) => [k, TypeCompiler.Compile(s)])) as Record<KnownKey, ReturnType<typeof TypeCompiler.Compile>>;
const NORMAL = new Set<string>(SYSCONFIG_NORMAL_KEYS);
const ADVANCED = new Set<string>(SYSCONFIG_ADVANCED_KEYS);
const isKnown = (k: string): k is KnownKey => NORMAL.has(k) || ADVANCED.has(k);
const PROFILE_NAME = /^[A-Za-z0-9_]{1,32}$/;
/** Keys a value may not be null for (they are always in the file). */
const REQUIRED = new Set(['internationalization', 'projectName', 'enProjectName', 'pfHomePage', 'tokenStorage', 'key', 'isPlatformModel', 'authStringent']);

const invalid = (field: string, reason: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, reason]);

function checkValue(field: string, key: KnownKey, value: unknown): void {
  const check = CHECKS[key];
  if (!check.Check(value)) {
    const first = check.Errors(value).First();
    throw invalid(field, first ? `${first.message}${first.path ? ` at ${first.path}` : ''}` : 'invalid value');
  }
}

/** Validates the patch: every key known or a profile of known keys, every value by its schema. */
export function validatePatch(patch: SystemConfigPatch): void {
  // a profile: an object of known keys, or null removing it
  const isProfile = (k: string) => PROFILE_NAME.test(k) && typeof patch[k] === 'object' && !Array.isArray(patch[k]);
  const unknown = Object.keys(patch).filter((k) => !isKnown(k) && !isProfile(k));
  if (unknown.length > 0) throw invalid(unknown.join(','), 'unknown key');
  for (const [k, v] of Object.entries(patch)) {
    if (isKnown(k)) {
      if (v === null && REQUIRED.has(k)) throw invalid(k, 'must not be null');
      checkValue(k, k, v);
      continue;
    }
    if (v === null) continue;
    const profile = v as Record<string, unknown>;
    const bad = Object.keys(profile).filter((pk) => !isKnown(pk) || pk === 'key');
    if (bad.length > 0) throw invalid(bad.map((b) => `${k}.${b}`).join(','), 'unknown key');
    for (const [pk, pv] of Object.entries(profile)) checkValue(`${k}.${pk}`, pk as KnownKey, pv);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies a patch to the system configuration file: only the platform operator may write it; a
 * changed normal key needs `sysconfig_normal`, a changed advanced key or profile `sysconfig_advanced`
 * (else 404, naming nothing). Unchanged keys need nothing. Records a 'config' audit entry with the
 * changed keys before and after.
 */
export async function updateSystemConfig(ems: Ems, session: Session, actor: AuditActor, patch: SystemConfigPatch): Promise<Record<string, unknown>> {
  if (!isOperator(session)) throw noPermission();
  validatePatch(patch);
  const dataDir = ems.config.dataDir;
  const current = readRaw(dataDir);
  const changed = Object.keys(patch).filter((k) => !same(current[k] ?? null, patch[k]));
  const needs = new Set(changed.map((k) => (NORMAL.has(k) ? 'sysconfig_normal' : 'sysconfig_advanced')));
  for (const permission of needs) if (!holds(session, permission)) throw noPermission();
  if (changed.length === 0) return current;
  const next: Record<string, unknown> = { ...current };
  for (const k of changed) {
    if (patch[k] === null) delete next[k];
    else next[k] = patch[k];
  }
  writeSystemConfigAtomic(dataDir, next);
  const pick = (o: Record<string, unknown>) => Object.fromEntries(changed.map((k) => [k, o[k] ?? null]));
  await recordAudit(ems, actor, { kind: 'config', action: 'update', targetType: 'config', targetName: 'config.json', before: pick(current), after: pick(next), detail: changed.join(',') });
  return next;
}

/** Every function the product has: the page ids of the navigation catalogue. */
export const ALL_FUNCTION_IDS: readonly number[] = [...new Set(NAV_ROUTES.map((r) => r.id))].sort((a, b) => a - b);

/** The initial info: the functions the file enables (`functions`), else every function. */
export function initialInfo(config: SystemConfig): InitialInfo {
  const listed = config.functions;
  const ids = Array.isArray(listed) ? ALL_FUNCTION_IDS.filter((id) => listed.includes(id)) : ALL_FUNCTION_IDS;
  return { functionList: ids.map((id) => ({ id })) };
}
