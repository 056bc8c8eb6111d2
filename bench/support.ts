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
 * schema of its own that is dropped afterwards. `BENCH_STORE=sqlite|postgres` runs it on that store only.
 */
export async function onEachStore(
  dataDir: string,
  pgUrl: string | undefined,
  name: string,
  bench: (store: StoreConfig, label: 'sqlite' | 'postgres') => Promise<void>,
): Promise<void> {
  const only = process.env.BENCH_STORE;
  if (only !== 'postgres') await bench({ kind: 'sqlite', file: join(dataDir, `${name}-${randomBytes(3).toString('hex')}.sqlite`) }, 'sqlite');
  if (only === 'sqlite') return;
  if (!pgUrl) {
    console.log('postgres: skipped (set EMS_BENCH_PG_URL or EMS_TEST_PG_URL)');
    return;
  }
  const schema = `ems_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  // the catalogues' dead rows vacuumed first: on a server with autovacuum off (this machine's), the schemas the test
  // suites create and drop leave hundreds of thousands in pg_attribute and pg_depend, and every statement planned
  // during the bench reads them (measured: trend calls and their floors 15-25 % slower); a role that does not own them
  // gets a warning, not an error
  await admin.query('vacuum pg_catalog.pg_attribute, pg_catalog.pg_class, pg_catalog.pg_depend, pg_catalog.pg_type, pg_catalog.pg_index, pg_catalog.pg_constraint').catch(() => undefined);
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

/**
 * Times `a` and `b` alternately, so a change of machine load hits both alike (ms): `iter` samples of
 * each at least and, with `sampleMs`, until that long has passed. First a warm-up of `warm` calls of
 * each and, with `warmMs`, until that long has passed. A server answers a page's call many times a
 * day, so its p50 is the JIT-compiled path's with the store's pages cached (a handful of calls leaves
 * the call's own code interpreted, and even the raw SQL of a 1 ms call runs ~1.7x slower for its
 * first hundred rounds); and a 1 ms call timed 30 times on this VM moved its p50 by ±30 % from run
 * to run, a few hundred samples do not. A call of 200 ms gets its `warm` and `iter`.
 */
export async function interleaved(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  iter: number,
  warm: number,
  warmMs = 0,
  sampleMs = 0,
): Promise<[number[], number[]]> {
  const warmEnd = performance.now() + warmMs;
  for (let i = 0; i < warm || performance.now() < warmEnd; i++) {
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
  const sampleEnd = performance.now() + sampleMs;
  for (let i = 0; i < iter || performance.now() < sampleEnd; i++) {
    await time(a, sa);
    await time(b, sb);
  }
  return [sa, sb];
}
