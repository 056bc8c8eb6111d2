/**
 * Bookkeeping of the stored 10-min power-quality aggregates (DOMAIN.md §9: "use 10-min aggregates,
 * plus 95th-percentile statistics"): which buckets to recompute, which span of raw readings a
 * catch-up step reads next, whether the aggregates cover a report's window, and the 95th
 * percentile and worst phase from per-series statistics instead of the values themselves.
 * Times are ms since the epoch; a bucket is [start, start + bucketMs) from the epoch.
 */

/** A span of time [from, to), ms. */
export interface Span {
  from: number;
  to: number;
}

/** Oldest and newest reading time of a device's PQ series, ms. */
export interface Extent {
  oldest: number;
  newest: number;
}

/** Start of the bucket holding ts. */
export function pqBucketStart(ts: number, bucketMs: number): number {
  return ts - (((ts % bucketMs) + bucketMs) % bucketMs);
}

/**
 * Runs of adjacent buckets as spans, ascending, each cut to at most `maxMs` (so one recompute
 * reads a bounded span of raw readings). Duplicate starts count once.
 */
export function bucketSpans(starts: Iterable<number>, bucketMs: number, maxMs: number): Span[] {
  const sorted = [...new Set(starts)].sort((a, b) => a - b);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && last.to === s && s + bucketMs - last.from <= maxMs) last.to = s + bucketMs;
    else out.push({ from: s, to: s + bucketMs });
  }
  return out;
}

/**
 * The next span of raw readings a catch-up step aggregates so that the covered span grows to the
 * extent of the readings: none covered yet → the newest `budgetMs` (whole buckets up to the one
 * holding the newest reading); then upward from the covered end to the newest; then downward from
 * the covered start to the oldest. null: the extent is covered.
 */
export function nextCatchUpSpan(extent: Extent, covered: Span | null, bucketMs: number, budgetMs: number): Span | null {
  const top = pqBucketStart(extent.newest, bucketMs) + bucketMs;
  const bottom = pqBucketStart(extent.oldest, bucketMs);
  const budget = Math.max(bucketMs, budgetMs - (budgetMs % bucketMs));
  if (!covered) return { from: Math.max(bottom, top - budget), to: top };
  if (top > covered.to) return { from: covered.to, to: Math.min(top, covered.to + budget) };
  if (bottom < covered.from) return { from: Math.max(bottom, covered.from - budget), to: covered.from };
  return null;
}

/**
 * Whether the covered span holds every bucket of the window that can have readings (the window
 * cut to the extent); true without readings.
 */
export function windowCovered(covered: Span | null, extent: Extent | null, window: Span, bucketMs: number): boolean {
  if (!extent) return true;
  const from = Math.max(window.from, pqBucketStart(extent.oldest, bucketMs));
  const to = Math.min(window.to, pqBucketStart(extent.newest, bucketMs) + bucketMs);
  if (to <= from) return true;
  return covered !== null && covered.from <= from && covered.to >= to;
}

/**
 * Where the p-quantile of n sorted values lies (linear interpolation between order statistics, as
 * `quantile` and `cp95` compute it): between the values of 0-based rank `lo` and `hi` at `frac`.
 * null for n = 0.
 */
export function quantileRank(n: number, p: number): { lo: number; hi: number; frac: number } | null {
  if (n <= 0) return null;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  return { lo, hi: Math.min(lo + 1, n - 1), frac: h - lo };
}

/** The quantile from the values at ranks lo and hi of {@link quantileRank}. */
export function interpolateRank(atLo: number, atHi: number, frac: number): number {
  return atLo + frac * (atHi - atLo);
}

/** A phase's compliance and its furthest excursion from 0 (max |value|). */
export interface PhaseStat {
  ratePct: number | null;
  extreme: number;
}

/**
 * The worst phase from per-phase statistics, as `worstPhase` picks it from the values: the lowest
 * compliance rate; on a tie the one reaching furthest from 0. null when no phase was measured.
 */
export function worstPhaseOfStats<P extends string>(phases: readonly (readonly [P, PhaseStat])[]): P | null {
  let best: { phase: P; rate: number; extreme: number } | null = null;
  for (const [phase, s] of phases) {
    if (s.ratePct === null) continue;
    if (best === null || s.ratePct < best.rate || (s.ratePct === best.rate && s.extreme > best.extreme)) best = { phase, rate: s.ratePct, extreme: s.extreme };
  }
  return best?.phase ?? null;
}
