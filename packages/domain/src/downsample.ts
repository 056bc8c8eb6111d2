/**
 * Downsampling and interval aggregation of time series (architecture: trend views read raw
 * readings with interval aggregation and downsampling to the pixels the chart has). Used by the
 * server's trend API and by the trend chart.
 *
 * A series is a list of `[timeMs, value]` in ascending time; a `null` value is a gap and is kept as
 * a break (one null point per run of nulls once downsampled). Map the '--' sentinels
 * (±2147483648) to null before calling (see `trendValue` in trend.ts).
 */

/** One reading: time in ms since the epoch, value or null for a gap. */
export type TimeValue = readonly [timeMs: number, value: number | null];

/** Points per pixel the chart needs at most. */
export const POINTS_PER_PIXEL = 2;

/** The most points a chart `pixelWidth` px wide needs: 2 a pixel, at least 3 (first, peak, last). */
export function targetPointCount(pixelWidth: number): number {
  return Math.max(3, Math.floor(POINTS_PER_PIXEL * Math.max(0, pixelWidth)));
}

/** The runs of a series: non-null segments and gaps (runs of nulls), in order. */
type Run<P> = { gap: false; points: P[] } | { gap: true; points: P[] };

function runs<P extends TimeValue>(points: readonly P[]): Run<P>[] {
  const out: Run<P>[] = [];
  for (const p of points) {
    const gap = p[1] === null;
    const last = out[out.length - 1];
    if (last && last.gap === gap) last.points.push(p);
    else out.push({ gap, points: [p] } as Run<P>);
  }
  return out;
}

/**
 * The null points that stand for the gap run `i` of `count` runs: its last point when it ends the series,
 * else its first — and both when the gap is the whole series, so its first and last points stay.
 */
function gapMarkers<P>(run: P[], i: number, count: number): P[] {
  const first = run[0] as P;
  const last = run[run.length - 1] as P;
  if (count === 1) return run.length > 1 ? [first, last] : [first];
  return [i === count - 1 ? last : first];
}

/** Collapses every run of nulls into one break point; first and last points are kept. */
function collapseGaps<P extends TimeValue>(rs: Run<P>[]): P[] {
  return rs.flatMap((r, i) => (r.gap ? gapMarkers(r.points, i, rs.length) : r.points));
}

/** Largest-triangle-three-buckets of a gap-free series down to `threshold` points (≥ 2 keeps first and last). */
function lttbSegment<P extends TimeValue>(data: readonly P[], threshold: number): P[] {
  const n = data.length;
  if (threshold >= n || n <= 2) return [...data];
  if (threshold <= 1) return [data[0] as P];
  const out: P[] = [data[0] as P];
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i++) {
    // average of the next bucket: the third corner of the triangle
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgX += (data[j] as P)[0];
      avgY += (data[j] as P)[1] as number;
    }
    const count = nextEnd - nextStart || 1;
    avgX /= count;
    avgY /= count;
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    const [ax, ay] = data[a] as P;
    let maxArea = -1;
    let chosen = start;
    for (let j = start; j < end; j++) {
      const [x, y] = data[j] as P;
      const area = Math.abs((ax - avgX) * ((y as number) - (ay as number)) - (ax - x) * (avgY - (ay as number)));
      if (area > maxArea) {
        maxArea = area;
        chosen = j;
      }
    }
    out.push(data[chosen] as P);
    a = chosen;
  }
  out.push(data[n - 1] as P);
  return out;
}

/**
 * LTTB downsampling to at most `targetPointCount(pixelWidth)` points, keeping the first and the
 * last point and one break per gap. The budget is shared among the gap-free segments by length.
 * When the gaps leave too little budget for every segment's ends, falls back to `minMaxDownsample`.
 * Returns the input unchanged when it is already small enough.
 */
export function lttbDownsample<P extends TimeValue>(points: readonly P[], pixelWidth: number): P[] {
  const target = targetPointCount(pixelWidth);
  if (points.length <= target) return [...points];
  const rs = runs(points);
  const gaps = rs.filter((r) => r.gap).length;
  const segments = rs.filter((r) => !r.gap);
  const needed = gaps + segments.reduce((s, r) => s + Math.min(r.points.length, 2), 0);
  if (needed > target) return minMaxDownsample(points, pixelWidth);
  const spare = target - needed;
  const total = segments.reduce((s, r) => s + r.points.length, 0);
  return rs.flatMap((r, i) => {
    if (r.gap) return gapMarkers(r.points, i, rs.length);
    const base = Math.min(r.points.length, 2);
    const share = Math.min(r.points.length, base + Math.floor((spare * r.points.length) / total));
    return lttbSegment(r.points, share);
  });
}

/**
 * Min/max-per-bucket downsampling: the inner points fall into time buckets; each keeps its lowest
 * and highest value (in time order) and, where it holds a gap, one null break. First and last
 * points are always kept, so are the global maximum and minimum (from 3 px wide). At most
 * `targetPointCount(pixelWidth)` points; the input unchanged when already small enough.
 */
export function minMaxDownsample<P extends TimeValue>(points: readonly P[], pixelWidth: number): P[] {
  const target = targetPointCount(pixelWidth);
  if (points.length <= target) return [...points];
  const first = points[0] as P;
  const last = points[points.length - 1] as P;
  const inner = points.slice(1, -1);
  const hasGap = inner.some((p) => p[1] === null);
  // a bucket gives 2 points, or 3 when it may hold a break; 2 are reserved for first and last
  const budget = target - 2;
  const buckets = Math.max(1, Math.floor(budget / (hasGap ? 3 : 2)));
  // only on charts a few pixels wide does a bucket get fewer: then a break beats the maximum beats the minimum
  const perBucket = Math.floor(budget / buckets);
  const t0 = first[0];
  const span = last[0] - t0 || 1;
  const best = Array.from({ length: buckets }, () => ({ min: -1, max: -1, gap: -1 }));
  inner.forEach((p, k) => {
    const i = k + 1;
    const b = best[Math.min(buckets - 1, Math.max(0, Math.floor(((p[0] - t0) / span) * buckets)))]!;
    const v = p[1];
    if (v === null) {
      if (b.gap < 0) b.gap = i;
      return;
    }
    if (b.min < 0 || v < (points[b.min]![1] as number)) b.min = i;
    if (b.max < 0 || v > (points[b.max]![1] as number)) b.max = i;
  });
  const indexes = best.flatMap((b) => [...new Set([b.gap, b.max, b.min].filter((i) => i >= 0))].slice(0, perBucket)).sort((x, y) => x - y);
  // a gap wider than a bucket leaves a break in each: one is enough
  return collapseNullRuns([first, ...indexes.map((i) => points[i] as P), last]);
}

/** How `downsample` reduces a series. */
export type DownsampleMethod = 'lttb' | 'minmax';

/** Downsamples to at most 2 points a pixel; min/max by default (it never drops a peak). */
export function downsample<P extends TimeValue>(points: readonly P[], pixelWidth: number, method: DownsampleMethod = 'minmax'): P[] {
  return method === 'lttb' ? lttbDownsample(points, pixelWidth) : minMaxDownsample(points, pixelWidth);
}

/** Collapses each run of nulls to one break (no downsampling otherwise). */
export function collapseNullRuns<P extends TimeValue>(points: readonly P[]): P[] {
  return collapseGaps(runs(points));
}

/** How the readings of one interval combine. */
export type IntervalAggregate = 'average' | 'sum' | 'max' | 'min' | 'last';

const combine: Record<IntervalAggregate, (values: number[]) => number> = {
  average: (v) => v.reduce((s, x) => s + x, 0) / v.length,
  sum: (v) => v.reduce((s, x) => s + x, 0),
  max: (v) => Math.max(...v),
  min: (v) => Math.min(...v),
  last: (v) => v[v.length - 1] as number,
};

/**
 * Aggregates readings per fixed interval of `intervalS` seconds, aligned to `originMs` (default the
 * epoch; pass a local midnight for day intervals). Each interval that holds readings gives one
 * point at its start; nulls are ignored, and an interval holding only nulls gives a null (the gap
 * stays a break). Intervals without readings give no point. Input in ascending time.
 */
export function aggregateByInterval(points: readonly TimeValue[], intervalS: number, how: IntervalAggregate, originMs = 0): TimeValue[] {
  if (!(intervalS > 0)) throw new RangeError(`interval must be positive, got ${intervalS}`);
  const stepMs = intervalS * 1000;
  const out: TimeValue[] = [];
  let start = Number.NaN;
  let values: number[] = [];
  const flush = () => {
    if (!Number.isNaN(start)) out.push([start, values.length ? combine[how](values) : null]);
  };
  for (const [t, v] of points) {
    const s = originMs + Math.floor((t - originMs) / stepMs) * stepMs;
    if (s !== start) {
      flush();
      start = s;
      values = [];
    }
    if (v !== null) values.push(v);
  }
  flush();
  return out;
}
