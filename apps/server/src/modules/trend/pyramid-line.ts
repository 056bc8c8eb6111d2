import { targetPointCount } from '@ems/domain';
import { PYRAMID_CELL_MS, type PyramidCell } from '../timeseries/pyramid.js';
import type { TimeRow } from './repository.js';

/**
 * A long raw line drawn from the readings pyramid (issue 16). The line's range is cut into pixel
 * buckets of whole pyramid cells (a multiple of an hour, from the hour at or before the start), so
 * each bucket's earliest minimum and earliest maximum are those of its cells: the same points a
 * full read finds with the same buckets ({@link alignedMinMax}, compared on random lines in
 * pyramid-line.test.ts and through the API in trend-pyramid.test.ts), from 8,760 cells a year
 * instead of 35,040 quarter-hour readings — and the store picks each bucket's winners itself.
 */

/** Pixel buckets aligned to the cells: [origin + i·width, origin + (i + 1)·width), i < count. */
export interface AlignedGrid {
  origin: number;
  width: number;
  count: number;
}

/**
 * The aligned buckets of a raw line over [from, to) drawn `pixelWidth` wide, or null when a bucket of
 * today's downsampling would span less than two cells (shorter ranges read their readings: coarser
 * buckets would draw them with fewer points than the pixels allow). At most as many buckets as the
 * full read's downsampling makes (two points each, plus the first and the last point).
 */
export function alignedGrid(from: number, to: number, pixelWidth: number | undefined, cellMs = PYRAMID_CELL_MS): AlignedGrid | null {
  if (!pixelWidth) return null;
  const maxBuckets = Math.floor((targetPointCount(pixelWidth) - 2) / 2);
  // a chart too narrow for a minimum and a maximum: today's downsampling (the maximum alone)
  if (maxBuckets < 1 || to - from < 2 * cellMs * maxBuckets) return null;
  const origin = Math.floor(from / cellMs) * cellMs;
  const width = cellMs * Math.ceil((to - origin) / (cellMs * maxBuckets));
  return { origin, width, count: Math.ceil((to - origin) / width) };
}

export const bucketOf = (g: AlignedGrid, t: number): number => Math.floor((t - g.origin) / g.width);

/**
 * The reference: the first and the last row, and per aligned bucket the earliest lowest and the earliest
 * highest row (any row, the first and last included), each once, in time order. Rows ascending by time.
 */
export function alignedMinMax(rows: readonly TimeRow[], g: AlignedGrid): TimeRow[] {
  const n = rows.length;
  if (n === 0) return [];
  const lows = new Int32Array(g.count).fill(-1);
  const highs = new Int32Array(g.count).fill(-1);
  for (let i = 0; i < n; i++) {
    const r = rows[i] as TimeRow;
    if (r.v === null) continue;
    const b = bucketOf(g, r.t);
    const lo = lows[b] as number;
    const hi = highs[b] as number;
    if (lo < 0 || r.v < ((rows[lo] as TimeRow).v as number)) lows[b] = i;
    if (hi < 0 || r.v > ((rows[hi] as TimeRow).v as number)) highs[b] = i;
  }
  const picked = new Set<number>([0, n - 1]);
  for (let b = 0; b < g.count; b++) {
    if ((lows[b] as number) >= 0) picked.add(lows[b] as number);
    if ((highs[b] as number) >= 0) picked.add(highs[b] as number);
  }
  return [...picked].sort((a, b) => a - b).map((i) => rows[i] as TimeRow);
}

/** Per bucket, its lowest and its highest point so far (earliest on a tie). */
export class BucketExtremes {
  readonly lows = new Map<number, TimeRow>();
  readonly highs = new Map<number, TimeRow>();
  constructor(readonly grid: AlignedGrid) {}

  low(p: TimeRow): void {
    const b = bucketOf(this.grid, p.t);
    const lo = this.lows.get(b);
    if (!lo || (p.v as number) < (lo.v as number) || (p.v === lo.v && p.t < lo.t)) this.lows.set(b, p);
  }

  high(p: TimeRow): void {
    const b = bucketOf(this.grid, p.t);
    const hi = this.highs.get(b);
    if (!hi || (p.v as number) > (hi.v as number) || (p.v === hi.v && p.t < hi.t)) this.highs.set(b, p);
  }

  /** Folds the extremes of whole cells in. */
  cells(cells: readonly PyramidCell[]): this {
    for (const c of cells) {
      this.low({ t: c.b + c.minO, v: c.minV, s: c.minS });
      this.high({ t: c.b + c.maxO, v: c.maxV, s: c.maxS });
    }
    return this;
  }

  /** The line: first, last, and every bucket's extremes, each point once, in time order. */
  line(first: TimeRow, last: TimeRow): TimeRow[] {
    const byTime = new Map<number, TimeRow>([
      [first.t, first],
      [last.t, last],
    ]);
    for (const p of [...this.lows.values(), ...this.highs.values()]) if (!byTime.has(p.t)) byTime.set(p.t, p);
    return [...byTime.values()].sort((a, b) => a.t - b.t);
  }
}

export const firstOf = (c: PyramidCell): TimeRow => ({ t: c.b + c.firstO, v: c.firstV, s: c.firstS });
export const lastOf = (c: PyramidCell): TimeRow => ({ t: c.b + c.lastO, v: c.lastV, s: c.lastS });

/** The line from every cell of it (ascending by start): the JS reference of what the stores' queries pick. */
export function lineFromCells(cells: readonly PyramidCell[], g: AlignedGrid): TimeRow[] {
  const first = cells[0];
  const last = cells[cells.length - 1];
  if (!first || !last) return [];
  return new BucketExtremes(g).cells(cells).line(firstOf(first), lastOf(last));
}
