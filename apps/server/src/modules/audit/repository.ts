import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { AuditLogTable } from '../../db/schema.js';

/** The filter of a read: one tenant, a time range (inclusive), optional actor and kinds. */
export interface AuditFilter {
  tenantId: number;
  startTime: number;
  endTime: number;
  userId?: number;
  kinds?: readonly string[];
}

export type AuditRow = Selectable<AuditLogTable>;

/** All SQL of the audit log: it is only ever appended to and read (no update, no delete). */
export function auditRepository(db: Db) {
  const filtered = (f: AuditFilter) => {
    let q = db.selectFrom('audit_log').where('tenant_id', '=', f.tenantId).where('time', '>=', f.startTime).where('time', '<=', f.endTime);
    if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
    if (f.kinds && f.kinds.length > 0) q = q.where('kind', 'in', [...f.kinds]);
    return q;
  };
  return {
    async insert(row: Insertable<AuditLogTable>) {
      await db.insertInto('audit_log').values(row).execute();
    },

    /** Newest first (time, then id). */
    page(f: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
      return filtered(f).selectAll().orderBy('time', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    async count(f: AuditFilter): Promise<number> {
      const r = await filtered(f).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** Whether an entry of this name, address and detail exists since `since` (to keep repeated refusals to one a minute). */
    async recentSame(tenantId: number, since: number, userName: string, ip: string, detail: string): Promise<boolean> {
      const r = await db
        .selectFrom('audit_log')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('time', '>=', since)
        .where('user_name', '=', userName)
        .where('ip', '=', ip)
        .where('detail', '=', detail)
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },
  };
}
