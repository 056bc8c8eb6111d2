import { describe, expect, it } from 'vitest';
import { OriginFailure, holtWintersForecaster } from './forecast.js';
import { backtest } from './forecast-backtest.js';
import { forecastersFor } from './forecast-models.js';
import { onOrdinaryDays, onRegularDays, regularDayStandIns } from './forecast-regular-days.js';

/** Day 0 is a Monday: Monday–Friday 'work', Saturday 'sat', Sunday 'off' in an ordinary week. */
const weekdayType = (d: number) => (d % 7 < 5 ? 'work' : d % 7 === 5 ? 'sat' : 'off');
/** The first week a public holiday (国庆-like: all 7 days off), the Saturday of week 2 a make-up working day. */
const dayType = (d: number) => (d < 7 ? 'off' : d === 12 ? 'work' : weekdayType(d));

/** An hourly load of a plant: working days 2 000 kW from 08:00 to 18:00 and 300 kW at night, Saturdays 1 000 kW by day, off days 300 kW all day. */
function plant(days: number, type: (d: number) => string): number[] {
  const out: number[] = [];
  for (let d = 0; d < days; d++) for (let h = 0; h < 24; h++) out.push(h >= 8 && h < 18 ? { work: 2000, sat: 1000, off: 300 }[type(d)] ?? 0 : 300);
  return out;
}

describe('regularDayStandIns: an irregular day takes the same weekday of the nearest ordinary week, the one before first', () => {
  it('21 days: the holiday week’s weekdays take week 1; its Saturday (off, not sat) and the make-up Saturday 12 take Saturday 19; its Sunday is ordinary', () => {
    const s = Array.from(regularDayStandIns(21, dayType, weekdayType));
    // days 0–4 are weekdays off: each takes d + 7 (no earlier week); day 5 'off' vs 'sat': takes 19 (12 is not ordinary); 6 is an ordinary Sunday
    expect(s.slice(0, 7)).toEqual([7, 8, 9, 10, 11, 19, 6]);
    // the make-up working Saturday 12 takes the Saturday before it only if ordinary (5 is not): the next, 19
    expect(s.slice(7, 21)).toEqual([7, 8, 9, 10, 11, 19, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
  it('no ordinary day of its weekday at all: the day keeps its own values', () => expect(Array.from(regularDayStandIns(3, () => 'off', () => 'work'))).toEqual([0, 1, 2]));
  it('onOrdinaryDays copies whole days and leaves a partial last day as it is', () => {
    const stand = Int32Array.from([1, 1, 2]);
    expect(onOrdinaryDays([1, 2, 3, 4, 5, 6, 7], 2, stand)).toEqual([3, 4, 3, 4, 5, 6, 7]);
  });
});

describe('Holt-Winters on ordinary weeks: a holiday week at the start of the history no longer throws the forecasts off', () => {
  const series = plant(56, dayType);
  const o = { horizon: 24, folds: 14, step: 24, minTrain: 168 };
  it('8 weeks starting with a holiday week: back-test MAPE over 20 % as given, under 1 % on ordinary weeks', () => {
    const plain = backtest(series, holtWintersForecaster(168), o).metrics.mapePct ?? Infinity;
    const cleaned = backtest(series, forecastersFor('hour', dayType, weekdayType).holtWinters, o).metrics.mapePct ?? Infinity;
    expect(plain).toBeGreaterThan(20);
    expect(cleaned).toBeLessThan(1);
  });
  it('atOrigins gives exactly what the forecaster gives on each prefix: whole days, a day cut by the origin, a stand-in after the origin, too short', () => {
    const f = onRegularDays(holtWintersForecaster(168), 24, dayType, weekdayType);
    // 336 = 2 weeks (the stand-ins of week 0 are in week 1: inside); 180 and 200: too short for 2 seasons;
    // 24 * 12 + 5: the make-up Saturday is cut by the origin; 1000, 1320: whole and partial days later on
    const origins = [336, 180, 200, 24 * 12 + 5, 1000, 1320, series.length];
    const at = f.atOrigins?.(series, origins, 24) ?? [];
    origins.forEach((origin, i) => {
      let one: number[] | OriginFailure;
      try {
        one = f(series.slice(0, origin), 24);
      } catch (e) {
        one = new OriginFailure(e);
      }
      if (one instanceof OriginFailure) expect(at[i]).toBeInstanceOf(OriginFailure);
      else expect(at[i]).toEqual(one);
    });
    expect(f.parameters).toBe(3);
  });
});
