import { ADMIN_API, type AdminUser, type AuditLogEntry, type TenantInfo } from '@ems/contract';
import { http, type Params } from '../../../lib/http/client';
import { exportExcelByGet } from '../../../lib/http/download';
import { defineQuery } from '../../../lib/api/define-query';

/** The filter of the log page: a range, an optional actor and kinds, a page (index from 0). */
export interface AuditFilter {
  startTime: number;
  endTime: number;
  userId?: number;
  kinds: string[];
  /** another tenant (platform operator only; 0: sign-in failures by unknown names) */
  tenantId?: number;
  index: number;
  limit: number;
}

const params = (f: Omit<AuditFilter, 'index' | 'limit'>): Params => ({
  startTime: f.startTime,
  endTime: f.endTime,
  userId: f.userId,
  kinds: f.kinds.length > 0 ? f.kinds.join(',') : undefined,
  tenantId: f.tenantId,
});

/** GET ADMIN_API.logs: a page of the audit log, newest first, with the total. */
export async function fetchAuditLogs(f: AuditFilter): Promise<{ list: AuditLogEntry[]; total: number }> {
  const reply = await http.get<AuditLogEntry[]>(ADMIN_API.logs, { ...params(f), index: f.index, limit: f.limit });
  return { list: reply.data ?? [], total: reply.total ?? 0 };
}

export const auditLogsQuery = defineQuery(['auditLogs'], (f: AuditFilter) => ({ key: [f], queryFn: () => fetchAuditLogs(f) }));

/** GET ADMIN_API.logsExport: the same filter as an Excel file (session headers, like every export). */
export const exportAuditLogs = (f: Omit<AuditFilter, 'index' | 'limit'>) => exportExcelByGet(ADMIN_API.logsExport, params(f));

/**
 * The users the actor filter offers: the tenant's users when the caller may list them (user_browse);
 * anyone else filters without the list (no message shown for the refusal).
 */
async function fetchUserOptions(): Promise<{ id: number; name: string }[]> {
  try {
    const reply = await http.get<AdminUser[]>(ADMIN_API.users, { index: 0, limit: 1000 }, { hideNotice: true });
    return (reply.data ?? []).map((u) => ({ id: u.id, name: u.nicName ? `${u.name} (${u.nicName})` : u.name }));
  } catch {
    return [];
  }
}

/** The tenants the platform operator may read the log of; anyone else gets none (and no tenant filter). */
async function fetchTenantOptions(): Promise<{ id: number; name: string; enName: string }[]> {
  try {
    const reply = await http.get<TenantInfo[]>(ADMIN_API.tenants, undefined, { hideNotice: true });
    return (reply.data ?? []).map((x) => ({ id: x.id, name: x.name, enName: x.enName }));
  } catch {
    return [];
  }
}

export const auditTenantOptionsQuery = defineQuery(['auditTenantOptions'], () => ({ key: [], queryFn: fetchTenantOptions, staleTime: 60_000 }));

export const auditUserOptionsQuery = defineQuery(['auditUserOptions'], () => ({ key: [], queryFn: fetchUserOptions, staleTime: 60_000 }));
