import { permissionId } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { sessionWatchOf } from '../../db/write-watch.js';
import { sha256hex } from '../../lib/hash.js';
import { projectRepository } from '../project/repository.js';
import { userRepository } from '../user/repository.js';
import { authRepository } from './repository.js';

/** Token from `Authorization: Bearer <t>` (or the bare token, or a `token` header). */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers.authorization ?? headers.token;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token === '' || token.length > 256 ? undefined : token;
}

export const isPlatformUser = (usertype: number, isRoot: boolean) => isRoot || usertype === 1 || usertype === 2;

/**
 * How long this instance reuses a session it resolved, wall-clock ms. Within it a change made through
 * this instance (logout, a user disabled, roles, permissions, project access) is seen at once — any
 * write to the session's tables ends every cached session (WriteWatch) — and one made through another
 * instance sharing the store is seen after at most this long. docs/security.md says so.
 */
export const SESSION_REUSE_MS = 1000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  session: Session;
  /** the token's expires_at (config clock) */
  expiresAt: number;
  /** wall clock when resolved */
  at: number;
  generation: number;
}

const sessionCaches = new WeakMap<Ems['db'], Map<string, CachedSession>>();

/** The live session of a token, or undefined (unknown, expired, revoked, disabled user). */
export async function resolveSession(ems: Ems, token: string): Promise<Session | undefined> {
  const tokenHash = sha256hex(token);
  const watch = sessionWatchOf(ems.db);
  let cache = sessionCaches.get(ems.db);
  if (watch) {
    const hit = cache?.get(tokenHash);
    if (hit && hit.generation === watch.generation && performance.now() - hit.at < SESSION_REUSE_MS && ems.config.now() < hit.expiresAt) return hit.session;
  }
  const generation = watch?.generation ?? 0;
  const session = await readSession(ems, tokenHash);
  if (watch && session && watch.generation === generation) {
    if (!cache) sessionCaches.set(ems.db, (cache = new Map()));
    if (cache.size >= SESSION_CACHE_MAX) cache.clear();
    cache.set(tokenHash, { ...session, at: performance.now(), generation });
  }
  return session?.session;
}

async function readSession(ems: Ems, tokenHash: string): Promise<{ session: Session; expiresAt: number } | undefined> {
  const row = await authRepository(ems.db).findLiveToken(tokenHash, ems.config.now());
  if (!row) return undefined;
  const userId = Number(row.user_id);
  const tenantId = Number(row.tenant_id);
  const isRoot = userId === 1 || row.name === 'ROOT';
  const [permissionIds, projectIds] = await Promise.all([
    userRepository(ems.db).permissionIdsOfUser(userId),
    projectRepository(ems.db).visibleProjectIds({ id: userId, tenantId, platform: isPlatformUser(row.usertype, isRoot) }),
  ]);
  return { session: { userId, name: row.name, tenantId, usertype: row.usertype, isRoot, tokenHash, permissionIds: new Set(permissionIds), projectIds }, expiresAt: Number(row.expires_at) };
}

/** Whether the session holds a permission (space-separated codes pass if any is held). */
export function holds(session: Session, names: string): boolean {
  const codes = names.split(/\s+/).filter((c) => c !== '');
  if (codes.length === 0) return true;
  return codes.some((code) => {
    const id = permissionId(code);
    return id !== undefined && session.permissionIds.has(id);
  });
}
