/**
 * `npm run bench`: each figure beside a floor measured in the same run on the same data.
 *
 * Session path (issue 2): an authenticated API call in-process (Fastify inject, so no socket) against
 * the raw SQL that the call wraps, run through the store's own driver with prepared statements:
 * token lookup, the user's permission ids, the visible projects and the reply rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes, createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { API } from '@ems/contract';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import { benchIngest } from './ingest.js';
import { benchFirstStart, benchSimSeed } from './sim.js';
import { benchMqtt } from './mqtt.js';
import { benchConfig } from './support.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const ITER = Number(process.env.BENCH_ITER ?? 2000);

function p50(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

async function time(n: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < Math.min(200, n); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return p50(samples);
}

function line(name: string, apiMs: number, floorMs: number) {
  console.log(`${name.padEnd(44)} p50 ${apiMs.toFixed(3)} ms | floor (raw SQL) ${floorMs.toFixed(3)} ms | ratio ${(apiMs / floorMs).toFixed(1)}x`);
}

async function benchStore(store: StoreConfig, label: string, dataDir: string) {
  const config = benchConfig(store, dataDir);
  const app = await buildApp(config, { logger: false });
  await prepareStore(app);
  const ts = Date.now();
  const login = await app.inject({
    method: 'POST',
    url: API.login,
    payload: { userName: 'fw_cloud', password: md5(`ems${ts}${md5('Demo@12345')}`), timestamps: ts, client: 'web' },
  });
  const { token, user } = login.json().data as { token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}`, 'user-id': String(user.id) };
  const tokenHash = sha256(token);

  const apiProjects = await time(ITER, () => app.inject({ method: 'GET', url: `${API.projects}?system=cloud`, headers }));
  const apiCheck = await time(ITER, () => app.inject({ method: 'POST', url: API.checkToken, payload: { token } }));

  const tokenSql = `select t.user_id, u.name, u.tenant_id, u.usertype from token t join app_user u on u.id = t.user_id
    where t.token_hash = $1 and t.revoked_at is null and t.expires_at > $2 and u.enabled = 1`;
  const permSql = `select distinct rp.permission_id from user_role ur join role_permission rp on rp.role_id = ur.role_id where ur.user_id = $1`;
  const projIdSql = `select p.id from project p join user_project up on up.project_id = p.id where p.tenant_id = $1 and up.user_id = $2`;
  const projSql = `select * from project where tenant_id = $1 and id = $2`;
  let floorProjects: number;
  let floorCheck: number;
  if (store.kind === 'sqlite') {
    const db = new Database(store.file, { readonly: true });
    const q = (s: string) => db.prepare(s.replace(/\$\d/g, '?'));
    const [tk, pm, pi, pr] = [q(tokenSql), q(permSql), q(projIdSql), q(projSql)];
    floorProjects = await time(ITER, () => {
      const row = tk.get(tokenHash, Date.now()) as { user_id: number; tenant_id: number };
      pm.all(row.user_id);
      const ids = pi.all(row.tenant_id, row.user_id) as { id: number }[];
      for (const { id } of ids) pr.get(row.tenant_id, id);
    });
    floorCheck = await time(ITER, () => tk.get(tokenHash, Date.now()));
    db.close();
  } else {
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    if (store.schema) await client.query(`set search_path to ${store.schema}`);
    const run = (name: string, text: string, values: unknown[]) => client.query({ name, text, values });
    floorProjects = await time(ITER, async () => {
      const { rows } = await run('tk', tokenSql, [tokenHash, Date.now()]);
      const row = rows[0] as { user_id: number; tenant_id: number };
      await run('pm', permSql, [row.user_id]);
      const ids = (await run('pi', projIdSql, [row.tenant_id, row.user_id])).rows as { id: number }[];
      for (const { id } of ids) await run('pr', projSql, [row.tenant_id, id]);
    });
    floorCheck = await time(ITER, () => run('tk', tokenSql, [tokenHash, Date.now()]));
    await client.end();
  }
  line(`[${label}] GET project list (fw_cloud)`, apiProjects, floorProjects);
  line(`[${label}] POST checktoken`, apiCheck, floorCheck);
  await app.close();
}

/**
 * `npm run bench -- <name> …` runs only the named benches (each on SQLite, then PostgreSQL when a
 * URL is set): ingest, mqtt, sim, trend, report, fanout, analysis, efficiency, reporting, pages, bound, import (SQLite only). Without names: all of them,
 * the session path first. `pages` and `bound` need `npm run build` first (the built server seeds their history).
 * `storage` (disk per stored reading, issue 16) runs only by name: a year of 100 meters takes several minutes per store.
 */
const SELECTED = process.argv.slice(2);
if (SELECTED.length > 0) {
  const pgUrl = process.env.EMS_BENCH_PG_URL ?? process.env.EMS_TEST_PG_URL;
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-'));
  const benches: Record<string, () => Promise<unknown>> = {
    ingest: () => benchIngest(dir, pgUrl),
    mqtt: () => benchMqtt(dir, pgUrl),
    sim: async () => {
      await benchSimSeed();
      await benchFirstStart();
    },
    trend: async () => (await import('./trend.js')).benchTrend(dir, pgUrl),
    report: async () => (await import('./report.js')).benchReport(dir, pgUrl),
    fanout: async () => (await import('./fanout.js')).benchFanout(dir),
    analysis: async () => (await import('./analysis.js')).benchAnalysis(dir, pgUrl),
    efficiency: async () => (await import('./efficiency.js')).benchEfficiency(dir, pgUrl),
    reporting: async () => (await import('./reporting.js')).benchReporting(dir, pgUrl),
    pages: async () => (await import('./pages.js')).benchPages(),
    bound: async () => (await import('./work-bound.js')).benchWorkBound(),
    import: async () => (await import('./import.js')).benchImport(dir),
    storage: async () => (await import('./storage.js')).benchStorage(dir, pgUrl),
  };
  try {
    for (const name of SELECTED) {
      const bench = benches[name];
      if (!bench) throw new Error(`unknown bench '${name}': ${Object.keys(benches).join(', ')}`);
      await bench();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'ems-bench-'));
try {
  console.log(`session path, ${ITER} calls each, in-process (no socket)`);
  await benchStore({ kind: 'sqlite', file: join(dataDir, 'ems.sqlite') }, 'sqlite', dataDir);
  const pgUrl = process.env.EMS_BENCH_PG_URL ?? process.env.EMS_TEST_PG_URL;
  if (pgUrl) {
    const schema = `ems_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      await benchStore({ kind: 'postgres', url: pgUrl, schema }, 'postgres', dataDir);
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  } else {
    console.log('postgres: skipped (set EMS_BENCH_PG_URL or EMS_TEST_PG_URL)');
  }
  await benchIngest(dataDir, pgUrl);
  await benchMqtt(dataDir, pgUrl);
  await benchSimSeed();
  await benchFirstStart();
  await (await import('./trend.js')).benchTrend(dataDir, pgUrl);
  await (await import('./report.js')).benchReport(dataDir, pgUrl);
  await (await import('./fanout.js')).benchFanout(dataDir);
  await (await import('./analysis.js')).benchAnalysis(dataDir, pgUrl);
  await (await import('./efficiency.js')).benchEfficiency(dataDir, pgUrl);
  await (await import('./reporting.js')).benchReporting(dataDir, pgUrl);
  await (await import('./pages.js')).benchPages();
  await (await import('./work-bound.js')).benchWorkBound();
  await (await import('./import.js')).benchImport(dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
