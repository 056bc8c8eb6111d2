import { describe, expect, it } from 'vitest';
import {
  ASHRAE_G14_LIMITS,
  FORECAST_HORIZONS,
  HOLT_WINTERS_GRID,
  OriginFailure,
  accuracy,
  fitHoltWinters,
  holtWintersAdditive,
  holtWintersAtOrigins,
  holtWintersForecaster,
  meetsGuideline14,
  similarDayForecaster,
  type Forecaster,
} from './forecast.js';
import { backtest, backtestTotals, chooseForecaster, forecastBand, projectMonthEnd, projectProRata, quantile } from './forecast-backtest.js';

describe('accuracy: MAPE, WAPE, CV(RMSE), NMBE (DOMAIN §12)', () => {
  it('A 100/200/300/400, F 110/190/330/370', () => {
    // |errors| 10, 10, 30, 30; MAPE = (0.1 + 0.05 + 0.1 + 0.075) / 4 = 8.125 %; WAPE = 80 / 1 000 = 8 %
    // RMSE = √((100 + 100 + 900 + 900) / 4) = √500 = 22.3607; Ā = 250 → CV(RMSE) = 8.944 %; NMBE = 0
    const m = accuracy([100, 200, 300, 400], [110, 190, 330, 370]);
    expect(m.n).toBe(4);
    expect(m.mapePct).toBeCloseTo(8.125, 9);
    expect(m.wapePct).toBeCloseTo(8, 9);
    expect(m.cvRmsePct).toBeCloseTo(8.94427, 4);
    expect(m.nmbePct).toBeCloseTo(0, 12);
  });
  it('a constant +10 over-forecast: NMBE = Σ(A − F) / (n · Ā) = −40 / (4 × 250) = −4 % (measured − predicted)', () =>
    expect(accuracy([100, 200, 300, 400], [110, 210, 310, 410]).nmbePct).toBeCloseTo(-4, 9));
  it('MAPE leaves out A ≈ 0 (a closed night): only the 100 → 90 pair counts, 10 %', () => {
    const m = accuracy([0, 100], [5, 90]);
    expect(m.mapePct).toBeCloseTo(10, 9);
    expect(m.wapePct).toBeCloseTo(15, 9); // (5 + 10) / 100
  });
  it('pairs with a missing side are skipped; nothing left → nulls', () => {
    expect(accuracy([100, null], [90, 50]).n).toBe(1);
    expect(accuracy([null], [1])).toEqual({ n: 0, mapePct: null, wapePct: null, cvRmsePct: null, nmbePct: null });
  });
});

describe('ASHRAE Guideline 14-2014 (Measurement of Energy, Demand, and Water Savings), CV(RMSE) and NMBE with n − p degrees of freedom', () => {
  // Worked example. Measured A = 100, 120, 90, 110, 130, 95, 105, 150 (n = 8, Ā = 900 / 8 = 112.5);
  // predicted F = 104, 115, 95, 108, 122, 100, 103, 145; A − F = −4, 5, −5, 2, 8, −5, 2, 5
  //   Σ(A − F) = 8; Σ(A − F)² = 16 + 25 + 25 + 4 + 64 + 25 + 4 + 25 = 188
  // A model of p = 3 parameters (Holt-Winters' α, β, γ): n − p = 5
  //   CV(RMSE) = √(188 / 5) / 112.5 = √37.6 / 112.5 = 6.131884 / 112.5 = 5.450564 %
  //   NMBE     = 8 / (5 × 112.5) = 1.422222 % (positive: measured above predicted, an under-forecast)
  // p = 0: CV(RMSE) = √(188 / 8) / 112.5 = √23.5 / 112.5 = 4.847680 / 112.5 = 4.309049 %, NMBE = 8 / 900 = 0.888889 %
  const A = [100, 120, 90, 110, 130, 95, 105, 150];
  const F = [104, 115, 95, 108, 122, 100, 103, 145];
  it('p = 3: CV(RMSE) = √(Σ(A − F)² / (n − p)) / Ā = 5.4506 %, NMBE = Σ(A − F) / ((n − p) · Ā) = +1.4222 %', () => {
    const m = accuracy(A, F, { parameters: 3 });
    expect(m.cvRmsePct).toBeCloseTo(5.450564, 5);
    expect(m.nmbePct).toBeCloseTo(1.422222, 5);
    expect([m.n, m.mapePct === accuracy(A, F).mapePct]).toEqual([8, true]);
  });
  it('p = 0 (nothing fitted): divides by n, 4.3090 % and +0.8889 %', () => {
    const m = accuracy(A, F);
    expect(m.cvRmsePct).toBeCloseTo(4.309049, 5);
    expect(m.nmbePct).toBeCloseTo(0.888889, 5);
  });
  it('n ≤ p leaves CV(RMSE) and NMBE undefined (null); a bad p is an error', () => {
    expect(accuracy([100, 110, 120], [100, 100, 100], { parameters: 3 })).toMatchObject({ n: 3, cvRmsePct: null, nmbePct: null });
    expect(() => accuracy(A, F, { parameters: -1 })).toThrow(RangeError);
  });
  it('a fitted Holt-Winters forecaster says p = 3; fixed parameters fit nothing', () => {
    expect(holtWintersForecaster(24).parameters).toBe(3);
    expect(holtWintersForecaster(24, { alpha: 0.2, beta: 0, gamma: 0.1 }).parameters).toBe(0);
  });
});

describe('ASHRAE Guideline 14 limits as data: hourly CV(RMSE) ≤ 30 %, |NMBE| ≤ 10 %; monthly 15 % / 5 %', () => {
  const m = { n: 10, mapePct: 12, wapePct: 11, cvRmsePct: 25, nmbePct: -8 };
  it('the limits', () => expect(ASHRAE_G14_LIMITS).toEqual({ hourly: { cvRmsePct: 30, nmbePct: 10 }, monthly: { cvRmsePct: 15, nmbePct: 5 } }));
  it('CV 25 %, NMBE −8 % meets hourly, not monthly', () => {
    expect(meetsGuideline14(m, 'hourly')).toBe(true);
    expect(meetsGuideline14(m, 'monthly')).toBe(false);
  });
  it('NMBE −11 % fails hourly (the bound is on |NMBE|)', () => expect(meetsGuideline14({ ...m, nmbePct: -11 }, 'hourly')).toBe(false));
  it('presets: 24 h = 96 × 15 min, 7 days = 672 × 15 min', () => {
    expect(FORECAST_HORIZONS.day.steps * FORECAST_HORIZONS.day.stepMs).toBe(86_400_000);
    expect(FORECAST_HORIZONS.week.steps * FORECAST_HORIZONS.week.stepMs).toBe(7 * 86_400_000);
  });
});

describe('similarDayForecaster: mean of the last k days of the same type, today scaled by its partial actual', () => {
  // period 4; day 0 [10,20,30,40] and day 1 [14,24,34,44] are workdays, day 2 [1,1,1,1] a holiday;
  // day 3 (today, a workday) so far [6, 11].
  const history = [10, 20, 30, 40, 14, 24, 34, 44, 1, 1, 1, 1, 6, 11];
  it('workday today: profile (days 1, 0) = [12, 22, 32, 42]; ratio 17 / 34 = 0.5 → rest of today [16, 21]', () => {
    const f = similarDayForecaster(4, 2, (d) => (d === 2 ? 'holiday' : 'workday'));
    expect(f(history, 2)).toEqual([16, 21]);
  });
  it('past today: the next workday is the unscaled profile', () => {
    const f = similarDayForecaster(4, 2, (d) => (d === 2 ? 'holiday' : 'workday'));
    expect(f(history, 6)).toEqual([16, 21, 12, 22, 32, 42]);
  });
  it('a holiday today uses holidays only: [1, 1, 1, 1] × 17 / 2 = 8.5', () => {
    const f = similarDayForecaster(4, 2, (d) => (d === 2 || d === 3 ? 'holiday' : 'workday'));
    expect(f(history, 2)).toEqual([8.5, 8.5]);
  });
});

describe('holtWintersAdditive: level, trend, season updates', () => {
  it('worked example m = 2, α = β = γ = 0.5 on [10, 20, 12, 22]', () => {
    // init ℓ = 15, b = (17 − 15) / 2 = 1, s = [−5, 5]
    // t=2: ŷ = 15 + 1 − 5 = 11; ℓ = 0.5(12 + 5) + 0.5(16) = 16.5; b = 0.5(1.5) + 0.5(1) = 1.25; s0 = 0.5(12 − 16.5) + 0.5(−5) = −4.75
    // t=3: ŷ = 16.5 + 1.25 + 5 = 22.75; ℓ = 0.5(22 − 5) + 0.5(17.75) = 17.375; b = 0.5(0.875) + 0.5(1.25) = 1.0625;
    //      s1 = 0.5(22 − 17.375) + 0.5(5) = 4.8125
    // forecast: 17.375 + 1.0625 − 4.75 = 13.6875; 17.375 + 2.125 + 4.8125 = 24.3125; SSE = 1² + 0.75² = 1.5625
    const fit = holtWintersAdditive([10, 20, 12, 22], 2, 2, { alpha: 0.5, beta: 0.5, gamma: 0.5 });
    expect(fit.fitted).toEqual([11, 22.75]);
    expect(fit.forecast).toEqual([13.6875, 24.3125]);
    expect(fit.sse).toBe(1.5625);
  });
  it('a purely seasonal series continues exactly, whatever the parameters', () => {
    const pattern = [15, 5, 12, 8];
    const series = Array.from({ length: 20 }, (_, i) => pattern[i % 4] ?? 0);
    expect(holtWintersAdditive(series, 4, 6, { alpha: 0.3, beta: 0.1, gamma: 0.2 }).forecast).toEqual([15, 5, 12, 8, 15, 5]);
  });
  it('needs two seasons', () => expect(() => holtWintersAdditive([1, 2, 3], 2, 1, { alpha: 0.5, beta: 0, gamma: 0.5 })).toThrow(RangeError));
  it('fitted on 10 days of hourly load with a trend, the next day is within 2 % MAPE', () => {
    const y = (t: number) => 100 + 0.2 * t + 20 * Math.sin((2 * Math.PI * t) / 24);
    const series = Array.from({ length: 240 }, (_, t) => y(t));
    const fit = fitHoltWinters(series, 24, 24);
    const m = accuracy(Array.from({ length: 24 }, (_, i) => y(240 + i)), fit.forecast);
    expect(m.mapePct).toBeLessThan(2);
  });
});

describe('backtest and chooseForecaster: rolling origins, the lowest CV(RMSE) wins', () => {
  it('worked example: naive last-value forecaster on 1…10, horizon 2, 2 folds', () => {
    // origin 6: F [6, 6] vs A [7, 8]; origin 8: F [8, 8] vs A [9, 10] → residuals 1, 2, 1, 2
    // Ā = 8.5; NMBE = Σ(A − F) / (n · Ā) = +6 / 34 = +17.647 % (under-forecast); CV(RMSE) = √(10 / 4) / 8.5 = 18.602 %
    const naive: Forecaster = (h, n) => Array<number>(n).fill(h[h.length - 1] ?? 0);
    const b = backtest([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], naive, { horizon: 2, folds: 2 });
    expect(b.residuals).toEqual([1, 2, 1, 2]);
    expect(b.folds).toBe(2);
    expect(b.metrics.nmbePct).toBeCloseTo(17.647, 3);
    expect(b.metrics.cvRmsePct).toBeCloseTo(18.602, 3);
  });
  it('a weekday/weekend load: similar-day by day type beats daily Holt-Winters', () => {
    // hourly, 5 workdays at 100 + 50·(8 ≤ h < 18), 2 weekend days at 10; 4 weeks
    const v = (t: number) => (Math.floor(t / 24) % 7 >= 5 ? 10 : 100 + (t % 24 >= 8 && t % 24 < 18 ? 50 : 0));
    const series = Array.from({ length: 24 * 28 }, (_, t) => v(t));
    const r = chooseForecaster(
      series,
      { holtWinters: holtWintersForecaster(24), similarDay: similarDayForecaster(24, 4, (d) => (d % 7 >= 5 ? 'weekend' : 'workday')) },
      { horizon: 24, folds: 7 },
    );
    expect(r.best).toBe('similarDay');
    expect(r.results.similarDay?.metrics.cvRmsePct).toBe(0);
  });
  it('a steadily growing load: Holt-Winters (trend) beats the similar-day mean of past days', () => {
    const series = Array.from({ length: 24 * 14 }, (_, t) => 100 + 0.5 * t + (t % 24 >= 8 && t % 24 < 18 ? 50 : 0));
    const r = chooseForecaster(series, { similarDay: similarDayForecaster(24, 4), holtWinters: holtWintersForecaster(24) }, { horizon: 24, folds: 3 });
    expect(r.best).toBe('holtWinters');
  });
  it('a candidate that cannot run on the history is ranked last, not fatal', () => {
    const r = chooseForecaster([1, 2, 3, 4, 5, 6], { holtWinters: holtWintersForecaster(24), naive: (h, n) => Array<number>(n).fill(h[h.length - 1] ?? 0) }, { horizon: 1, folds: 2 });
    expect(r).toMatchObject({ best: 'naive', results: { holtWinters: null } });
  });
});

describe('P10–P90 band from back-test residual quantiles; month-end projection', () => {
  const residuals = [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7];
  it('quantiles by interpolation: q10 = −2 + 0.9 × 1 = −1.1, q90 = 6 + 0.1 × 1 = 6.1', () => {
    expect(quantile(residuals, 0.1)).toBeCloseTo(-1.1, 12);
    expect(quantile(residuals, 0.9)).toBeCloseTo(6.1, 12);
    expect(quantile([], 0.5)).toBeNull();
  });
  it('band around F = 100: [98.9, 106.1]', () => {
    const b = forecastBand([100, 200], residuals);
    expect(b.p10[0]).toBeCloseTo(98.9, 12);
    expect(b.p90[1]).toBeCloseTo(206.1, 12);
    expect(b.p50).toEqual([100, 200]);
  });
  it('month-end: 250 000 kWh to date + 10 days × 10 000 (p10 9 000, p90 11 500) = 350 000 (340 000–365 000)', () => {
    const ten = (x: number) => Array<number>(10).fill(x);
    expect(projectMonthEnd(250000, { p10: ten(9000), p50: ten(10000), p90: ten(11500) })).toEqual({ p10: 340000, p50: 350000, p90: 365000 });
  });
  it('pro-rata fallback: 250 000 kWh in 20 of 30 days → 375 000', () => {
    expect(projectProRata(250000, 20, 30)).toBe(375000);
    expect(projectProRata(0, 0, 30)).toBeNull();
  });
});

describe('holtWintersAtOrigins: one pass per grid point gives, bit for bit, the refit on every prefix', () => {
  /** the recursion as first written (per point, closures, arrays): the reference the fast paths must equal */
  function reference(series: readonly number[], m: number, horizon: number, p: { alpha: number; beta: number; gamma: number }) {
    if (series.length < 2 * m) throw new RangeError('short');
    const y = (i: number) => series[i] ?? 0;
    let mean1 = 0;
    let mean2 = 0;
    for (let i = 0; i < m; i++) {
      mean1 += y(i) / m;
      mean2 += y(m + i) / m;
    }
    let level = mean1;
    let trend = (mean2 - mean1) / m;
    const season = Array.from({ length: m }, (_, i) => y(i) - mean1);
    const fitted: number[] = [];
    let sse = 0;
    for (let t = m; t < series.length; t++) {
      const j = t % m;
      const s = season[j] ?? 0;
      const yhat = level + trend + s;
      fitted.push(yhat);
      sse += (y(t) - yhat) ** 2;
      const prev = level;
      level = p.alpha * (y(t) - s) + (1 - p.alpha) * (level + trend);
      trend = p.beta * (level - prev) + (1 - p.beta) * trend;
      season[j] = p.gamma * (y(t) - level) + (1 - p.gamma) * s;
    }
    const n = series.length;
    return { forecast: Array.from({ length: horizon }, (_, i) => level + (i + 1) * trend + (season[(n + i) % m] ?? 0)), fitted, sse };
  }
  const refFit = (series: readonly number[], m: number, horizon: number) => {
    let best: ReturnType<typeof reference> | null = null;
    for (const alpha of HOLT_WINTERS_GRID.alpha)
      for (const beta of HOLT_WINTERS_GRID.beta)
        for (const gamma of HOLT_WINTERS_GRID.gamma) {
          const f = reference(series, m, horizon, { alpha, beta, gamma });
          if (best === null || f.sse < best.sse) best = f;
        }
    return best?.forecast;
  };
  /** a deterministic noisy load: daily and weekly shape, trend, a step, pseudo-random noise */
  const load = (n: number, seed: number) => {
    let x = seed;
    const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
    return Array.from({ length: n }, (_, t) => 100 + 0.05 * t + 30 * Math.sin((2 * Math.PI * t) / 24) + (Math.floor(t / 24) % 7 >= 5 ? -40 : 0) + (t > n / 2 ? 15 : 0) + 10 * rnd());
  };
  it('hourly, weekly season (m 168), 14 day-ahead origins and the end', () => {
    const series = load(24 * 40, 7);
    const origins = [...Array.from({ length: 14 }, (_, f) => series.length - 24 - f * 24), series.length];
    const fast = holtWintersAtOrigins(series, 168, origins, 24);
    origins.forEach((o, i) => expect(fast[i]).toEqual(refFit(series.slice(0, o), 168, 24)));
  });
  it('daily, m 7: every origin from 3 to the end, horizons 1 and 31; short prefixes fail as the refit throws', () => {
    const series = load(120, 3).map((v, i) => v * (1 + (i % 7) / 10));
    const origins = Array.from({ length: 118 }, (_, i) => i + 3);
    for (const horizon of [1, 31]) {
      const fast = holtWintersAtOrigins(series, 7, origins, horizon);
      origins.forEach((o, i) => {
        if (o < 14) {
          expect(fast[i]).toBeInstanceOf(OriginFailure);
          expect(() => fitHoltWinters(series.slice(0, o), 7, horizon)).toThrow(((fast[i] as OriginFailure).error as Error).message);
        } else {
          const want = refFit(series.slice(0, o), 7, horizon);
          expect(fast[i]).toEqual(want);
          expect(fitHoltWinters(series.slice(0, o), 7, horizon).forecast).toEqual(want);
        }
      });
    }
  });
  it('ties keep the first grid point (a seasonal series every point fits with SSE 0); origins in any order, repeated, past the end', () => {
    const series = Array.from({ length: 40 }, (_, i) => [15, 5, 12, 8][i % 4] ?? 0);
    const origins = [40, 9, 60, 20, 20];
    const fast = holtWintersAtOrigins(series, 4, origins, 5);
    origins.forEach((o, i) => expect(fast[i]).toEqual(refFit(series.slice(0, o), 4, 5)));
  });
  it('the forecaster: one history, and the back-test with and without the one-pass path, equal', () => {
    const series = load(24 * 30, 11);
    const hw = holtWintersForecaster(168);
    expect(hw(series, 24)).toEqual(refFit(series, 168, 24));
    const plain: Forecaster = (h, n) => hw(h, n);
    plain.parameters = hw.parameters;
    expect(backtest(series, hw, { horizon: 24, folds: 14, step: 24, minTrain: 168 })).toEqual(backtest(series, plain, { horizon: 24, folds: 14, step: 24, minTrain: 168 }));
    expect(backtestTotals(series, hw, { horizon: 31, folds: 4, step: 7, minTrain: 14 })).toEqual(backtestTotals(series, plain, { horizon: 31, folds: 4, step: 7, minTrain: 14 }));
    expect(() => backtest(series.slice(0, 300), hw, { horizon: 24, folds: 14, step: 24 })).toThrow(RangeError);
  });
});

describe('similarDayForecaster: equal, bit for bit, to the mean of picked days as first written', () => {
  function reference(period: number, k: number, dayTypeOf?: (dayIndex: number) => string): Forecaster {
    return (history, horizon) => {
      const fullDays = Math.floor(history.length / period);
      const partial = history.length % period;
      const out: number[] = [];
      for (let day = fullDays; out.length < horizon; day++) {
        const type = dayTypeOf?.(day);
        let picks: number[] = [];
        for (let d = fullDays - 1; d >= 0 && picks.length < k; d--) if (type === undefined || dayTypeOf?.(d) === type) picks.push(d);
        if (picks.length === 0) picks = Array.from({ length: Math.min(k, fullDays) }, (_, i) => fullDays - 1 - i);
        if (picks.length === 0) throw new RangeError('similar-day forecast needs at least one complete day');
        const profile = Array.from({ length: period }, (_, i) => picks.reduce((s, d) => s + (history[d * period + i] ?? 0), 0) / picks.length);
        let ratio = 1;
        const from = day === fullDays ? partial : 0;
        if (from > 0) {
          const today = history.slice(fullDays * period).reduce((s, v) => s + v, 0);
          const same = profile.slice(0, from).reduce((s, v) => s + v, 0);
          if (same !== 0) ratio = today / same;
        }
        for (let i = from; i < period && out.length < horizon; i++) out.push((profile[i] ?? 0) * ratio);
      }
      return out;
    };
  }
  const series = Array.from({ length: 24 * 30 + 7 }, (_, t) => 50 + 40 * Math.sin(t / 3.7) + ((t * 7919) % 13));
  const type = (d: number) => (d % 7 === 5 ? 'sat' : d % 7 === 6 || d === 11 || d === 25 ? 'off' : 'work');
  it.each([
    ['hourly by type', 24, type],
    ['daily by type', 1, type],
    ['hourly, no types', 24, undefined],
  ] as const)('%s, every origin', (_, period, dayType) => {
    const fast = similarDayForecaster(period, 4, dayType);
    const ref = reference(period, 4, dayType);
    for (let o = 1; o <= series.length; o += period === 1 ? 1 : 5) {
      const h = series.slice(0, o);
      if (o < period) expect(() => fast(h, 30)).toThrow(RangeError);
      else expect(fast(h, 30)).toEqual(ref(h, 30));
    }
  });
});

describe('holtWintersForecaster remembers its last pass, never past a change of the series', () => {
  const series = Array.from({ length: 24 * 30 }, (_, t) => 100 + 30 * Math.sin((2 * Math.PI * t) / 24) + ((t * 7919) % 17));
  const fresh = (s: readonly number[], h: number) => fitHoltWinters(s, 168, h).forecast;
  it('a back-test, then the forecast from the end, then a second back-test: each equal to refitting', () => {
    const hw = holtWintersForecaster(168);
    const plain: Forecaster = (h, n) => fresh(h, n);
    plain.parameters = hw.parameters;
    const o = { horizon: 24, folds: 14, step: 24, minTrain: 168 };
    expect(backtest(series, hw, o)).toEqual(backtest(series, plain, o));
    expect(hw(series, 24)).toEqual(fresh(series, 24));
    expect(backtest(series, hw, o)).toEqual(backtest(series, plain, o));
  });
  it('a changed value, a longer series or another horizon is fitted anew', () => {
    const hw = holtWintersForecaster(168);
    const s = [...series];
    hw.atOrigins?.(s, [s.length - 24], 24);
    s[500] = (s[500] ?? 0) + 50; // a late reading changed the history in place
    expect(hw(s, 24)).toEqual(fresh(s, 24));
    expect(hw(s, 24)).not.toEqual(fresh(series, 24));
    const longer = [...s, 120];
    expect(hw(longer, 24)).toEqual(fresh(longer, 24));
    expect(hw(longer, 12)).toEqual(fresh(longer, 12));
  });
  it('what it hands out is a copy: a caller changing it changes nothing remembered', () => {
    const hw = holtWintersForecaster(168);
    const first = hw(series, 24);
    first.fill(0);
    expect(hw(series, 24)).toEqual(fresh(series, 24));
  });
});
