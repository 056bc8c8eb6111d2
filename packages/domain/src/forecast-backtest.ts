import { OriginFailure, accuracy, forecastsAt, type AccuracyMetrics, type Forecaster } from './forecast.js';

/**
 * Choosing a forecaster per series by rolling-origin back-test, the P10–P90 band from its
 * residuals, and the month-end projection (DOMAIN.md §12).
 */

export interface Backtest {
  /** metrics over all folds together */
  metrics: AccuracyMetrics;
  /** residuals A − F of every fold, for the band */
  residuals: number[];
  folds: number;
}

export interface BacktestOptions {
  horizon: number;
  /** number of forecast origins (default 4) */
  folds?: number;
  /** distance between origins (default horizon) */
  step?: number;
  /** least history before the first origin (default 1) */
  minTrain?: number;
}

/**
 * The origins of the back-test's folds, oldest first (the last one ends at the series' end; those
 * with less than minTrain points before them left out), each with the forecast from it. Throws what
 * the forecaster throws at the first origin it cannot do.
 */
function foldForecasts(series: readonly number[], forecaster: Forecaster, o: BacktestOptions): [number, number[]][] {
  const folds = o.folds ?? 4;
  const step = o.step ?? o.horizon;
  const origins: number[] = [];
  for (let f = folds - 1; f >= 0; f--) {
    const origin = series.length - o.horizon - f * step;
    if (origin >= (o.minTrain ?? 1)) origins.push(origin);
  }
  const fcs = forecastsAt(forecaster, series, origins, o.horizon);
  return origins.map((origin, i) => {
    const fc = fcs[i];
    if (fc instanceof OriginFailure) throw fc.error;
    return [origin, fc as number[]];
  });
}

/**
 * Rolling-origin back-test: forecasts `horizon` steps from each of the last `folds` origins (the
 * last one ends at the series' end) and compares them with what happened.
 */
export function backtest(series: readonly number[], forecaster: Forecaster, o: BacktestOptions): Backtest {
  const actual: number[] = [];
  const predicted: number[] = [];
  let used = 0;
  for (const [origin, fc] of foldForecasts(series, forecaster, o)) {
    for (let i = 0; i < o.horizon; i++) {
      actual.push(series[origin + i] ?? NaN);
      predicted.push(fc[i] ?? NaN);
    }
    used++;
  }
  return { metrics: accuracy(actual, predicted, { parameters: forecaster.parameters ?? 0 }), residuals: actual.map((a, i) => a - (predicted[i] ?? NaN)).filter(Number.isFinite), folds: used };
}

/**
 * Rolling-origin back-test of horizon totals: at each origin the Σ of the forecast over the horizon
 * against the Σ of what happened (a month-end projection is judged on totals, Guideline 14's
 * monthly resolution). Same origins as {@link backtest}; residuals are of the totals.
 */
export function backtestTotals(series: readonly number[], forecaster: Forecaster, o: BacktestOptions): Backtest {
  const actual: number[] = [];
  const predicted: number[] = [];
  for (const [origin, fc] of foldForecasts(series, forecaster, o)) {
    let a = 0;
    let p = 0;
    for (let i = 0; i < o.horizon; i++) {
      a += series[origin + i] ?? NaN;
      p += fc[i] ?? NaN;
    }
    actual.push(a);
    predicted.push(p);
  }
  return { metrics: accuracy(actual, predicted, { parameters: forecaster.parameters ?? 0 }), residuals: actual.map((a, i) => a - (predicted[i] ?? NaN)).filter(Number.isFinite), folds: actual.length };
}

/**
 * Picks the candidate with the lowest back-test CV(RMSE) (then |NMBE|, then the order given); a
 * candidate that throws (e.g. too little history) or has no metric is ranked last.
 */
export function chooseForecaster(series: readonly number[], candidates: Readonly<Record<string, Forecaster>>, o: BacktestOptions): { best: string; results: Record<string, Backtest | null> } {
  const results: Record<string, Backtest | null> = {};
  let best: string | null = null;
  const key = (b: Backtest | null | undefined): [number, number] => [b?.metrics.cvRmsePct ?? Infinity, Math.abs(b?.metrics.nmbePct ?? Infinity)];
  for (const [name, f] of Object.entries(candidates)) {
    try {
      results[name] = backtest(series, f, o);
    } catch {
      results[name] = null;
    }
    const [c, b] = key(results[name]);
    const [bc, bb] = best === null ? [Infinity, Infinity] : key(results[best]);
    if (best === null || c < bc || (c === bc && b < bb)) best = name;
  }
  if (best === null) throw new RangeError('no candidate forecasters');
  return { best, results };
}

/** The p-quantile (0–1) by linear interpolation between order statistics (type 7); null when empty. */
export function quantile(values: readonly number[], p: number): number | null {
  return sortedQuantile(values.filter(Number.isFinite).sort((a, b) => a - b), p);
}

/** {@link quantile} of finite values already sorted ascending. */
function sortedQuantile(v: readonly number[], p: number): number | null {
  if (v.length === 0) return null;
  const h = (v.length - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const a = v[lo] ?? 0;
  const b = v[Math.min(lo + 1, v.length - 1)] ?? a;
  return a + (h - lo) * (b - a);
}

export interface ForecastBand {
  p10: number[];
  p50: number[];
  p90: number[];
}

/** P10–P90 band: forecast + the 10th / 90th percentile of back-test residuals (A − F). */
export function forecastBand(forecast: readonly number[], residuals: readonly number[], lower = 0.1, upper = 0.9): ForecastBand {
  const sorted = residuals.filter(Number.isFinite).sort((a, b) => a - b);
  const lo = sortedQuantile(sorted, lower) ?? 0;
  const hi = sortedQuantile(sorted, upper) ?? 0;
  return { p10: forecast.map((f) => f + lo), p50: [...forecast], p90: forecast.map((f) => f + hi) };
}

/**
 * Month-end projection: actual to date + Σ forecast of the rest of the month, with the band's sums
 * as its range (summed quantiles: a wider range than the quantile of the sum, on purpose).
 */
export function projectMonthEnd(actualToDate: number, remaining: ForecastBand): { p10: number; p50: number; p90: number } {
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  return { p10: actualToDate + sum(remaining.p10), p50: actualToDate + sum(remaining.p50), p90: actualToDate + sum(remaining.p90) };
}

/** Fallback without a forecast: actual to date × days in month / elapsed days. */
export function projectProRata(actualToDate: number, elapsedDays: number, daysInMonth: number): number | null {
  return elapsedDays > 0 ? (actualToDate * daysInMonth) / elapsedDays : null;
}
