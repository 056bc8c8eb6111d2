import { targetPointCount } from '@ems/domain';
import { PYRAMID_CELL_MS, type PyramidCell } from '../timeseries/pyramid.js';
import type { TimeRow } from './repository.js';

/**
 * A long raw line drawn from the readings pyramid (issue 16). The line's range is cut into pixel
 * buckets of whole pyramid cells (a multiple of an hour, from the hour at or before the start), so
 * each bucket's earliest minimum and earliest maximum are those of its cells: the same points a
 * full read finds with the same buckets ({@link alignedMinMax}, compared on random lines in
 * pyramid-line.test.ts), from 8,760 cells a year instead of 35,040 quarter-hour readings.
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

const bucketOf = (g: AlignedGrid, t: number) => Math.floor((t - g.origin) / g.width);

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

/**
 * The same points from the cells of the line (ascending by start, each whole inside the range or
 * computed from the range's own readings at its ends): the first reading of the first cell, the last
 * of the last, and per bucket the lowest minimum (earliest on a tie) and the highest maximum.
 */
export function lineFromCells(cells: readonly PyramidCell[], g: AlignedGrid): TimeRow[] {
  const first = cells[0];
  const last = cells[cells.length - 1];
  if (!first || !last) return [];
  const lows: (TimeRow | undefined)[] = new Array(g.count);
  const highs: (TimeRow | undefined)[] = new Array(g.count);
  for (const c of cells) {
    const b = bucketOf(g, c.b);
    const lo = lows[b];
    const tMin = c.b + c.minO;
    if (!lo || c.minV < (lo.v as number) || (c.minV === lo.v && tMin < lo.t)) lows[b] = { t: tMin, v: c.minV, s: c.minS };
    const hi = highs[b];
    const tMax = c.b + c.maxO;
    if (!hi || c.maxV > (hi.v as number) || (c.maxV === hi.v && tMax < hi.t)) highs[b] = { t: tMax, v: c.maxV, s: c.maxS };
  }
  const byTime = new Map<number, TimeRow>();
  byTime.set(first.b + first.firstO, { t: first.b + first.firstO, v: first.firstV, s: first.firstS });
  byTime.set(last.b + last.lastO, { t: last.b + last.lastO, v: last.lastV, s: last.lastS });
  for (let b = 0; b < g.count; b++) {
    for (const p of [lows[b], highs[b]]) if (p && !byTime.has(p.t)) byTime.set(p.t, p);
  }
  return [...byTime.values()].sort((a, b) => a.t - b.t);
}
