import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API, COST_API, type ApiReply, type CostScheme, type LoginReply, type ProjectInfo, type TariffVersion } from '@ems/contract';
import { buildApp, prepareStore } from '../app.js';
import type { AppConfig, StoreConfig } from '../config/types.js';
import { deriveKey } from '../config/secret-key.js';
import { md5hex } from '../lib/hash.js';
import type { SeedReport } from '../modules/seed/service.js';
import { writeBatch, type ReadingInput } from '../modules/timeseries/service.js';
import { Simulator, type SimOptions } from '../sim/simulator.js';

export type StoreKind = 'sqlite' | 'postgres';

/**
 * PostgreSQL for the API suite: EMS_TEST_PG_URL when it answers. Unreachable: skipped, or a failure
 * with EMS_REQUIRE_SERVICES=1.
 */
export async function pgTestUrl(): Promise<string | undefined> {
  const url = process.env.EMS_TEST_PG_URL;
  if (!url) {
    if (process.env.EMS_REQUIRE_SERVICES === '1') throw new Error('EMS_REQUIRE_SERVICES=1 but EMS_TEST_PG_URL is not set');
    return undefined;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (err) {
    if (process.env.EMS_REQUIRE_SERVICES === '1') throw new Error(`PostgreSQL at ${url} is unreachable: ${(err as Error).message}`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const PG_URL = await pgTestUrl();

/** The stores the API suite runs against: SQLite always, PostgreSQL when reachable. */
export const STORES: { kind: StoreKind; skip: boolean }[] = [
  { kind: 'sqlite', skip: false },
  { kind: 'postgres', skip: PG_URL === undefined },
];

async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface Clock {
  now: number;
}

export interface TestStore {
  kind: StoreKind;
  store: StoreConfig;
  dataDir: string;
  key: Buffer;
  clock: Clock;
  /** an AppConfig over this store (same key, data dir and clock unless overridden) */
  config(overrides?: Partial<AppConfig>): AppConfig;
  dispose(): Promise<void>;
}

/** A fresh store: a SQLite file in a temp dir, or a new PostgreSQL schema (dropped by dispose). */
export async function createStore(kind: StoreKind): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-test-'));
  let store: StoreConfig;
  let schema: string | undefined;
  if (kind === 'postgres') {
    if (!PG_URL) throw new Error('PostgreSQL not available');
    schema = `ems_t_${randomBytes(6).toString('hex')}`;
    await pgAdmin((c) => c.query(`create schema ${schema}`));
    store = { kind: 'postgres', url: PG_URL, schema };
  } else {
    store = { kind: 'sqlite', file: join(dataDir, 'ems.sqlite') };
  }
  const key = deriveKey(randomBytes(32));
  const clock: Clock = { now: Date.now() };
  return {
    kind,
    store,
    dataDir,
    key,
    clock,
    config: (overrides = {}) => ({
      port: 0,
      dataDir,
      webDir: join(dataDir, 'no-web'),
      store,
      key,
      keySource: 'test',
      notes: [],
      demo: true,
      rootPassword: undefined,
      logLevel: 'silent',
      now: () => clock.now,
      loginDelaysMs: [0, 0, 0, 0],
      trustProxy: false,
      services: { redisUrl: undefined, mqttUrl: undefined, mqttPort: 1883 },
      // a test runs the abnormal-consumption pass by hand (abnormalPass) when it wants one
      abnormalChecks: false,
      // and the day-row compaction (PostgreSQL) by compactSeriesDays
      seriesCompaction: false,
      ...overrides,
    }),
    async dispose() {
      if (schema) await pgAdmin((c) => c.query(`drop schema if exists ${schema} cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  report: SeedReport;
}

/** Builds the app over a store, migrates and seeds it. */
export async function startApp(store: TestStore, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const app = await buildApp(store.config(overrides), { logger: false });
  const report = await prepareStore(app);
  return { app, report };
}

export const DEMO = 'Demo@12345';
let seq = 0;

/** The login body for a plain password, with a fresh timestamps near the server clock. */
export function loginBody(clock: Clock, userName: string, plain: string, timestamps = clock.now - ++seq) {
  return { userName, password: md5hex(`ems${timestamps}${md5hex(plain)}`), timestamps, client: 'web' as const };
}

export type Reply<T = unknown> = ApiReply<T> & { status: number };

export function json<T = unknown>(res: LightMyRequestResponse): Reply<T> {
  return { status: res.statusCode, ...(res.json() as ApiReply<T>) };
}

/** Logs in and returns token and user id (throws when the login fails). */
export async function loginAs(app: FastifyInstance, clock: Clock, name: string, plain = DEMO, ip = '10.0.0.1') {
  const res = await app.inject({ method: 'POST', url: API.login, payload: loginBody(clock, name, plain), remoteAddress: ip });
  const body = json<LoginReply>(res);
  if (body.code !== 0) throw new Error(`login ${name} failed: ${res.body}`);
  return { token: body.data.token, userId: body.data.user.id, headers: { authorization: `Bearer ${body.data.token}` } };
}

/** A fresh store with its clock at `now` and the app on it, migrated and seeded. */
export async function startAt(kind: StoreKind, now: number, overrides: Partial<AppConfig> = {}): Promise<{ store: TestStore; t: TestApp }> {
  const store = await createStore(kind);
  store.clock.now = now;
  return { store, t: await startApp(store, overrides) };
}

/** startAt without the live simulator, then the simulator's demo history (`days`, `instantDays`) written at once. */
export async function startSimulated(kind: StoreKind, now: number, sim: Pick<SimOptions, 'days' | 'instantDays'>) {
  const started = await startAt(kind, now, { sim: false });
  await new Simulator(started.t.app.ems, { ...sim, live: false }).run();
  return started;
}

/** pf_admin creates a project through the API (throws when refused); returns its id and pf_admin headers issued after it. */
export async function createProject(t: TestApp, clock: Clock, payload: Record<string, unknown>) {
  const before = await loginAs(t.app, clock, 'pf_admin');
  const created = json<ProjectInfo>(await t.app.inject({ method: 'POST', url: API.projects, headers: before.headers, payload }));
  if (created.code !== 0) throw new Error(`project not created: ${JSON.stringify(created)}`);
  return { projectId: created.data.projectId, admin: (await loginAs(t.app, clock, 'pf_admin')).headers };
}

/** Creates a tariff scheme with these versions through the API and attaches it to the project (throws when refused); returns its id. */
export async function attachScheme(app: FastifyInstance, admin: Record<string, string>, projectId: number, name: string, versions: TariffVersion[]): Promise<number> {
  const created = json<CostScheme>(await app.inject({ method: 'POST', url: COST_API.create, headers: admin, payload: { name, projectId, versions } }));
  if (created.code !== 0) throw new Error(`scheme not created: ${JSON.stringify(created)}`);
  const nodes = { nodes: [{ nodeId: projectId, modelLabel: 'project' }] };
  const attached = json(await app.inject({ method: 'PUT', url: COST_API.nodes.replace(':id', String(created.data.id)), headers: admin, payload: nodes }));
  if (attached.code !== 0) throw new Error(`scheme not attached: ${JSON.stringify(attached)}`);
  return created.data.id;
}

/** Inserts a model node straight into the store (no API, no checks) and returns its id. */
export async function insertNode(app: FastifyInstance, n: { projectId: number; parentId: number | null; label: string; name: string; code?: string; attrs?: Record<string, unknown> }) {
  const row = await app.ems.db
    .insertInto('node')
    .values({ project_id: n.projectId, parent_id: n.parentId, model_label: n.label, name: n.name, ...(n.code === undefined ? {} : { code: n.code }), attrs: JSON.stringify(n.attrs ?? {}), sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Writes readings through the write path in batches of 5000, expecting none rejected. */
export async function writeReadings(app: FastifyInstance, projectId: number, rs: ReadingInput[]) {
  for (let i = 0; i < rs.length; i += 5000) expect((await writeBatch(app.ems, projectId, rs.slice(i, i + 5000))).rejected).toBe(0);
}

/**
 * The call's result and how many turns of the event loop other work got while it ran: long work must
 * go in slices (issue 12; better-sqlite3 answers synchronously, so an `await` alone gives no turn).
 */
export async function loopTurnsDuring<T>(call: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let on = true;
  const tick = () => {
    if (!on) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await call(), turns };
  } finally {
    on = false;
  }
}
