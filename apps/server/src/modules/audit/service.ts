import type { AuditKind } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { auditRepository } from './repository.js';

/** Who did it, from where: the signed-in caller, or for a sign-in the name typed. */
export interface AuditActor {
  tenantId: number;
  userId: number | null;
  userName: string;
  ip: string;
}

export interface AuditRecord {
  kind: AuditKind;
  action: string;
  targetType: string;
  targetId?: number | null;
  targetName?: string;
  /** false for a refused sign-in, a failed test and the like */
  ok?: boolean;
  /** the object before the change (stored as JSON; secrets must be left out by the caller) */
  before?: unknown;
  after?: unknown;
  detail?: string;
}

/** The actor of an authenticated request. */
export function actorOf(request: { session: Session | null; ip: string }): AuditActor {
  const s = request.session;
  return s ? { tenantId: s.tenantId, userId: s.userId, userName: s.name, ip: request.ip } : { tenantId: 0, userId: null, userName: '', ip: request.ip };
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * Appends one entry to the audit log. Call it after the change it records has committed (or inside
 * the change's transaction, passing that transaction as `db`), so the log never claims what did not happen.
 */
export async function recordAudit(ems: Pick<Ems, 'db' | 'config'>, actor: AuditActor, record: AuditRecord, db = ems.db): Promise<void> {
  await auditRepository(db).insert({
    time: ems.config.now(),
    tenant_id: actor.tenantId,
    user_id: actor.userId,
    user_name: actor.userName.slice(0, 64),
    ip: actor.ip.slice(0, 64),
    kind: record.kind,
    action: record.action,
    target_type: record.targetType,
    target_id: record.targetId ?? null,
    target_name: (record.targetName ?? '').slice(0, 255),
    ok: record.ok === false ? 0 : 1,
    before: json(record.before),
    after: json(record.after),
    detail: (record.detail ?? '').slice(0, 1000),
  });
}
