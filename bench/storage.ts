/**
 * Disk per stored 15-minute reading (issue 16): BENCH_STORAGE_METERS (100) kWh counter meters
 * (DATA_ID.activeEnergyImport) × one year of 15-min readings (2024, project calendar, 35,136 slots:
 * 3.5 M readings for 100 meters) loaded through the ingest service (writeBatch, so every derived
 * table is maintained as in production), one call per 15-min slot carrying that slot's reading of
 * every meter, in time order, as gateways send. Then every table of the store is measured — found
 * in the catalogue, not named here — before and after the load, and the growth is charged to the
 * readings loaded:
 * - PostgreSQL: VACUUM (ANALYZE) of the store's tables, then per table the heap (pg_relation_size,
 *   main fork), free-space and visibility maps, TOAST and each index, partitions summed into their
 *   parent table and index; with pgstattuple (installed in the bench schema when the server has it)
 *   the heap's live tuple bytes and free space, and each B-tree's leaf density.
 * - SQLite: wal_checkpoint(TRUNCATE), then per b-tree the pages of the dbstat virtual table (a
 *   rowid table and its PRIMARY KEY index are separate b-trees), payload and unused bytes; the
 *   free list; the total is the file (page_count × page_size).
 * Goal: at most the peer's 392 MB per 3.5 M readings (112 B) on PostgreSQL, 100 B on SQLite.
 * BENCH_STORAGE_ONLY=sqlite|postgres measures one store. The load's throughput (readings/s) is printed as information. A full run takes several minutes
 * per store (`npm run bench -- storage`), so it is not part of the no-name run.
 */
import { DATA_ID } from '@ems/contract';
import { zonedStart } from '@ems/domain';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import { DEMO_PROJECTS } from '../apps/server/src/modules/seed/demo-data.js';
import { writeBatch, type ReadingInput } from '../apps/server/src/modules/timeseries/service.js';
import { compactionScheduler } from '../apps/server/src/modules/timeseries/compaction-job.js';
import { compactSeriesDays, onNewReadingDay } from '../apps/server/src/modules/timeseries/repository.js';
import { benchConfig, onEachStore } from './support.js';

const METERS = Number(process.env.BENCH_STORAGE_METERS ?? 100);
/** sqlite or postgres: that store only */
const ONLY = process.env.BENCH_STORAGE_ONLY;
const TZ = 'Asia/Shanghai';
const Q15 = 900_000;
/** the peer's PostgreSQL figure: 392 MB for 3.5 M readings */
const PEER_BYTES_PER_READING = 392e6 / 3.5e6;
const SQLITE_GOAL = 100;

/** One b-tree or heap part of a table: the table itself, a map, TOAST or an index. */
interface Part {
  name: string;
  bytes: number;
  /** measured detail (fill, tuple sizes), printed beside the part */
  note?: string;
}

interface TableSize {
  table: string;
  parts: Part[];
  rows?: number;
}

type Sizes = Map<string, TableSize>;

const total = (t: TableSize) => t.parts.reduce((s, p) => s + p.bytes, 0);
const num = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;

/** A load of `meters` counter registers: a daily load shape with a weekly rhythm and hashed noise, integrated to kWh. */
function slot(meters: number[], registers: number[], ts: number, i: number): ReadingInput[] {
  const hour = ((ts + 8 * 3_600_000) / 3_600_000) % 24;
  const weekday = Math.floor((ts + 8 * 3_600_000) / 86_400_000 + 4) % 7 < 5;
  return meters.map((deviceId, m) => {
    const noise = (((i * 2654435761 + m * 97) >>> 0) % 1000) / 1000;
    const kw = (weekday && hour >= 8 && hour < 22 ? 300 : 60) * (1 + 0.03 * m) + 40 * noise;
    const value = Math.round(registers[m]! * 100) / 100;
    registers[m]! += kw / 4;
    return { deviceId, dataId: DATA_ID.activeEnergyImport, ts, value };
  });
}

/** PostgreSQL: every table of `schema`, partitions summed into their root, with its indexes, maps and TOAST. */
async function pgSizes(client: pg.Client, schema: string, detail: Set<string>): Promise<Sizes> {
  const out: Sizes = new Map();
  const heaps = await client.query<{ tbl: string; heap: string; maps: string; toast: string }>(
    `select r.relname as tbl, sum(pg_relation_size(c.oid)) as heap,
       sum(pg_relation_size(c.oid, 'fsm') + pg_relation_size(c.oid, 'vm')) as maps,
       sum(case when c.reltoastrelid <> 0 then pg_total_relation_size(c.reltoastrelid) else 0 end) as toast
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_class r on r.oid = coalesce(pg_partition_root(c.oid), c.oid)
     where n.nspname = $1 and c.relkind in ('r', 'p')
     group by r.relname`,
    [schema],
  );
  for (const h of heaps.rows) {
    out.set(h.tbl, {
      table: h.tbl,
      parts: [
        { name: 'heap', bytes: Number(h.heap) },
        { name: 'fsm+vm', bytes: Number(h.maps) },
        { name: 'toast', bytes: Number(h.toast) },
      ],
    });
  }
  const indexes = await client.query<{ tbl: string; idx: string; bytes: string }>(
    `select t.relname as tbl, ri.relname as idx, sum(pg_relation_size(i.indexrelid)) as bytes
     from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
     join pg_class ri on ri.oid = coalesce(pg_partition_root(i.indexrelid), i.indexrelid)
     join pg_class t on t.oid = coalesce(pg_partition_root(i.indrelid), i.indrelid)
     where n.nspname = $1 and ic.relkind in ('i', 'I')
     group by t.relname, ri.relname`,
    [schema],
  );
  for (const i of indexes.rows) out.get(i.tbl)?.parts.push({ name: i.idx, bytes: Number(i.bytes) });
  if (detail.size === 0) return out;

  // the detail of the tables that grew: rows, live tuple bytes and free space of the heap, leaf density of each B-tree
  const ext = await pgstattupleSchema(client, schema);
  for (const name of detail) {
    const t = out.get(name);
    if (!t) continue;
    const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
    t.rows = Number((await client.query<{ n: string }>(`select count(*) as n from ${q(schema)}.${q(name)}`)).rows[0]!.n);
    if (!ext) continue;
    const leaves = await client.query<{ oid: number }>(
      `select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind = 'r' and coalesce(pg_partition_root(c.oid), c.oid) = $2::regclass`,
      [schema, `${q(schema)}.${q(name)}`],
    );
    let len = 0;
    let tuples = 0;
    let tupleLen = 0;
    let free = 0;
    let dead = 0;
    for (const { oid } of leaves.rows) {
      const s = (await client.query<{ table_len: string; tuple_count: string; tuple_len: string; free_space: string; dead_tuple_len: string }>(`select * from ${q(ext)}.pgstattuple($1::oid)`, [oid]))
        .rows[0]!;
      len += Number(s.table_len);
      tuples += Number(s.tuple_count);
      tupleLen += Number(s.tuple_len);
      free += Number(s.free_space);
      dead += Number(s.dead_tuple_len);
    }
    const heap = t.parts.find((p) => p.name === 'heap')!;
    if (tuples > 0)
      heap.note = `${(tupleLen / tuples).toFixed(1)} B/tuple (header+data) + 4 B item pointer, ${((free / len) * 100).toFixed(0)} % free${dead > 0 ? `, ${((dead / len) * 100).toFixed(0)} % dead tuples` : ''}`;
    for (const part of t.parts.slice(3)) {
      const idx = await client.query<{ oid: number }>(
        `select i.indexrelid as oid from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
         where n.nspname = $1 and ic.relkind = 'i' and coalesce(pg_partition_root(i.indexrelid), i.indexrelid) = $2::regclass`,
        [schema, `${q(schema)}.${q(part.name)}`],
      );
      let leafPages = 0;
      let dense = 0;
      for (const { oid } of idx.rows) {
        const s = (await client.query<{ leaf_pages: string; avg_leaf_density: string }>(`select * from ${q(ext)}.pgstatindex($1::regclass)`, [oid])).rows[0]!;
        if (!(Number(s.leaf_pages) > 0) || !Number.isFinite(Number(s.avg_leaf_density))) continue;
        leafPages += Number(s.leaf_pages);
        dense += Number(s.leaf_pages) * Number(s.avg_leaf_density);
      }
      if (leafPages > 0 && t.rows) part.note = `leaf fill ${(dense / leafPages).toFixed(0)} %, ${(part.bytes / t.rows).toFixed(1)} B/entry`;
    }
  }
  return out;
}

/** The schema pgstattuple is installed in (installing it into the bench schema, dropped with it), or undefined. */
async function pgstattupleSchema(client: pg.Client, schema: string): Promise<string | undefined> {
  const find = async () => (await client.query<{ nspname: string }>(`select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgstattuple'`)).rows[0]?.nspname;
  const found = await find();
  if (found) return found;
  try {
    await client.query(`create extension pgstattuple with schema "${schema}"`);
  } catch {
    return undefined;
  }
  return find();
}

/** SQLite: every b-tree of the file (dbstat), indexes charged to their table, plus the free list. */
function sqliteSizes(conn: Database.Database, detail: Set<string>): { sizes: Sizes; file: number } {
  const owner = new Map((conn.prepare(`select name, tbl_name from sqlite_schema where type in ('table', 'index')`).all() as { name: string; tbl_name: string }[]).map((r) => [r.name, r.tbl_name]));
  const withoutRowid = new Set([...owner.entries()].filter(([n, t]) => n === t && isWithoutRowid(conn, t)).map(([n]) => n));
  const trees = conn
    .prepare(`select name, count(*) as pages, sum(pgsize) as bytes, sum(payload) as payload, sum(unused) as unused, sum(case when pagetype = 'leaf' then ncell else 0 end) as cells from dbstat group by name`)
    .all() as { name: string; pages: number; bytes: number; payload: number; unused: number; cells: number }[];
  const sizes: Sizes = new Map();
  for (const t of trees) {
    const table = owner.get(t.name) ?? t.name;
    let entry = sizes.get(table);
    if (!entry) sizes.set(table, (entry = { table, parts: [] }));
    const kind = t.name === table ? (withoutRowid.has(table) ? 'table (WITHOUT ROWID b-tree)' : 'table (rowid b-tree)') : t.name;
    const note =
      detail.has(table) && t.cells > 0 ? `${(t.payload / t.cells).toFixed(1)} B payload/cell, pages ${((1 - t.unused / t.bytes) * 100).toFixed(0)} % used` : undefined;
    entry.parts.push({ name: kind, bytes: t.bytes, ...(note ? { note } : {}) });
  }
  for (const name of detail) {
    const t = sizes.get(name);
    if (t) t.rows = (conn.prepare(`select count(*) as n from "${name.replace(/"/g, '""')}"`).get() as { n: number }).n;
  }
  const pageSize = conn.pragma('page_size', { simple: true }) as number;
  const free = (conn.pragma('freelist_count', { simple: true }) as number) * pageSize;
  sizes.set('(free list)', { table: '(free list)', parts: [{ name: 'free pages', bytes: free }] });
  return { sizes, file: (conn.pragma('page_count', { simple: true }) as number) * pageSize };
}

function isWithoutRowid(conn: Database.Database, table: string): boolean {
  try {
    conn.prepare(`select rowid from "${table.replace(/"/g, '""')}" limit 0`);
    return false;
  } catch {
    return true;
  }
}

/** The tables that grew (by total), largest first, with each part's growth. */
function growth(before: Sizes, after: Sizes): TableSize[] {
  const out: TableSize[] = [];
  for (const [name, a] of after) {
    const b = before.get(name);
    const parts = a.parts.map((p) => ({ ...p, bytes: p.bytes - (b?.parts.find((q) => q.name === p.name)?.bytes ?? 0) }));
    const t: TableSize = { table: name, parts, ...(a.rows !== undefined ? { rows: a.rows } : {}) };
    if (total(t) !== 0) out.push(t);
  }
  return out.sort((x, y) => total(y) - total(x));
}

function report(label: string, grown: TableSize[], unchanged: number, readings: number, totalBytes: number) {
  const per = (b: number) => (b / readings).toFixed(1);
  console.log(`[${label}]   ${'table / part'.padEnd(40)} ${'rows'.padStart(11)} ${'bytes'.padStart(13)} ${'B/reading'.padStart(9)} ${'B/row'.padStart(7)}`);
  for (const t of grown) {
    const bytes = total(t);
    const perRow = t.rows ? (bytes / t.rows).toFixed(1) : '';
    console.log(`[${label}]   ${t.table.padEnd(40)} ${(t.rows !== undefined ? num(t.rows) : '').padStart(11)} ${num(bytes).padStart(13)} ${per(bytes).padStart(9)} ${perRow.padStart(7)}`);
    for (const p of t.parts) {
      if (p.bytes === 0) continue;
      const perRowPart = t.rows ? (p.bytes / t.rows).toFixed(1) : '';
      console.log(`[${label}]     ${p.name.padEnd(38)} ${''.padStart(11)} ${num(p.bytes).padStart(13)} ${per(p.bytes).padStart(9)} ${perRowPart.padStart(7)}${p.note ? `  ${p.note}` : ''}`);
    }
  }
  console.log(`[${label}]   ${unchanged} other tables unchanged by the load`);
  const shares = grown
    .filter((t) => total(t) / readings >= 0.05)
    .map((t) => `${t.table} ${per(total(t))}`)
    .join(', ');
  const perReading = totalBytes / readings;
  const goal = label === 'postgres' ? PEER_BYTES_PER_READING : SQLITE_GOAL;
  const goalText = label === 'postgres' ? `goal ≤ ${goal.toFixed(0)} B (peer 392 MB / 3.5 M)` : `goal ≤ ${goal} B`;
  console.log(
    `[${label}] disk per 15-min reading: ${perReading.toFixed(1)} B (${shares}) | ${goalText}: ${perReading <= goal ? 'MET' : 'MISSED'}` +
      ` — ${mb(totalBytes)} for ${num(readings)} readings, ${mb(perReading * 3.5e6)} per 3.5 M`,
  );
}

async function benchStore(store: StoreConfig, label: 'sqlite' | 'postgres', dataDir: string) {
  const started = performance.now();
  const app = await buildApp(benchConfig(store, dataDir, { sim: false }), { logger: false });
  await prepareStore(app);
  const db = app.ems.db;
  const project = await db.selectFrom('project').select('id').where('tenant_id', '=', 1).where('name', '=', DEMO_PROJECTS[0]!.name).executeTakeFirstOrThrow();
  const projectId = Number(project.id);
  const meters: number[] = [];
  for (let i = 0; i < METERS; i++) {
    const row = await db
      .insertInto('node')
      .values({ project_id: projectId, parent_id: null, model_label: 'meter', name: `bench storage meter ${i}`, attrs: JSON.stringify({ ctPt: 1 }), sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    meters.push(Number(row.id));
  }

  // the store as seeded, measured the same way as after the load
  const pgClient = store.kind === 'postgres' ? new pg.Client({ connectionString: store.url }) : undefined;
  let vacuum = async () => undefined as unknown;
  if (pgClient && store.kind === 'postgres') {
    await pgClient.connect();
    const schema = store.schema ?? 'public';
    await pgClient.query(`set search_path to "${schema}"`);
    // only the store's own tables (a bare VACUUM would take every schema of the database); a partitioned table takes its partitions
    vacuum = async () => {
      // a transaction of another session of this database that began before now keeps the load's dead row versions
      // (rollup updates) from being removed; wait for it (up to BENCH_STORAGE_WAIT_S), else say so
      const since = new Date();
      const waitEnd = performance.now() + Number(process.env.BENCH_STORAGE_WAIT_S ?? 300) * 1000;
      for (;;) {
        const old = await pgClient.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_xmin is not null and xact_start < $1`,
          [since],
        );
        if (Number(old.rows[0]!.n) === 0) break;
        if (performance.now() > waitEnd) {
          console.log(`[postgres]   note: ${old.rows[0]!.n} older transaction(s) of other sessions still open: VACUUM cannot remove every dead row version`);
          break;
        }
        await new Promise((r) => setTimeout(r, 2000));
      }
      const tables = await pgClient.query<{ relname: string }>(
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition`,
        [schema],
      );
      await pgClient.query(`vacuum (analyze) ${tables.rows.map((r) => `"${schema}"."${r.relname}"`).join(', ')}`);
    };
  }
  const measure = async (detail: Set<string>): Promise<{ sizes: Sizes; file?: number }> => {
    if (pgClient && store.kind === 'postgres') {
      await vacuum();
      return { sizes: await pgSizes(pgClient, store.schema ?? 'public', detail) };
    }
    if (store.kind !== 'sqlite') throw new Error('unreachable');
    const conn = new Database(store.file);
    try {
      conn.pragma('wal_checkpoint(TRUNCATE)');
      return sqliteSizes(conn, detail);
    } finally {
      conn.close();
    }
  };
  const before = await measure(new Set());

  // PostgreSQL: the day-row compaction as the app runs it in service (compaction-job.ts): a run when the load reaches a new
  // UTC day, in the background of the writes. In service a day of readings comes in a day; the bench loads one in about a
  // second, so the app's limit for backfills (a start at most every COMPACT_MIN_GAP_MS, 10 s) would leave ten days of rows
  // at a time in `reading` and `rollup_15m` (the space their rows took stays with the tables: 115 B per reading instead of
  // ~99 once the write path got faster). BENCH_STORAGE_BACKFILL=1 keeps that limit: the store as a year's backfill leaves it.
  const backfill = process.env.BENCH_STORAGE_BACKFILL === '1';
  const compaction = compactionScheduler(app.ems, { info: () => undefined, warn: (m) => console.log(`[${label}]   compaction: ${m}`) }, () => false, backfill ? undefined : 0);
  onNewReadingDay(app.ems, compaction.trigger);

  const from = zonedStart(2024, 1, 1, TZ);
  const to = zonedStart(2025, 1, 1, TZ);
  const registers = meters.map((_, m) => 10_000 * (m + 1));
  let readings = 0;
  const t0 = performance.now();
  let lastReport = t0;
  for (let ts = from, i = 0; ts < to; ts += Q15, i++) {
    const r = await writeBatch(app.ems, projectId, slot(meters, registers, ts, i));
    if (r.rejected > 0) throw new Error(`storage bench: ${r.rejected} readings rejected (${JSON.stringify(r.errors.slice(0, 3))})`);
    readings += r.accepted;
    if (performance.now() - lastReport > 60_000) {
      lastReport = performance.now();
      console.log(`[${label}]   … ${new Date(ts).toISOString().slice(0, 10)}: ${num(readings)} readings, ${num(readings / ((lastReport - t0) / 1000))} readings/s`);
    }
  }
  const loadS = (performance.now() - t0) / 1000;
  // PostgreSQL: the compaction runs of the load finished, then the days closed since (all but the last) moved as the job would
  await compaction.idle();
  await compaction.close();
  onNewReadingDay(app.ems, undefined);
  const final = await compactSeriesDays(app.ems);
  if (final.problems.length > 0) throw new Error(`storage bench: compaction: ${final.problems.join('; ')}`);
  await app.close();

  const grownFirst = growth(before.sizes, (await measure(new Set())).sizes);
  const after = await measure(new Set(grownFirst.filter((t) => !t.table.startsWith('(')).map((t) => t.table)));
  await pgClient?.end();
  const grown = growth(before.sizes, after.sizes);
  const unchanged = [...after.sizes.keys()].filter((n) => !grown.some((t) => t.table === n) && !n.startsWith('(')).length;
  const totalBytes = label === 'sqlite' ? after.file! - before.file! : grown.reduce((s, t) => s + total(t), 0);

  console.log(
    `[${label}] storage: ${METERS} kWh counter meters × ${num(readings / METERS)} 15-min slots (2024, ${TZ}) = ${num(readings)} readings through writeBatch, ` +
      `one call per slot in time order: ${loadS.toFixed(0)} s, ${num(readings / loadS)} readings/s`,
  );
  console.log(`[${label}]   growth of the store by the load${label === 'postgres' ? ' (after VACUUM (ANALYZE))' : ' (after wal_checkpoint(TRUNCATE); total = file growth)'}:`);
  report(label, grown, unchanged, readings, totalBytes);
  console.log(`[${label}]   wall time ${((performance.now() - started) / 1000).toFixed(0)} s (load and measurement)`);
}

export async function benchStorage(dataDir: string, pgUrl: string | undefined): Promise<void> {
  console.log(`storage: disk per stored 15-min reading, ${METERS} meters × one year (BENCH_STORAGE_METERS), loaded through the ingest service`);
  await onEachStore(dataDir, pgUrl, 'storage', async (store, label) => {
    if (ONLY && label !== ONLY) console.log(`[${label}] skipped (BENCH_STORAGE_ONLY=${ONLY})`);
    else await benchStore(store, label, dataDir);
  });
}
