/**
 * Energy consumption from cumulative counters (DOMAIN.md section 1). Pure, no I/O.
 *
 * Units: timestamps are ms since the epoch; register values are in the register's own unit (e.g.
 * kWh as read on the meter's secondary side); interval energies ΔE are register units × multiplier
 * (CT×PT), i.e. primary-side kWh, kvarh, m³…; powers (ratedKw, maxKw) are ΔE units per hour.
 */
export { bucketEnd, bucketStart, localParts, utcOffsetMs, zonedStart, type Grain, type LocalParts } from './counters-calendar.js';

/** Status of readings and intervals (stored as smallint). Also documented in the contract. */
export const ReadingStatus = {
  /** measured */
  normal: 0,
  /** filled by linear interpolation of the cumulative register across a short gap */
  interpolated: 1,
  /** filled across a long gap (similar-day profile or linear) */
  estimated: 2,
  /** suspect or unverified: spike, unexplained drop (value null), or marked so by the source */
  suspect: 3,
  /** counter reset: register rollover or declared meter replacement, explained and accepted */
  reset: 4,
} as const;
export type ReadingStatusCode = (typeof ReadingStatus)[keyof typeof ReadingStatus];

/** One rollup interval: 15 minutes. */
export const INTERVAL_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/** Severity used for "worst status": normal < interpolated < estimated < reset < suspect. */
const SEVERITY: Record<number, number> = { 0: 0, 1: 1, 2: 2, 4: 3, 3: 4 };

/** The worse of two status codes (unknown codes count as suspect). */
export function worstStatus(a: number, b: number): number {
  return (SEVERITY[a] ?? 4) >= (SEVERITY[b] ?? 4) ? a : b;
}

/** Whether an interval counts as good (measured): normal, or an explained counter reset. */
export function isGood(status: number): boolean {
  return status === ReadingStatus.normal || status === ReadingStatus.reset;
}

export interface Reading {
  /** ms since the epoch */
  ts: number;
  /** register value (counter) in register units */
  value: number;
  /** status from the source, default 0 */
  status?: number;
}

/** A declared meter replacement (or register reset) between two readings. */
export interface DeclaredReset {
  /** when the old meter was removed, ms; applies to the reading pair that brackets it (prev < ts ≤ next) */
  ts: number;
  /** closing total of the old meter, register units */
  closing: number;
  /** opening total of the new meter, register units */
  opening: number;
}

/** Per-meter parameters, normally from the meter node's attrs. */
export interface CounterParams {
  /** CT×PT multiplier, default 1 */
  multiplier?: number;
  /** register maximum M (e.g. 99 999 999.99) for rollover; null/undefined: no rollover */
  registerMax?: number | null;
  /** rated power P_rated (ΔE units per hour) for the spike filter; null: no spike filter */
  ratedKw?: number | null;
  /** P_max for accepting a rollover, ΔE units per hour; default spikeFactor × ratedKw; unknown: any rollover is accepted */
  maxKw?: number | null;
  /** k of the spike filter Δ > k·P_rated·Δt, default 1.2 */
  spikeFactor?: number;
  /** declared resets/replacements */
  resets?: readonly DeclaredReset[];
  /** a reading pair further apart than this is a gap: intervals inside are interpolated. Default 20 min */
  gapMs?: number;
  /** a gap longer than this is long: intervals inside are estimated. Default 24 h */
  longGapMs?: number;
  /**
   * similar-day profile for long gaps: a relative weight (≥ 0) for the 15-min interval starting at
   * `start`; the known total of the gap is spread in proportion to it. Without it: linear.
   */
  profile?: (start: number) => number;
}

export const DEFAULT_SPIKE_FACTOR = 1.2;
export const DEFAULT_GAP_MS = 20 * 60_000;
export const DEFAULT_LONG_GAP_MS = 24 * HOUR_MS;

export type DeltaKind = 'normal' | 'wrap' | 'reset' | 'unexplained' | 'spike';

/** The classified energy between two consecutive readings. */
export interface Delta {
  /** ΔE in register units × multiplier; null when unexplained */
  value: number | null;
  status: ReadingStatusCode;
  kind: DeltaKind;
}

/**
 * Interval difference ΔE = (R_i − R_{i−1}) × multiplier, with negative deltas classified:
 * a declared reset between the two (ΔE = ((closing − R_{i−1}) + (R_i − opening)) × m, status reset);
 * else a rollover at registerMax M (ΔE = (M − R_{i−1} + R_i) × m, accepted as reset only when
 * ΔE ≤ P_max × Δt); else unexplained (null, suspect). A positive ΔE above k·P_rated·Δt is suspect
 * (kept, flagged). Δt in hours from the two timestamps.
 */
export function counterDelta(prev: Reading, curr: Reading, params: CounterParams = {}): Delta {
  const m = params.multiplier ?? 1;
  const hours = (curr.ts - prev.ts) / HOUR_MS;
  const k = params.spikeFactor ?? DEFAULT_SPIKE_FACTOR;
  const reset = params.resets?.find((r) => r.ts > prev.ts && r.ts <= curr.ts);
  if (reset) {
    return { value: (reset.closing - prev.value + (curr.value - reset.opening)) * m, status: ReadingStatus.reset, kind: 'reset' };
  }
  const raw = curr.value - prev.value;
  if (raw < 0) {
    const max = params.registerMax;
    if (max !== null && max !== undefined && max > 0 && prev.value <= max && curr.value >= 0) {
      const wrapped = (max - prev.value + curr.value) * m;
      const pMax = params.maxKw ?? (params.ratedKw !== null && params.ratedKw !== undefined ? k * params.ratedKw : null);
      if (pMax === null || wrapped <= pMax * hours) return { value: wrapped, status: ReadingStatus.reset, kind: 'wrap' };
    }
    return { value: null, status: ReadingStatus.suspect, kind: 'unexplained' };
  }
  const value = raw * m;
  const rated = params.ratedKw;
  if (rated !== null && rated !== undefined && rated > 0 && value > k * rated * hours) {
    return { value, status: ReadingStatus.suspect, kind: 'spike' };
  }
  return { value, status: ReadingStatus.normal, kind: 'normal' };
}

/** Sorted by ts, one reading per ts (a later duplicate wins), non-finite values and timestamps dropped. */
export function dedupeReadings(readings: readonly Reading[]): Reading[] {
  // the usual case, a window read in ts order without repeats, is returned as a copy without the map and the sort
  let ordered = true;
  for (let i = 0; i < readings.length && ordered; i++) {
    const r = readings[i] as Reading;
    ordered = Number.isFinite(r.ts) && Number.isFinite(r.value) && (i === 0 || r.ts > (readings[i - 1] as Reading).ts);
  }
  if (ordered) return readings.slice();
  const byTs = new Map<number, Reading>();
  for (const r of readings) {
    if (!Number.isFinite(r.ts) || !Number.isFinite(r.value)) continue;
    byTs.delete(r.ts);
    byTs.set(r.ts, r);
  }
  return [...byTs.values()].sort((a, b) => a.ts - b.ts);
}

/** The classified deltas of consecutive readings (after dedupe), each with its pair's timestamps. */
export function counterDeltas(readings: readonly Reading[], params: CounterParams = {}): (Delta & { from: number; to: number })[] {
  const rs = dedupeReadings(readings);
  const out: (Delta & { from: number; to: number })[] = [];
  for (let i = 1; i < rs.length; i++) {
    const prev = rs[i - 1] as Reading;
    const curr = rs[i] as Reading;
    out.push({ ...counterDelta(prev, curr, params), from: prev.ts, to: curr.ts });
  }
  return out;
}

/** One 15-min interval of consumption. */
export interface IntervalValue {
  /** interval start, ms, a multiple of 15 min since the epoch */
  start: number;
  /** ΔE in register units × multiplier; null when unexplained */
  value: number | null;
  status: number;
}

const floorTo = (t: number, step: number) => Math.floor(t / step) * step;
const ceilTo = (t: number, step: number) => Math.ceil(t / step) * step;

/**
 * Turns a reading series into 15-min interval values with quality. The cumulative register is
 * taken as linear between consecutive readings (so the known total of a gap is spread evenly and
 * totals reconcile); each interval [b, b+15 min) fully inside the first..last reading is emitted.
 * Status of an interval: the worst of the pairs it overlaps — the pair's delta status (reset,
 * suspect), the later reading's own status, interpolated when the pair is a gap (> gapMs) and
 * estimated when the gap is long (> longGapMs; shaped by `profile` when given). An unexplained
 * pair makes the intervals it overlaps null.
 */
export function toIntervals(readings: readonly Reading[], params: CounterParams = {}): IntervalValue[] {
  const rs = dedupeReadings(readings);
  if (rs.length < 2) return [];
  const gapMs = params.gapMs ?? DEFAULT_GAP_MS;
  const longGapMs = params.longGapMs ?? DEFAULT_LONG_GAP_MS;
  const first = (rs[0] as Reading).ts;
  const last = (rs[rs.length - 1] as Reading).ts;
  const startB = ceilTo(first, INTERVAL_MS);
  const count = Math.max(0, Math.floor((last - startB) / INTERVAL_MS));
  if (count === 0) return [];
  const values: (number | null)[] = new Array<number | null>(count).fill(0);
  const statuses: number[] = new Array<number>(count).fill(ReadingStatus.normal);
  for (let i = 1; i < rs.length; i++) {
    const prev = rs[i - 1] as Reading;
    const curr = rs[i] as Reading;
    // every interval this pair overlaps (also those outside first..last, for the weights)
    const jLo = Math.floor((floorTo(prev.ts, INTERVAL_MS) - startB) / INTERVAL_MS);
    const jHi = Math.floor((ceilTo(curr.ts, INTERVAL_MS) - startB) / INTERVAL_MS) - 1;
    if (jHi < 0 || jLo > count - 1) continue;
    const d = counterDelta(prev, curr, params);
    const len = curr.ts - prev.ts;
    let status: number = worstStatus(d.status, curr.status ?? 0);
    if (len > longGapMs) status = worstStatus(status, ReadingStatus.estimated);
    else if (len > gapMs) status = worstStatus(status, ReadingStatus.interpolated);
    const shaped = len > longGapMs && params.profile !== undefined;
    const weights: number[] = [];
    let total = 0;
    if (shaped && params.profile) {
      for (let j = jLo; j <= jHi; j++) {
        const b = startB + j * INTERVAL_MS;
        const overlap = Math.max(0, Math.min(b + INTERVAL_MS, curr.ts) - Math.max(b, prev.ts));
        const w = overlap * Math.max(0, params.profile(b));
        weights.push(w);
        total += w;
      }
    }
    // a profile of all zeros falls back to linear
    const useWeights = shaped && total > 0;
    for (let j = Math.max(0, jLo); j <= Math.min(count - 1, jHi); j++) {
      const b = startB + j * INTERVAL_MS;
      const overlap = Math.max(0, Math.min(b + INTERVAL_MS, curr.ts) - Math.max(b, prev.ts));
      if (overlap <= 0) continue;
      statuses[j] = worstStatus(statuses[j] as number, status);
      const cur = values[j] as number | null;
      if (d.value === null || cur === null) {
        values[j] = null;
        continue;
      }
      const frac = useWeights ? (weights[j - jLo] as number) / total : overlap / len;
      values[j] = cur + d.value * frac;
    }
  }
  return values.map((value, j) => ({ start: startB + j * INTERVAL_MS, value, status: statuses[j] as number }));
}

/** A period aggregate of intervals. */
export interface Aggregate {
  /** sum of the explained interval values; null when none is explained */
  value: number | null;
  /** worst status */
  quality: number;
  nIntervals: number;
  /** intervals whose status is good (normal or reset) */
  nGood: number;
}

/**
 * Period total = Σ interval deltas (equal to (R(end) − R(start)) × multiplier when no reset
 * occurs). Unexplained (null) intervals are left out of the sum and mark the quality suspect.
 */
export function aggregate(intervals: readonly { value: number | null; status: number }[]): Aggregate {
  let value: number | null = null;
  let quality: number = ReadingStatus.normal;
  let nGood = 0;
  for (const iv of intervals) {
    if (iv.value !== null) value = (value ?? 0) + iv.value;
    quality = worstStatus(quality, iv.value === null ? ReadingStatus.suspect : iv.status);
    if (isGood(iv.status) && iv.value !== null) nGood++;
  }
  return { value, quality, nIntervals: intervals.length, nGood };
}

/** Share (0..1) of good intervals in a set; null for an empty set. */
export function qualityShare(intervals: readonly { status: number; value?: number | null }[]): number | null {
  if (intervals.length === 0) return null;
  const good = intervals.filter((i) => isGood(i.status) && i.value !== null).length;
  return good / intervals.length;
}
