/**
 * The floor of an API call: its own SELECTs, captured once from the store's query builder (same text,
 * same parameters) and replayed through the store's own driver with prepared statements — SQLite one
 * after another on its own connection (the app's SQLite connection runs them one at a time too),
 * PostgreSQL on a pool of 10 in the waves the call issued them (a query started before any query of
 * the current wave ended runs with that wave). The floor reads the same rows as row objects: no figures
 * computed, no JSON, no HTTP, no session. API and floor alternately (support.ts interleaved).
 * Shared by the analysis bench (analysis.ts) and the efficiency bench (efficiency.ts).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { CompiledQuery, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { buildApp } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import type { Db } from '../apps/server/src/db/connect.js';
import { interleaved, pct } from './support.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** One API call to time; `body` is the JSON body of a POST, or the query of a GET. */
export interface TimedCall<C> {
  name: string;
  url: string;
  method?: 'POST' | 'GET';
  body: (c: C) => Record<string, unknown>;
  /** a call made of several requests, one after another (e.g. one report per node): their bodies; `body` is then only the first */
  bodies?: (c: C) => Record<string, unknown>[];
  /** also print the p50 with remembered work forgotten before each call (this function forgets it) */
  cold?: () => void;
}

export interface ReplayOptions {
  iter: number;
  warm: number;
  warmMs: number;
  sampleMs: number;
  /** goal: p50 ≤ goal × the floor */
  goal: number;
  /** a CPU profile of `profileIter` API calls per call into this dir */
  profileDir?: string;
  profileIter?: number;
}

interface Captured {
  sql: string;
  params: readonly unknown[];
  t0: number;
  t1: number;
}

/** Records every query the app issues through `db` (compiled text, parameters, start and end). */
function capturing(db: Db): { db: Db; queries: Captured[] } {
  const queries: Captured[] = [];
  const open = new Map<unknown, Captured>();
  const executor = db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const compiled: CompiledQuery = executor.compileQuery(args.node, args.queryId);
      const q: Captured = { sql: compiled.sql, params: compiled.parameters, t0: performance.now(), t1: Infinity };
      open.set(args.queryId, q);
      queries.push(q);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const q = open.get(args.queryId);
      if (q) q.t1 = performance.now();
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), queries };
}

/** Queries grouped into waves: a query that starts after a query of the current wave has ended starts a new one. */
function waves(queries: readonly Captured[]): Captured[][] {
  const out: Captured[][] = [];
  let cur: Captured[] = [];
  let firstEnd = Infinity;
  for (const q of queries) {
    if (cur.length > 0 && q.t0 >= firstEnd) {
      out.push(cur);
      cur = [];
      firstEnd = Infinity;
    }
    cur.push(q);
    firstEnd = Math.min(firstEnd, q.t1);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as unknown as typeof pg.types;

/** A CPU profile (100 µs samples) of `n` API calls, as dir/<name>.cpuprofile. */
async function profile(dir: string, name: string, n: number, api: () => Promise<unknown>) {
  const { Session } = await import('node:inspector/promises');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let i = 0; i < n; i++) await api();
  const { profile: p } = await session.post('Profiler.stop');
  session.disconnect();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name.replace(/[^\w-]+/g, '_')}.cpuprofile`), JSON.stringify(p));
}

/**
 * Times each call against its floor and prints a line per call: p50, floor, ratio and the goal. A call
 * whose empty request does not answer 400 (its session queries cannot be told from its own) or that
 * does not answer code 0 is reported, not timed.
 */
export async function timeCalls<C>(
  app: Awaited<ReturnType<typeof buildApp>>,
  store: StoreConfig,
  label: string,
  headers: Record<string, string>,
  ctx: C,
  calls: readonly TimedCall<C>[],
  o: ReplayOptions,
): Promise<void> {
  const sqlite = store.kind === 'sqlite' ? new Database(store.file, { readonly: true }) : undefined;
  const pool = store.kind === 'postgres' ? new pg.Pool({ connectionString: store.url, max: 10, types: pgTypes, options: `-c search_path=${store.schema}` }) : undefined;
  const original = app.ems.db;
  try {
    for (const call of calls) {
      const get = call.method === 'GET';
      const one = (body: Record<string, unknown>) => {
        const query = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
        return get ? app.inject({ method: 'GET', url: `${call.url}?${query}`, headers }) : app.inject({ method: 'POST', url: call.url, headers, payload: body });
      };
      const bodies = call.bodies?.(ctx) ?? [call.body(ctx)];
      // a call of several requests answers as its last; any request failing fails it
      const api = async () => {
        let last: Awaited<ReturnType<typeof one>> | undefined;
        for (const b of bodies) {
          last = await one(b);
          if (last.statusCode !== 200) return last;
        }
        return last as Awaited<ReturnType<typeof one>>;
      };
      // the session check's queries: the same request with a body that fails validation (after the check)
      const cap = capturing(original);
      app.ems.db = cap.db;
      const bad = await (get ? app.inject({ method: 'GET', url: call.url, headers }) : app.inject({ method: 'POST', url: call.url, headers, payload: {} }));
      const sessionQueries = cap.queries.length;
      cap.queries.length = 0;
      const first = await api();
      app.ems.db = original;
      if (bad.statusCode !== 400 || first.statusCode !== 200 || first.json().code !== 0) {
        console.log(`${`[${label}] ${call.name}`.padEnd(52)} not timed: an empty request answered ${bad.statusCode} (400 expected), the call ${first.statusCode} ${first.body.slice(0, 200)}`);
        continue;
      }
      // the floor is what the call reads: its writes (a call that records findings) are not replayed
      const statements = cap.queries.slice(sessionQueries).filter((q) => /^\s*(select|with)\b/i.test(q.sql));
      const groups = waves(statements);

      let floor: () => Promise<number>;
      if (sqlite) {
        const prepared = new Map<string, Database.Statement>();
        const stmt = (sql: string) => prepared.get(sql) ?? (prepared.set(sql, sqlite.prepare(sql)), prepared.get(sql) as Database.Statement);
        floor = async () => {
          let n = 0;
          for (const q of statements) n += stmt(q.sql).all(...(q.params as unknown[])).length;
          return n;
        };
      } else {
        const names = new Map<string, string>();
        const name = (sql: string) => names.get(sql) ?? (names.set(sql, `a${names.size}_${md5(sql).slice(0, 8)}`), names.get(sql) as string);
        floor = async () => {
          let n = 0;
          for (const w of groups) {
            const res = await Promise.all(w.map((q) => (pool as pg.Pool).query({ name: name(q.sql), text: q.sql, values: q.params as unknown[] })));
            for (const r of res) n += r.rows.length;
          }
          return n;
        };
      }
      const floorRows = await floor();
      if (o.profileDir) await profile(o.profileDir, `${label}-${call.name}`, o.profileIter ?? 1000, api);
      const [a, f] = await interleaved(api, floor, o.iter, o.warm, o.warmMs, o.sampleMs);
      const [a50, f50] = [pct(a, 0.5), pct(f, 0.5)];
      const ratio = a50 / f50;
      console.log(
        `${`[${label}] ${call.name}`.padEnd(52)} p50 ${a50.toFixed(3)} ms | floor (raw SQL) ${f50.toFixed(3)} ms | ratio ${ratio.toFixed(1)}x (goal ≤ ${o.goal}x: ${ratio <= o.goal ? 'met' : 'MISSED'})`,
      );
      console.log(`${''.padEnd(52)} ${bodies.length > 1 ? `${bodies.length} requests, ` : ''}${statements.length} statements in ${groups.length} waves, ${floorRows.toLocaleString('en-US')} rows; reply ${(first.body.length / 1024).toFixed(1)} KiB; ${a.length} samples each`);
      if (call.cold) {
        const cold: number[] = [];
        for (let i = 0; i < Math.max(5, Math.round(o.iter / 3)); i++) {
          call.cold();
          const t0 = performance.now();
          await api();
          cold.push(performance.now() - t0);
        }
        const c50 = pct(cold, 0.5);
        console.log(`${''.padEnd(52)} cold (remembered work forgotten) p50 ${c50.toFixed(3)} ms, ${(c50 / f50).toFixed(1)}x the floor`);
      }
    }
  } finally {
    app.ems.db = original;
    sqlite?.close();
    await pool?.end();
  }
}
