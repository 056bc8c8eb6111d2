import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensurePrivateDir } from '../lib/private-files.js';
import { deriveKey, isInside, loadOrCreateKeyFile, secretMaterial } from './secret-key.js';
import { loadReadingRetentionDays } from './retention-env.js';
import { loadSsoConfig } from './sso-env.js';
import type { AppConfig, StoreConfig } from './types.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A start-up configuration error listing every bad value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function port(raw: string | undefined, name: string, fallback: number, problems: string[]): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 65535) {
    problems.push(`${name} must be a port number from 1 to 65535 (got "${raw}")`);
    return fallback;
  }
  return n;
}

/**
 * Where the HTTP server and the embedded broker listen when EMS_HOST / EMS_MQTT_HOST are not set: every
 * IPv4 interface, as before these settings existed, so browsers and plant gateways on the network reach
 * a plain `npm start` (docs/security.md, bind address).
 */
export const DEFAULT_HOST = '0.0.0.0';

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** A bind address: an IPv4 or IPv6 address, or a host name (localhost). */
function host(raw: string | undefined, name: string, problems: string[]): string {
  if (raw === undefined) return DEFAULT_HOST;
  if (isIP(raw) === 0 && !HOST_NAME.test(raw)) {
    problems.push(`${name} must be an IP address or a host name to listen on, e.g. 127.0.0.1, 0.0.0.0, :: or localhost (got "${raw}")`);
    return DEFAULT_HOST;
  }
  return raw;
}

function url(raw: string | undefined, name: string, protocols: string[], problems: string[]): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const u = new URL(raw);
    if (!protocols.includes(u.protocol)) {
      problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${raw}")`);
    }
  } catch {
    problems.push(`${name} is not a valid URL (got "${raw}")`);
  }
  return raw;
}

function flag(raw: string | undefined, name: string, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be 1 or 0 (got "${raw}")`);
  return fallback;
}

/**
 * Reads and validates the environment. Creates the data dir and, without EMS_SECRET, the key file.
 * Throws ConfigError naming every bad value.
 */
export function loadConfig(env: NodeJS.ProcessEnv, webDir: string): AppConfig {
  const problems: string[] = [];
  const httpPort = port(value(env, 'PORT'), 'PORT', 8080, problems);
  const httpHost = host(value(env, 'EMS_HOST'), 'EMS_HOST', problems);
  const dataDir = resolve(value(env, 'EMS_DATA_DIR') ?? './data');
  const dbUrl = url(value(env, 'EMS_DB_URL'), 'EMS_DB_URL', ['postgres:', 'postgresql:'], problems);
  const redisUrl = url(value(env, 'EMS_REDIS_URL'), 'EMS_REDIS_URL', ['redis:', 'rediss:'], problems);
  const mqttUrl = url(value(env, 'EMS_MQTT_URL'), 'EMS_MQTT_URL', ['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:'], problems);
  const mqttPort = port(value(env, 'EMS_MQTT_PORT'), 'EMS_MQTT_PORT', 1883, problems);
  const mqttHost = host(value(env, 'EMS_MQTT_HOST'), 'EMS_MQTT_HOST', problems);
  const mqttClientId = value(env, 'EMS_MQTT_CLIENT_ID');
  if (mqttClientId !== undefined && !/^[A-Za-z0-9_.-]{1,64}$/.test(mqttClientId)) problems.push(`EMS_MQTT_CLIENT_ID must be 1 to 64 letters, digits, '_', '.' or '-' (got "${mqttClientId}")`);
  const mqttShareGroup = value(env, 'EMS_MQTT_SHARE_GROUP');
  if (mqttShareGroup !== undefined && !/^[A-Za-z0-9_.-]{1,64}$/.test(mqttShareGroup)) problems.push(`EMS_MQTT_SHARE_GROUP must be 1 to 64 letters, digits, '_', '.' or '-' (got "${mqttShareGroup}")`);
  const demo = flag(value(env, 'EMS_DEMO'), 'EMS_DEMO', false, problems);
  const sim = flag(value(env, 'EMS_SIM'), 'EMS_SIM', true, problems);
  const simDaysRaw = value(env, 'EMS_SIM_DAYS');
  let simDays: number | undefined;
  if (simDaysRaw !== undefined) {
    if (!/^\d{1,3}$/.test(simDaysRaw) || Number(simDaysRaw) < 1 || Number(simDaysRaw) > 400) problems.push(`EMS_SIM_DAYS must be a whole number of days from 1 to 400 (got "${simDaysRaw}")`);
    else simDays = Number(simDaysRaw);
  }
  const logLevel = (value(env, 'EMS_LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`EMS_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }
  const nowRaw = value(env, 'EMS_NOW');
  let pinnedNow: number | undefined;
  if (nowRaw !== undefined) {
    if (!/^\d{1,15}$/.test(nowRaw)) problems.push(`EMS_NOW must be milliseconds since the epoch (got "${nowRaw}")`);
    else pinnedNow = Number(nowRaw);
  }
  const proxyRaw = value(env, 'EMS_TRUST_PROXY');
  const trustProxy: boolean | string =
    proxyRaw === undefined || ['0', 'false', 'no', 'off'].includes(proxyRaw.toLowerCase()) ? false : ['1', 'true', 'yes', 'on'].includes(proxyRaw.toLowerCase()) ? true : proxyRaw;
  const rootPassword = value(env, 'EMS_ROOT_PASSWORD');
  if (rootPassword !== undefined && rootPassword.length > 64) problems.push('EMS_ROOT_PASSWORD must be at most 64 characters');
  const sso = loadSsoConfig(env, problems);
  const readingRetentionDays = loadReadingRetentionDays(env, problems);
  const compactionRaw = value(env, 'EMS_SERIES_COMPACTION');
  let seriesCompaction: boolean | undefined;
  if (compactionRaw !== undefined) {
    if (['0', 'false', 'no', 'off'].includes(compactionRaw.toLowerCase())) seriesCompaction = false;
    else if (['1', 'true', 'yes', 'on'].includes(compactionRaw.toLowerCase())) seriesCompaction = true;
    else problems.push(`EMS_SERIES_COMPACTION must be 1 or 0 (got "${compactionRaw}")`);
  }

  let key: Buffer | undefined;
  let keySource = '';
  const notes: string[] = [];
  const secret = env.EMS_SECRET !== undefined && env.EMS_SECRET !== '' ? env.EMS_SECRET : undefined;
  if (secret !== undefined) {
    const material = secretMaterial(secret);
    if (typeof material === 'string') problems.push(material);
    else {
      key = deriveKey(material);
      keySource = 'EMS_SECRET';
    }
  } else if (dbUrl !== undefined) {
    problems.push('EMS_SECRET is required when EMS_DB_URL is set (every instance must share the key); use 32+ characters or the base64 of 32 random bytes');
  } else {
    const keyFile = resolve(value(env, 'EMS_KEY_FILE') ?? join(homedir(), '.config', 'ems', 'secret.key'));
    if (isInside(keyFile, dataDir)) {
      problems.push(`EMS_KEY_FILE ${keyFile} must lie outside EMS_DATA_DIR ${dataDir} (a copy of the data must not carry its key)`);
    } else if (problems.length === 0) {
      try {
        const result = loadOrCreateKeyFile(keyFile);
        if (typeof result === 'string') problems.push(result);
        else {
          key = deriveKey(result.material);
          keySource = `key file ${keyFile}${result.created ? ' (created, mode 0600)' : ''}`;
          if (result.warning) notes.push(result.warning);
        }
      } catch (err) {
        problems.push(`EMS_KEY_FILE ${keyFile} cannot be read or created: ${(err as Error).message}`);
      }
    }
  }

  if (problems.length === 0) {
    try {
      const changed = ensurePrivateDir(dataDir);
      if (changed) notes.push(`EMS_DATA_DIR ${changed}`);
    } catch (err) {
      problems.push(`EMS_DATA_DIR ${dataDir} cannot be created: ${(err as Error).message}`);
    }
  }
  if (problems.length > 0 || key === undefined) throw new ConfigError(problems);

  const store: StoreConfig = dbUrl !== undefined ? { kind: 'postgres', url: dbUrl } : { kind: 'sqlite', file: join(dataDir, 'ems.sqlite') };
  return {
    port: httpPort,
    host: httpHost,
    dataDir,
    webDir,
    store,
    key,
    keySource,
    notes,
    demo,
    sim,
    ...(simDays !== undefined ? { simDays } : {}),
    ...(readingRetentionDays !== undefined ? { readingRetentionDays } : {}),
    ...(seriesCompaction !== undefined ? { seriesCompaction } : {}),
    rootPassword,
    logLevel,
    now: pinnedNow !== undefined ? () => pinnedNow : () => Date.now(),
    loginDelaysMs: [0, 0, 1000, 2000],
    trustProxy,
    services: { redisUrl, mqttUrl, mqttPort, mqttHost },
    mqtt: { ...(mqttClientId !== undefined ? { clientId: mqttClientId } : {}), ...(mqttShareGroup !== undefined ? { shareGroup: mqttShareGroup } : {}) },
    ...(sso !== undefined ? { sso } : {}),
  };
}
