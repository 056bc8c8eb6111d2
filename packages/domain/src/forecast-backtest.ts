import { accuracy, type AccuracyMetrics, type Forecaster } from './forecast.js';

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
 * Rolling-origin back-test: forecasts `horizon` steps from each of the last `folds` origins (the
 * last one ends at the series' end) and compares them with what happened.
 */
export function backtest(series: readonly number[], forecaster: Forecaster, o: BacktestOptions): Backtest {
  const folds = o.folds ?? 4;
  const step = o.step ?? o.horizon;
  const actual: number[] = [];
  const predicted: number[] = [];
  let used = 0;
  for (let f = folds - 1; f >= 0; f--) {
    const origin = series.length - o.horizon - f * step;
    if (origin < (o.minTrain ?? 1)) continue;
    const fc = forecaster(series.slice(0, origin), o.horizon);
    for (let i = 0; i < o.horizon; i++) {
      actual.push(series[origin + i] ?? NaN);
      predicted.push(fc[i] ?? NaN);
    }
    used++;
  }
  return { metrics: accuracy(actual, predicted), residuals: actual.map((a, i) => a - (predicted[i] ?? NaN)).filter(Number.isFinite), folds: used };
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
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
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
  const lo = quantile(residuals, lower) ?? 0;
  const hi = quantile(residuals, upper) ?? 0;
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
