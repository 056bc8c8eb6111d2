import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_HOST, loadConfig } from './env.js';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'ems-cfg-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, '/nonexistent');
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('configuration from the environment', () => {
  it('defaults: port 8080, SQLite in the data dir (created), demo off, key file generated', () => {
    const root = temp();
    const cfg = loadConfig({ EMS_DATA_DIR: join(root, 'data'), EMS_KEY_FILE: join(root, 'keys/secret.key') }, '/web');
    expect(cfg.port).toBe(8080);
    expect(cfg.demo).toBe(false);
    expect(cfg.store).toEqual({ kind: 'sqlite', file: join(root, 'data', 'ems.sqlite') });
    expect(existsSync(join(root, 'data'))).toBe(true);
    expect(cfg.key.length).toBe(32);
  });

  it('generates the key file with mode 0600 outside the data dir, and reuses it', () => {
    const root = temp();
    const keyFile = join(root, 'cfg/ems/secret.key');
    const env = { EMS_DATA_DIR: join(root, 'data'), EMS_KEY_FILE: keyFile };
    const first = loadConfig(env, '/web');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(first.keySource).toContain('created');
    const second = loadConfig(env, '/web');
    expect(second.key.equals(first.key)).toBe(true);
  });

  it('refuses a key file inside the data dir', () => {
    const root = temp();
    const p = problems({ EMS_DATA_DIR: join(root, 'data'), EMS_KEY_FILE: join(root, 'data/secret.key') });
    expect(p.join()).toMatch(/EMS_KEY_FILE .* must lie outside EMS_DATA_DIR/);
    expect(existsSync(join(root, 'data/secret.key'))).toBe(false);
  });

  it('EMS_SECRET is required with EMS_DB_URL', () => {
    const root = temp();
    expect(problems({ EMS_DATA_DIR: root, EMS_DB_URL: 'postgres://u@h/db' }).join()).toContain('EMS_SECRET is required when EMS_DB_URL is set');
    const cfg = loadConfig({ EMS_DATA_DIR: root, EMS_DB_URL: 'postgres://u@h/db', EMS_SECRET: SECRET }, '/web');
    expect(cfg.store).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(cfg.keySource).toBe('EMS_SECRET');
  });

  it('EMS_SECRET: 32+ characters or base64 of 32 bytes; the key is derived with HKDF', () => {
    const root = temp();
    expect(problems({ EMS_DATA_DIR: root, EMS_SECRET: 'short' }).join()).toContain('EMS_SECRET must be at least 32 characters');
    const b64 = Buffer.alloc(32, 7).toString('base64');
    const a = loadConfig({ EMS_DATA_DIR: root, EMS_SECRET: b64 }, '/web');
    const b = loadConfig({ EMS_DATA_DIR: root, EMS_SECRET: SECRET }, '/web');
    expect(a.key.length).toBe(32);
    expect(a.key.equals(Buffer.alloc(32, 7))).toBe(false);
    expect(a.key.equals(b.key)).toBe(false);
  });

  it('names every bad value in one message', () => {
    const root = temp();
    const p = problems({
      EMS_DATA_DIR: root,
      EMS_SECRET: SECRET,
      PORT: 'eighty',
      EMS_DB_URL: 'mysql://x',
      EMS_REDIS_URL: 'not a url',
      EMS_MQTT_URL: 'http://broker',
      EMS_MQTT_PORT: '70000',
      EMS_DEMO: 'maybe',
      EMS_LOG_LEVEL: 'loud',
      EMS_NOW: 'yesterday',
    });
    for (const name of ['PORT', 'EMS_DB_URL', 'EMS_REDIS_URL', 'EMS_MQTT_URL', 'EMS_MQTT_PORT', 'EMS_DEMO', 'EMS_LOG_LEVEL', 'EMS_NOW']) {
      expect(p.some((x) => x.startsWith(name)), name).toBe(true);
    }
  });

  it('EMS_NOW pins the clock; EMS_DEMO=1 turns the demo on; empty values count as unset', () => {
    const root = temp();
    const cfg = loadConfig({ EMS_DATA_DIR: root, EMS_SECRET: SECRET, EMS_NOW: '1700000000000', EMS_DEMO: '1', EMS_DB_URL: '' }, '/web');
    expect(cfg.now()).toBe(1700000000000);
    expect(cfg.demo).toBe(true);
    expect(cfg.store.kind).toBe('sqlite');
  });

  it('EMS_SIM_DAYS shortens the demo history; out-of-range values are named', () => {
    const root = temp();
    expect(loadConfig({ EMS_DATA_DIR: root, EMS_SECRET: SECRET, EMS_SIM_DAYS: '3' }, '/web').simDays).toBe(3);
    expect(loadConfig({ EMS_DATA_DIR: root, EMS_SECRET: SECRET }, '/web').simDays).toBeUndefined();
    for (const bad of ['0', '401', 'week', '2.5']) {
      expect(problems({ EMS_DATA_DIR: root, EMS_SECRET: SECRET, EMS_SIM_DAYS: bad }).some((x) => x.startsWith('EMS_SIM_DAYS')), bad).toBe(true);
    }
  });

  it('EMS_HOST and EMS_MQTT_HOST: the HTTP and embedded broker bind addresses, every interface (0.0.0.0) by default; anything else than an address or host name is named', () => {
    const root = temp();
    const defaults = loadConfig({ EMS_DATA_DIR: root, EMS_SECRET: SECRET }, '/web');
    expect([defaults.host, defaults.services.mqttHost]).toEqual([DEFAULT_HOST, DEFAULT_HOST]);
    expect(DEFAULT_HOST).toBe('0.0.0.0');
    for (const [httpHost, mqttHost] of [
      ['127.0.0.1', '10.1.2.3'],
      ['::1', '::'],
      ['localhost', 'gateway-net.plant.example'],
    ]) {
      const cfg = loadConfig({ EMS_DATA_DIR: root, EMS_SECRET: SECRET, EMS_HOST: httpHost, EMS_MQTT_HOST: mqttHost }, '/web');
      expect([cfg.host, cfg.services.mqttHost]).toEqual([httpHost, mqttHost]);
    }
    for (const bad of ['http://0.0.0.0', '0.0.0.0:8080', 'two words', '-bad-', '*']) {
      const p = problems({ EMS_DATA_DIR: root, EMS_SECRET: SECRET, EMS_HOST: bad, EMS_MQTT_HOST: bad });
      expect(p.some((x) => x.startsWith('EMS_HOST must be an IP address or a host name')), bad).toBe(true);
      expect(p.some((x) => x.startsWith('EMS_MQTT_HOST must be an IP address or a host name')), bad).toBe(true);
    }
  });

  it('the data dir is created 0700 (parents too); an existing one open to group or other is set to 0700 with a note', () => {
    const root = temp();
    const fresh = join(root, 'a/b/data');
    loadConfig({ EMS_DATA_DIR: fresh, EMS_SECRET: SECRET }, '/web');
    expect([statSync(fresh).mode & 0o777, statSync(join(root, 'a')).mode & 0o777]).toEqual([0o700, 0o700]);
    const old = join(root, 'old');
    mkdirSync(old);
    chmodSync(old, 0o755);
    const cfg = loadConfig({ EMS_DATA_DIR: old, EMS_SECRET: SECRET }, '/web');
    expect(statSync(old).mode & 0o777).toBe(0o700);
    expect(cfg.notes).toEqual([`EMS_DATA_DIR ${old} was mode 0755; set to 0700 (the store and uploads are for the server's user only)`]);
    expect(loadConfig({ EMS_DATA_DIR: old, EMS_SECRET: SECRET }, '/web').notes).toEqual([]);
  });
});
