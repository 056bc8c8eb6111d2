import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Ems } from '../../context.js';
import type { Db } from '../../db/connect.js';

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
const floor15 = (t: number) => Math.floor(t / Q15) * Q15;
const ceil15 = (t: number) => Math.ceil(t / Q15) * Q15;

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
    this.conn.pragma('foreign_keys = ON');
    // never block the event loop waiting for the Kysely connection: retry asynchronously instead
    this.conn.pragma('busy_timeout = 0');
    const c = this.conn;
    const q = (i: number) => (i > 0 ? '?' : '?');
    this.st = {
      upsertReading: c.prepare(
        'insert into reading (device_id, data_id, ts, value, status) values (?, ?, ?, ?, ?) on conflict (device_id, data_id, ts) do update set value = excluded.value, status = excluded.status',
      ),
      before: c.prepare('select ts from reading where device_id = ? and data_id = ? and ts < ? order by ts desc limit 1').pluck(),
      atOrBefore: c.prepare('select ts from reading where device_id = ? and data_id = ? and ts <= ? order by ts desc limit 1').pluck(),
      after: c.prepare('select ts from reading where device_id = ? and data_id = ? and ts > ? order by ts limit 1').pluck(),
      atOrAfter: c.prepare('select ts from reading where device_id = ? and data_id = ? and ts >= ? order by ts limit 1').pluck(),
      range: c.prepare('select ts, value, status from reading where device_id = ? and data_id = ? and ts >= ? and ts <= ? order by ts'),
      resets: c.prepare('select ts, closing, opening from counter_reset where device_id = ? and data_id = ? and ts > ? and ts <= ?'),
      upsert15: c.prepare(upsert15Sql(q)),
      reaggregate: Object.fromEntries(GRAINS.map(([g, parent, child]) => [g, c.prepare(reaggregateSql(parent, child, q))])) as Record<'hour' | 'day' | 'month', SQLite.Statement>,
    };
    this.tx = c.transaction((rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn) => {
      for (const r of rows) this.st.upsertReading.run(r.deviceId, r.dataId, r.ts, r.value, r.status);
      for (const s of series) this.rollup(s, plan);
    });
  }

  private rollup(s: TouchedSeries, plan: PlanFn) {
    const { deviceId: d, dataId: k } = s;
    const prev = (this.st.before.get(d, k, s.minTs) as number | undefined) ?? s.minTs;
    const next = (this.st.after.get(d, k, s.maxTs) as number | undefined) ?? s.maxTs;
    const lo = (this.st.atOrBefore.get(d, k, floor15(prev)) as number | undefined) ?? prev;
    const hi = (this.st.atOrAfter.get(d, k, ceil15(next)) as number | undefined) ?? next;
    const window = this.st.range.all(d, k, lo, hi) as WindowReading[];
    const resets = this.st.resets.all(d, k, lo, hi) as WindowReset[];
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

/** Closes the SQLite side connection of a store (app close). */
export function closeTimeseriesStore(ems: Ems): void {
  const side = sqliteSides.get(ems.db);
  if (side) {
    side.conn.close();
    sqliteSides.delete(ems.db);
  }
}

/** Monthly reading partitions known to exist, per PostgreSQL store. */
const knownPartitions = new WeakMap<Db, Set<string>>();

function monthOf(ts: number): { name: string; from: number; to: number } {
  const d = new Date(ts);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { name: `reading_p${y}${String(m + 1).padStart(2, '0')}`, from: Date.UTC(y, m, 1), to: Date.UTC(y, m + 1, 1) };
}

/** All SQL of readings, rollups and the data-point catalogue. */
export function timeseriesRepository(ems: Ems) {
  const db = ems.db;

  async function ensurePartitions(rows: ReadingRow[]) {
    let known = knownPartitions.get(db);
    if (!known) {
      known = new Set();
      knownPartitions.set(db, known);
    }
    const months = new Map<string, { from: number; to: number }>();
    for (const r of rows) {
      const m = monthOf(r.ts);
      if (!known.has(m.name)) months.set(m.name, m);
    }
    for (const [name, m] of months) {
      try {
        await sql`create table if not exists ${sql.id(name)} partition of reading for values from (${sql.lit(m.from)}) to (${sql.lit(m.to)})`.execute(db);
      } catch {
        // created concurrently, or rows of that month already sit in the default partition: they stay there
      }
      known.add(name);
    }
  }

  async function pgWrite(rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn) {
    await ensurePartitions(rows);
    await db.transaction().execute(async (tx) => {
      if (rows.length > 0) {
        await sql`insert into reading (device_id, data_id, ts, value, status)
          select * from unnest(${rows.map((r) => r.deviceId)}::int[], ${rows.map((r) => r.dataId)}::int[], ${rows.map((r) => r.ts)}::bigint[],
                               ${rows.map((r) => r.value)}::float8[], ${rows.map((r) => r.status)}::smallint[])
          on conflict (device_id, data_id, ts) do update set value = excluded.value, status = excluded.status`.execute(tx);
      }
      if (series.length === 0) return;
      // set-based: every touched series' window bounds, readings and resets in one query each
      const col = <T>(f: (s: TouchedSeries) => T) => series.map(f);
      const bounds = (
        await sql<{ d: number; k: number; lo: number; hi: number }>`
          select s.d, s.k, coalesce(
              (select ts from reading r where r.device_id = s.d and r.data_id = s.k and r.ts <= p.prev - mod(p.prev, ${Q15}) order by ts desc limit 1), p.prev) as lo,
            coalesce(
              (select ts from reading r where r.device_id = s.d and r.data_id = s.k and r.ts >= p.nxt + mod(${Q15} - mod(p.nxt, ${Q15}), ${Q15}) order by ts limit 1), p.nxt) as hi
          from unnest(${col((x) => x.deviceId)}::int[], ${col((x) => x.dataId)}::int[], ${col((x) => x.minTs)}::bigint[], ${col((x) => x.maxTs)}::bigint[]) as s(d, k, mn, mx)
          cross join lateral (select
              coalesce((select ts from reading r where r.device_id = s.d and r.data_id = s.k and r.ts < s.mn order by ts desc limit 1), s.mn) as prev,
              coalesce((select ts from reading r where r.device_id = s.d and r.data_id = s.k and r.ts > s.mx order by ts limit 1), s.mx) as nxt) p`.execute(tx)
      ).rows.map((r) => ({ d: Number(r.d), k: Number(r.k), lo: Number(r.lo), hi: Number(r.hi) }));
      const arr = <T>(f: (b: (typeof bounds)[number]) => T) => bounds.map(f);
      const windows = new Map<string, WindowReading[]>();
      const readingsRes = await sql<{ d: number; k: number; ts: number; value: number; status: number }>`
        select w.d, w.k, r.ts, r.value, r.status
        from unnest(${arr((b) => b.d)}::int[], ${arr((b) => b.k)}::int[], ${arr((b) => b.lo)}::bigint[], ${arr((b) => b.hi)}::bigint[]) as w(d, k, lo, hi)
        join reading r on r.device_id = w.d and r.data_id = w.k and r.ts >= w.lo and r.ts <= w.hi
        order by w.d, w.k, r.ts`.execute(tx);
      for (const r of readingsRes.rows) {
        const key = `${r.d}:${r.k}`;
        let list = windows.get(key);
        if (!list) windows.set(key, (list = []));
        list.push({ ts: Number(r.ts), value: Number(r.value), status: Number(r.status) });
      }
      const resets = new Map<string, WindowReset[]>();
      const resetRes = await sql<{ d: number; k: number; ts: number; closing: number; opening: number }>`
        select w.d, w.k, c.ts, c.closing, c.opening
        from unnest(${arr((b) => b.d)}::int[], ${arr((b) => b.k)}::int[], ${arr((b) => b.lo)}::bigint[], ${arr((b) => b.hi)}::bigint[]) as w(d, k, lo, hi)
        join counter_reset c on c.device_id = w.d and c.data_id = w.k and c.ts > w.lo and c.ts <= w.hi`.execute(tx);
      for (const r of resetRes.rows) {
        const key = `${r.d}:${r.k}`;
        let list = resets.get(key);
        if (!list) resets.set(key, (list = []));
        list.push({ ts: Number(r.ts), closing: Number(r.closing), opening: Number(r.opening) });
      }
      const iv = { d: [] as number[], k: [] as number[], b: [] as number[], v: [] as (number | null)[], q: [] as number[], g: [] as number[] };
      const parents = { hour: [] as number[][], day: [] as number[][], month: [] as number[][] };
      for (const s of series) {
        const key = `${s.deviceId}:${s.dataId}`;
        const p = plan(s, windows.get(key) ?? [], resets.get(key) ?? []);
        for (const i of p.intervals) {
          iv.d.push(s.deviceId);
          iv.k.push(s.dataId);
          iv.b.push(i.start);
          iv.v.push(i.value);
          iv.q.push(i.status);
          iv.g.push(good(i));
        }
        for (const [g] of GRAINS) for (const [a, b] of p[g]) parents[g].push([s.deviceId, s.dataId, a, b]);
      }
      if (iv.d.length > 0) {
        await sql`insert into rollup_15m (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
          select d, k, b, v, q, 1, g from unnest(${iv.d}::int[], ${iv.k}::int[], ${iv.b}::bigint[], ${iv.v}::float8[], ${iv.q}::smallint[], ${iv.g}::int[]) as t(d, k, b, v, q, g)
          on conflict (device_id, data_id, bucket_start) do update set
            value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`.execute(tx);
      }
      for (const [g, parent, child] of GRAINS) {
        const list = parents[g];
        if (list.length === 0) continue;
        const c = (i: number) => list.map((x) => x[i] as number);
        await sql`insert into ${sql.table(parent)} (device_id, data_id, bucket_start, value, quality, n_intervals, n_good)
          select d, k, a, v, case s when 4 then 3 when 3 then 4 else s end, n, g
          from (select w.d, w.k, w.a, sum(c.value) as v, max(case c.quality when 3 then 4 when 4 then 3 else c.quality end) as s,
                       sum(c.n_intervals) as n, sum(c.n_good) as g
                from unnest(${c(0)}::int[], ${c(1)}::int[], ${c(2)}::bigint[], ${c(3)}::bigint[]) as w(d, k, a, b)
                join ${sql.table(child)} c on c.device_id = w.d and c.data_id = w.k and c.bucket_start >= w.a and c.bucket_start < w.b
                group by w.d, w.k, w.a) t
          on conflict (device_id, data_id, bucket_start) do update set
            value = excluded.value, quality = excluded.quality, n_intervals = excluded.n_intervals, n_good = excluded.n_good`.execute(tx);
      }
    });
  }

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
      const out = new Map<number, string>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = await db.selectFrom('node').select(['id', 'attrs']).where('project_id', '=', projectId).where('id', 'in', chunk).execute();
        for (const r of rows) out.set(Number(r.id), r.attrs);
      }
      return out;
    },

    /** Upserts the readings and recomputes the rollups of the touched counter series, in one transaction. */
    async write(rows: ReadingRow[], series: TouchedSeries[], plan: PlanFn): Promise<void> {
      if (ems.kind === 'sqlite') return sqliteSide(ems).write(rows, series, plan);
      return pgWrite(rows, series, plan);
    },

    async upsertReset(r: { deviceId: number; dataId: number; ts: number; closing: number; opening: number }) {
      await db
        .insertInto('counter_reset')
        .values({ device_id: r.deviceId, data_id: r.dataId, ts: r.ts, closing: r.closing, opening: r.opening })
        .onConflict((oc) => oc.columns(['device_id', 'data_id', 'ts']).doUpdateSet({ closing: r.closing, opening: r.opening }))
        .execute();
    },

    async rollups(table: 'rollup_15m' | 'rollup_hour' | 'rollup_day' | 'rollup_month', deviceIds: number[], dataId: number, from: number, to: number) {
      if (deviceIds.length === 0) return [];
      return db
        .selectFrom(table)
        .selectAll()
        .where('device_id', 'in', deviceIds)
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .orderBy('device_id')
        .orderBy('bucket_start')
        .execute();
    },

    async readings(deviceId: number, dataId: number, from: number, to: number) {
      return db
        .selectFrom('reading')
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
