import { describe, expect, it } from 'vitest';
import { forecastsAt, forecastsAtSliced, type Forecaster } from './forecast.js';
import { backtest, backtestSliced, backtestTotals, backtestTotalsSliced, chooseForecaster, chooseForecasterSliced } from './forecast-backtest.js';
import { chooseModel, chooseModelSliced, dayAheadForecasts, dayAheadForecastsSliced, forecastersFor } from './forecast-models.js';

/*
 * The sliced counterparts (issue 12: a server's event loop gets turns between the folds of a
 * back-test) return exactly what the one-piece functions return — toEqual compares numbers with
 * Object.is, so every double, NaN and −0 alike — and await the turn between the pieces.
 */

/** hourly load of 5 working days and a weekend, with noise; day 11 a public holiday */
const weekType = (d: number) => (d % 7 >= 5 || d === 11 ? 'off' : 'work');
const weekdayType = (d: number) => (d % 7 >= 5 ? 'off' : 'work');
const hourly = Array.from({ length: 24 * 40 + 7 }, (_, t) => (weekType(Math.floor(t / 24)) === 'off' ? 10 : 100 + (t % 24 >= 8 && t % 24 < 18 ? 50 : 0)) + ((t * 7919) % 13) / 3);
const daily = Array.from({ length: 112 }, (_, d) => (weekType(d) === 'off' ? 300 : 1400 + d * 2) + ((d * 7919) % 17));

/** A turn that counts itself and lets a microtask run, like a turn of the event loop. */
function counter() {
  const c = { turns: 0, turn: async () => void c.turns++ };
  return c;
}

/** A forecaster without atOrigins that counts its calls (one per origin). */
const countingNaive = () => {
  const f = Object.assign((h: readonly number[], n: number) => (f.calls++, Array<number>(n).fill(h[h.length - 1] ?? 0)), { calls: 0 });
  return f;
};

const HOUR = { horizon: 24, folds: 14, step: 24, minTrain: 24 * 7 };
const DAY_AHEAD = { horizon: 1, folds: 28, step: 1, minTrain: 14 };
const MONTH = { horizon: 21, folds: 4, step: 7, minTrain: 14 };

describe('sliced forecast work: exactly the one-piece result, with turns between the pieces', () => {
  it.each([
    ['hourly, auto', hourly, 'hour', 'auto', HOUR],
    ['hourly, Holt-Winters named', hourly, 'hour', 'holtWinters', HOUR],
    ['daily day-ahead, auto', daily, 'day', 'auto', DAY_AHEAD],
    ['daily month, similar day named', daily, 'day', 'similarDay', MONTH],
    ['too short for Holt-Winters', hourly.slice(0, 24 * 9), 'hour', 'auto', { horizon: 24, folds: 3 }],
  ] as const)('chooseModelSliced = chooseModel: %s', async (_, series, grain, method, o) => {
    // each run its own forecasters: Holt-Winters remembers its last pass
    const sync = chooseModel(series, forecastersFor(grain, weekType, weekdayType), method, o);
    const c = counter();
    expect(await chooseModelSliced(series, forecastersFor(grain, weekType, weekdayType), method, o, c.turn)).toEqual(sync);
    // similar day has no one-pass path: a turn after each fold's forecast; Holt-Winters one; one after each candidate
    expect(c.turns).toBe((o.folds ?? 4) + 1 + 2);
  });

  it('back-tests of steps and of totals, and a candidate that throws, equal too', async () => {
    for (const [grain, series, o] of [
      ['hour', hourly, HOUR],
      ['day', daily, MONTH],
    ] as const) {
      const [a, b] = [forecastersFor(grain, weekType, weekdayType), forecastersFor(grain, weekType, weekdayType)];
      const turn = async () => undefined;
      expect(await backtestSliced(series, b.similarDay, o, turn)).toEqual(backtest(series, a.similarDay, o));
      expect(await backtestSliced(series, b.holtWinters, o, turn)).toEqual(backtest(series, a.holtWinters, o));
      expect(await backtestTotalsSliced(series, b.similarDay, o, turn)).toEqual(backtestTotals(series, a.similarDay, o));
      expect(await backtestTotalsSliced(series, b.holtWinters, o, turn)).toEqual(backtestTotals(series, a.holtWinters, o));
    }
    const short: Forecaster = (h, n) => {
      if (h.length < 30) throw new RangeError('short');
      return Array<number>(n).fill(1);
    };
    await expect(backtestSliced(daily, short, { horizon: 7, folds: 20 }, async () => undefined)).rejects.toThrow(RangeError);
    const candidates = { short, naive: countingNaive() };
    expect(await chooseForecasterSliced(daily, candidates, { horizon: 7, folds: 20 }, async () => undefined)).toEqual(chooseForecaster(daily, candidates, { horizon: 7, folds: 20 }));
  });

  it('the turns fall between the forecasts of the folds, not after all of them', async () => {
    const naive = countingNaive();
    const callsAtTurn: number[] = [];
    await backtestSliced(daily, naive, { horizon: 1, folds: 5 }, async () => void callsAtTurn.push(naive.calls));
    expect(callsAtTurn).toEqual([1, 2, 3, 4, 5]);
  });

  it('forecastsAtSliced and dayAheadForecastsSliced equal their one-piece functions', async () => {
    const origins = [0, 5, 24 * 8, 24 * 20 + 3, 24 * 40];
    for (const [f, g] of [
      [forecastersFor('hour', weekType, weekdayType).similarDay, forecastersFor('hour', weekType, weekdayType).similarDay],
      [forecastersFor('hour', weekType, weekdayType).holtWinters, forecastersFor('hour', weekType, weekdayType).holtWinters],
    ] as const) {
      const c = counter();
      expect(await forecastsAtSliced(g, hourly, origins, 24, c.turn)).toEqual(forecastsAt(f, hourly, origins, 24));
      expect(c.turns).toBe(g.atOrigins ? 1 : origins.length);
      expect(await dayAheadForecastsSliced(hourly, g, 24, 24 * 30, 8, async () => undefined)).toEqual(dayAheadForecasts(hourly, f, 24, 24 * 30, 8));
    }
  });
});
