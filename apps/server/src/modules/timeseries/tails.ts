/**
 * Series tails (PostgreSQL write path, issue 16): what the write path knows of a counter series'
 * newest stored readings after its last commit, so that the next write in time order can plan the
 * series' rollups without reading its window first, and write its readings, pyramid cells and
 * rollups in one round trip, as the floor's COPY does.
 *
 * A tail holds every stored reading of the series from `rows[0].ts` on, ascending, where `rows[0]` is
 * the latest reading at or before the 15-min boundary at or before the newest reading. That is
 * exactly the stored part of the window the next write's plan reads (repository.ts, `readWindows`)
 * when that write starts after the newest reading. With the rows, a tail keeps the row version
 * (`xmin`, the writing transaction's id) of the series' pyramid cell of each hour the rows lie in, as
 * the transactions of this process left them.
 *
 * A tail is a belief, not the truth: the write that uses it checks it in its own transaction before
 * anything is written (`ems_write_guard`, migration 0033), and on any difference the write is rolled back and done again
 * the long way, which reads the window. The check holds because every write of a reading, by any
 * instance, merges or recomputes the pyramid cell of the reading's hour (a new row version), so:
 * - the tail's hour cells still carry the versions this process wrote, and no other cell of the series
 *   exists from the tail's first hour on: no reading was added, changed or resent into the tail or
 *   after it by anyone else;
 * - the tail's first reading is still a stored row: the retention did not delete the tail (it keeps
 *   the cells), and the day-row compaction did not move it (nor may it have: the tail's first day is
 *   after the latest day compacted, `series_days_mark`);
 * - no counter reset is declared after the tail's first reading.
 */
import { DAY_MS } from '../../db/series-source.js';
import { cellStart } from './pyramid.js';
import type { WindowReading } from './repository.js';

/** 15 minutes (ms): a tail starts at the latest reading at or before the 15-min boundary before the newest. */
const Q15 = 900_000;

export interface Tail {
  /** every stored reading of the series from the first on, ascending by ts */
  rows: readonly WindowReading[];
  /** per hour of the rows (start, UTC), the `xmin` of the series' pyramid cell of that hour, as text */
  cells: ReadonlyMap<number, string>;
}

/**
 * The tail after a committed write, or undefined when it cannot be known (the next write reads its
 * window). `known`: every stored reading of the series from the first one on (the window the write
 * planned from, then the write's readings; of two readings of one ts the later in the list wins).
 * `written`: the hours of the write's readings of the series, whose cells now carry `xid`; the
 * versions of the other hours are taken from `before`, the tail the write started from.
 */
export function nextTail(known: readonly WindowReading[], written: ReadonlySet<number>, xid: string, before: Tail | undefined): Tail | undefined {
  if (known.length === 0) return undefined;
  let ascending = true;
  for (let i = 1; ascending && i < known.length; i++) ascending = (known[i] as WindowReading).ts > (known[i - 1] as WindowReading).ts;
  let all = known;
  if (!ascending) {
    const byTs = new Map<number, WindowReading>();
    for (const r of known) byTs.set(r.ts, r);
    all = [...byTs.values()].sort((a, b) => a.ts - b.ts);
  }
  const boundary = Math.floor((all[all.length - 1] as WindowReading).ts / Q15) * Q15;
  let i = all.length - 1;
  while (i >= 0 && (all[i] as WindowReading).ts > boundary) i--;
  // the series' first quarter hour: no reading at or before the boundary
  if (i < 0) return undefined;
  const rows = all.slice(i);
  const cells = new Map<number, string>();
  for (const r of rows) {
    const hour = cellStart(r.ts);
    if (cells.has(hour)) continue;
    const version = written.has(hour) ? xid : before?.cells.get(hour);
    if (version === undefined) return undefined;
    cells.set(hour, version);
  }
  return { rows, cells };
}

/** A series' tail as the check compares it. */
export interface TailCheck {
  deviceId: number;
  dataId: number;
  tail: Tail;
}

/** The tails to check as the columns `ems_write_guard` takes (migration 0033): per tail, then per cell. */
export function tailCheckColumns(checks: readonly TailCheck[]) {
  const out = { td: [] as number[], tk: [] as number[], tlo: [] as number[], tfh: [] as number[], tailDay: Number.MAX_SAFE_INTEGER, cd: [] as number[], ck: [] as number[], cb: [] as number[], cx: [] as string[] };
  for (const c of checks) {
    const lo = (c.tail.rows[0] as WindowReading).ts;
    out.td.push(c.deviceId);
    out.tk.push(c.dataId);
    out.tlo.push(lo);
    out.tfh.push(cellStart(lo));
    out.tailDay = Math.min(out.tailDay, Math.floor(lo / DAY_MS) * DAY_MS);
    for (const [hour, version] of c.tail.cells) {
      out.cd.push(c.deviceId);
      out.ck.push(c.dataId);
      out.cb.push(hour);
      out.cx.push(version);
    }
  }
  return out;
}
