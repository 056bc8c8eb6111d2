import { bucketEnd, bucketStart, localParts, sameIsoWeekLastYearDays, zonedStart } from '@ems/domain';
import type { AnalysisGrain } from '@ems/contract';

/**
 * Periods of the analysis pages in the project's calendar (pure): the range a date-range selector
 * value stands for, its bucket grain, the like-for-like compared part and its 同比/环比 references,
 * and the rollup reads that cover a range.
 */

const DAY_MS = 86_400_000;
/** A custom range up to this span is drawn in hours, up to {@link DAY_GRAIN_MAX_MS} in days, beyond in months. */
export const HOUR_GRAIN_MAX_MS = 2 * DAY_MS;
export const DAY_GRAIN_MAX_MS = 62 * DAY_MS;

export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year' | 'custom';

export interface AnalysisRange {
  from: number;
  to: number;
  grain: AnalysisGrain;
  unit: PeriodUnit;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The range of a selector value: types 1–5 are the local day / week (Monday first) / month /
 * quarter / year holding the middle of [startTime, endTime] (so a browser in another timezone still
 * names the same unit); types 6 and 7 are the range as given (end inclusive), widened to whole
 * buckets of the grain its span calls for. A `grain` asked for replaces the automatic one (the
 * caller checks it fits: @ems/domain analysisGrainFits).
 */
export function resolveRange(dateType: number, startTime: number, endTime: number, timeZone: string, grain?: AnalysisGrain): AnalysisRange {
  if (grain !== undefined) {
    const auto = resolveRange(dateType, startTime, endTime, timeZone);
    if (auto.unit !== 'custom' || grain === auto.grain) return { ...auto, grain };
    // a custom range widens to whole hours for hour buckets, to whole days for day and month buckets
    const g = grain === 'hour' ? 'hour' : 'day';
    const from = bucketStart(startTime, g, timeZone);
    return { from, to: bucketEnd(bucketStart(endTime, g, timeZone), g, timeZone), grain, unit: 'custom' };
  }
  if (dateType >= 1 && dateType <= 5) {
    const l = localParts(startTime + Math.floor((endTime - startTime) / 2), timeZone);
    const z = (y: number, m: number, d: number) => zonedStart(y, m, d, timeZone);
    if (dateType === 1) return { from: z(l.year, l.month, l.day), to: z(l.year, l.month, l.day + 1), grain: 'hour', unit: 'day' };
    if (dateType === 2) {
      const monday = l.day - ((new Date(Date.UTC(l.year, l.month - 1, l.day)).getUTCDay() + 6) % 7);
      return { from: z(l.year, l.month, monday), to: z(l.year, l.month, monday + 7), grain: 'day', unit: 'week' };
    }
    if (dateType === 3) return { from: z(l.year, l.month, 1), to: z(l.year, l.month + 1, 1), grain: 'day', unit: 'month' };
    if (dateType === 4) {
      const q = Math.floor((l.month - 1) / 3) * 3 + 1;
      return { from: z(l.year, q, 1), to: z(l.year, q + 3, 1), grain: 'month', unit: 'quarter' };
    }
    return { from: z(l.year, 1, 1), to: z(l.year + 1, 1, 1), grain: 'month', unit: 'year' };
  }
  const end = endTime + 1;
  const span = end - startTime;
  const auto: AnalysisGrain = span <= HOUR_GRAIN_MAX_MS ? 'hour' : span <= DAY_GRAIN_MAX_MS ? 'day' : 'month';
  // month bars of a custom range are grouped from day buckets, so the range only widens to whole days
  const g = auto === 'hour' ? 'hour' : 'day';
  const from = bucketStart(startTime, g, timeZone);
  const last = bucketStart(end - 1, g, timeZone);
  return { from, to: bucketEnd(last, g, timeZone), grain: auto, unit: 'custom' };
}

/** The bucket starts of the grain in [from, to). */
export function bucketsOf(from: number, to: number, grain: AnalysisGrain, timeZone: string): number[] {
  const key = `${from}|${to}|${grain}|${timeZone}`;
  let starts = knownBuckets.get(key);
  if (starts === undefined) {
    starts = [];
    for (let t = bucketStart(from, grain, timeZone); t < to; t = bucketEnd(t, grain, timeZone)) starts.push(Math.max(t, from));
    if (knownBuckets.size >= KNOWN_BUCKETS_MAX) knownBuckets.delete(knownBuckets.keys().next().value as string);
    knownBuckets.set(key, starts);
  }
  return starts.slice();
}

/** Bucket lists already worked out (a pure function of its arguments: each step asks the zone's offsets), bounded. */
const knownBuckets = new Map<string, number[]>();
const KNOWN_BUCKETS_MAX = 512;

/**
 * ts moved by whole local months at the same day and hour. When the target month is shorter than
 * the day, the result is the end of that month (so month-to-date on the 31st compares with all of a
 * 30-day month).
 */
export function shiftMonths(ts: number, months: number, timeZone: string): number {
  const l = localParts(ts, timeZone);
  const target = new Date(Date.UTC(l.year, l.month - 1 + months, 1));
  const y = target.getUTCFullYear();
  const m = target.getUTCMonth() + 1;
  if (l.day > daysInMonth(y, m)) return zonedStart(y, m + 1, 1, timeZone);
  return zonedStart(y, m, l.day, timeZone, l.hour);
}

/** ts moved by whole local days at the same hour. */
export function shiftDays(ts: number, days: number, timeZone: string): number {
  const l = localParts(ts, timeZone);
  return zonedStart(l.year, l.month, l.day + days, timeZone, l.hour);
}

export interface Span {
  from: number;
  to: number;
}

export interface LikeForLikeSpans {
  /** the compared part of the range: all of it, or up to the start of the current local hour */
  current: Span;
  /** 同比: the same part one year earlier */
  yoy: Span;
  /** 环比: the same part of the previous adjacent period (a custom range: the same span just before) */
  mom: Span;
}

/**
 * "The same time last year" of a range's instants, and back: a week's is the same ISO week of the
 * previous ISO year, weekday for weekday (364 or 371 days; @ems/domain sameIsoWeekLastYearDays);
 * every other range's is the same calendar date and hour twelve months earlier.
 */
export function yearShift(range: Pick<AnalysisRange, 'from' | 'unit'>, timeZone: string): { back: (ts: number) => number; forward: (ts: number) => number } {
  if (range.unit === 'week') {
    const l = localParts(range.from, timeZone);
    const days = sameIsoWeekLastYearDays(l.year, l.month, l.day);
    return { back: (ts) => shiftDays(ts, -days, timeZone), forward: (ts) => shiftDays(ts, days, timeZone) };
  }
  return { back: (ts) => shiftMonths(ts, -12, timeZone), forward: (ts) => shiftMonths(ts, 12, timeZone) };
}

/**
 * Like for like (DOMAIN §1): a range that holds now is compared up to the start of the current
 * local hour, against the same elapsed part of the same period last year ({@link yearShift}: a
 * week's is the same ISO week) and of the previous period; a reference never runs past the end of
 * its own period. A range wholly in the past compares whole periods. Spans are empty (to ≤ from)
 * when nothing is compared yet.
 */
export function likeForLike(range: AnalysisRange, now: number, timeZone: string): LikeForLikeSpans {
  const until = now < range.to ? Math.max(range.from, bucketStart(now, 'hour', timeZone)) : range.to;
  const current = { from: range.from, to: until };
  const back = (ts: number): number => {
    switch (range.unit) {
      case 'day':
        return shiftDays(ts, -1, timeZone);
      case 'week':
        return shiftDays(ts, -7, timeZone);
      case 'month':
        return shiftMonths(ts, -1, timeZone);
      case 'quarter':
        return shiftMonths(ts, -3, timeZone);
      case 'year':
        return shiftMonths(ts, -12, timeZone);
      default:
        return ts - (range.to - range.from);
    }
  };
  const yearBack = yearShift(range, timeZone).back;
  const momFrom = back(range.from);
  const yoyFrom = yearBack(range.from);
  return {
    current,
    mom: { from: momFrom, to: Math.min(back(until), range.from) },
    yoy: { from: yoyFrom, to: Math.min(yearBack(until), yearBack(range.to)) },
  };
}

export type RollupTable = 'rollup_hour' | 'rollup_day' | 'rollup_month';

/** One read of a rollup table: bucket starts in [from, to). */
export interface RollupRead {
  table: RollupTable;
  from: number;
  to: number;
}

/**
 * The rollup reads that cover [from, to) with the fewest rows: hours up to the first local
 * midnight, whole days, then the hours after the last midnight. `from` and `to` are hour boundaries.
 */
export function coveringReads(span: Span, timeZone: string): RollupRead[] {
  if (span.to <= span.from) return [];
  const startDay = bucketStart(span.from, 'day', timeZone);
  const firstMidnight = startDay === span.from ? startDay : bucketEnd(startDay, 'day', timeZone);
  const lastMidnight = bucketStart(span.to, 'day', timeZone);
  if (firstMidnight >= lastMidnight) return [{ table: 'rollup_hour', from: span.from, to: span.to }];
  const reads: RollupRead[] = [];
  if (span.from < firstMidnight) reads.push({ table: 'rollup_hour', from: span.from, to: firstMidnight });
  reads.push({ table: 'rollup_day', from: firstMidnight, to: lastMidnight });
  if (lastMidnight < span.to) reads.push({ table: 'rollup_hour', from: lastMidnight, to: span.to });
  return reads;
}

/** The table the series of a range is read from: the grain's own, or day buckets when month bars do not start on a month. */
export function seriesTable(range: Pick<AnalysisRange, 'from' | 'to' | 'grain'>, timeZone: string): RollupTable {
  if (range.grain === 'hour') return 'rollup_hour';
  if (range.grain === 'day') return 'rollup_day';
  const aligned = bucketStart(range.from, 'month', timeZone) === range.from && bucketStart(range.to, 'month', timeZone) === range.to;
  return aligned ? 'rollup_month' : 'rollup_day';
}
