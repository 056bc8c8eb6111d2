import type { Ems, Session } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import { isPlatformUser } from '../auth/session-service.js';

/** The platform operator's own tenant: its platform users administer every tenant. */
export const OPERATOR_TENANT_ID = 1;

/** Whether the caller is a platform user of the operator's tenant (ROOT included). */
export function isOperator(session: Session): boolean {
  return session.tenantId === OPERATOR_TENANT_ID && isPlatformUser(session.usertype, session.isRoot);
}

/**
 * The tenant an administration call acts in: the caller's own, or another one named in the request
 * when the caller is the platform operator. Anyone else naming another tenant gets 404.
 */
export function adminTenantOf(session: Session, requested: number | undefined): number {
  if (requested === undefined || requested === session.tenantId) return session.tenantId;
  if (!isOperator(session)) throw noPermission();
  return requested;
}

/**
 * Whether the caller may hand out every one of these permissions: they must hold each themselves
 * (no one grants what they do not hold). ROOT holds everything unless strict authorisation is on,
 * and then only what its roles give it (spec section 6).
 */
export function mayGrant(ems: Ems, session: Session, permissionIds: Iterable<number>): boolean {
  if (session.isRoot && !ems.systemConfig().authStringent) return true;
  for (const id of permissionIds) if (!session.permissionIds.has(id)) return false;
  return true;
}
