/**
 * The readings pyramid (issue 16): per series and hour (UTC hours, [b, b + 1 h)) the count, sum, the
 * earliest minimum and the earliest maximum with their times and statuses, the first and the last
 * reading, and the worst status — kept in `reading_hour` on every write, so a long trend draws each
 * pixel from a few hour cells instead of every reading, with exactly the extremes of a full read.
 *
 * Cells are kept incrementally: a reading new to the store is merged into its cell by one upsert
 * (`merge`); a reading that replaced a stored one (a resend with another value) makes its cell
 * recomputed from the readings of that hour (`overwrite`). Times in a cell are offsets from its
 * start in ms (an hour fits an int4), to keep the row small. Kept when raw readings are removed by
 * the retention setting: the trend then still draws the old range from the cells.
 */

export const PYRAMID_CELL_MS = 3_600_000;

/** One hour cell of a series. Offsets (`*O`) are ms from `b`. */
export interface PyramidCell {
  d: number;
  k: number;
  b: number;
  n: number;
  total: number;
  minV: number;
  minO: number;
  minS: number;
  maxV: number;
  maxO: number;
  maxS: number;
  firstO: number;
  firstV: number;
  firstS: number;
  lastO: number;
  lastV: number;
  lastS: number;
  /** worst status of the cell (severity: normal < interpolated < estimated < reset < suspect) */
  status: number;
}

export interface PyramidReading {
  deviceId: number;
  dataId: number;
  ts: number;
  value: number;
  status: number;
}

/** Severity rank of a reading status (3 suspect is worse than 4 reset). */
export const severity = (s: number): number => (s === 3 ? 4 : s === 4 ? 3 : s);

export const cellStart = (ts: number): number => Math.floor(ts / PYRAMID_CELL_MS) * PYRAMID_CELL_MS;

/** Folds reading `r` (of the cell's series and hour) into `c`: earliest extremes, first and last by time. */
function fold(c: PyramidCell, r: PyramidReading): void {
  const o = r.ts - c.b;
  c.n += 1;
  c.total += r.value;
  if (r.value < c.minV || (r.value === c.minV && o < c.minO)) {
    c.minV = r.value;
    c.minO = o;
    c.minS = r.status;
  }
  if (r.value > c.maxV || (r.value === c.maxV && o < c.maxO)) {
    c.maxV = r.value;
    c.maxO = o;
    c.maxS = r.status;
  }
  if (o < c.firstO) {
    c.firstO = o;
    c.firstV = r.value;
    c.firstS = r.status;
  }
  if (o > c.lastO) {
    c.lastO = o;
    c.lastV = r.value;
    c.lastS = r.status;
  }
  if (severity(r.status) > severity(c.status)) c.status = r.status;
}

/**
 * The cells of readings, in any order (each reading counted once: the caller passes each stored
 * reading of a (series, ts) once), one per (device, data point, hour).
 */
export function cellsOf(readings: Iterable<PyramidReading>): PyramidCell[] {
  // keyed by series, then hour (numbers: the write path folds every reading it stores)
  const bySeries = new Map<number, Map<number, PyramidCell>>();
  const out: PyramidCell[] = [];
  for (const r of readings) {
    const b = cellStart(r.ts);
    const sk = r.deviceId * 65_536 + r.dataId;
    let hours = bySeries.get(sk);
    if (!hours) bySeries.set(sk, (hours = new Map()));
    const c = hours.get(b);
    if (c) fold(c, r);
    else {
      const o = r.ts - b;
      const cell = { d: r.deviceId, k: r.dataId, b, n: 1, total: r.value, minV: r.value, minO: o, minS: r.status, maxV: r.value, maxO: o, maxS: r.status, firstO: o, firstV: r.value, firstS: r.status, lastO: o, lastV: r.value, lastS: r.status, status: r.status };
      hours.set(b, cell);
      out.push(cell);
    }
  }
  return out;
}

export const CELL_COLUMNS = ['device_id', 'data_id', 'bucket_start', 'n', 'total', 'min_v', 'min_o', 'min_s', 'max_v', 'max_o', 'max_s', 'first_o', 'first_v', 'first_s', 'last_o', 'last_v', 'last_s', 'status'] as const;

/** A cell's column values in CELL_COLUMNS order. */
export const cellValues = (c: PyramidCell): number[] => [c.d, c.k, c.b, c.n, c.total, c.minV, c.minO, c.minS, c.maxV, c.maxO, c.maxS, c.firstO, c.firstV, c.firstS, c.lastO, c.lastV, c.lastS, c.status];

const SEV = (s: string) => `(case ${s} when 3 then 4 when 4 then 3 else ${s} end)`;

/**
 * ON CONFLICT clause merging the incoming cell (`excluded`, readings new to the store) into the
 * stored one: counts and sums added, earliest extremes, first and last by time, worst status. Every
 * right-hand side reads the stored row as it was (SQL evaluates SET against the old row).
 */
export const MERGE_SET = `
  n = reading_hour.n + excluded.n,
  total = reading_hour.total + excluded.total,
  min_v = case when excluded.min_v < reading_hour.min_v or (excluded.min_v = reading_hour.min_v and excluded.min_o < reading_hour.min_o) then excluded.min_v else reading_hour.min_v end,
  min_o = case when excluded.min_v < reading_hour.min_v or (excluded.min_v = reading_hour.min_v and excluded.min_o < reading_hour.min_o) then excluded.min_o else reading_hour.min_o end,
  min_s = case when excluded.min_v < reading_hour.min_v or (excluded.min_v = reading_hour.min_v and excluded.min_o < reading_hour.min_o) then excluded.min_s else reading_hour.min_s end,
  max_v = case when excluded.max_v > reading_hour.max_v or (excluded.max_v = reading_hour.max_v and excluded.max_o < reading_hour.max_o) then excluded.max_v else reading_hour.max_v end,
  max_o = case when excluded.max_v > reading_hour.max_v or (excluded.max_v = reading_hour.max_v and excluded.max_o < reading_hour.max_o) then excluded.max_o else reading_hour.max_o end,
  max_s = case when excluded.max_v > reading_hour.max_v or (excluded.max_v = reading_hour.max_v and excluded.max_o < reading_hour.max_o) then excluded.max_s else reading_hour.max_s end,
  first_o = case when excluded.first_o < reading_hour.first_o then excluded.first_o else reading_hour.first_o end,
  first_v = case when excluded.first_o < reading_hour.first_o then excluded.first_v else reading_hour.first_v end,
  first_s = case when excluded.first_o < reading_hour.first_o then excluded.first_s else reading_hour.first_s end,
  last_o = case when excluded.last_o > reading_hour.last_o then excluded.last_o else reading_hour.last_o end,
  last_v = case when excluded.last_o > reading_hour.last_o then excluded.last_v else reading_hour.last_v end,
  last_s = case when excluded.last_o > reading_hour.last_o then excluded.last_s else reading_hour.last_s end,
  status = case when ${SEV('excluded.status')} > ${SEV('reading_hour.status')} then excluded.status else reading_hour.status end`;

/** ON CONFLICT clause replacing the stored cell by the incoming one (recomputed from every reading of its hour). */
export const OVERWRITE_SET = CELL_COLUMNS.slice(3)
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');

/** `n` rows of SQLite parameters for the cell columns. */
export const cellParams = (n: number): string => Array.from({ length: n }, () => `(${CELL_COLUMNS.map(() => '?').join(', ')})`).join(', ');

/** SQLite: insert `n` cells, merging (`merge`) or replacing (`overwrite`) stored ones. */
export const sqliteCellSql = (how: 'merge' | 'overwrite', n = 1): string =>
  `insert into reading_hour (${CELL_COLUMNS.join(', ')}) values ${cellParams(n)}
   on conflict (device_id, data_id, bucket_start) do update set ${how === 'merge' ? MERGE_SET : OVERWRITE_SET}`;

/** PostgreSQL array literal of numbers. */
const arr = (xs: number[]) => `'{${xs.join(',')}}'`;
const PG_TYPES = ['int', 'int', 'bigint', 'int', 'float8', 'float8', 'int', 'smallint', 'float8', 'int', 'smallint', 'int', 'float8', 'smallint', 'int', 'float8', 'smallint', 'smallint'];

/** The cells' columns as PostgreSQL array literals, in CELL_COLUMNS order. */
function cellArrays(cells: readonly PyramidCell[]): string[] {
  const cols: number[][] = CELL_COLUMNS.map(() => []);
  for (const c of cells) {
    const values = cellValues(c);
    for (let i = 0; i < values.length; i++) (cols[i] as number[]).push(values[i] as number);
  }
  return cols.map(arr);
}

const pgCellInsert = (how: 'merge' | 'overwrite', source: string) => `insert into reading_hour (${CELL_COLUMNS.join(', ')})
    select * from unnest(${source})
    on conflict (device_id, data_id, bucket_start) do update set ${how === 'merge' ? MERGE_SET : OVERWRITE_SET}`;

/** PostgreSQL: one statement (numbers only, as literals: for a multi-statement text) upserting the cells. */
export function pgCellSql(how: 'merge' | 'overwrite', cells: readonly PyramidCell[]): string {
  return pgCellInsert(
    how,
    cellArrays(cells)
      .map((a, i) => `${a}::${PG_TYPES[i]}[]`)
      .join(', '),
  );
}

/**
 * PostgreSQL: `ems_cell_merge`, the merge of cells as a statement prepared once per connection (SQL PREPARE: planned
 * once, and callable from a multi-statement text such as the head of a COPY); its arguments are the CELL_COLUMNS arrays.
 */
export const PG_CELL_MERGE_PREPARE = `prepare ems_cell_merge(${PG_TYPES.map((t) => `${t}[]`).join(', ')}) as
  ${pgCellInsert('merge', CELL_COLUMNS.map((_, i) => `$${i + 1}`).join(', '))}`;

/** PostgreSQL: the cells merged by the prepared `ems_cell_merge` (numbers only, as literals: for a multi-statement text). */
export const pgCellMerge = (cells: readonly PyramidCell[]): string => `execute ems_cell_merge(${cellArrays(cells).join(', ')})`;

/** SQL reading the stored readings of cells (device, data point, hour start) given as arrays $1..$3 (PostgreSQL). */
export const PG_CELL_READINGS_SQL = `select r.device_id as "deviceId", r.data_id as "dataId", r.ts, r.value, r.status
  from unnest($1::int[], $2::int[], $3::bigint[]) as c(d, k, b)
  cross join lateral (select device_id, data_id, ts, value, status from reading r
    where r.device_id = c.d and r.data_id = c.k and r.ts >= c.b and r.ts < c.b + ${PYRAMID_CELL_MS} offset 0) r`;
