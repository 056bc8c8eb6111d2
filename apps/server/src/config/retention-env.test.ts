import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** loadConfig with EMS_READING_RETENTION_DAYS (unset when undefined): the config, or the problems it refused. */
function load(days: string | undefined, name = 'EMS_READING_RETENTION_DAYS') {
  const root = mkdtempSync(join(tmpdir(), 'ems-cfg-'));
  dirs.push(root);
  const env = { EMS_DATA_DIR: join(root, 'data'), EMS_KEY_FILE: join(root, 'keys/secret.key'), ...(days !== undefined ? { [name]: days } : {}) };
  try {
    return loadConfig(env, '/web');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('EMS_READING_RETENTION_DAYS (issue 16)', () => {
  it('unset, empty or 0: off (raw readings kept forever)', () => {
    for (const v of [undefined, '', ' ', '0', '000']) {
      const cfg = load(v);
      expect(Array.isArray(cfg), String(v)).toBe(false);
      expect((cfg as { readingRetentionDays?: number }).readingRetentionDays, String(v)).toBeUndefined();
    }
  });

  it('a whole number of days from 1 to 36500', () => {
    for (const [v, n] of [['1', 1], ['400', 400], [' 30 ', 30], ['36500', 36500]] as const) expect(load(v), v).toHaveProperty('readingRetentionDays', n);
  });

  it.each(['-1', '1.5', '30d', 'abc', '1e3', '36501', '9999999'])('refuses %s at start-up, naming the setting', (v) => {
    const problems = load(v);
    expect(Array.isArray(problems)).toBe(true);
    expect((problems as string[]).join()).toContain(`EMS_READING_RETENTION_DAYS must be a whole number of days from 1 to 36500, or 0 or unset to keep raw readings forever (got "${v}")`);
  });
});

describe('EMS_SERIES_COMPACTION (issue 16)', () => {
  const compaction = (v: string | undefined) => (load(v, 'EMS_SERIES_COMPACTION') as { seriesCompaction?: boolean }).seriesCompaction;
  it('unset: on (the app default); 0/off: off; 1/on: on', () => {
    expect(compaction(undefined)).toBeUndefined();
    for (const v of ['0', 'off', 'false', 'NO']) expect(compaction(v), v).toBe(false);
    for (const v of ['1', 'on', 'true', 'Yes']) expect(compaction(v), v).toBe(true);
  });
  it('refuses anything else at start-up, naming the setting', () => {
    expect((load('maybe', 'EMS_SERIES_COMPACTION') as string[]).join()).toContain('EMS_SERIES_COMPACTION must be 1 or 0 (got "maybe")');
  });
});
