import { AUDIT_EXPORT_MAX_ROWS, AUDIT_KINDS, AUDIT_MAX_RANGE_MS, ErrorCode, type AuditKind, type AuditLogEntry, type AuditLogQuery } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { xlsxOf } from '../../lib/xlsx-sheets.js';
import { zonedDateTime } from '../../lib/zoned-time.js';
import { adminTenantOf } from '../admin/scope.js';
import { auditRepository, type AuditFilter, type AuditRow } from './repository.js';

/** Who did it, from where: the signed-in caller, or for a sign-in the name typed. */
export interface AuditActor {
  tenantId: number;
  userId: number | null;
  userName: string;
  ip: string;
}

export interface AuditRecord {
  /**
   * the tenant the change belongs to, whose administrators read it (default: the actor's): the
   * operator's change to a customer's user, role or group is that customer's history
   */
  tenantId?: number;
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
    tenant_id: record.tenantId ?? actor.tenantId,
    user_id: actor.userId,
    user_name: actor.userName.slice(0, 64),
    ip: actor.ip.slice(0, 64),
    kind: record.kind,
    action: record.action.slice(0, 32),
    target_type: record.targetType.slice(0, 32),
    target_id: record.targetId ?? null,
    target_name: (record.targetName ?? '').slice(0, 255),
    ok: record.ok === false ? 0 : 1,
    before: json(record.before),
    after: json(record.after),
    detail: (record.detail ?? '').slice(0, 1000),
  });
}

/**
 * Like {@link recordAudit}, but skipped when the same name and address already have an entry with
 * this detail in the last minute: refusals anyone can provoke without a password (a clock out of the
 * window, a replayed request) are kept to one a minute per (name, address).
 */
export async function recordAuditThrottled(ems: Pick<Ems, 'db' | 'config'>, actor: AuditActor, record: AuditRecord & { detail: string }): Promise<void> {
  const since = ems.config.now() - 60_000;
  if (await auditRepository(ems.db).recentSame(actor.tenantId, since, actor.userName.slice(0, 64), actor.ip.slice(0, 64), record.detail)) return;
  await recordAudit(ems, actor, record);
}

const invalid = (field: string, reason: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, reason]);

/** The filter of a query: the tenant (the caller's, another only for the operator), range and kinds checked. */
export function auditFilterOf(session: Session, q: AuditLogQuery): AuditFilter {
  if (q.endTime < q.startTime) throw invalid('endTime', 'must not be before startTime');
  if (q.endTime - q.startTime > AUDIT_MAX_RANGE_MS) throw invalid('endTime', `range longer than ${AUDIT_MAX_RANGE_MS / 86_400_000} days`);
  const kinds = q.kinds === undefined ? undefined : [...new Set(q.kinds.split(','))];
  const unknown = kinds?.find((k) => !(AUDIT_KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) throw invalid('kinds', `unknown kind ${unknown}`);
  const tenantId = adminTenantOf(session, q.tenantId);
  return { tenantId, startTime: q.startTime, endTime: q.endTime, userId: q.userId, kinds };
}

export function toEntry(r: AuditRow): AuditLogEntry {
  return {
    id: Number(r.id),
    time: Number(r.time),
    tenantId: Number(r.tenant_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    userName: r.user_name,
    ip: r.ip,
    kind: r.kind as AuditKind,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id === null ? null : Number(r.target_id),
    targetName: r.target_name,
    ok: Number(r.ok) === 1,
    before: r.before,
    after: r.after,
    detail: r.detail,
  };
}

/** A page of the log, newest first; `index` is the 0-based page number, `limit` rows a page (default 50). */
export async function listAudit(ems: Ems, session: Session, q: AuditLogQuery): Promise<{ list: AuditLogEntry[]; total: number }> {
  const f = auditFilterOf(session, q);
  const limit = q.limit ?? 50;
  const repo = auditRepository(ems.db);
  const [rows, total] = await Promise.all([repo.page(f, (q.index ?? 0) * limit, limit), repo.count(f)]);
  return { list: rows.map(toEntry), total };
}

const HEADERS: Record<Lang, readonly string[]> = {
  zh: ['时间', '用户', '用户ID', 'IP地址', '类型', '操作', '对象类型', '对象ID', '对象名称', '结果', '变更前', '变更后', '说明'],
  en: ['Time', 'User', 'User ID', 'IP address', 'Kind', 'Action', 'Target type', 'Target ID', 'Target name', 'Result', 'Before', 'After', 'Detail'],
};
const KIND_LABELS: Record<AuditKind, readonly [string, string]> = {
  login: ['登录', 'Sign-in'],
  loginFailure: ['登录失败', 'Sign-in failure'],
  lock: ['锁定', 'Lock'],
  logout: ['退出', 'Logout'],
  password: ['密码', 'Password'],
  user: ['用户', 'User'],
  role: ['角色', 'Role'],
  usergroup: ['用户组', 'User group'],
  tenant: ['租户', 'Tenant'],
  project: ['项目', 'Project'],
  permission: ['权限', 'Permission'],
  config: ['系统配置', 'Configuration'],
  rule: ['规则', 'Rule'],
  tariff: ['费率', 'Tariff'],
};
const WIDTHS = [20, 16, 8, 16, 12, 14, 12, 8, 24, 8, 50, 50, 30];
/** Rows read per statement while exporting. */
const EXPORT_BATCH = 2000;

/**
 * The time zone of a tenant's export: the log is tenant-level, so times are shown in the zone of the
 * tenant's first project (lowest id), the zone its people read their plant in, or UTC when the
 * tenant has no project. The header of the time column names the zone.
 */
async function tenantTimeZone(ems: Ems, tenantId: number): Promise<string> {
  const p = await ems.db.selectFrom('project').select('timezone').where('tenant_id', '=', tenantId).orderBy('id').limit(1).executeTakeFirst();
  return p?.timezone || 'UTC';
}

/** The same filter as an xlsx (at most AUDIT_EXPORT_MAX_ROWS rows, newest first), headers in the request's language. */
export async function exportAudit(ems: Ems, session: Session, lang: Lang, q: AuditLogQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const f = auditFilterOf(session, q);
  const tz = await tenantTimeZone(ems, f.tenantId);
  const repo = auditRepository(ems.db);
  async function* rows(): AsyncGenerator<AuditRow> {
    for (let offset = 0; offset < AUDIT_EXPORT_MAX_ROWS; offset += EXPORT_BATCH) {
      const batch = await repo.page(f, offset, Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - offset));
      yield* batch;
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  const en = lang === 'en';
  const headers = HEADERS[lang].map((h, i) => (i === 0 ? `${h} (${tz})` : h));
  const buffer = await xlsxOf([
    {
      name: en ? 'Audit log' : '审计日志',
      headers,
      items: rows(),
      width: (i) => WIDTHS[i] ?? 12,
      row: (item) => {
        const r = toEntry(item as AuditRow);
        return [
          zonedDateTime(r.time, tz),
          r.userName,
          r.userId,
          r.ip,
          KIND_LABELS[r.kind]?.[en ? 1 : 0] ?? r.kind,
          r.action,
          r.targetType,
          r.targetId,
          r.targetName,
          r.ok ? (en ? 'success' : '成功') : en ? 'failure' : '失败',
          r.before,
          r.after,
          r.detail,
        ];
      },
    },
  ]);
  const day = zonedDateTime(ems.config.now(), tz).slice(0, 10);
  return { buffer, fileName: en ? `audit-log-${day}.xlsx` : `审计日志-${day}.xlsx` };
}
