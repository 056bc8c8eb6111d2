import { describe, expect, it } from 'vitest';
import { backtestTotals } from './forecast-backtest.js';
import type { Forecaster } from './forecast.js';
import { DAY_AHEAD_DAILY_MAPE_TARGET_PCT, fillGaps, forecastDayType, judge, shapeByProfile, similarDayProfile } from './forecast-series.js';

describe('forecastDayType: working day, Saturday, Sunday or public holiday, make-up days work (DOMAIN §12 calendar)', () => {
  it.each([
    [2026, 7, 15, 'work', 'a Wednesday'],
    [2026, 7, 18, 'sat', 'a Saturday'],
    [2026, 7, 19, 'off', 'a Sunday'],
    [2026, 6, 19, 'off', 'Dragon Boat Festival, a Friday'],
    [2026, 2, 14, 'work', 'a make-up Saturday before Spring Festival'],
    [2030, 1, 5, 'sat', 'a year without data: by the week'],
  ] as const)('%i-%i-%i is %s (%s)', (y, m, d, type, _why) => expect(forecastDayType(y, m, d)).toBe(type));
});

describe('fillGaps: leading nulls dropped, inner gaps interpolated, trailing nulls held', () => {
  it('[null, null, 10, null, null, 16, null] → offset 2, [10, 12, 14, 16, 16]', () => {
    expect(fillGaps([null, null, 10, null, null, 16, null])).toEqual({ offset: 2, series: [10, 12, 14, 16, 16] });
  });
  it('no value at all → null', () => expect(fillGaps([null, null])).toBeNull());
});

describe('shapeByProfile: a daily total in the proportions of an hourly profile', () => {
  it('240 over [1, 2, 3, 6] → [20, 40, 60, 120]', () => expect(shapeByProfile(240, [1, 2, 3, 6])).toEqual([20, 40, 60, 120]));
  it('a zero profile spreads evenly: 30 over 3 → 10 each', () => expect(shapeByProfile(30, [0, 0, 0])).toEqual([10, 10, 10]));
});

describe('judge: each metric against Guideline 14 and the day-ahead MAPE target', () => {
  const m = { n: 28, mapePct: 6.2, wapePct: 6, cvRmsePct: 8.1, nmbePct: -1.5 };
  it('hourly limits 30 / 10, MAPE 6.2 ≤ 10 passes', () =>
    expect(judge(m, 'hourly', DAY_AHEAD_DAILY_MAPE_TARGET_PCT)).toEqual({
      resolution: 'hourly',
      cvRmseLimitPct: 30,
      nmbeLimitPct: 10,
      mapeTargetPct: 10,
      cvRmsePass: true,
      nmbePass: true,
      mapePass: true,
    }));
  it('monthly 15 / 5: CV 16 % fails, NMBE −5.5 % fails on |NMBE|, no MAPE target → null', () => {
    const j = judge({ ...m, cvRmsePct: 16, nmbePct: -5.5 }, 'monthly');
    expect([j.cvRmsePass, j.nmbePass, j.mapePass]).toEqual([false, false, null]);
  });
  it('a missing metric has no verdict', () => expect(judge({ ...m, cvRmsePct: null }, 'hourly').cvRmsePass).toBeNull());
});

describe('backtestTotals: horizon totals at rolling origins (Guideline 14 monthly resolution)', () => {
  it('worked example: naive last value on 1…10, horizon 2, 2 folds', () => {
    // origin 6: Σ F = 6 + 6 = 12 vs Σ A = 7 + 8 = 15; origin 8: 16 vs 19 → residuals 3, 3
    // Ā = 17, NMBE = Σ(A − F) / (n · Ā) = +6 / 34 = +17.647 % (under-forecast), CV(RMSE) = 3 / 17 = 17.647 %, MAPE = (3/15 + 3/19) / 2 = 17.895 %
    const naive: Forecaster = (h, n) => Array<number>(n).fill(h[h.length - 1] ?? 0);
    const b = backtestTotals([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], naive, { horizon: 2, folds: 2 });
    expect(b.folds).toBe(2);
    expect(b.residuals).toEqual([3, 3]);
    expect(b.metrics.nmbePct).toBeCloseTo(17.647, 3);
    expect(b.metrics.cvRmsePct).toBeCloseTo(17.647, 3);
    expect(b.metrics.mapePct).toBeCloseTo(17.895, 3);
  });
  it('origins before minTrain are skipped', () => {
    const naive: Forecaster = (h, n) => Array<number>(n).fill(h[h.length - 1] ?? 0);
    expect(backtestTotals([1, 2, 3, 4, 5, 6], naive, { horizon: 2, folds: 3, minTrain: 2 }).folds).toBe(2);
  });
});

describe('similarDayProfile: the typical day of a type from the last k complete days', () => {
  // period 2: days [1, 3] work, [10, 30] off, [3, 5] work, then a partial day [7]
  const h = [1, 3, 10, 30, 3, 5, 7];
  const type = (d: number) => (d === 1 ? 'off' : 'work');
  it('work: mean of days 2 and 0 = [2, 4]', () => expect(similarDayProfile(h, 2, 'work', type)).toEqual([2, 4]));
  it('off, k = 1: day 1 = [10, 30]', () => expect(similarDayProfile(h, 2, 'off', type, 1)).toEqual([10, 30]));
  it('a type never seen falls back to all types: k = 2 → days 2, 1 = [6.5, 17.5]', () => expect(similarDayProfile(h, 2, 'sat', type, 2)).toEqual([6.5, 17.5]));
  it('no complete day → null', () => expect(similarDayProfile([1], 2, 'work', type)).toBeNull());
});
