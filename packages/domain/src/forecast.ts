/**
 * Consumption forecasting (DOMAIN.md §12): similar-day and additive Holt-Winters forecasters, a
 * rolling-origin back-test that picks one per series, a P10–P90 band from back-test residuals,
 * accuracy metrics with the ASHRAE Guideline 14 limits as data, and the month-end projection.
 * Series are gap-free arrays of equal steps (15 min, hour or day); fill gaps before (counters.ts).
 * Back-test, band and projection are in forecast-backtest.ts.
 */

/** Forecasts the next `horizon` values after `history`. */
export type Forecaster = (history: readonly number[], horizon: number) => number[];

/** Horizon presets (data): steps, step length and season length of the series each one uses. */
export const FORECAST_HORIZONS = {
  /** next 24 h in 15-min steps, daily season */
  day: { steps: 96, stepMs: 900_000, season: 96 },
  /** next 7 days in 15-min steps, weekly season */
  week: { steps: 672, stepMs: 900_000, season: 672 },
  /** rest of the month on a daily series, weekly season (steps = days left) */
  month: { steps: 31, stepMs: 86_400_000, season: 7 },
} as const;

// ─── metrics ────────────────────────────────────────────────────────────────

export interface AccuracyMetrics {
  /** pairs compared (both values present) */
  n: number;
  /** mean |A − F| / A × 100 over pairs whose |A| is not ≈ 0; null when none */
  mapePct: number | null;
  /** Σ|A − F| / Σ|A| × 100 */
  wapePct: number | null;
  /** √(Σ(F − A)² / n) / Ā × 100 */
  cvRmsePct: number | null;
  /** Σ(F − A) / (n · Ā) × 100; > 0 means over-forecast */
  nmbePct: number | null;
}

/**
 * MAPE, WAPE, CV(RMSE), NMBE in % (DOMAIN §12). Pairs with a null on either side are skipped; for
 * MAPE, actuals with |A| < zeroRatio × mean|A| (default 1 %) count as ≈ 0 and are left out.
 */
export function accuracy(actual: readonly (number | null)[], forecast: readonly (number | null)[], zeroRatio = 0.01): AccuracyMetrics {
  const pairs: [number, number][] = [];
  for (let i = 0; i < Math.min(actual.length, forecast.length); i++) {
    const a = actual[i];
    const f = forecast[i];
    if (a !== null && a !== undefined && f !== null && f !== undefined && Number.isFinite(a) && Number.isFinite(f)) pairs.push([a, f]);
  }
  const n = pairs.length;
  if (n === 0) return { n, mapePct: null, wapePct: null, cvRmsePct: null, nmbePct: null };
  let sumA = 0;
  let sumAbsA = 0;
  let sumAbsErr = 0;
  let sumSq = 0;
  let sumErr = 0;
  for (const [a, f] of pairs) {
    sumA += a;
    sumAbsA += Math.abs(a);
    sumAbsErr += Math.abs(f - a);
    sumSq += (f - a) ** 2;
    sumErr += f - a;
  }
  const zero = (zeroRatio * sumAbsA) / n;
  const mapeTerms = pairs.filter(([a]) => Math.abs(a) >= zero && a !== 0).map(([a, f]) => Math.abs(a - f) / Math.abs(a));
  const mean = sumA / n;
  return {
    n,
    mapePct: mapeTerms.length ? (mapeTerms.reduce((x, y) => x + y, 0) / mapeTerms.length) * 100 : null,
    wapePct: sumAbsA > 0 ? (sumAbsErr / sumAbsA) * 100 : null,
    cvRmsePct: mean !== 0 ? (Math.sqrt(sumSq / n) / mean) * 100 : null,
    nmbePct: mean !== 0 ? (sumErr / (n * mean)) * 100 : null,
  };
}

/** ASHRAE Guideline 14 calibration limits [S, DOMAIN §12], as data: CV(RMSE) ≤, |NMBE| ≤, in %. */
export const ASHRAE_G14_LIMITS = {
  hourly: { cvRmsePct: 30, nmbePct: 10 },
  monthly: { cvRmsePct: 15, nmbePct: 5 },
} as const;
export type G14Resolution = keyof typeof ASHRAE_G14_LIMITS;

/** Whether metrics meet the Guideline 14 limits for the resolution (false when a metric is null). */
export function meetsGuideline14(m: AccuracyMetrics, resolution: G14Resolution, limits: Record<G14Resolution, { cvRmsePct: number; nmbePct: number }> = ASHRAE_G14_LIMITS): boolean {
  const l = limits[resolution];
  return m.cvRmsePct !== null && m.nmbePct !== null && m.cvRmsePct <= l.cvRmsePct && Math.abs(m.nmbePct) <= l.nmbePct;
}

// ─── similar day ────────────────────────────────────────────────────────────

/**
 * Similar-day forecaster: each target day is the mean of the last k complete history days of the
 * same day type (`dayTypeOf(dayIndex)`, day 0 = the series' first day; all one type without it).
 * The day in progress (a partial last day) is scaled by today's partial actual / the profile's
 * same part (1 when that is 0). Falls back to all types when none of the type exists.
 */
export function similarDayForecaster(period: number, k = 4, dayTypeOf?: (dayIndex: number) => string): Forecaster {
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

// ─── Holt-Winters ───────────────────────────────────────────────────────────

export interface HoltWintersParams {
  alpha: number;
  beta: number;
  gamma: number;
}

export interface HoltWintersFit {
  params: HoltWintersParams;
  /** forecasts of the next `horizon` steps */
  forecast: number[];
  /** one-step-ahead fitted values for t = m … N−1 */
  fitted: number[];
  /** Σ one-step squared errors */
  sse: number;
}

/**
 * Additive Holt-Winters with season length m: level ℓ, trend b, seasonal s. Initialised from the
 * first two seasons: ℓ₀ = mean(season 1), b₀ = (mean(season 2) − mean(season 1)) / m, s_i = y_i − ℓ₀.
 * For t ≥ m: ŷ_t = ℓ + b + s_{t mod m}; ℓ' = α(y − s) + (1 − α)(ℓ + b); b' = β(ℓ' − ℓ) + (1 − β)b;
 * s' = γ(y − ℓ') + (1 − γ)s. Forecast h steps on: ℓ + h·b + s_{(N − 1 + h) mod m}. Needs ≥ 2m points.
 */
export function holtWintersAdditive(series: readonly number[], m: number, horizon: number, p: HoltWintersParams): HoltWintersFit {
  if (series.length < 2 * m) throw new RangeError(`Holt-Winters needs at least 2 seasons (${2 * m} points), got ${series.length}`);
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
  const forecast = Array.from({ length: horizon }, (_, i) => level + (i + 1) * trend + (season[(n + i) % m] ?? 0));
  return { params: p, forecast, fitted, sse };
}

/** The parameter grid searched by {@link fitHoltWinters} (data). */
export const HOLT_WINTERS_GRID = {
  alpha: [0.05, 0.1, 0.2, 0.4, 0.6],
  beta: [0, 0.01, 0.05],
  gamma: [0.05, 0.1, 0.2, 0.4],
} as const;

/** Holt-Winters with α, β, γ chosen from the grid by the least one-step SSE. */
export function fitHoltWinters(series: readonly number[], m: number, horizon: number, grid: { alpha: readonly number[]; beta: readonly number[]; gamma: readonly number[] } = HOLT_WINTERS_GRID): HoltWintersFit {
  let best: HoltWintersFit | null = null;
  for (const alpha of grid.alpha)
    for (const beta of grid.beta)
      for (const gamma of grid.gamma) {
        const fit = holtWintersAdditive(series, m, horizon, { alpha, beta, gamma });
        if (best === null || fit.sse < best.sse) best = fit;
      }
  if (best === null) throw new RangeError('empty Holt-Winters grid');
  return best;
}

/** Holt-Winters as a {@link Forecaster}: fixed parameters, or fitted on each history. */
export function holtWintersForecaster(m: number, params?: HoltWintersParams): Forecaster {
  return (history, horizon) => (params ? holtWintersAdditive(history, m, horizon, params) : fitHoltWinters(history, m, horizon)).forecast;
}

