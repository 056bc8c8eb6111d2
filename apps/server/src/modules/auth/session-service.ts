import { permissionId } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
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

/** The live session of a token, or undefined (unknown, expired, revoked, disabled user). */
export async function resolveSession(ems: Ems, token: string): Promise<Session | undefined> {
  const tokenHash = sha256hex(token);
  const row = await authRepository(ems.db).findLiveToken(tokenHash, ems.config.now());
  if (!row) return undefined;
  const userId = Number(row.user_id);
  const tenantId = Number(row.tenant_id);
  const isRoot = userId === 1 || row.name === 'ROOT';
  const [permissionIds, projectIds] = await Promise.all([
    userRepository(ems.db).permissionIdsOfUser(userId),
    projectRepository(ems.db).visibleProjectIds({ id: userId, tenantId, platform: isPlatformUser(row.usertype, isRoot) }),
  ]);
  return { userId, name: row.name, tenantId, usertype: row.usertype, isRoot, tokenHash, permissionIds: new Set(permissionIds), projectIds };
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
