import { OriginFailure, forecastsAt, forecastsAtSliced, holtWintersForecaster, similarDayForecaster, type Forecaster } from './forecast.js';
import { onRegularDays } from './forecast-regular-days.js';
import { chooseForecaster, chooseForecasterSliced, forecastBand, type Backtest, type BacktestOptions, type ForecastBand } from './forecast-backtest.js';

/**
 * The forecasters the forecast pages offer and how one is picked and run (DOMAIN.md §12): on an
 * hourly series, similar-day over 24-hour days and Holt-Winters with a weekly season (168 h); on a
 * daily series, similar-day over single days and Holt-Winters with a weekly season (7 d). Similar
 * day means the last 4 days of the same day type (working day, Saturday, Sunday/holiday).
 */

export const FORECAST_MODEL_NAMES = ['similarDay', 'holtWinters'] as const;
export type ForecastModelName = (typeof FORECAST_MODEL_NAMES)[number];
export type SeriesGrain = 'hour' | 'day';

/** Points per day and season length of Holt-Winters for each grain (data). */
export const SERIES_SHAPE: Record<SeriesGrain, { perDay: number; season: number; similarDays: number }> = {
  hour: { perDay: 24, season: 168, similarDays: 4 },
  day: { perDay: 1, season: 7, similarDays: 4 },
};

/**
 * The candidate forecasters of a series whose day `i` (0 = the series' first local day) has type
 * `dayTypeOf(i)`. With `weekdayTypeOf(i)` (the type the day's weekday has in an ordinary week),
 * Holt-Winters learns its weekly season from ordinary weeks: a public holiday or a make-up working
 * day in the history stands in for by the same weekday of an ordinary week ({@link onRegularDays}).
 */
export function forecastersFor(grain: SeriesGrain, dayTypeOf: (dayIndex: number) => string, weekdayTypeOf?: (dayIndex: number) => string): Record<ForecastModelName, Forecaster> {
  const s = SERIES_SHAPE[grain];
  const hw = holtWintersForecaster(s.season);
  return { similarDay: similarDayForecaster(s.perDay, s.similarDays, dayTypeOf), holtWinters: weekdayTypeOf ? onRegularDays(hw, s.perDay, dayTypeOf, weekdayTypeOf) : hw };
}

export interface ModelChoice {
  /** the model used: the back-test's best for 'auto', else the one asked for */
  model: ForecastModelName;
  /** every candidate's back-test (null: could not run on this history) */
  results: Record<ForecastModelName, Backtest | null>;
}

/** Back-tests every candidate and picks the lowest CV(RMSE) (method 'auto') or takes the named one. */
export function chooseModel(series: readonly number[], candidates: Record<ForecastModelName, Forecaster>, method: 'auto' | ForecastModelName, o: BacktestOptions): ModelChoice {
  return asChoice(chooseForecaster(series, candidates, o), method);
}

/**
 * {@link chooseModel} in pieces, for a server's event loop (issue 12): `await turn()` after each
 * fold's forecast and each candidate ({@link chooseForecasterSliced}). The same result.
 */
export async function chooseModelSliced(
  series: readonly number[],
  candidates: Record<ForecastModelName, Forecaster>,
  method: 'auto' | ForecastModelName,
  o: BacktestOptions,
  turn: () => Promise<void>,
): Promise<ModelChoice> {
  return asChoice(await chooseForecasterSliced(series, candidates, o, turn), method);
}

function asChoice({ best, results }: { best: string; results: Record<string, Backtest | null> }, method: 'auto' | ForecastModelName): ModelChoice {
  const model = method === 'auto' ? (best as ForecastModelName) : method;
  return { model, results: { similarDay: results.similarDay ?? null, holtWinters: results.holtWinters ?? null } };
}

/** The forecast with its P10–P90 band from the residuals; consumption never goes below 0, so every line is clipped there. */
export function bandedForecast(forecaster: Forecaster, series: readonly number[], horizon: number, residuals: readonly number[]): ForecastBand {
  const b = forecastBand(forecaster(series, horizon), residuals);
  const clip = (xs: number[]) => xs.map((x) => Math.max(0, x));
  return { p10: clip(b.p10), p50: clip(b.p50), p90: clip(b.p90) };
}

/**
 * Day-ahead forecasts of `days` consecutive days starting at point `from` of the series (a day
 * boundary): each day forecast from the points before it only, as it would have been at its local
 * midnight. A day the forecaster cannot do (too little history) is nulls.
 */
export function dayAheadForecasts(series: readonly number[], forecaster: Forecaster, perDay: number, from: number, days: number): (number | null)[] {
  return dayValues(forecastsAt(forecaster, series, dayOrigins(from, perDay, days), perDay), perDay);
}

/** {@link dayAheadForecasts} in pieces: `await turn()` after each day's forecast ({@link forecastsAtSliced}). The same result. */
export async function dayAheadForecastsSliced(series: readonly number[], forecaster: Forecaster, perDay: number, from: number, days: number, turn: () => Promise<void>): Promise<(number | null)[]> {
  return dayValues(await forecastsAtSliced(forecaster, series, dayOrigins(from, perDay, days), perDay, turn), perDay);
}

const dayOrigins = (from: number, perDay: number, days: number) => Array.from({ length: Math.max(0, days) }, (_, d) => from + d * perDay);

/** The days' forecasts one after another, a day the forecaster could not do as nulls. */
function dayValues(fcs: readonly (number[] | OriginFailure)[], perDay: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (const f of fcs) {
    if (f instanceof OriginFailure) for (let i = 0; i < perDay; i++) out.push(null);
    else for (let i = 0; i < perDay; i++) out.push(f[i] ?? null);
  }
  return out;
}
