import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { bucketEnd, bucketStart, isGood, toIntervals, worstStatus, type CounterParams, type DeclaredReset, type Reading } from '@ems/domain';
import type { Ems } from '../context.js';
import { cellsOf, cellValues, pgCellSql, sqliteCellSql } from '../modules/timeseries/pyramid.js';

/**
 * The bulk path of the initial seed: one chunk (a local day, or any range whose hour and day
 * buckets hold no other stored intervals) of readings written with the 15-min intervals and the
 * hour and day rollups computed here in one pass (the same domain functions as the write path:
 * toIntervals, worst status, sums) and the month rollups re-aggregated in SQL from the day rows —
 * as writeBatch does. sim.test.ts proves the rollups equal writeBatch's on a sample.
 */
export interface CounterChunk {
  deviceId: number;
  dataId: number;
  params: CounterParams;
  /** sorted readings covering [from, to] plus the reading before `from` and the one at/after `to` */
  window: Reading[];
  resets: DeclaredReset[];
}

export interface ReadingRow {
  deviceId: number;
  dataId: number;
  ts: number;
  value: number;
  status: number;
}

export interface Chunk {
  /** interval starts in [from, to) are written */
  from: number;
  to: number;
  counters: CounterChunk[];
  /** readings to store (counters in the range and instantaneous values) */
  readings: ReadingRow[];
  resets: (DeclaredReset & { deviceId: number; dataId: number })[];
}

interface AggRow {
  d: number;
  k: number;
  b: number;
  v: number | null;
  q: number;
  n: number;
  g: number;
}

const calendars = new Map<string, { hour: Map<number, number>; day: Map<number, number> }>();

/** The rows a chunk adds: 15-min intervals, hours, days, and the months to re-aggregate. */
export function chunkRollups(chunk: Chunk, timeZone: string): { r15: AggRow[]; hour: AggRow[]; day: AggRow[]; months: [number, number, number, number][] } {
  let cal = calendars.get(timeZone);
  if (!cal || cal.hour.size > 200_000) {
    cal = { hour: new Map(), day: new Map() };
    calendars.set(timeZone, cal);
  }
  const hourOf = (t: number) => {
    let h = cal.hour.get(t);
    if (h === undefined) {
      h = bucketStart(t, 'hour', timeZone);
      cal.hour.set(t, h);
    }
    return h;
  };
  const dayOf = (h: number) => {
    let d = cal.day.get(h);
    if (d === undefined) {
      d = bucketStart(h, 'day', timeZone);
      cal.day.set(h, d);
    }
    return d;
  };
  const r15: AggRow[] = [];
  const hour: AggRow[] = [];
  const day: AggRow[] = [];
  const months = new Map<string, [number, number, number, number]>();
  const fold = (list: AggRow[], key: number, c: { d: number; k: number; v: number | null; q: number; n: number; g: number }) => {
    const last = list[list.length - 1];
    if (last && last.d === c.d && last.k === c.k && last.b === key) {
      if (c.v !== null) last.v = (last.v ?? 0) + c.v;
      last.q = worstStatus(last.q, c.q);
      last.n += c.n;
      last.g += c.g;
    } else list.push({ d: c.d, k: c.k, b: key, v: c.v, q: c.q, n: c.n, g: c.g });
  };
  for (const s of chunk.counters) {
    const intervals = toIntervals(s.window, { ...s.params, resets: s.resets });
    const hStart = hour.length;
    const dStart = day.length;
    for (const iv of intervals) {
      if (iv.start < chunk.from || iv.start >= chunk.to) continue;
      const g = iv.value !== null && isGood(iv.status) ? 1 : 0;
      r15.push({ d: s.deviceId, k: s.dataId, b: iv.start, v: iv.value, q: iv.status, n: 1, g });
      fold(hour, hourOf(iv.start), { d: s.deviceId, k: s.dataId, v: iv.value, q: iv.status, n: 1, g });
    }
    for (let i = hStart; i < hour.length; i++) {
      const h = hour[i] as AggRow;
      const d = dayOf(h.b);
      fold(day, d, { d: h.d, k: h.k, v: h.v, q: h.q, n: h.n, g: h.g });
    }
    // this series' day rows: the ones folded in above (a day row is only ever merged into the last one, of the same series)
    for (let i = Math.max(0, dStart - 1); i < day.length; i++) {
      const dRow = day[i] as AggRow;
      if (dRow.d !== s.deviceId || dRow.k !== s.dataId) continue;
      const m = bucketStart(dRow.b, 'month', timeZone);
      months.set(`${s.deviceId}:${s.dataId}:${m}`, [s.deviceId, s.dataId, m, bucketEnd(m, 'month', timeZone)]);
    }
  }
  return { r15, hour, day, months: [...months.values()] };
}

const monthSql = (p: string) => `
  insert into rollup_month (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
  select device_id, data_id, cast(${p} as bigint), v, case s when 4 then 3 when 3 then 4 else s end, n, g
  from (select device_id, data_id, sum(value) as v, max(case quality when 3 then 4 when 4 then 3 else quality end) as s, sum(n_intervals) as n, sum(n_good) as g
        from rollup_day where device_id = ? and data_id = ? and bucket_start >= ? and bucket_start < ?
        group by device_id, data_id) t
  where true
  on conflict (device_id, data_id, bucket_start) do update set
    value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`;
/** `n` rows of `cols` parameters: (?, ?, …), (?, ?, …), … */
const valueRows = (cols: number, n: number) => Array.from({ length: n }, () => `(${new Array<string>(cols).fill('?').join(', ')})`).join(', ');
const upsertAgg = (table: string, n = 1) => `insert into ${table} (device_id, data_id, bucket_start, value, quality, n_intervals, n_good) values ${valueRows(7, n)}
  on conflict (device_id, data_id, bucket_start) do update set value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`;
const upsertReading = (n = 1) =>
  `insert into reading (device_id, data_id, ts, value, status) values ${valueRows(5, n)} on conflict (device_id, data_id, ts) do update set value = excluded.value, status = excluded.status`;

/**
 * Rows per statement of the SQLite writer: a chunk's readings and rollups go in BATCH at a time
 * (one multi-row insert, in the same order, the same upsert per row), the rest one by one; a
 * statement per row spent as much on its call and bindings as on the insert.
 */
const BATCH = 100;
const putReading = (r: ReadingRow, a: unknown[], o: number) => {
  a[o] = r.deviceId;
  a[o + 1] = r.dataId;
  a[o + 2] = r.ts;
  a[o + 3] = r.value;
  a[o + 4] = r.status;
};
const putAgg = (r: AggRow, a: unknown[], o: number) => {
  a[o] = r.d;
  a[o + 1] = r.k;
  a[o + 2] = r.b;
  a[o + 3] = r.v;
  a[o + 4] = r.q;
  a[o + 5] = r.n;
  a[o + 6] = r.g;
};
/** Inserts `rows` through `many` (BATCH rows a statement, `cols` parameters a row) and the remainder through `one`. */
function insertAll<T>(rows: readonly T[], cols: number, one: SQLite.Statement, many: SQLite.Statement, args: unknown[], put: (r: T, a: unknown[], o: number) => void) {
  let i = 0;
  for (; i + BATCH <= rows.length; i += BATCH) {
    for (let j = 0; j < BATCH; j++) put(rows[i + j] as T, args, j * cols);
    many.run(args);
  }
  for (; i < rows.length; i++) {
    put(rows[i] as T, args, 0);
    one.run(args.slice(0, cols));
  }
}

/** Progress recorded in the chunk's own transaction: sim_state.done_from of the project. */
export interface ChunkProgress {
  projectId: number;
  doneFrom: number;
  updatedAt: number;
}

/** A chunk writer over the store. */
export interface BulkWriter {
  write(chunk: Chunk, timeZone: string, progress?: ChunkProgress): Promise<void>;
  close(): void;
}

const PROGRESS_SQL = 'update sim_state set done_from = ?, updated_at = ? where project_id = ?';

class SqliteBulk implements BulkWriter {
  private readonly conn: SQLite.Database;
  private readonly st;
  private progress: SQLite.Statement | undefined;
  /** the parameters of one multi-row statement (readings, rollups), reused */
  private readonly args = { reading: new Array<unknown>(BATCH * 5), agg: new Array<unknown>(BATCH * 7) };
  constructor(file: string) {
    this.conn = new SQLite(file);
    this.conn.pragma('journal_mode = WAL');
    this.conn.pragma('synchronous = NORMAL');
    this.conn.pragma('busy_timeout = 0');
    this.conn.pragma('cache_size = -262144');
    this.conn.pragma('temp_store = memory');
    // a checkpoint every ~40 MB of WAL rather than every 4 MB (the default 1000 pages): a page the next chunks
    // write again (inner pages, partly filled leaves) is copied to the database once per checkpoint, not once per
    // chunk; the seed's commits took 15.4 s CPU with the default, 10.9 s with this (and the batched inserts below)
    this.conn.pragma('wal_autocheckpoint = 10000');
    const c = this.conn;
    this.st = {
      reading: c.prepare(upsertReading()),
      readingMany: c.prepare(upsertReading(BATCH)),
      reset: c.prepare('insert into counter_reset (device_id, data_id, ts, closing, opening) values (?, ?, ?, ?, ?) on conflict (device_id, data_id, ts) do update set closing = excluded.closing, opening = excluded.opening'),
      r15: c.prepare(upsertAgg('rollup_15m')),
      r15Many: c.prepare(upsertAgg('rollup_15m', BATCH)),
      hour: c.prepare(upsertAgg('rollup_hour')),
      hourMany: c.prepare(upsertAgg('rollup_hour', BATCH)),
      day: c.prepare(upsertAgg('rollup_day')),
      month: c.prepare(monthSql('?')),
      cell: c.prepare(sqliteCellSql('merge')),
    };
  }

  async write(chunk: Chunk, timeZone: string, progress?: ChunkProgress): Promise<void> {
    const roll = chunkRollups(chunk, timeZone);
    this.progress ??= this.conn.prepare(PROGRESS_SQL);
    const tx = this.conn.transaction(() => {
      const st = this.st;
      const args = this.args;
      insertAll(chunk.readings, 5, st.reading, st.readingMany, args.reading, putReading);
      // the seed writes readings new to the store: their pyramid cells merge (a cell may straddle two chunks)
      for (const cell of cellsOf(chunk.readings)) st.cell.run(...cellValues(cell));
      for (const r of chunk.resets) st.reset.run(r.deviceId, r.dataId, r.ts, r.closing, r.opening);
      insertAll(roll.r15, 7, st.r15, st.r15Many, args.agg, putAgg);
      insertAll(roll.hour, 7, st.hour, st.hourMany, args.agg, putAgg);
      for (const r of roll.day) st.day.run(r.d, r.k, r.b, r.v, r.q, r.n, r.g);
      for (const [d, k, a, b] of roll.months) st.month.run(a, d, k, a, b);
      if (progress) this.progress?.run(progress.doneFrom, progress.updatedAt, progress.projectId);
    });
    for (let attempt = 0; ; attempt++) {
      try {
        tx.immediate();
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || attempt > 1000) throw err;
        await new Promise((r) => setTimeout(r, Math.min(50, 1 + attempt)));
      }
    }
  }

  close() {
    this.conn.close();
  }
}

const knownPartitions = new Set<string>();

class PgBulk implements BulkWriter {
  constructor(private readonly ems: Ems) {}

  async write(chunk: Chunk, timeZone: string, progress?: ChunkProgress): Promise<void> {
    const db = this.ems.db;
    const roll = chunkRollups(chunk, timeZone);
    const months = new Map<string, [number, number]>();
    for (const r of chunk.readings) {
      const d = new Date(r.ts);
      const y = d.getUTCFullYear();
      const m = d.getUTCMonth();
      const name = `reading_p${y}${String(m + 1).padStart(2, '0')}`;
      if (!knownPartitions.has(name)) months.set(name, [Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1)]);
    }
    for (const [name, [a, b]] of months) {
      try {
        await sql`create table if not exists ${sql.id(name)} partition of reading for values from (${sql.lit(a)}) to (${sql.lit(b)})`.execute(db);
      } catch {
        // exists, or rows of that month already sit in the default partition
      }
      knownPartitions.add(name);
    }
    await db.transaction().execute(async (tx) => {
      const rs = chunk.readings;
      for (let i = 0; i < rs.length; i += 50_000) {
        const part = rs.slice(i, i + 50_000);
        await sql`insert into reading (device_id, data_id, ts, value, status)
          select * from unnest(${part.map((r) => r.deviceId)}::int[], ${part.map((r) => r.dataId)}::int[], ${part.map((r) => r.ts)}::bigint[],
                               ${part.map((r) => r.value)}::float8[], ${part.map((r) => r.status)}::smallint[])
          on conflict (device_id, data_id, ts) do update set value = excluded.value, status = excluded.status`.execute(tx);
      }
      const cells = cellsOf(rs);
      for (let i = 0; i < cells.length; i += 20_000) await sql.raw(pgCellSql('merge', cells.slice(i, i + 20_000))).execute(tx);
      for (const r of chunk.resets) {
        await sql`insert into counter_reset (device_id, data_id, ts, closing, opening) values (${r.deviceId}, ${r.dataId}, ${r.ts}, ${r.closing}, ${r.opening})
          on conflict (device_id, data_id, ts) do update set closing = excluded.closing, opening = excluded.opening`.execute(tx);
      }
      for (const [table, rows] of [
        ['rollup_15m', roll.r15],
        ['rollup_hour', roll.hour],
        ['rollup_day', roll.day],
      ] as const) {
        for (let i = 0; i < rows.length; i += 50_000) {
          const p = rows.slice(i, i + 50_000);
          await sql`insert into ${sql.table(table)} (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
            select * from unnest(${p.map((r) => r.d)}::int[], ${p.map((r) => r.k)}::int[], ${p.map((r) => r.b)}::bigint[], ${p.map((r) => r.v)}::float8[],
                                 ${p.map((r) => r.q)}::smallint[], ${p.map((r) => r.n)}::int[], ${p.map((r) => r.g)}::int[])
            on conflict (device_id, data_id, bucket_start) do update set
              value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`.execute(tx);
        }
      }
      const ms = roll.months;
      if (ms.length > 0) {
        const c = (i: number) => ms.map((x) => x[i] as number);
        await sql`insert into rollup_month (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
          select d, k, a, v, case s when 4 then 3 when 3 then 4 else s end, n, g
          from (select w.d, w.k, w.a, sum(c.value) as v, max(case c.quality when 3 then 4 when 4 then 3 else c.quality end) as s,
                       sum(c.n_intervals) as n, sum(c.n_good) as g
                from unnest(${c(0)}::int[], ${c(1)}::int[], ${c(2)}::bigint[], ${c(3)}::bigint[]) as w(d, k, a, b)
                join rollup_day c on c.device_id = w.d and c.data_id = w.k and c.bucket_start >= w.a and c.bucket_start < w.b
                group by w.d, w.k, w.a) t
          on conflict (device_id, data_id, bucket_start) do update set
            value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`.execute(tx);
      }
      if (progress) await sql`update sim_state set done_from = ${progress.doneFrom}, updated_at = ${progress.updatedAt} where project_id = ${progress.projectId}`.execute(tx);
    });
  }

  close() {}
}

export function bulkWriter(ems: Ems): BulkWriter {
  return ems.config.store.kind === 'sqlite' ? sqliteBulkWriter(ems.config.store.file) : new PgBulk(ems);
}

/** The SQLite writer on its own connection to `file` (the seed worker's, which has no Ems). */
export function sqliteBulkWriter(file: string): BulkWriter {
  return new SqliteBulk(file);
}
