import type { Ems, Session } from '../../context.js';
import { holds } from './session-service.js';

/**
 * operationAuthCheck: every (and) or any (or) of the names held; ROOT passes unless the system
 * configuration sets authStringent. An empty list passes.
 */
export function checkOperations(ems: Ems, session: Session, names: readonly string[], andOr: 'and' | 'or'): boolean {
  if (session.isRoot && !ems.systemConfig().authStringent) return true;
  if (names.length === 0) return true;
  return andOr === 'or' ? names.some((n) => holds(session, n)) : names.every((n) => holds(session, n));
}
