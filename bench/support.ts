/** What every bench shares: an app configuration over a store, and a run on SQLite then PostgreSQL. */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig, StoreConfig } from '../apps/server/src/config/types.js';
import { deriveKey } from '../apps/server/src/config/secret-key.js';

/** A silent, demo-seeded configuration over `store` with a fresh key; `overrides` win. */
export function benchConfig(store: StoreConfig, dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    dataDir,
    webDir: join(dataDir, 'no-web'),
    store,
    key: deriveKey(randomBytes(32)),
    keySource: 'bench',
    notes: [],
    demo: true,
    rootPassword: undefined,
    logLevel: 'silent',
    now: () => Date.now(),
    loginDelaysMs: [],
    trustProxy: false,
    services: { redisUrl: undefined, mqttUrl: undefined, mqttPort: 1883 },
    ...overrides,
  };
}

/**
 * Runs `bench` on a new SQLite file in `dataDir`, then, when `pgUrl` is given, on PostgreSQL in a
 * schema of its own that is dropped afterwards.
 */
export async function onEachStore(
  dataDir: string,
  pgUrl: string | undefined,
  name: string,
  bench: (store: StoreConfig, label: 'sqlite' | 'postgres') => Promise<void>,
): Promise<void> {
  await bench({ kind: 'sqlite', file: join(dataDir, `${name}-${randomBytes(3).toString('hex')}.sqlite`) }, 'sqlite');
  if (!pgUrl) {
    console.log('postgres: skipped (set EMS_BENCH_PG_URL or EMS_TEST_PG_URL)');
    return;
  }
  const schema = `ems_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    await bench({ kind: 'postgres', url: pgUrl, schema }, 'postgres');
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** The q-quantile (0–1) of samples, by rank (p50: the median; p99 of 50 samples: the slowest). */
export function pct(samples: number[], q: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
}

/** Times `a` and `b` alternately, `iter` times each after `warm` calls of each, so a change of machine load hits both alike (ms). */
export async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>, iter: number, warm: number): Promise<[number[], number[]]> {
  for (let i = 0; i < warm; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  const time = async (fn: () => Promise<unknown>, out: number[]) => {
    const t0 = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t0) / 1e6);
  };
  for (let i = 0; i < iter; i++) {
    await time(a, sa);
    await time(b, sb);
  }
  return [sa, sb];
}
