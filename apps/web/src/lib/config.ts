import { API, DEFAULT_SYSTEM_CONFIG, type SystemConfig } from '@ems/contract';

/**
 * The system configuration file (spec section 3): `key` selects a sub-object merged over the top
 * level. Missing fields take the contract's defaults.
 */
export function mergeSystemConfig(raw: unknown): SystemConfig {
  const top = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const key = typeof top.key === 'string' ? top.key : '';
  const sub = key && top[key] && typeof top[key] === 'object' ? (top[key] as Record<string, unknown>) : {};
  return { ...DEFAULT_SYSTEM_CONFIG, ...top, ...sub } as SystemConfig;
}

let current: SystemConfig = DEFAULT_SYSTEM_CONFIG;

export function getSystemConfig(): SystemConfig {
  return current;
}

export function setSystemConfig(config: SystemConfig): void {
  current = config;
}

/**
 * Fetches `/static/config.json?t=<now>` (the timestamp defeats caches). On failure the defaults
 * stay and the error (naming the file) is returned for the caller to show.
 */
export async function loadSystemConfig(fetchImpl: typeof fetch = fetch): Promise<{ config: SystemConfig; error?: string }> {
  try {
    const res = await fetchImpl(`${API.systemConfig}?t=${Date.now()}`, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(String(res.status));
    current = mergeSystemConfig(await res.json());
    return { config: current };
  } catch {
    current = DEFAULT_SYSTEM_CONFIG;
    return { config: current, error: API.systemConfig };
  }
}

/** The trend data URL of the system configuration file (spec section 7), else the server's default. */
export function getTrendDataUrl(): string {
  const url = current.trendDataUrl;
  return typeof url === 'string' && url.trim() !== '' ? url : (DEFAULT_SYSTEM_CONFIG.trendDataUrl ?? '/eem-service/v1/trend/data');
}
