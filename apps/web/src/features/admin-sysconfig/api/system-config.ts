import { ADMIN_API, API, type SystemConfigPatch } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** The system configuration file as stored (not merged with a profile), read fresh. */
export async function fetchSystemConfigFile(): Promise<Record<string, unknown>> {
  const res = await fetch(`${API.systemConfig}?t=${Date.now()}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as Record<string, unknown>;
}

export const systemConfigFileQuery = defineQuery(['systemConfigFile'], () => ({ key: [], queryFn: fetchSystemConfigFile }));

/** PUT ADMIN_API.systemConfig: the changed keys only (null removes an optional key); the file as written. */
export async function saveSystemConfig(patch: SystemConfigPatch): Promise<Record<string, unknown>> {
  return (await http.put<Record<string, unknown>>(ADMIN_API.systemConfig, patch)).data;
}
