import { OriginFailure, forecastsAt, type Forecaster } from './forecast.js';

/**
 * A weekly-season model (Holt-Winters) learns its season from the weeks it is given: a week of
 * public holidays at the start of its history (国庆, 春节) sets its start values, and with them its
 * forecasts for weeks after, far off (on the demo plant, 1–7 October as the first week of 8 weeks
 * of history took the hourly back-test's MAPE from 1.2 % to 119 %). Before such a model sees a
 * history, each irregular day — its type (public holiday 'off', make-up working day 'work') not the
 * one its weekday has in an ordinary week — takes the values of the same weekday of the nearest
 * ordinary week: the last one before it, else the first one after it. Forecasts of the days ahead
 * are left as they come.
 */

/** Days per week: the stand-in is the same weekday of another week. */
const WEEK = 7;

/**
 * For each of the `days` complete days, the day whose values it takes: itself when it is ordinary
 * (or no ordinary day of its weekday is among the `days`), else the nearest ordinary same weekday,
 * earlier first.
 */
export function regularDayStandIns(days: number, dayTypeOf: (dayIndex: number) => string, weekdayTypeOf: (dayIndex: number) => string): Int32Array {
  const ordinary = (d: number) => dayTypeOf(d) === weekdayTypeOf(d);
  const out = new Int32Array(Math.max(0, days));
  for (let d = 0; d < days; d++) {
    out[d] = d;
    if (ordinary(d)) continue;
    let src = -1;
    for (let k = d - WEEK; k >= 0 && src < 0; k -= WEEK) if (ordinary(k)) src = k;
    for (let k = d + WEEK; k < days && src < 0; k += WEEK) if (ordinary(k)) src = k;
    if (src >= 0) out[d] = src;
  }
  return out;
}

/** The series with every complete irregular day replaced by its stand-in's values (a partial last day is left as it is). */
export function onOrdinaryDays(series: readonly number[], perDay: number, standIns: Int32Array): number[] {
  const out = series.slice();
  const days = Math.min(standIns.length, Math.floor(series.length / perDay));
  for (let d = 0; d < days; d++) {
    const src = standIns[d] as number;
    if (src !== d) for (let i = 0; i < perDay; i++) out[d * perDay + i] = series[src * perDay + i] as number;
  }
  return out;
}

/**
 * `inner` run on the history with its irregular days replaced by ordinary ones (see the module
 * comment). Its atOrigins gives, for each origin o, exactly what it gives on series.slice(0, o):
 * one pass of the inner model over the series cleaned as a whole where the prefix would be cleaned
 * the same way, a pass of its own for an origin where it would not (a stand-in after the origin,
 * or an irregular day cut by it).
 */
export function onRegularDays(inner: Forecaster, perDay: number, dayTypeOf: (dayIndex: number) => string, weekdayTypeOf: (dayIndex: number) => string): Forecaster {
  const clean = (history: readonly number[]) => onOrdinaryDays(history, perDay, regularDayStandIns(Math.floor(history.length / perDay), dayTypeOf, weekdayTypeOf));
  const f: Forecaster = (history, horizon) => inner(clean(history), horizon);
  f.atOrigins = (series, origins, horizon) => {
    const len = series.length;
    const ends = origins.map((o) => (o < 0 ? Math.max(0, len + o) : Math.min(o, len)));
    const all = regularDayStandIns(Math.floor(len / perDay), dayTypeOf, weekdayTypeOf);
    const sameAsWhole = (o: number) => {
      const whole = Math.floor(o / perDay);
      for (let d = 0; d < whole; d++) if ((all[d] as number) >= whole) return false;
      // a day cut by the origin is not cleaned in the prefix
      return o % perDay === 0 || whole >= all.length || all[whole] === whole;
    };
    const shared = ends.filter(sameAsWhole);
    const fromWhole = shared.length > 0 ? forecastsAt(inner, onOrdinaryDays(series, perDay, all), shared, horizon) : [];
    const byEnd = new Map(shared.map((e, i) => [e, fromWhole[i] as number[] | OriginFailure]));
    return ends.map((e) => {
      const r = byEnd.get(e);
      if (r !== undefined) return r instanceof OriginFailure ? r : r.slice();
      try {
        return f(series.slice(0, e), horizon);
      } catch (err) {
        return new OriginFailure(err);
      }
    });
  };
  if (inner.parameters !== undefined) f.parameters = inner.parameters;
  return f;
}
