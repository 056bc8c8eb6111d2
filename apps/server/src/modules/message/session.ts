import type { Ems } from '../../context.js';
import { authRepository } from '../auth/repository.js';
import { isPlatformUser } from '../auth/session-service.js';
import { projectRepository } from '../project/repository.js';

/** The part of a session a socket needs: whose it is and which projects they may see. */
export interface LiveSession {
  userId: number;
  projectIds: number[];
}

/**
 * The session behind a token hash if it is still live (not expired, revoked or disabled), with the
 * projects its user may see now: what `resolveSession` gives a request, for a socket that holds only
 * the hash its ticket was bound to.
 */
export async function liveSession(ems: Ems, tokenHash: string): Promise<LiveSession | undefined> {
  const row = await authRepository(ems.db).findLiveToken(tokenHash, ems.config.now());
  if (!row) return undefined;
  const userId = Number(row.user_id);
  const isRoot = userId === 1 || row.name === 'ROOT';
  const projectIds = await projectRepository(ems.db).visibleProjectIds({ id: userId, tenantId: Number(row.tenant_id), platform: isPlatformUser(row.usertype, isRoot) });
  return { userId, projectIds };
}
