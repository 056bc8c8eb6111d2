import { ASHRAE_G14_LIMITS, type AccuracyMetrics, type G14Resolution } from './forecast.js';

/**
 * What the forecasters need around them (DOMAIN.md §12): the day-type calendar (working day,
 * Saturday, Sunday or public holiday, with make-up working days), gap filling of a metered series,
 * shaping a daily total with an hourly profile, and the verdicts against Guideline 14.
 */

/**
 * Chinese public holidays and make-up working days (调休) by year, 'MM-DD' (State Council notices),
 * as data. A year missing here falls back to the week: Saturday 'sat', Sunday 'off'.
 */
export const CN_PUBLIC_HOLIDAYS: Readonly<Record<number, { off: readonly string[]; work: readonly string[] }>> = {
  2024: {
    off: ['01-01', '02-10', '02-11', '02-12', '02-13', '02-14', '02-15', '02-16', '02-17', '04-04', '04-05', '04-06', '05-01', '05-02', '05-03', '05-04', '05-05', '06-10', '09-15', '09-16', '09-17', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07'],
    work: ['02-04', '02-18', '04-07', '04-28', '05-11', '09-14', '09-29', '10-12'],
  },
  2025: {
    off: ['01-01', '01-28', '01-29', '01-30', '01-31', '02-01', '02-02', '02-03', '02-04', '04-04', '04-05', '04-06', '05-01', '05-02', '05-03', '05-04', '05-05', '05-31', '06-01', '06-02', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07', '10-08'],
    work: ['01-26', '02-08', '04-27', '09-28', '10-11'],
  },
  2026: {
    off: ['01-01', '01-02', '01-03', '02-15', '02-16', '02-17', '02-18', '02-19', '02-20', '02-21', '02-22', '02-23', '04-04', '04-05', '04-06', '05-01', '05-02', '05-03', '05-04', '05-05', '06-19', '06-20', '06-21', '09-25', '09-26', '09-27', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07'],
    work: ['01-04', '02-14', '02-28', '05-09', '09-20', '10-10'],
  },
  2027: { off: ['01-01', '01-02', '01-03'], work: [] },
};

export type ForecastDayType = 'work' | 'sat' | 'off';

/** Day type of a local date: public holidays 'off', make-up days 'work', else Saturday 'sat', Sunday 'off', weekdays 'work'. */
export function forecastDayType(year: number, month: number, day: number, calendar = CN_PUBLIC_HOLIDAYS): ForecastDayType {
  const d = new Date(Date.UTC(year, month - 1, day));
  const key = `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  const cal = calendar[d.getUTCFullYear()];
  if (cal?.off.includes(key)) return 'off';
  if (cal?.work.includes(key)) return 'work';
  const dow = d.getUTCDay();
  return dow === 0 ? 'off' : dow === 6 ? 'sat' : 'work';
}

/**
 * A gap-free series from metered buckets: leading nulls are dropped (`offset` says how many: the
 * meter had not started), inner gaps are interpolated linearly between the known neighbours,
 * trailing nulls repeat the last known value. Null when nothing is known.
 */
export function fillGaps(values: readonly (number | null)[]): { offset: number; series: number[] } | null {
  const first = values.findIndex((v) => v !== null && Number.isFinite(v));
  if (first < 0) return null;
  const out: number[] = [];
  let lastIdx = first;
  let last = values[first] as number;
  for (let i = first; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    for (let j = lastIdx + 1; j < i; j++) out.push(last + ((v - last) * (j - lastIdx)) / (i - lastIdx));
    out.push(v);
    lastIdx = i;
    last = v;
  }
  for (let j = lastIdx + 1; j < values.length; j++) out.push(last);
  return { offset: first, series: out };
}

/** A total spread over the buckets of a profile in its proportions (evenly when the profile sums to 0). */
export function shapeByProfile(total: number, profile: readonly number[]): number[] {
  const sum = profile.reduce((s, v) => s + Math.max(0, v), 0);
  if (profile.length === 0) return [];
  return profile.map((v) => (sum > 0 ? (total * Math.max(0, v)) / sum : total / profile.length));
}

/**
 * The typical day of a type: per point of the day, the mean of the last k complete days of the
 * series (days of `period` points from its start) whose `dayTypeOf` is the type; all types when
 * none is; null without a complete day. Used to shape a daily forecast into hours.
 */
export function similarDayProfile(history: readonly number[], period: number, type: string, dayTypeOf: (dayIndex: number) => string, k = 4): number[] | null {
  const full = Math.floor(history.length / period);
  let picks: number[] = [];
  for (let d = full - 1; d >= 0 && picks.length < k; d--) if (dayTypeOf(d) === type) picks.push(d);
  if (picks.length === 0) picks = Array.from({ length: Math.min(k, full) }, (_, i) => full - 1 - i);
  if (picks.length === 0) return null;
  return Array.from({ length: period }, (_, i) => picks.reduce((s, d) => s + (history[d * period + i] ?? 0), 0) / picks.length);
}

/** Target of the day-ahead daily MAPE [V, DOMAIN §12], %. */
export const DAY_AHEAD_DAILY_MAPE_TARGET_PCT = 10;

export interface Judgement {
  resolution: G14Resolution;
  cvRmseLimitPct: number;
  nmbeLimitPct: number;
  mapeTargetPct: number | null;
  cvRmsePass: boolean | null;
  nmbePass: boolean | null;
  mapePass: boolean | null;
}

/** Each metric against the Guideline 14 limits of the resolution (and a MAPE target when given); null when the metric is. */
export function judge(m: AccuracyMetrics, resolution: G14Resolution, mapeTargetPct: number | null = null, limits = ASHRAE_G14_LIMITS): Judgement {
  const l = limits[resolution];
  return {
    resolution,
    cvRmseLimitPct: l.cvRmsePct,
    nmbeLimitPct: l.nmbePct,
    mapeTargetPct,
    cvRmsePass: m.cvRmsePct === null ? null : m.cvRmsePct <= l.cvRmsePct,
    nmbePass: m.nmbePct === null ? null : Math.abs(m.nmbePct) <= l.nmbePct,
    mapePass: mapeTargetPct === null || m.mapePct === null ? null : m.mapePct <= mapeTargetPct,
  };
}
