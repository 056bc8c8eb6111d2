import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SYSTEM_CONFIG, type SystemConfig } from '@ems/contract';

export const systemConfigPath = (dataDir: string) => join(dataDir, 'config.json');

/** Writes the default system configuration file on first start so the operator can edit it. */
export function ensureSystemConfig(dataDir: string): void {
  const path = systemConfigPath(dataDir);
  if (!existsSync(path)) writeFileSync(path, JSON.stringify(DEFAULT_SYSTEM_CONFIG, null, 2) + '\n', { flag: 'wx' });
}

/** The file's raw text (served as is), or the default when missing. */
export function readSystemConfigText(dataDir: string): string {
  const path = systemConfigPath(dataDir);
  return existsSync(path) ? readFileSync(path, 'utf8') : JSON.stringify(DEFAULT_SYSTEM_CONFIG);
}

/** The parsed file merged over the defaults; an unreadable file falls back to the defaults. */
export function readSystemConfig(dataDir: string): SystemConfig {
  try {
    const parsed = JSON.parse(readSystemConfigText(dataDir)) as Partial<SystemConfig>;
    return { ...DEFAULT_SYSTEM_CONFIG, ...parsed };
  } catch {
    return DEFAULT_SYSTEM_CONFIG;
  }
}
