import { OriginFailure, accuracy, forecastsAt, forecastsAtSliced, type AccuracyMetrics, type Forecaster } from './forecast.js';

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

/** The origins of the back-test's folds, oldest first (the last one ends at the series' end; those with less than minTrain points before them left out). */
function foldOrigins(length: number, o: BacktestOptions): number[] {
  const folds = o.folds ?? 4;
  const step = o.step ?? o.horizon;
  const origins: number[] = [];
  for (let f = folds - 1; f >= 0; f--) {
    const origin = length - o.horizon - f * step;
    if (origin >= (o.minTrain ?? 1)) origins.push(origin);
  }
  return origins;
}

/** Each origin with its forecast; throws what the forecaster threw at the first origin it could not do. */
function checkedFolds(origins: readonly number[], fcs: readonly (number[] | OriginFailure)[]): [number, number[]][] {
  return origins.map((origin, i) => {
    const fc = fcs[i];
    if (fc instanceof OriginFailure) throw fc.error;
    return [origin, fc as number[]];
  });
}

/** The back-test's folds: each origin ({@link foldOrigins}) with the forecast from it. */
function foldForecasts(series: readonly number[], forecaster: Forecaster, o: BacktestOptions): [number, number[]][] {
  const origins = foldOrigins(series.length, o);
  return checkedFolds(origins, forecastsAt(forecaster, series, origins, o.horizon));
}

/** {@link foldForecasts} with turns of the caller's event loop between origins ({@link forecastsAtSliced}). */
async function foldForecastsSliced(series: readonly number[], forecaster: Forecaster, o: BacktestOptions, turn: () => Promise<void>): Promise<[number, number[]][]> {
  const origins = foldOrigins(series.length, o);
  return checkedFolds(origins, await forecastsAtSliced(forecaster, series, origins, o.horizon, turn));
}

/** Metrics and residuals of the pairs compared. */
function scored(actual: readonly number[], predicted: readonly number[], forecaster: Forecaster, folds: number): Backtest {
  return { metrics: accuracy(actual, predicted, { parameters: forecaster.parameters ?? 0 }), residuals: actual.map((a, i) => a - (predicted[i] ?? NaN)).filter(Number.isFinite), folds };
}

/** Every forecast step of every fold against what happened. */
function stepScores(series: readonly number[], forecaster: Forecaster, o: BacktestOptions, folds: readonly [number, number[]][]): Backtest {
  const actual: number[] = [];
  const predicted: number[] = [];
  for (const [origin, fc] of folds) {
    for (let i = 0; i < o.horizon; i++) {
      actual.push(series[origin + i] ?? NaN);
      predicted.push(fc[i] ?? NaN);
    }
  }
  return scored(actual, predicted, forecaster, folds.length);
}

/** Each fold's Σ of the forecast over the horizon against the Σ of what happened. */
function totalScores(series: readonly number[], forecaster: Forecaster, o: BacktestOptions, folds: readonly [number, number[]][]): Backtest {
  const actual: number[] = [];
  const predicted: number[] = [];
  for (const [origin, fc] of folds) {
    let a = 0;
    let p = 0;
    for (let i = 0; i < o.horizon; i++) {
      a += series[origin + i] ?? NaN;
      p += fc[i] ?? NaN;
    }
    actual.push(a);
    predicted.push(p);
  }
  return scored(actual, predicted, forecaster, actual.length);
}

/**
 * Rolling-origin back-test: forecasts `horizon` steps from each of the last `folds` origins (the
 * last one ends at the series' end) and compares them with what happened.
 */
export function backtest(series: readonly number[], forecaster: Forecaster, o: BacktestOptions): Backtest {
  return stepScores(series, forecaster, o, foldForecasts(series, forecaster, o));
}

/**
 * Rolling-origin back-test of horizon totals: at each origin the Σ of the forecast over the horizon
 * against the Σ of what happened (a month-end projection is judged on totals, Guideline 14's
 * monthly resolution). Same origins as {@link backtest}; residuals are of the totals.
 */
export function backtestTotals(series: readonly number[], forecaster: Forecaster, o: BacktestOptions): Backtest {
  return totalScores(series, forecaster, o, foldForecasts(series, forecaster, o));
}

/**
 * {@link backtest} in pieces, for a server's event loop (issue 12): `await turn()` after each
 * fold's forecast (one piece for a forecaster with a one-pass atOrigins). The same result.
 */
export async function backtestSliced(series: readonly number[], forecaster: Forecaster, o: BacktestOptions, turn: () => Promise<void>): Promise<Backtest> {
  return stepScores(series, forecaster, o, await foldForecastsSliced(series, forecaster, o, turn));
}

/** {@link backtestTotals} in pieces, as {@link backtestSliced}. The same result. */
export async function backtestTotalsSliced(series: readonly number[], forecaster: Forecaster, o: BacktestOptions, turn: () => Promise<void>): Promise<Backtest> {
  return totalScores(series, forecaster, o, await foldForecastsSliced(series, forecaster, o, turn));
}

/** The candidate with the lowest back-test CV(RMSE), then |NMBE|, then the first given; one without a result or metric ranks last. */
function bestOf(results: Readonly<Record<string, Backtest | null>>): string {
  let best: string | null = null;
  const key = (b: Backtest | null | undefined): [number, number] => [b?.metrics.cvRmsePct ?? Infinity, Math.abs(b?.metrics.nmbePct ?? Infinity)];
  for (const name of Object.keys(results)) {
    const [c, b] = key(results[name]);
    const [bc, bb] = best === null ? [Infinity, Infinity] : key(results[best]);
    if (best === null || c < bc || (c === bc && b < bb)) best = name;
  }
  if (best === null) throw new RangeError('no candidate forecasters');
  return best;
}

/**
 * Picks the candidate with the lowest back-test CV(RMSE) (then |NMBE|, then the order given); a
 * candidate that throws (e.g. too little history) or has no metric is ranked last.
 */
export function chooseForecaster(series: readonly number[], candidates: Readonly<Record<string, Forecaster>>, o: BacktestOptions): { best: string; results: Record<string, Backtest | null> } {
  const results: Record<string, Backtest | null> = {};
  for (const [name, f] of Object.entries(candidates)) {
    try {
      results[name] = backtest(series, f, o);
    } catch {
      results[name] = null;
    }
  }
  return { best: bestOf(results), results };
}

/** {@link chooseForecaster} in pieces: each candidate's back-test by {@link backtestSliced}, a turn after each. The same result. */
export async function chooseForecasterSliced(
  series: readonly number[],
  candidates: Readonly<Record<string, Forecaster>>,
  o: BacktestOptions,
  turn: () => Promise<void>,
): Promise<{ best: string; results: Record<string, Backtest | null> }> {
  const results: Record<string, Backtest | null> = {};
  for (const [name, f] of Object.entries(candidates)) {
    try {
      results[name] = await backtestSliced(series, f, o, turn);
    } catch {
      results[name] = null;
    }
    await turn();
  }
  return { best: bestOf(results), results };
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
