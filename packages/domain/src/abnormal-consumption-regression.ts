import { externalBaseline, localSlot, usableKwh, weekdayBaseline, type EnergyInterval, type ExpectedInterval } from './abnormal-consumption.js';
import { zonedStart } from './counters.js';
import { accuracy } from './forecast.js';
import { fitLinear, predictLinear } from './linear-regression.js';

/**
 * The regression baseline of the rule by percent (DOMAIN.md §10.1 "the regression forecast", model
 * of §11/§12: E = a + b·HDD + c·CDD + d·Production + day dummies). Pure.
 *
 * For each local day D judged:
 * 1. fit, by least squares, the daily consumption of the N weeks before D (days D − 7N … D − 1, so
 *    never a value of D or later) on the day's heating and cooling degree-days (base 18 °C, from the
 *    weather station's hourly outdoor temperature), its production output, and a Saturday and a
 *    Sunday dummy (the days a plant most often runs differently; a dummy no day carries is dropped);
 * 2. predict D's consumption from D's own weather and production;
 * 3. spread it on D's weekday shape: interval i expects Ê_D × share_i, share_i the same-weekday
 *    baseline of i's time of day (the mean over the same N weeks) over the sum of that baseline over
 *    D's intervals — the regression sets the day's level, the weekday profile its hours.
 * D gets no baseline (so no finding) without a weather or production driver, with fewer than
 * `minDays` usable past days, or without its own drivers; the reason is given per day.
 */

/** Degree-day base, °C (DOMAIN §11). */
export const DEGREE_DAY_BASE_C = 18;
/** Fewest past days a fit takes [V]: two weeks, at least twice the parameters. */
export const DEFAULT_REGRESSION_MIN_DAYS = 14;

/** An outdoor temperature sample (an hourly mean), °C; null when missing. */
export interface TemperatureSample {
  start: number;
  c: number | null;
}

/** Degree-days of a local day: mean over its samples of max(0, base − T) (HDD) and max(0, T − base) (CDD). */
export interface DegreeDays {
  hdd: number;
  cdd: number;
}

const DAY_MS = 86_400_000;

/** The local day's [start, end) in ms (23 or 25 h across DST). */
function dayBounds(day: number, timeZone: string): { start: number; end: number } {
  const d = new Date(day * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const dd = d.getUTCDate();
  return { start: zonedStart(y, m, dd, timeZone), end: zonedStart(y, m, dd + 1, timeZone) };
}

/**
 * Heating and cooling degree-days per local day (days since 1970-01-01) from temperature samples:
 * the mean over the day's samples of max(0, base − T) and max(0, T − base), i.e. °C·day for a day of
 * hourly means. A day with fewer than `minSamples` samples (default 12: half a day of hours) has none.
 */
export function degreeDaysByLocalDay(samples: readonly TemperatureSample[], timeZone: string, baseC = DEGREE_DAY_BASE_C, minSamples = 12): Map<number, DegreeDays> {
  const acc = new Map<number, { h: number; c: number; n: number }>();
  for (const s of samples) {
    if (s.c === null || !Number.isFinite(s.c)) continue;
    const day = localSlot(s.start, timeZone).day;
    const a = acc.get(day) ?? { h: 0, c: 0, n: 0 };
    a.h += Math.max(0, baseC - s.c);
    a.c += Math.max(0, s.c - baseC);
    a.n++;
    acc.set(day, a);
  }
  const out = new Map<number, DegreeDays>();
  for (const [day, a] of acc) if (a.n >= minSamples) out.set(day, { hdd: a.h / a.n, cdd: a.c / a.n });
  return out;
}

/**
 * Σ of the usable intervals per local day, scaled to the whole day (× intervals of the day / usable
 * ones) when at least `minCoverage` of the day is usable; days under it are left out.
 */
export function dailyTotals(series: readonly EnergyInterval[], timeZone: string, intervalMs: number, minCoverage = 0.9): Map<number, number> {
  const acc = new Map<number, { sum: number; n: number }>();
  for (const iv of series) {
    const kwh = usableKwh(iv);
    if (kwh === null) continue;
    const day = localSlot(iv.start, timeZone).day;
    const a = acc.get(day) ?? { sum: 0, n: 0 };
    a.sum += kwh;
    a.n++;
    acc.set(day, a);
  }
  const out = new Map<number, number>();
  for (const [day, a] of acc) {
    const b = dayBounds(day, timeZone);
    const slots = Math.round((b.end - b.start) / intervalMs);
    if (a.n >= minCoverage * slots) out.set(day, (a.sum * slots) / Math.min(a.n, slots));
  }
  return out;
}

/** The drivers of the regression; absent or empty: not a regressor. */
export interface RegressionDrivers {
  /** outdoor temperature, hourly means, °C */
  temperatures?: readonly TemperatureSample[];
  /** production output per interval (increments of the output counters) */
  production?: readonly EnergyInterval[];
}

export interface RegressionBaselineOptions {
  intervalMs: number;
  /** N weeks fitted before each day, default 4 */
  weeks?: number;
  /** fewest usable past days, default {@link DEFAULT_REGRESSION_MIN_DAYS} */
  minDays?: number;
  baseC?: number;
}

/** Why a day has no regression baseline. */
export type RegressionGap = 'noDrivers' | 'tooFewDays' | 'noDayDrivers';

/** The fit behind one day's baseline. */
export interface RegressionFit {
  /** days fitted */
  n: number;
  /** parameters estimated */
  p: number;
  r2: number;
  /** ASHRAE Guideline 14 CV(RMSE) of the fit on its days, % (n − p degrees of freedom) */
  cvRmsePct: number | null;
  intercept: number;
  /** per driver, null when not in the model (no data, or dropped as constant or dependent) */
  hdd: number | null;
  cdd: number | null;
  production: number | null;
  saturday: number | null;
  sunday: number | null;
}

/** One local day judged against the regression baseline. */
export interface RegressionDay {
  /** local date 'YYYY-MM-DD' */
  date: string;
  start: number;
  /** the day's predicted consumption Ê_D (≥ 0); null: no baseline */
  expectedKwh: number | null;
  fit: RegressionFit | null;
  gap: RegressionGap | null;
}

const DRIVER_NAMES = ['hdd', 'cdd', 'production', 'saturday', 'sunday'] as const;

/**
 * The regression baseline (see the module comment) for the target interval starts, from the meter's
 * history (which must reach N weeks before the first target) and the drivers. `expected` goes to
 * {@link percentFindings} through {@link externalBaseline}; `days` tells per day the fit or the gap.
 */
export function regressionBaseline(
  history: readonly EnergyInterval[],
  targets: readonly number[],
  timeZone: string,
  drivers: RegressionDrivers,
  options: RegressionBaselineOptions,
): { expected: ExpectedInterval[]; days: RegressionDay[] } {
  const weeks = options.weeks ?? 4;
  const minDays = options.minDays ?? DEFAULT_REGRESSION_MIN_DAYS;
  const energy = dailyTotals(history, timeZone, options.intervalMs);
  const withWeather = (drivers.temperatures?.length ?? 0) > 0;
  const withProduction = (drivers.production?.length ?? 0) > 0;
  const dd = withWeather ? degreeDaysByLocalDay(drivers.temperatures ?? [], timeZone, options.baseC) : new Map<number, DegreeDays>();
  const output = withProduction ? dailyTotals(drivers.production ?? [], timeZone, options.intervalMs) : new Map<number, number>();
  /** a day's regressors in DRIVER_NAMES order (absent drivers 0, a constant column the fit drops); null when one it needs is missing */
  const rowOf = (day: number): number[] | null => {
    const w = dd.get(day);
    const p = output.get(day);
    if ((withWeather && !w) || (withProduction && p === undefined)) return null;
    const weekday = (((day + 4) % 7) + 7) % 7;
    return [w?.hdd ?? 0, w?.cdd ?? 0, p ?? 0, weekday === 6 ? 1 : 0, weekday === 0 ? 1 : 0];
  };
  const byDay = new Map<number, number[]>();
  for (const t of targets) {
    const day = localSlot(t, timeZone).day;
    const list = byDay.get(day);
    if (list) list.push(t);
    else byDay.set(day, [t]);
  }
  // the weekday shape of every judged day's intervals, from one pass over the history
  const sortedDays = [...byDay].sort((a, b) => a[0] - b[0]).map(([day, starts]) => ({ day, starts, bounds: dayBounds(day, timeZone) }));
  const slots: number[] = [];
  for (const { bounds } of sortedDays) for (let t = bounds.start; t < bounds.end; t += options.intervalMs) slots.push(t);
  const profile = new Map(weekdayBaseline(history, slots, timeZone, { weeks, minSamples: 1 }).map((p) => [p.start, p.expected]));
  const series: { start: number; kwh: number | null }[] = [];
  const days: RegressionDay[] = [];
  for (const { day, starts, bounds } of sortedDays) {
    const judged: RegressionDay = { date: new Date(day * DAY_MS).toISOString().slice(0, 10), start: bounds.start, expectedKwh: null, fit: null, gap: null };
    days.push(judged);
    const none = (gap: RegressionGap) => {
      judged.gap = gap;
      for (const s of starts) series.push({ start: s, kwh: null });
    };
    if (!withWeather && !withProduction) {
      none('noDrivers');
      continue;
    }
    const rows: number[][] = [];
    const ys: number[] = [];
    for (let d = day - 7 * weeks; d < day; d++) {
      const e = energy.get(d);
      const row = e === undefined ? null : rowOf(d);
      if (e !== undefined && row) {
        rows.push(row);
        ys.push(e);
      }
    }
    const fit = rows.length >= minDays ? fitLinear(rows, ys) : null;
    if (!fit) {
      none('tooFewDays');
      continue;
    }
    const coef = (j: number) => (fit.used[j] ? (fit.coefficients[j] as number) : null);
    const cv = accuracy(ys, rows.map((r) => predictLinear(fit, r)), { parameters: fit.p }).cvRmsePct;
    judged.fit = { n: fit.n, p: fit.p, r2: fit.r2, cvRmsePct: cv, intercept: fit.intercept, ...(Object.fromEntries(DRIVER_NAMES.map((name, j) => [name, coef(j)])) as Record<(typeof DRIVER_NAMES)[number], number | null>) };
    const own = rowOf(day);
    if (!own) {
      none('noDayDrivers');
      continue;
    }
    const total = Math.max(0, predictLinear(fit, own));
    judged.expectedKwh = total;
    // the day's shape: the same-weekday baseline of each of its intervals, normalised over the day
    let sum = 0;
    for (let t = bounds.start; t < bounds.end; t += options.intervalMs) sum += profile.get(t) ?? 0;
    for (const s of starts) {
      const p = profile.get(s) ?? null;
      series.push({ start: s, kwh: p === null || !(sum > 0) ? null : (total * p) / sum });
    }
  }
  return { expected: externalBaseline(series), days };
}
