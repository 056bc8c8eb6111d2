import SQLite from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Ems } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { DAY_MS, readingRows, rollupRows } from '../../db/series-source.js';
import {
  COMPACT_GRACE_MS,
  COMPACT_VACUUM,
  compactionBatches,
  compactionCandidates,
  PG_COMPACT_SQL,
  PG_REOPEN_SQL,
  PG_ROW_SERIES_SQL,
} from './compaction.js';
import { retentionAcceptFrom } from './retention.js';
import { nextTail, tailCheckColumns, type Tail, type TailCheck } from './tails.js';
import { cellsOf, cellStart, cellValues as cellValuesOf, pgCellMerge, pgCellSql, PG_CELL_MERGE_PREPARE, PG_CELL_READINGS_SQL, PYRAMID_CELL_MS, sqliteCellSql, type PyramidCell } from './pyramid.js';

/** Pyramid cells merged by one SQLite statement (18 parameters each: 576, under SQLite's 32,766). */
const CELLS_PER_STATEMENT = 32;

/** A reading row as stored. */
export interface ReadingRow {
  deviceId: number;
  dataId: number;
  ts: number;
  value: number;
  status: number;
}

/** A counter series the batch touched, with the ts range it touched. */
export interface TouchedSeries {
  deviceId: number;
  dataId: number;
  minTs: number;
  maxTs: number;
}

export interface WindowReading {
  ts: number;
  value: number;
  status: number;
}

export interface WindowReset {
  ts: number;
  closing: number;
  opening: number;
}

export interface IntervalRow {
  start: number;
  value: number | null;
  status: number;
}

/** What the service computes for one series from its reading window. */
export interface SeriesPlan {
  intervals: IntervalRow[];
  /** buckets to re-aggregate from their children, [start, end) per grain, coarser grains after finer */
  hour: [number, number][];
  day: [number, number][];
  month: [number, number][];
}

export type PlanFn = (series: TouchedSeries, window: WindowReading[], resets: WindowReset[]) => SeriesPlan;

const Q15 = 900_000;

/** Worst status by severity (normal < interpolated < estimated < reset < suspect) over child rows. */
const SEVERITY = `case quality when 3 then 4 when 4 then 3 else quality end`;
const reaggregateSql = (parent: string, child: string, p: (i: number) => string) => `
  insert into ${parent} (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
  select device_id, data_id, cast(${p(1)} as bigint), v, case s when 4 then 3 when 3 then 4 else s end, n, g
  from (select device_id, data_id, sum(value) as v, max(${SEVERITY}) as s, sum(n_intervals) as n, sum(n_good) as g
        from ${child} where device_id = ${p(2)} and data_id = ${p(3)} and bucket_start >= ${p(4)} and bucket_start < ${p(5)}
        group by device_id, data_id) t
  where true
  on conflict (device_id, data_id, bucket_start) do update set
    value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`;
const upsert15Sql = (p: (i: number) => string) => `
  insert into rollup_15m (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
  values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, 1, ${p(6)})
  on conflict (device_id, data_id, bucket_start) do update set
    value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`;
const GRAINS = [
  ['hour', 'rollup_hour', 'rollup_15m'],
  ['day', 'rollup_day', 'rollup_hour'],
  ['month', 'rollup_month', 'rollup_day'],
] as const;
const good = (iv: IntervalRow) => (iv.value !== null && (iv.status === 0 || iv.status === 4) ? 1 : 0);

/** The SQLite side: its own connection to the store file with prepared statements, used synchronously. */
class SqliteSeries {
  readonly conn: SQLite.Database;
  private readonly st;
  private readonly tx;

  constructor(file: string) {
    this.conn = new SQLite(file);
    this.conn.pragma('journal_mode = WAL');
    this.conn.pragma('synchronous = NORMAL');
    // checkpoint the WAL every ~40 MB instead of every ~4 MB: the pages ingest rewrites on every commit (each series'
    // tail, the current hour/day/month rollups) are then copied into the database once per checkpoint, not once per
    // few commits (measured: the ingest bench's SQLite ratio from ~60 % to ~65 %); readers are unaffected in WAL mode
    this.conn.pragma('wal_autocheckpoint = 10000');
    this.conn.pragma('foreign_keys = ON');
    // never block the event loop waiting for the Kysely connection: retry asynchronously instead
    this.conn.pragma('busy_timeout = 0');
    const c = this.conn;
    const q = (i: number) => (i > 0 ? '?' : '?');
    this.st = {
      // a new reading is inserted (changes 1) and merged into its pyramid cell; a stored one is updated and its cell recomputed
      insertReading: c.prepare('insert into reading (device_id, data_id, ts, value, status) values (?, ?, ?, ?, ?) on conflict (device_id, data_id, ts) do nothing'),
      updateReading: c.prepare('update reading set value = ?, status = ? where device_id = ? and data_id = ? and ts = ?'),
      cellReadings: c.prepare('select device_id as deviceId, data_id as dataId, ts, value, status from reading where device_id = ? and data_id = ? and ts >= ? and ts < ?'),
      mergeCell: c.prepare(sqliteCellSql('merge')),
      mergeCells: c.prepare(sqliteCellSql('merge', CELLS_PER_STATEMENT)),
      overwriteCell: c.prepare(sqliteCellSql('overwrite')),
      // a series' window and its declared resets in one statement: the readings (t = 0) from the one at or before the 15-min
      // boundary at or before the reading before the earliest touched ts, to the one at or after the boundary at or after the
      // reading after the latest (ts > 0 and integer, so integer division floors), and the resets (t = 1) in (lo, hi]; each
      // lookup a seek on a primary key, the rows in any order (the plan sorts them)
      window: c
        .prepare(
          `with p as (select
            coalesce((select ts from reading where device_id = @d and data_id = @k and ts < @mn order by ts desc limit 1), @mn) as prev,
            coalesce((select ts from reading where device_id = @d and data_id = @k and ts > @mx order by ts limit 1), @mx) as nxt),
          w as materialized (select
            coalesce((select ts from reading where device_id = @d and data_id = @k and ts <= p.prev / ${Q15} * ${Q15} order by ts desc limit 1), p.prev) as lo,
            coalesce((select ts from reading where device_id = @d and data_id = @k and ts >= (p.nxt + ${Q15 - 1}) / ${Q15} * ${Q15} order by ts limit 1), p.nxt) as hi
            from p)
          select 0, r.ts, r.value, r.status from w, reading r where r.device_id = @d and r.data_id = @k and r.ts >= w.lo and r.ts <= w.hi
          union all
          select 1, c.ts, c.closing, c.opening from w, counter_reset c where c.device_id = @d and c.data_id = @k and c.ts > w.lo and c.ts <= w.hi`,
        )
        .raw(),
      upsert15: c.prepare(upsert15Sql(q)),
      reaggregate: Object.fromEntries(GRAINS.map(([g, parent, child]) => [g, c.prepare(reaggregateSql(parent, child, q))])) as Record<'hour' | 'day' | 'month', SQLite.Statement>,
      // by primary key (+project_id keeps SQLite off the project index, which would read every node of the project)
      devices: c.prepare('select id, attrs from node where id in (select value from json_each(?)) and +project_id = ?'),
    };
    this.tx = c.transaction((rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn) => {
      this.readings(rows);
      for (const s of series) this.rollup(s, plan);
    });
  }

  /**
   * Upserts the readings and keeps their pyramid cells: the new readings merged into their cells, every
   * cell holding a replaced reading recomputed from its stored readings.
   */
  private readings(rows: ReadingRow[]) {
    const fresh: ReadingRow[] = [];
    const replaced = new Map<string, [number, number, number]>();
    for (const r of rows) {
      if (this.st.insertReading.run(r.deviceId, r.dataId, r.ts, r.value, r.status).changes === 1) fresh.push(r);
      else {
        this.st.updateReading.run(r.value, r.status, r.deviceId, r.dataId, r.ts);
        const b = cellStart(r.ts);
        replaced.set(`${r.deviceId}:${r.dataId}:${b}`, [r.deviceId, r.dataId, b]);
      }
    }
    const cells = cellsOf(replaced.size === 0 ? fresh : fresh.filter((r) => !replaced.has(`${r.deviceId}:${r.dataId}:${cellStart(r.ts)}`)));
    // CELLS_PER_STATEMENT cells a statement, the rest one by one
    let i = 0;
    for (; i + CELLS_PER_STATEMENT <= cells.length; i += CELLS_PER_STATEMENT) {
      const args: number[] = [];
      for (let j = i; j < i + CELLS_PER_STATEMENT; j++) for (const v of cellValuesOf(cells[j] as PyramidCell)) args.push(v);
      this.st.mergeCells.run(args);
    }
    for (; i < cells.length; i++) this.st.mergeCell.run(...cellValuesOf(cells[i] as PyramidCell));
    for (const [d, k, b] of replaced.values()) {
      const stored = this.st.cellReadings.all(d, k, b, b + PYRAMID_CELL_MS) as ReadingRow[];
      for (const cell of cellsOf(stored)) this.st.overwriteCell.run(...cellValuesOf(cell));
    }
  }

  /** Nodes of the project among the ids, with their attrs JSON text (a read: never blocked by a writer in WAL mode). */
  devices(projectId: number, ids: number[]): Map<number, string> {
    const rows = this.st.devices.all(JSON.stringify(ids), projectId) as { id: number; attrs: string }[];
    return new Map(rows.map((r) => [Number(r.id), r.attrs]));
  }

  private rollup(s: TouchedSeries, plan: PlanFn) {
    const { deviceId: d, dataId: k } = s;
    const window: WindowReading[] = [];
    const resets: WindowReset[] = [];
    const rows = this.st.window.all({ d, k, mn: s.minTs, mx: s.maxTs }) as [0 | 1, number, number, number][];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as [0 | 1, number, number, number];
      if (r[0] === 0) window.push({ ts: r[1], value: r[2], status: r[3] });
      else resets.push({ ts: r[1], closing: r[2], opening: r[3] });
    }
    const p = plan(s, window, resets);
    for (const iv of p.intervals) this.st.upsert15.run(d, k, iv.start, iv.value, iv.status, good(iv));
    for (const [g] of GRAINS) for (const [a, b] of p[g]) this.st.reaggregate[g].run(a, d, k, a, b);
  }

  async write(rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        this.tx.immediate(rows, series, plan);
        return;
      } catch (err) {
        const busy = (err as { code?: string }).code === 'SQLITE_BUSY';
        if (!busy || attempt > 500) throw err;
        await new Promise((r) => setTimeout(r, Math.min(50, 1 + attempt)));
      }
    }
  }
}

const sqliteSides = new WeakMap<Db, SqliteSeries>();

function sqliteSide(ems: Ems): SqliteSeries {
  let side = sqliteSides.get(ems.db);
  if (!side) {
    if (ems.config.store.kind !== 'sqlite') throw new Error('not a SQLite store');
    side = new SqliteSeries(ems.config.store.file);
    sqliteSides.set(ems.db, side);
  }
  return side;
}

/**
 * Group commit: the writes that arrive while a commit is in flight (or within the same event-loop
 * turn) are merged into one transaction, and each caller's promise settles only after that
 * transaction has committed. Writes are taken in arrival order, so a later write of a reading wins
 * and a caller that waits for its write before sending the next keeps its order. When a merged
 * transaction fails, its writes are retried one by one so one bad write fails alone.
 */
interface PendingWrite {
  rows: ReadingRow[];
  series: TouchedSeries[];
  plan: PlanFn;
  resolve(): void;
  reject(err: unknown): void;
  /** a task run alone between two commits (the day-row compaction) instead of a write */
  task?: () => Promise<void>;
}

type CommitFn = (rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn) => Promise<void>;

/** rows per merged transaction at most (a larger single write still goes alone) */
const GROUP_MAX_ROWS = 20_000;

const seriesKey = (s: { deviceId: number; dataId: number }) => `${s.deviceId}:${s.dataId}`;

/** One write out of several: the readings in arrival order, each touched series once with its widest range. */
function mergeWrites(group: PendingWrite[]): { rows: ReadingRow[]; series: TouchedSeries[]; plan: PlanFn } {
  const rows: ReadingRow[] = [];
  const merged = new Map<string, { s: TouchedSeries; plan: PlanFn }>();
  for (const w of group) {
    for (const r of w.rows) rows.push(r);
    for (const s of w.series) {
      const key = seriesKey(s);
      const m = merged.get(key);
      if (m) {
        m.s.minTs = Math.min(m.s.minTs, s.minTs);
        m.s.maxTs = Math.max(m.s.maxTs, s.maxTs);
      } else {
        merged.set(key, { s: { deviceId: s.deviceId, dataId: s.dataId, minTs: s.minTs, maxTs: s.maxTs }, plan: w.plan });
      }
    }
  }
  const series = [...merged.values()].map((m) => m.s);
  // a series' plan is the one of the write that first touched it (same device: same project, timezone and meter)
  const plan: PlanFn = (s, window, resets) => (merged.get(seriesKey(s))?.plan ?? group[0]!.plan)(s, window, resets);
  return { rows, series, plan };
}

class GroupCommit {
  private queue: PendingWrite[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly commit: CommitFn) {}

  submit(rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ rows, series, plan, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Runs `task` alone, after the writes submitted before it and before those submitted after it. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let result: T;
      const run = async () => {
        result = await task();
      };
      this.queue.push({ rows: [], series: [], plan: () => ({ intervals: [], hour: [], day: [], month: [] }), resolve: () => resolve(result), reject, task: run });
      this.running ??= this.drain();
    });
  }

  /** Resolves when every write submitted so far has settled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        // let the writes of this event-loop turn (and those that came during the last commit) join
        await new Promise<void>((r) => setImmediate(r));
        if (this.queue.length === 0) return;
        const head = this.queue[0]!;
        if (head.task) {
          this.queue.shift();
          await head.task().then(head.resolve, head.reject);
          continue;
        }
        let n = 0;
        let rowCount = 0;
        while (n < this.queue.length && !this.queue[n]!.task && (n === 0 || rowCount + this.queue[n]!.rows.length <= GROUP_MAX_ROWS)) rowCount += this.queue[n++]!.rows.length;
        const group = this.queue.splice(0, n);
        await this.commitGroup(group);
      }
    } finally {
      this.running = null;
    }
  }

  private async commitGroup(group: PendingWrite[]): Promise<void> {
    if (group.length === 1) {
      const w = group[0]!;
      await this.commit(w.rows, w.series, w.plan).then(w.resolve, w.reject);
      return;
    }
    const m = mergeWrites(group);
    try {
      await this.commit(m.rows, m.series, m.plan);
    } catch {
      for (const w of group) await this.commit(w.rows, w.series, w.plan).then(w.resolve, w.reject);
      return;
    }
    for (const w of group) w.resolve();
  }
}

const committers = new WeakMap<Db, GroupCommit>();

/** Monthly reading partitions known to exist, per PostgreSQL store. */
const knownPartitions = new WeakMap<Db, Set<string>>();

function monthOf(ts: number): { name: string; from: number; to: number } {
  const d = new Date(ts);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { name: `reading_p${y}${String(m + 1).padStart(2, '0')}`, from: Date.UTC(y, m, 1), to: Date.UTC(y, m + 1, 1) };
}

/**
 * The rollup writes of the PostgreSQL write path as statements prepared once per connection (SQL PREPARE: planned once,
 * callable from the multi-statement text that heads a COPY): `ems_rollup_15m` upserts 15-min values (device, data
 * point, bucket, value, quality, good: arrays), `ems_rollup_{hour,day,month}` recompute each bucket [a, b) from its
 * children (device, data point, a, b: arrays). A bucket's children are read by a range of the child's key (lateral): a
 * join on (device, data point) with the range as a filter was planned as a merge join comparing every bucket with every
 * child row of the series (a backfill of 430 daily readings: 10,000 hours × 41,000 quarters, 24 s); a bucket without
 * children is left as it is.
 */
const PG_ROLLUP_PREPARE = [
  `prepare ems_rollup_15m(int[], int[], bigint[], float8[], smallint[], int[]) as
    insert into rollup_15m (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
    select d, k, b, v, q, 1, g from unnest($1, $2, $3, $4, $5, $6) as t(d, k, b, v, q, g)
    on conflict (device_id, data_id, bucket_start) do update set
      value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`,
  ...GRAINS.map(
    ([g, parent, child]) => `prepare ems_rollup_${g}(int[], int[], bigint[], bigint[]) as
    insert into ${parent} (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
    select w.d, w.k, w.a, c.v, case c.s when 4 then 3 when 3 then 4 else c.s end, c.n, c.g
    from unnest($1, $2, $3, $4) as w(d, k, a, b)
    cross join lateral (select sum(c.value) as v, max(case c.quality when 3 then 4 when 4 then 3 else c.quality end) as s,
                               sum(c.n_intervals) as n, sum(c.n_good) as g, count(*) as rows
          from ${child} c where c.device_id = w.d and c.data_id = w.k and c.bucket_start >= w.a and c.bucket_start < w.b) c
    where c.rows > 0
    on conflict (device_id, data_id, bucket_start) do update set
      value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`,
  ),
];

/** PostgreSQL array literals of numbers (integers, or doubles with nulls), for statements sent as text */
const ints = (xs: number[]) => `'{${xs.join(',')}}'`;
const floats = (xs: (number | null)[]) => `'{${xs.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}'`;
/** The stored windows (readings) and declared resets of touched series, by series key. */
interface Windows {
  windows: Map<string, WindowReading[]>;
  resets: Map<string, WindowReset[]>;
}

/** a row of the windows query: t 0 a reading (a value, b status), t 1 a declared reset (a closing, b opening) */
interface WindowRow {
  t: number;
  d: number;
  k: number;
  ts: string;
  a: number;
  b: number;
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The advisory lock between writes (shared) and the day-row compaction (exclusive), per schema (compaction.ts). */
const SERIES_DAYS_LOCK = `hashtext('ems.series_days.' || current_schema())`; // the same key in ems_write_guard (migration 0033)
/** SQLSTATE of the guard: the write touches a series' day rows, which must be moved back to rows first. */
const REOPEN_CODE = 'EMSDR';
/** SQLSTATE of the guard: a series' stored tail is not the one the write planned from (tails.ts). */
const TAIL_CODE = 'EMSTL';
/** While tails mostly miss, they are tried again one write in this many. */
const TAIL_RETRY_EVERY = 16;
/** Series tails kept per PostgreSQL store at most (a few readings each); beyond, they are forgotten and read again. */
const TAILS_MAX = 50_000;

/** Per series (device, data point) the earliest ts a write touches: the write's readings, or its 15-min buckets. */
type SeriesFrom = Map<string, [number, number, number]>;

/** Values per device and data point, looked up by numbers (the write path looks up every reading: a key string each costs). */
class BySeries<T> {
  private readonly byDevice = new Map<number, Map<number, T>>();
  get(d: number, k: number): T | undefined {
    return this.byDevice.get(d)?.get(k);
  }
  set(d: number, k: number, value: T): void {
    let points = this.byDevice.get(d);
    if (!points) this.byDevice.set(d, (points = new Map()));
    points.set(k, value);
  }
}

/** The earliest ts a write touches per series: its readings' and its series' (a reset's write has no readings). */
function earliestOf(rows: ReadingRow[], series: TouchedSeries[]): SeriesFrom {
  const out: SeriesFrom = new Map();
  const earliest = new BySeries<[number, number, number]>();
  const note = (d: number, k: number, ts: number) => {
    const e = earliest.get(d, k);
    if (!e) {
      const entry: [number, number, number] = [d, k, ts];
      earliest.set(d, k, entry);
      out.set(`${d}:${k}`, entry);
    } else if (ts < e[2]) e[2] = ts;
  };
  for (const r of rows) note(r.deviceId, r.dataId, r.ts);
  for (const x of series) note(x.deviceId, x.dataId, x.minTs);
  return out;
}

function noteFrom(m: SeriesFrom, d: number, k: number, ts: number) {
  const key = `${d}:${k}`;
  const e = m.get(key);
  if (!e) m.set(key, [d, k, ts]);
  else if (ts < e[2]) e[2] = ts;
}

/** SQL: the latest day any series has in day rows (migration 0032; without its row, later than any day). */
const DAYS_MARK_SQL = `(select coalesce(max(max_day), ${Number.MAX_SAFE_INTEGER}) from series_days_mark)`;

/**
 * The statement heading a write's transaction (`ems_write_guard`, migration 0033): takes the shared lock that keeps
 * the compaction from committing until the write has; fails with REOPEN_CODE when a series has day rows of the day
 * of its earliest touched ts or later (the write must reopen them first; looked at only when the earliest of those
 * days is not after the latest day compacted: readings in time order never reach one); fails with TAIL_CODE when a
 * tail the write planned from is not as stored (tails.ts). Returns one row: the transaction's id as text.
 */
function guardSql(from: SeriesFrom, tails: readonly TailCheck[] = []): string {
  const d: number[] = [];
  const k: number[] = [];
  const f: number[] = [];
  let first = Number.MAX_SAFE_INTEGER;
  for (const [dd, kk, ts] of from.values()) {
    const day = Math.floor(ts / DAY_MS) * DAY_MS;
    d.push(dd);
    k.push(kk);
    f.push(day);
    if (day < first) first = day;
  }
  const t = tailCheckColumns(tails);
  return `select ems_write_guard(${ints(d)}, ${ints(k)}, ${ints(f)}, ${first}, ${ints(t.td)}, ${ints(t.tk)}, ${ints(t.tlo)}, ${ints(t.tfh)}, ${t.tailDay},
    ${ints(t.cd)}, ${ints(t.ck)}, ${ints(t.cb)}, '{${t.cx.join(',')}}') as xid`;
}

export interface CompactionResult {
  /** series-days of readings and of 15-min values moved into day rows */
  days: number;
  days15: number;
  /** transactions committed */
  batches: number;
  /** what went wrong without stopping the run */
  problems: string[];
}

/**
 * The newest reading time in a series' rows before (`<`) or at or before (`<=`) a time (a scalar subquery, null for
 * none): first among the rows of the day before it, then among all. A lookup with no lower bound reads the index of
 * every month partition before the time (measured: the ingest bench with a year of 15-min history in 12 earlier
 * partitions went from 46 % of its floor to 26 %); a series' previous reading is nearly always within a day.
 */
const PG_ROW_BEFORE = (d: string, k: string, t: string, op: '<' | '<=') =>
  `coalesce((select ts from reading r where r.device_id = ${d} and r.data_id = ${k} and r.ts ${op} ${t} and r.ts >= ${t} - ${DAY_MS} order by ts desc limit 1),
    (select ts from reading r where r.device_id = ${d} and r.data_id = ${k} and r.ts ${op} ${t} order by ts desc limit 1))`;

/**
 * The newest reading time in a series' day rows before (`<`) or at or before (`<=`) a time: asked only when the
 * series' rows hold none (rows are newer than day rows); the last two day rows suffice (the later may start after it).
 */
const PG_DAY_ROWS_BEFORE = (d: string, k: string, t: string, op: '<' | '<=') =>
  `(select max(x.day + o) from (select day, ts_off from reading_day x where x.device_id = ${d} and x.data_id = ${k} and x.day ${op} ${t}
      order by x.day desc limit 2) x cross join lateral unnest(x.ts_off) as o where x.day + o ${op} ${t})`;

/**
 * The PostgreSQL side: a connection of its own (a one-client pool) on which a write runs as one
 * transaction — readings by COPY, the rollup windows of every touched series in one query, the
 * rollups by multi-row upserts from arrays. New readings are COPied straight into the partitioned
 * table under a savepoint; when one of them already exists (a repeat), the batch goes through a
 * per-connection temporary staging table and one INSERT … SELECT … ON CONFLICT DO UPDATE instead.
 */
class PgSeries {
  readonly pool: pg.Pool;
  readonly side: pg.Pool;
  private readonly staged = new WeakSet<pg.PoolClient>();
  /** the tails of counter series as this process last wrote them, by series key (tails.ts) */
  private readonly tails = new Map<string, Tail>();

  /**
   * How often a write that tried its tails found one changed (an exponential average): with several instances
   * writing the same series (shared MQTT subscriptions) most tails are stale, and trying costs a round trip.
   */
  private tailMisses = 0;
  /** writes since the tails were last tried while they mostly missed */
  private tailSkips = 0;
  /** writes done on their tails (hits) and tried on tails found changed (misses), since the start */
  readonly tailStats = { hits: 0, misses: 0 };

  constructor(
    store: { url: string; schema?: string },
    private readonly known: Set<string>,
    /** readings before this (ms) may be deleted by the retention (undefined: retention off) */
    private readonly retainedFrom: () => number | undefined = () => undefined,
  ) {
    const options = store.schema ? { options: `-c search_path=${store.schema}` } : {};
    // the compaction's own connection (listing, vacuum): never one the write path waits for
    this.side = new pg.Pool({ connectionString: store.url, max: 1, idleTimeoutMillis: 10_000, allowExitOnIdle: true, ...options });
    this.side.on('error', () => undefined);
    this.pool = new pg.Pool({
      connectionString: store.url,
      // one connection writes (one commit at a time: group commit), the other answers the write path's reads meanwhile
      max: 2,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
      ...(store.schema ? { options: `-c search_path=${store.schema}` } : {}),
    });
    this.pool.on('error', () => undefined);
  }

  private async ensurePartitions(c: pg.PoolClient, rows: ReadingRow[]) {
    let from = 0;
    let to = 0;
    const months = new Map<string, { from: number; to: number }>();
    for (const r of rows) {
      if (r.ts >= from && r.ts < to) continue;
      const m = monthOf(r.ts);
      ({ from, to } = m);
      if (!this.known.has(m.name)) months.set(m.name, m);
    }
    for (const [name, m] of months) {
      try {
        await c.query(`create table if not exists ${quoteId(name)} partition of reading for values from (${m.from}) to (${m.to})`);
      } catch {
        // created concurrently, or rows of that month already sit in the default partition: they stay there
      }
      this.known.add(name);
    }
  }

  private static copyText(rows: ReadingRow[]): string {
    const parts: string[] = [];
    for (const r of rows) parts.push(`${r.deviceId}\t${r.dataId}\t${r.ts}\t${r.value}\t${r.status}\n`);
    return parts.join('');
  }

  /**
   * COPY of `text` into `table`, after the statements in `head` in the same round trip. Resolves the first column of
   * the last row a head statement returned, as text (node-postgres hands a query's rows to its submittable's
   * `handleDataRow`; the COPY stream has none of its own).
   */
  private static async copy(c: pg.PoolClient, table: string, text: string, head = ''): Promise<string | undefined> {
    let value: string | undefined;
    const stream = Object.assign(c.query(copyFrom(`${head}copy ${table} (device_id, data_id, ts, value, status) from stdin`)), {
      handleRowDescription() {},
      handleDataRow(msg: { fields: (string | null)[] }) {
        value = msg.fields[0] ?? undefined;
      },
    });
    await new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
      stream.end(text);
    });
    return value;
  }

  /**
   * Begins the transaction and COPies the readings straight into the table, in one round trip; when one of
   * them is already stored (a repeat), the transaction is started again and the batch goes through the
   * staging table and one upsert instead. With `autocommit` (nothing else to write) the COPY is its own
   * transaction, committed in the same round trip (committed true); after a repeat the staging transaction is
   * left open (committed false). Resolves the transaction's id too (the row version of the cells it wrote).
   */
  private async writeReadings(c: pg.PoolClient, rows: ReadingRow[], guard: string, autocommit = false): Promise<{ committed: boolean; xid: string }> {
    const text = PgSeries.copyText(rows);
    try {
      // the guard (compaction lock, no day rows in the way), then the readings' pyramid cells merged ahead of the COPY in
      // the same transaction (explicit, or the implicit one of a multi-statement query): valid because every reading is
      // new, else the COPY fails and all of it rolls back
      const xid = await PgSeries.copy(c, 'reading', text, `${autocommit ? '' : 'begin;\n'}${guard};\n${pgCellMerge(cellsOf(rows))};\n`);
      return { committed: true, xid: xid ?? '' };
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
    }
    // started again (a multi-statement query: one result per statement, the guard's last)
    const restarted = (await c.query(`${autocommit ? '' : 'rollback;\n'}begin;\n${guard}`)) as unknown as pg.QueryResult<{ xid: string }>[];
    const guarded = restarted[restarted.length - 1] as pg.QueryResult<{ xid: string }>;
    // the last of several writes of one reading wins, as if they were written one by one
    const last = new Map<string, ReadingRow>();
    for (const r of rows) {
      const key = `${r.deviceId}:${r.dataId}:${r.ts}`;
      last.delete(key);
      last.set(key, r);
    }
    await PgSeries.copy(c, 'ems_reading_in', last.size === rows.length ? text : PgSeries.copyText([...last.values()]));
    await c.query({
      name: 'ems_ts_upsert_staged',
      text: `insert into reading (device_id, data_id, ts, value, status) select device_id, data_id, ts, value, status from ems_reading_in
        on conflict (device_id, data_id, ts) do update set value = excluded.value, status = excluded.status`,
    });
    // a repeat: the touched pyramid cells recomputed from their stored readings (this write's included)
    const cells = new Map<string, [number, number, number]>();
    for (const r of last.values()) {
      const b = cellStart(r.ts);
      cells.set(`${r.deviceId}:${r.dataId}:${b}`, [r.deviceId, r.dataId, b]);
    }
    const keys = [...cells.values()];
    const stored = await c.query<ReadingRow>({
      name: 'ems_ts_cell_readings',
      text: PG_CELL_READINGS_SQL,
      values: [keys.map((x) => x[0]), keys.map((x) => x[1]), keys.map((x) => x[2])],
    });
    const recomputed = cellsOf(stored.rows.map((r) => ({ deviceId: r.deviceId, dataId: r.dataId, ts: Number(r.ts), value: Number(r.value), status: Number(r.status) })));
    if (recomputed.length > 0) await c.query(pgCellSql('overwrite', recomputed));
    return { committed: false, xid: guarded.rows[0]?.xid ?? '' };
  }

  /**
   * Reads the windows of the touched series as stored before this write's readings (on the pool's other connection,
   * while the write's COPY runs on its own: that one is not committed yet, so this sees the committed state the write
   * starts from). The window bounds are the same as read after the write: the readings before the earliest and after
   * the latest touched ts, and the 15-min boundaries around them, lie outside the touched range (or are its own ends).
   */
  private static readWindows(q: pg.Pool, series: TouchedSeries[]) {
    // every touched series' window (reading before the earliest touched ts, after the latest, widened to whole 15-min
    // intervals; ts > 0 so integer division floors) with its readings and declared resets, in one query; the offset 0s keep
    // each lookup evaluated once per series and the window readings read by index per series; rows in any order (the plan
    // sorts them). The window's end is looked for only after a reading after the latest touched ts (a late write), and its
    // day rows only for a window starting no later than the day after the last day compacted (series_days_mark).
    const col = <T>(f: (s: TouchedSeries) => T) => series.map(f);
    return q.query<WindowRow>({
      name: 'ems_ts_windows',
      text: `with s(d, k, mn, mx) as (select * from unnest($1::int[], $2::int[], $3::bigint[], $4::bigint[])),
      w as materialized (
        select s.d, s.k,
          coalesce(${PG_ROW_BEFORE('s.d', 's.k', `p.prev / ${Q15} * ${Q15}`, '<=')},
            ${PG_DAY_ROWS_BEFORE('s.d', 's.k', `p.prev / ${Q15} * ${Q15}`, '<=')}, p.prev) as lo,
          case when p.nxt is null then s.mx else
            coalesce((select ts from reading r where r.device_id = s.d and r.data_id = s.k and r.ts >= (p.nxt + ${Q15 - 1}) / ${Q15} * ${Q15} order by ts limit 1), p.nxt) end as hi
        from s cross join lateral (select
          coalesce(${PG_ROW_BEFORE('s.d', 's.k', 's.mn', '<')},
            ${PG_DAY_ROWS_BEFORE('s.d', 's.k', 's.mn', '<')}, s.mn) as prev,
          (select ts from reading r where r.device_id = s.d and r.data_id = s.k and r.ts > s.mx order by ts limit 1) as nxt offset 0) p)
      select 0 as t, w.d, w.k, r.ts, r.a, r.b
        from w cross join lateral (select r.ts, r.value as a, r.status::float8 as b from reading r
          where r.device_id = w.d and r.data_id = w.k and r.ts >= w.lo and r.ts <= w.hi offset 0) r
      union all
      select 0 as t, w.d, w.k, x.day + u.o, u.v, coalesce(u.s, 0)::float8
        from w cross join lateral (select x.day, x.ts_off, x.value, x.status from reading_day x
          where x.device_id = w.d and x.data_id = w.k and x.day > w.lo - ${DAY_MS} and x.day <= w.hi offset 0) x
        cross join lateral unnest(x.ts_off, x.value, x.status) as u(o, v, s)
        where w.lo - ${DAY_MS} < ${DAYS_MARK_SQL} and x.day + u.o >= w.lo and x.day + u.o <= w.hi
      union all
      select 1, w.d, w.k, c.ts, c.a, c.b
        from w cross join lateral (select c.ts, c.closing as a, c.opening as b from counter_reset c
          where c.device_id = w.d and c.data_id = w.k and c.ts > w.lo and c.ts <= w.hi offset 0) c`,
      values: [col((x) => x.deviceId), col((x) => x.dataId), col((x) => x.minTs), col((x) => x.maxTs)],
    });
  }

  /** The stored windows and declared resets of the touched series as the windows query read them, by series key. */
  private static windowsOf(res: pg.QueryResult<WindowRow>, series: TouchedSeries[]): Windows {
    const windows = new Map<string, WindowReading[]>(series.map((s) => [seriesKey(s), []]));
    const resets = new Map<string, WindowReset[]>();
    for (const r of res.rows) {
      const key = `${r.d}:${r.k}`;
      if (r.t === 0) {
        let list = windows.get(key);
        if (!list) windows.set(key, (list = []));
        list.push({ ts: Number(r.ts), value: r.a, status: r.b });
      } else {
        let list = resets.get(key);
        if (!list) resets.set(key, (list = []));
        list.push({ ts: Number(r.ts), closing: r.a, opening: r.b });
      }
    }
    return { windows, resets };
  }

  /**
   * The statements that write the rollups of the touched series: their stored windows with this write's readings
   * added (a repeat replaces the stored reading: the plan keeps the last reading of a ts), planned. Appends the
   * readings to the windows' lists, which then hold every stored reading of the window after the write.
   */
  private static rollupStatements({ windows, resets }: Windows, series: TouchedSeries[], rows: ReadingRow[], plan: PlanFn, from: SeriesFrom): string[] {
    // a 15-min bucket written on a day before the earliest reading's (a reading after a gap, or just after midnight): the
    // guard again for those days
    const earlier: SeriesFrom = new Map();
    const iv = { d: [] as number[], k: [] as number[], b: [] as number[], v: [] as (number | null)[], q: [] as number[], g: [] as number[] };
    const parents = { hour: [[], [], [], []] as number[][], day: [[], [], [], []] as number[][], month: [[], [], [], []] as number[][] };
    const lists = new BySeries<WindowReading[]>();
    for (const s of series) {
      const list = windows.get(seriesKey(s));
      if (list) lists.set(s.deviceId, s.dataId, list);
    }
    for (const r of rows) lists.get(r.deviceId, r.dataId)?.push({ ts: r.ts, value: r.value, status: r.status });
    for (const s of series) {
      const key = seriesKey(s);
      const p = plan(s, windows.get(key) ?? [], resets.get(key) ?? []);
      const first = p.intervals[0];
      const written = from.get(key);
      if (first && (!written || Math.floor(first.start / DAY_MS) < Math.floor(written[2] / DAY_MS))) {
        for (const i of p.intervals) noteFrom(earlier, s.deviceId, s.dataId, i.start);
      }
      for (const i of p.intervals) {
        iv.d.push(s.deviceId);
        iv.k.push(s.dataId);
        iv.b.push(i.start);
        iv.v.push(i.value);
        iv.q.push(i.status);
        iv.g.push(good(i));
      }
      for (const [g] of GRAINS) {
        const cols = parents[g];
        for (const [a, b] of p[g]) {
          cols[0]!.push(s.deviceId);
          cols[1]!.push(s.dataId);
          cols[2]!.push(a);
          cols[3]!.push(b);
        }
      }
    }
    // the rollup writes as one multi-statement text (arrays as literals of numbers only), run with the commit in one round trip
    const out: string[] = earlier.size > 0 ? [guardSql(earlier)] : [];
    if (iv.d.length > 0) out.push(`execute ems_rollup_15m(${ints(iv.d)}, ${ints(iv.k)}, ${ints(iv.b)}, ${floats(iv.v)}, ${ints(iv.q)}, ${ints(iv.g)})`);
    for (const [g] of GRAINS) {
      const [d, k, from, to] = parents[g] as [number[], number[], number[], number[]];
      if (d.length > 0) out.push(`execute ems_rollup_${g}(${ints(d)}, ${ints(k)}, ${ints(from)}, ${ints(to)})`);
    }
    return out;
  }

  async devices(projectId: number, ids: number[]): Promise<Map<number, string>> {
    const res = await this.pool.query<{ id: number; attrs: string }>({
      name: 'ems_ts_devices',
      text: 'select id, attrs from node where project_id = $1 and id = any($2::int[])',
      values: [projectId, ids],
    });
    return new Map(res.rows.map((r) => [Number(r.id), r.attrs]));
  }

  /**
   * Writes in one transaction; when the guard finds day rows of a touched series in the way (a late reading), moves them
   * back to rows (PG_REOPEN_SQL, its own transaction under the same lock) and writes again.
   */
  async write(rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn): Promise<void> {
    const from = earliestOf(rows, series);
    for (let attempt = 0; ; attempt++) {
      try {
        await this.writeOnce(rows, series, plan, from);
        this.noteDays(rows);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== REOPEN_CODE || attempt >= 3) throw err;
        await this.reopen(from);
      }
    }
  }

  /** Moves the day rows of the series from the day of their earliest ts on (and two before) back to rows. */
  private async reopen(from: SeriesFrom): Promise<void> {
    const keys = [...from.values()];
    const c = await this.pool.connect();
    try {
      await c.query(`begin; select pg_advisory_xact_lock_shared(${SERIES_DAYS_LOCK})`);
      // the reopened days' month partitions exist: the rows were written there before they moved (a truncated
      // partition is kept, only emptied)
      await c.query({ text: PG_REOPEN_SQL, values: [keys.map((x) => x[0]), keys.map((x) => x[1]), keys.map((x) => x[2])] });
      await c.query('commit');
    } catch (err) {
      await c.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      c.release();
    }
  }

  /**
   * Moves the closed days of every series into day rows (compaction.ts): the series and their row ranges read once,
   * then a transaction per batch, each run between two commits of the write path (`exclusive`) under the exclusive
   * lock; the tables vacuumed after a run that moved anything (their freed pages reused by the next days' rows).
   */
  async compact(now: number, exclusive: <T>(task: () => Promise<T>) => Promise<T>, graceMs = COMPACT_GRACE_MS): Promise<CompactionResult> {
    const out: CompactionResult = { days: 0, days15: 0, batches: 0, problems: [] };
    const side = this.side;
    for (let pass = 0; pass < 1000; pass++) {
      const listed = await side.query<{ d: number; k: number; mn: string; mx: string }>(PG_ROW_SERIES_SQL);
      const { candidates, more } = compactionCandidates(listed.rows, now, graceMs);
      if (candidates.length === 0) break;
      let moved = 0;
      for (const batch of compactionBatches(candidates)) {
        await exclusive(async () => {
          const c = await this.pool.connect();
          try {
            await c.query(`begin; select pg_advisory_xact_lock(${SERIES_DAYS_LOCK})`);
            const r = await c.query<{ days: string; days15: string }>({
              name: 'ems_ts_compact',
              text: PG_COMPACT_SQL,
              values: [batch.map((x) => x.deviceId), batch.map((x) => x.dataId), batch.map((x) => x.cut)],
            });
            // the last day a series of the batch may now have in day rows: the day before its cut
            const last = Math.max(...batch.map((x) => x.cut)) - DAY_MS;
            await c.query(`insert into series_days_mark (id, max_day) values (1, ${last})
              on conflict (id) do update set max_day = greatest(series_days_mark.max_day, excluded.max_day); commit`);
            out.batches++;
            const first = r.rows[0];
            if (first) {
              out.days += Number(first.days);
              out.days15 += Number(first.days15);
              moved += Number(first.days) + Number(first.days15);
            }
          } catch (err) {
            await c.query('rollback').catch(() => undefined);
            out.problems.push(`series ${batch[0]!.deviceId}:${batch[0]!.dataId} …: ${(err as Error).message}`);
          } finally {
            c.release();
          }
        });
      }
      if (!more || moved === 0) break;
    }
    if (out.days + out.days15 > 0) {
      await exclusive(() => this.truncateEmptyMonths(Math.floor((now - graceMs) / DAY_MS) * DAY_MS, out));
      for (const table of COMPACT_VACUUM) {
        await side.query(`vacuum ${table}`).catch((err: Error) => out.problems.push(`vacuum ${table}: ${err.message}`));
      }
    }
    return out;
  }

  /** the latest UTC day of a reading written by this process, and who hears of a later one */
  private lastDay = -Infinity;
  onNewDay: (() => void) | undefined;

  private noteDays(rows: ReadingRow[]) {
    if (!this.onNewDay) return;
    let max = -Infinity;
    for (const r of rows) if (r.ts > max) max = r.ts;
    const day = Math.floor(max / DAY_MS);
    if (day > this.lastDay) {
      const first = this.lastDay === -Infinity;
      this.lastDay = day;
      if (!first) this.onNewDay();
    }
  }

  /**
   * Truncates each month partition of `reading` wholly before `closedBefore` that holds no row any more (every day
   * moved into day rows) but still has pages: VACUUM gives a B-tree's pages back to nothing but the same index, so a
   * month's primary key would keep the size of the rows it held before they moved. Under the exclusive lock (no write
   * can add a row meanwhile); waits at most 1 s for the readers of the partition, else leaves it for the next run.
   */
  private async truncateEmptyMonths(closedBefore: number, out: CompactionResult): Promise<void> {
    const parts = await this.side.query<{ name: string; bound: string; bytes: string }>(`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound,
        pg_total_relation_size(c.oid) as bytes from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'reading'::regclass`);
    for (const p of parts.rows) {
      const m = /TO \('?(-?\d+)'?\)/.exec(p.bound);
      if (!m || Number(m[1]) > closedBefore || Number(p.bytes) <= 3 * 8192) continue;
      const c = await this.pool.connect();
      try {
        await c.query(`begin; select pg_advisory_xact_lock(${SERIES_DAYS_LOCK}); set local lock_timeout = '1s'`);
        const rows = await c.query(`select 1 from ${quoteId(p.name)} limit 1`);
        if (rows.rows.length === 0) await c.query(`truncate ${quoteId(p.name)}`);
        await c.query('commit');
      } catch (err) {
        await c.query('rollback').catch(() => undefined);
        // a reader in the way (lock_timeout): the next run tries again
        if ((err as { code?: string }).code !== '55P03') out.problems.push(`truncate ${p.name}: ${(err as Error).message}`);
      } finally {
        c.release();
      }
    }
  }

  /**
   * The tails of the series when every one is known and the write starts after its newest reading (a write in time
   * order), else undefined.
   */
  private tailsFor(series: TouchedSeries[]): Map<string, Tail> | undefined {
    // mostly missing lately: tried again one write in TAIL_RETRY_EVERY
    if (this.tailMisses > 0.5 && ++this.tailSkips % TAIL_RETRY_EVERY !== 0) return undefined;
    // the retention deletes only readings before its cutoff, which is before this one (and keeps the cells, which the
    // check compares): a tail from this on is still whole
    const retained = this.retainedFrom() ?? -Infinity;
    const out = new Map<string, Tail>();
    for (const s of series) {
      const key = seriesKey(s);
      const tail = this.tails.get(key);
      if (!tail || (tail.rows[tail.rows.length - 1] as WindowReading).ts >= s.minTs || (tail.rows[0] as WindowReading).ts < retained) return undefined;
      out.set(key, tail);
    }
    return out;
  }

  /**
   * Keeps the tails of the series after a committed write, from `w` (the windows the write planned from, with its
   * readings appended: every stored reading of each window). A window with a reading after the write's latest (a late
   * write: the window ends there, later readings unread) or a declared reset gives no tail.
   */
  private keepTails(w: Windows, series: TouchedSeries[], rows: ReadingRow[], xid: string): void {
    if (this.tails.size > TAILS_MAX) this.tails.clear();
    // per series the hours of the write's readings: their cells now carry the write's xid
    const written = new BySeries<Set<number>>();
    for (const s of series) written.set(s.deviceId, s.dataId, new Set());
    for (const r of rows) written.get(r.deviceId, r.dataId)?.add(cellStart(r.ts));
    for (const s of series) {
      const key = seriesKey(s);
      const list = w.windows.get(key) ?? [];
      const late = (w.resets.get(key)?.length ?? 0) > 0 || list.some((r) => r.ts > s.maxTs);
      const tail = late || !xid ? undefined : nextTail(list, written.get(s.deviceId, s.dataId) as Set<number>, xid, this.tails.get(key));
      if (tail) this.tails.set(key, tail);
      else this.tails.delete(key);
    }
  }

  /**
   * A write in time order of series whose tails are known, in one round trip as the floor's COPY: the guard with the
   * check of the tails, the rollups planned from the tails, the pyramid cells and the COPY of the readings, one
   * implicit transaction committed at the end of the query. Resolves false, nothing written, when a tail is not as
   * stored or a reading repeats a stored one (the tails of the series are forgotten: the write is done again the long way).
   */
  private async writeAhead(c: pg.PoolClient, rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn, from: SeriesFrom, tails: Map<string, Tail>) {
    const w: Windows = { windows: new Map(), resets: new Map() };
    const checks: TailCheck[] = [];
    for (const s of series) {
      const tail = tails.get(seriesKey(s)) as Tail;
      w.windows.set(seriesKey(s), [...tail.rows]);
      checks.push({ deviceId: s.deviceId, dataId: s.dataId, tail });
    }
    const writes = PgSeries.rollupStatements(w, series, rows, plan, from);
    const head = [guardSql(from, checks), ...writes, pgCellMerge(cellsOf(rows))].map((x) => `${x};\n`).join('');
    let xid: string | undefined;
    try {
      xid = await PgSeries.copy(c, 'reading', PgSeries.copyText(rows), head);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== TAIL_CODE && code !== '23505') throw err;
      for (const s of series) this.tails.delete(seriesKey(s));
      if (code === TAIL_CODE) {
        this.tailMisses = this.tailMisses * 0.9 + 0.1;
        this.tailStats.misses++;
      }
      return false;
    }
    this.tailMisses *= 0.9;
    this.tailStats.hits++;
    this.keepTails(w, series, rows, xid ?? '');
    return true;
  }

  private async writeOnce(rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn, from: SeriesFrom): Promise<void> {
    const c = await this.pool.connect();
    let broken: Error | undefined;
    try {
      if (rows.length > 0) await this.ensurePartitions(c, rows);
      if (!this.staged.has(c)) {
        await c.query(`create temporary table if not exists ems_reading_in (device_id integer not null, data_id integer not null, ts bigint not null,
          value double precision not null, status smallint not null) on commit delete rows;
          ${[PG_CELL_MERGE_PREPARE, ...PG_ROLLUP_PREPARE].join(';\n')}`);
        this.staged.add(c);
      }
      // a write in time order of series whose tails are known: one round trip
      const tails = rows.length > 0 && series.length > 0 ? this.tailsFor(series) : undefined;
      if (tails && (await this.writeAhead(c, rows, series, plan, from, tails))) return;
      const guard = guardSql(from);
      // else the windows read on the other connection while this one begins and COPies the readings; then the rollups and the commit
      const windows = series.length > 0 ? PgSeries.readWindows(this.pool, series) : undefined;
      windows?.catch(() => undefined);
      try {
        let xid = '';
        if (rows.length === 0) await c.query(`begin;\n${guard}`);
        else if (windows) ({ xid } = await this.writeReadings(c, rows, guard));
        // readings of no counter series: the COPY is its own transaction, committed in the same round trip
        else if ((await this.writeReadings(c, rows, guard, true)).committed) return;
        const w = windows ? PgSeries.windowsOf(await windows, series) : undefined;
        const writes = w ? PgSeries.rollupStatements(w, series, rows, plan, from) : [];
        await c.query([...writes, 'commit'].join(';\n'));
        if (w) this.keepTails(w, series, rows, xid);
      } catch (err) {
        await c.query('rollback').catch((e: Error) => (broken = e));
        throw err;
      }
    } catch (err) {
      for (const s of series) this.tails.delete(seriesKey(s));
      // a connection that failed mid-COPY or mid-rollback is not reused
      if ((err as { code?: string }).code === undefined) broken ??= err as Error;
      throw err;
    } finally {
      c.release(broken);
    }
  }
}

const pgSides = new WeakMap<Db, PgSeries>();

function pgSide(ems: Ems): PgSeries {
  let side = pgSides.get(ems.db);
  if (!side) {
    const config = ems.config;
    if (config.store.kind !== 'postgres') throw new Error('not a PostgreSQL store');
    let known = knownPartitions.get(ems.db);
    if (!known) knownPartitions.set(ems.db, (known = new Set()));
    side = new PgSeries(config.store, known, () => retentionAcceptFrom(config, config.now()));
    pgSides.set(ems.db, side);
  }
  return side;
}

function committer(ems: Ems): GroupCommit {
  let c = committers.get(ems.db);
  if (!c) {
    const commit: CommitFn = ems.kind === 'sqlite' ? (r, s, p) => sqliteSide(ems).write(r, s, p) : (r, s, p) => pgSide(ems).write(r, s, p);
    committers.set(ems.db, (c = new GroupCommit(commit)));
  }
  return c;
}

/** PostgreSQL: the writes done on their series tails and those that found a tail changed (tails.ts), since the start. */
export function pgTailStats(ems: Ems): { hits: number; misses: number } {
  return ems.config.store.kind === 'postgres' ? { ...pgSide(ems).tailStats } : { hits: 0, misses: 0 };
}

/**
 * PostgreSQL: moves the closed days of every series into day rows (compaction.ts), between the write path's commits;
 * `now` (default the server clock) decides which days are closed. SQLite keeps rows: nothing to do.
 */
export async function compactSeriesDays(ems: Ems, now = ems.config.now(), graceMs?: number): Promise<CompactionResult> {
  if (ems.kind !== 'postgres') return { days: 0, days15: 0, batches: 0, problems: [] };
  const c = committer(ems);
  return pgSide(ems).compact(now, (task) => c.exclusive(task), graceMs);
}

/** PostgreSQL: `fn` is called after a commit that wrote readings of a UTC day later than any written before by this process. */
export function onNewReadingDay(ems: Ems, fn: (() => void) | undefined): void {
  if (ems.kind === 'postgres') pgSide(ems).onNewDay = fn;
}

/** Waits for the writes in hand, then closes the write-path connections of a store (app close). */
export async function closeTimeseriesStore(ems: Ems): Promise<void> {
  await committers.get(ems.db)?.idle();
  committers.delete(ems.db);
  const side = sqliteSides.get(ems.db);
  if (side) {
    side.conn.close();
    sqliteSides.delete(ems.db);
  }
  const p = pgSides.get(ems.db);
  if (p) {
    pgSides.delete(ems.db);
    await p.pool.end();
    await p.side.end();
  }
}

/** All SQL of readings, rollups and the data-point catalogue. */
export function timeseriesRepository(ems: Ems) {
  const db = ems.db;

  return {
    async catalogue() {
      return db.selectFrom('data_point').selectAll().orderBy('data_id').execute();
    },

    async projectTimezone(projectId: number): Promise<string | undefined> {
      const row = await db.selectFrom('project').select('timezone').where('id', '=', projectId).executeTakeFirst();
      return row?.timezone;
    },

    /** Nodes of the project among the ids, with their attrs JSON text. */
    async projectDevices(projectId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      // the write path's own connection and a prepared statement: this runs once per ingested message
      return ems.kind === 'sqlite' ? sqliteSide(ems).devices(projectId, ids) : pgSide(ems).devices(projectId, ids);
    },

    /**
     * Upserts the readings and recomputes the rollups of the touched counter series, in one
     * transaction (shared with the writes that arrive alongside: group commit); resolves once committed.
     */
    write(rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn): Promise<void> {
      return committer(ems).submit(rows, series, plan);
    },

    async upsertReset(r: { deviceId: number; dataId: number; ts: number; closing: number; opening: number }) {
      await db
        .insertInto('counter_reset')
        .values({ device_id: r.deviceId, data_id: r.dataId, ts: r.ts, closing: r.closing, opening: r.opening })
        .onConflict((oc) => oc.columns(['device_id', 'data_id', 'ts']).doUpdateSet({ closing: r.closing, opening: r.opening }))
        .execute();
    },

    /** By device then bucket; at most `limit` rows when given (the caller reads on from the last bucket). */
    async rollups(table: 'rollup_15m' | 'rollup_hour' | 'rollup_day' | 'rollup_month', deviceIds: number[], dataId: number, from: number, to: number, limit?: number) {
      if (deviceIds.length === 0) return [];
      return db
        .selectFrom(rollupRows(ems.kind, table, from, to).as(table))
        .selectAll()
        .where('device_id', 'in', deviceIds)
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .orderBy('device_id')
        .orderBy('bucket_start')
        .$if(limit !== undefined, (qb) => qb.limit(limit as number))
        .execute();
    },

    async readings(deviceId: number, dataId: number, from: number, to: number) {
      return db
        .selectFrom(readingRows(ems.kind, from, to).as('reading'))
        .select(['ts', 'value', 'status'])
        .where('device_id', '=', deviceId)
        .where('data_id', '=', dataId)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .orderBy('ts')
        .execute();
    },
  };
}

export type TimeseriesRepository = ReturnType<typeof timeseriesRepository>;
