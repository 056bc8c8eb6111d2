import { describe, expect, it } from 'vitest';
import type { Forecaster } from './forecast.js';
import { bandedForecast, chooseModel, dayAheadForecasts, forecastersFor } from './forecast-models.js';

/** hourly: 5 working days at 100 + 50 in 08–18, weekends 10 (days 5, 6 of each week) */
const weekType = (d: number) => (d % 7 >= 5 ? 'off' : 'work');
const hourly = (t: number) => (weekType(Math.floor(t / 24)) === 'off' ? 10 : 100 + (t % 24 >= 8 && t % 24 < 18 ? 50 : 0));

describe('forecastersFor and chooseModel: the back-test picks per series, a named method overrides it', () => {
  const series = Array.from({ length: 24 * 28 }, (_, t) => hourly(t));
  const fs = forecastersFor('hour', weekType);
  it('auto: similar-day by day type reproduces a weekday/weekend load exactly and wins', () => {
    const c = chooseModel(series, fs, 'auto', { horizon: 24, folds: 7 });
    expect(c.model).toBe('similarDay');
    expect(c.results.similarDay?.metrics.cvRmsePct).toBe(0);
    expect(c.results.holtWinters?.metrics.n).toBe(168);
  });
  it('named: Holt-Winters is used though it back-tests worse; both results are kept', () => {
    const c = chooseModel(series, fs, 'holtWinters', { horizon: 24, folds: 7 });
    expect(c.model).toBe('holtWinters');
    expect(c.results.similarDay).not.toBeNull();
  });
  it('daily grain: similar-day of single days by type; the next Monday is the mean of the last 4 working days', () => {
    const daily = [5, 6, 7, 8, 9, 1, 1, 10, 11, 12, 13, 14, 2, 2];
    const f = forecastersFor('day', weekType).similarDay(daily, 1);
    expect(f).toEqual([(14 + 13 + 12 + 11) / 4]);
  });
});

describe('bandedForecast: forecast + residual quantiles, clipped at 0', () => {
  const flat: Forecaster = (_h, n) => Array<number>(n).fill(5);
  it('residuals −10…10 step 1 (21 values): q10 = −8, q90 = 8 → P10 max(0, −3) = 0, P90 13', () => {
    const residuals = Array.from({ length: 21 }, (_, i) => i - 10);
    expect(bandedForecast(flat, [1, 2], 2, residuals)).toEqual({ p10: [0, 0], p50: [5, 5], p90: [13, 13] });
  });
});

describe('dayAheadForecasts: each day from the points before it only', () => {
  it('naive last value, 2 points a day, days from point 4: [4, 4] then [6, 6]', () => {
    const naive: Forecaster = (h, n) => Array<number>(n).fill(h[h.length - 1] ?? 0);
    expect(dayAheadForecasts([1, 2, 3, 4, 5, 6, 7, 8], naive, 2, 4, 2)).toEqual([4, 4, 6, 6]);
  });
  it('a day the forecaster cannot do is nulls', () => {
    const needs3: Forecaster = (h, n) => {
      if (h.length < 3) throw new RangeError('short');
      return Array<number>(n).fill(1);
    };
    expect(dayAheadForecasts([1, 2, 3, 4], needs3, 1, 2, 2)).toEqual([null, 1]);
  });
});
