import { fillGaps, forecastDayType, forecastersFor, localParts } from '@ems/domain';
import type { SeriesRow } from './repository.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * A figure as the forecast replies send it: 3 decimals (a watt-hour of kWh, a thousandth of a
 * percent). The rest of a double's 17 digits is noise of the sums and the models, and costs the
 * reply's JSON its size and time. Money is not rounded here (bills are in integer fen).
 */
export const fig = (v: number | null): number | null => (v === null ? null : Math.round(v * 1000) / 1000);

/**
 * Bucket values placed on a grid of bucket starts (missing: null). Hours step by 1 h; a day in a
 * zone with a daylight-saving change is taken as 24 h (the demo projects' zones have none).
 */
export function onGrid(rows: readonly SeriesRow[], starts: readonly number[]): (number | null)[] {
  const index = new Map<number, number>();
  for (let i = 0; i < starts.length; i++) index.set(starts[i] as number, i);
  const out: (number | null)[] = new Array<number | null>(starts.length).fill(null);
  for (const r of rows) {
    const i = index.get(r.bucketStart);
    if (i !== undefined) out[i] = r.value;
  }
  return out;
}

/** Hour starts in [from, to). */
export const hoursOf = (from: number, to: number) => Array.from({ length: Math.max(0, Math.round((to - from) / HOUR_MS)) }, (_, i) => from + i * HOUR_MS);

/**
 * The day type ('work' | 'sat' | 'off') of the local day `dayIndex` days after the local midnight
 * `base` (each day worked out once: the back-tests ask for the same days at every origin); with
 * `ordinaryWeek` the type its weekday has in a week without public holidays or make-up days.
 */
export function dayTypeFrom(base: number, timeZone: string, ordinaryWeek = false): (dayIndex: number) => string {
  const known = new Map<number, string>();
  return (d) => {
    let type = known.get(d);
    if (type === undefined) {
      const l = localParts(base + d * DAY_MS + 12 * HOUR_MS, timeZone);
      type = ordinaryWeek ? forecastDayType(l.year, l.month, l.day, {}) : forecastDayType(l.year, l.month, l.day);
      known.set(d, type);
    }
    return type;
  };
}

/**
 * The candidate forecasters of a series from the local midnight `base` (day types from the holiday
 * calendar; Holt-Winters on ordinary weeks). `dayType`: the caller's {@link dayTypeFrom} of the same
 * base, when it has one already (its days are worked out once).
 */
export const forecastersFrom = (grain: 'hour' | 'day', base: number, timeZone: string, dayType = dayTypeFrom(base, timeZone)) =>
  forecastersFor(grain, dayType, dayTypeFrom(base, timeZone, true));

/**
 * A gap-free series for the forecasters from grid values whose first point is a local midnight:
 * gaps filled (fillGaps), and the part before the first metered day cut at a day boundary.
 * `skipped` is the number of points cut; null when nothing is metered.
 */
export function prepare(raw: readonly (number | null)[], perDay: number): { series: number[]; skipped: number } | null {
  const f = fillGaps(raw);
  if (!f) return null;
  const skipped = Math.ceil(f.offset / perDay) * perDay;
  return { series: f.series.slice(skipped - f.offset), skipped };
}

export const sum = (xs: Iterable<number | null>): number | null => {
  let v: number | null = null;
  for (const x of xs) if (x !== null && Number.isFinite(x)) v = (v ?? 0) + x;
  return v;
};
