/**
 * Consumption forecasting (DOMAIN.md §12): similar-day and additive Holt-Winters forecasters, a
 * rolling-origin back-test that picks one per series, a P10–P90 band from back-test residuals,
 * accuracy metrics with the ASHRAE Guideline 14 limits as data, and the month-end projection.
 * Series are gap-free arrays of equal steps (15 min, hour or day); fill gaps before (counters.ts).
 * Back-test, band and projection are in forecast-backtest.ts.
 */

/** Forecasts the next `horizon` values after `history`. */
export interface Forecaster {
  (history: readonly number[], horizon: number): number[];
  /**
   * p, the number of parameters the model fits (ASHRAE Guideline 14 divides CV(RMSE) and NMBE by
   * n − p): Holt-Winters' α, β, γ = 3; a forecaster that fits nothing (similar day) 0 or omitted.
   */
  parameters?: number;
  /**
   * Optional, for speed: the forecasts from several origins of one series in one go — for each
   * origin o exactly what the forecaster gives on `series.slice(0, o)`, or what it throws there
   * (an {@link OriginFailure}). The back-tests use it when present ({@link forecastsAt}).
   */
  atOrigins?: (series: readonly number[], origins: readonly number[], horizon: number) => (number[] | OriginFailure)[];
}

/** What a forecaster threw at one origin of {@link Forecaster.atOrigins}. */
export class OriginFailure {
  constructor(readonly error: unknown) {}
}

/**
 * The forecasts of `horizon` steps from each origin (a prefix length) of the series: the
 * forecaster's own {@link Forecaster.atOrigins} when it has one, else one call per origin on the
 * prefix. An origin the forecaster throws at gives an {@link OriginFailure}.
 */
export function forecastsAt(f: Forecaster, series: readonly number[], origins: readonly number[], horizon: number): (number[] | OriginFailure)[] {
  if (f.atOrigins) return f.atOrigins(series, origins, horizon);
  return origins.map((o) => {
    try {
      return f(series.slice(0, o), horizon);
    } catch (e) {
      return new OriginFailure(e);
    }
  });
}

/**
 * {@link forecastsAt} in pieces: with `await turn()` after each origin's forecast, so a caller on a
 * server's event loop lets other work in between (issue 12). A forecaster with its own
 * {@link Forecaster.atOrigins} is one piece: its single pass over the series is what makes it fast.
 * Returns exactly what forecastsAt returns.
 */
export async function forecastsAtSliced(f: Forecaster, series: readonly number[], origins: readonly number[], horizon: number, turn: () => Promise<void>): Promise<(number[] | OriginFailure)[]> {
  if (f.atOrigins) {
    const all = f.atOrigins(series, origins, horizon);
    await turn();
    return all;
  }
  const out: (number[] | OriginFailure)[] = [];
  for (const o of origins) {
    out.push(...forecastsAt(f, series, [o], horizon));
    await turn();
  }
  return out;
}

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
  /** ASHRAE Guideline 14: √(Σ(A − F)² / (n − p)) / Ā × 100, p the model's parameter count; null when n ≤ p or Ā = 0 */
  cvRmsePct: number | null;
  /** ASHRAE Guideline 14: Σ(A − F) / ((n − p) · Ā) × 100, measured − predicted: > 0 means under-forecast; null when n ≤ p or Ā = 0 */
  nmbePct: number | null;
}

/**
 * MAPE, WAPE (DOMAIN §12) and CV(RMSE), NMBE by ASHRAE Guideline 14 (2014, §4.3.2.4 / Annex B):
 * with p the model's parameter count, CV(RMSE) = √(Σ(A − F)² / (n − p)) / Ā and NMBE =
 * Σ(A − F) / ((n − p) · Ā), in % (measured − predicted: a positive NMBE is an under-forecast).
 * Pairs with a null on either side are skipped; for MAPE, actuals with |A| < zeroRatio × mean|A|
 * (default 1 %) count as ≈ 0 and are left out.
 */
export function accuracy(actual: readonly (number | null)[], forecast: readonly (number | null)[], opts: { parameters?: number; zeroRatio?: number } = {}): AccuracyMetrics {
  const zeroRatio = opts.zeroRatio ?? 0.01;
  const p = opts.parameters ?? 0;
  if (!(Number.isInteger(p) && p >= 0)) throw new RangeError(`the parameter count must be a whole number ≥ 0: ${p}`);
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
    sumSq += (a - f) ** 2;
    sumErr += a - f;
  }
  const zero = (zeroRatio * sumAbsA) / n;
  const mapeTerms = pairs.filter(([a]) => Math.abs(a) >= zero && a !== 0).map(([a, f]) => Math.abs(a - f) / Math.abs(a));
  const mean = sumA / n;
  const dof = n - p;
  return {
    n,
    mapePct: mapeTerms.length ? (mapeTerms.reduce((x, y) => x + y, 0) / mapeTerms.length) * 100 : null,
    wapePct: sumAbsA > 0 ? (sumAbsErr / sumAbsA) * 100 : null,
    cvRmsePct: mean !== 0 && dof > 0 ? (Math.sqrt(sumSq / dof) / mean) * 100 : null,
    nmbePct: mean !== 0 && dof > 0 ? (sumErr / (dof * mean)) * 100 : null,
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
    // the day types of the history, each asked once; the profile of each target type, built once
    const types = new Map<number, string | undefined>();
    const profiles = new Map<string | undefined, Float64Array>();
    for (let day = fullDays; out.length < horizon; day++) {
      const type = dayTypeOf?.(day);
      let profile = profiles.get(type);
      if (profile === undefined) {
        profile = similarProfile(history, period, k, fullDays, type, dayTypeOf, types);
        profiles.set(type, profile);
      }
      let ratio = 1;
      const from = day === fullDays ? partial : 0;
      if (from > 0) {
        let today = 0;
        for (let i = fullDays * period; i < history.length; i++) today += history[i] as number;
        let same = 0;
        for (let i = 0; i < from; i++) same += profile[i] as number;
        if (same !== 0) ratio = today / same;
      }
      for (let i = from; i < period && out.length < horizon; i++) out.push((profile[i] as number) * ratio);
    }
    return out;
  };
}

/** The mean day of the last k complete days of the type (all types when none is, or no type given). */
function similarProfile(
  history: readonly number[],
  period: number,
  k: number,
  fullDays: number,
  type: string | undefined,
  dayTypeOf: ((dayIndex: number) => string) | undefined,
  types: Map<number, string | undefined>,
): Float64Array {
  const picks: number[] = [];
  for (let d = fullDays - 1; d >= 0 && picks.length < k; d--) {
    if (type === undefined) {
      picks.push(d);
      continue;
    }
    let t = types.get(d);
    if (t === undefined && !types.has(d)) {
      t = dayTypeOf?.(d);
      types.set(d, t);
    }
    if (t === type) picks.push(d);
  }
  if (picks.length === 0) for (let i = 0; i < Math.min(k, fullDays); i++) picks.push(fullDays - 1 - i);
  if (picks.length === 0) throw new RangeError('similar-day forecast needs at least one complete day');
  const profile = new Float64Array(period);
  for (let i = 0; i < period; i++) {
    let s = 0;
    for (const d of picks) s += history[d * period + i] ?? 0;
    profile[i] = s / picks.length;
  }
  return profile;
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
  const n = series.length;
  if (n < 2 * m) throw tooShort(m, n);
  const { mean1, season } = hwStart(series, m);
  let level = mean1;
  let trend = hwTrend(series, m, mean1);
  const fitted: number[] = new Array<number>(Math.max(0, n - m));
  let sse = 0;
  const { alpha, beta, gamma } = p;
  for (let t = m; t < n; t++) {
    const j = t % m;
    const s = season[j] as number;
    const y = series[t] ?? 0;
    const yhat = level + trend + s;
    fitted[t - m] = yhat;
    sse += (y - yhat) ** 2;
    const prev = level;
    level = alpha * (y - s) + (1 - alpha) * (level + trend);
    trend = beta * (level - prev) + (1 - beta) * trend;
    season[j] = gamma * (y - level) + (1 - gamma) * s;
  }
  return { params: p, forecast: hwForecast(level, trend, season, m, n, horizon), fitted, sse };
}

const tooShort = (m: number, n: number) => new RangeError(`Holt-Winters needs at least 2 seasons (${2 * m} points), got ${n}`);

/** ℓ₀ = mean of the first season and s_i = y_i − ℓ₀ (the sums in the order of the recursion's definition). */
function hwStart(series: readonly number[], m: number): { mean1: number; season: Float64Array } {
  let mean1 = 0;
  for (let i = 0; i < m; i++) mean1 += (series[i] ?? 0) / m;
  const season = new Float64Array(m);
  for (let i = 0; i < m; i++) season[i] = (series[i] ?? 0) - mean1;
  return { mean1, season };
}

/** b₀ = (mean of the second season − ℓ₀) / m. */
function hwTrend(series: readonly number[], m: number, mean1: number): number {
  let mean2 = 0;
  for (let i = 0; i < m; i++) mean2 += (series[m + i] ?? 0) / m;
  return (mean2 - mean1) / m;
}

/** ℓ + h·b + s_{(n − 1 + h) mod m} for h = 1 … horizon, after n points. */
function hwForecast(level: number, trend: number, season: Float64Array, m: number, n: number, horizon: number): number[] {
  const out = new Array<number>(horizon);
  for (let i = 0; i < horizon; i++) out[i] = level + (i + 1) * trend + (season[(n + i) % m] as number);
  return out;
}

/** The parameter grid searched by {@link fitHoltWinters} (data). */
export const HOLT_WINTERS_GRID = {
  alpha: [0.05, 0.1, 0.2, 0.4, 0.6],
  beta: [0, 0.01, 0.05],
  gamma: [0.05, 0.1, 0.2, 0.4],
} as const;

type HoltWintersGrid = { alpha: readonly number[]; beta: readonly number[]; gamma: readonly number[] };

/** Holt-Winters with α, β, γ chosen from the grid by the least one-step SSE. */
export function fitHoltWinters(series: readonly number[], m: number, horizon: number, grid: HoltWintersGrid = HOLT_WINTERS_GRID): HoltWintersFit {
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

/**
 * For each origin o (a prefix length, clipped to the series as `slice(0, o)` does), exactly
 * `fitHoltWinters(series.slice(0, o), m, horizon, grid).forecast`, or the RangeError it throws —
 * in one pass over the series per grid point instead of one per grid point and origin. This is the
 * same arithmetic: the recursion over a prefix is the recursion over the series stopped at the
 * prefix's end (the start values come from the first two seasons, the same in every prefix of at
 * least 2m points), and the SSE of the prefix is the running SSE there, summed in the same order;
 * each origin keeps the first grid point of least SSE, as fitHoltWinters does.
 */
export function holtWintersAtOrigins(series: readonly number[], m: number, origins: readonly number[], horizon: number, grid: HoltWintersGrid = HOLT_WINTERS_GRID): (number[] | OriginFailure)[] {
  if (!(m >= 1)) return origins.map((o) => hwOne(series.slice(0, o), m, horizon, grid));
  const len = series.length;
  const ends = origins.map((o) => (o < 0 ? Math.max(0, len + o) : Math.min(o, len)));
  if (grid.alpha.length === 0 || grid.beta.length === 0 || grid.gamma.length === 0) return ends.map(() => new OriginFailure(new RangeError('empty Holt-Winters grid')));
  // (an Error is made only where one is thrown: making one takes a stack trace)
  const out: (number[] | OriginFailure)[] = ends.map((n) => (n >= 2 * m ? [] : new OriginFailure(tooShort(m, n))));
  // the origins that can be fitted, by prefix length
  const order = ends.map((_, i) => i).filter((i) => (ends[i] as number) >= 2 * m);
  if (order.length === 0) return out;
  order.sort((a, b) => (ends[a] as number) - (ends[b] as number));
  const stops = Int32Array.from(order, (i) => ends[i] as number);
  const last = stops[stops.length - 1] as number;
  const { mean1, season: start } = hwStart(series, m);
  const trend0 = hwTrend(series, m, mean1);
  const y = new Float64Array(last);
  for (let i = 0; i < last; i++) y[i] = series[i] ?? 0;
  const bestSse = new Float64Array(order.length);
  const found = new Uint8Array(order.length);
  const season = new Float64Array(m);
  for (const alpha of grid.alpha)
    for (const beta of grid.beta)
      for (const gamma of grid.gamma) {
        season.set(start);
        let level = mean1;
        let trend = trend0;
        let sse = 0;
        let k = 0;
        let next = stops[0] as number;
        const a1 = 1 - alpha;
        const b1 = 1 - beta;
        const g1 = 1 - gamma;
        // j = t mod m, stepped
        for (let t = m, j = 0; ; t++, j = j + 1 === m ? 0 : j + 1) {
          while (t === next) {
            if (found[k] === 0 || sse < (bestSse[k] as number)) {
              found[k] = 1;
              bestSse[k] = sse;
              out[order[k] as number] = hwForecast(level, trend, season, m, t, horizon);
            }
            k++;
            next = k < stops.length ? (stops[k] as number) : -1;
          }
          if (t >= last) break;
          const s = season[j] as number;
          const yt = y[t] as number;
          const yhat = level + trend + s;
          sse += (yt - yhat) ** 2;
          const prev = level;
          level = alpha * (yt - s) + a1 * (level + trend);
          trend = beta * (level - prev) + b1 * trend;
          season[j] = gamma * (yt - level) + g1 * s;
        }
      }
  return out;
}

function hwOne(history: readonly number[], m: number, horizon: number, grid: HoltWintersGrid): number[] | OriginFailure {
  try {
    return fitHoltWinters(history, m, horizon, grid).forecast;
  } catch (e) {
    return new OriginFailure(e);
  }
}

/**
 * Holt-Winters as a {@link Forecaster}: fixed parameters, or fitted on each history (with
 * {@link holtWintersAtOrigins} for many origins). The fitted one remembers its last pass (a copy of
 * the series, the horizon, the forecast from every origin it ran, the series' end included), so a
 * back-test followed by the forecast from the end of the same series — or a second back-test over
 * the same origins — is one pass: a pure function of those inputs, checked value by value.
 */
export function holtWintersForecaster(m: number, params?: HoltWintersParams): Forecaster {
  if (params) {
    // fixed α, β, γ: nothing is fitted
    const fixed: Forecaster = (history, horizon) => holtWintersAdditive(history, m, horizon, params).forecast;
    fixed.parameters = 0;
    return fixed;
  }
  let memo: { series: Float64Array; horizon: number; byEnd: Map<number, number[] | OriginFailure> } | null = null;
  const atOrigins = (series: readonly number[], origins: readonly number[], horizon: number): (number[] | OriginFailure)[] => {
    const len = series.length;
    const ends = origins.map((o) => (o < 0 ? Math.max(0, len + o) : Math.min(o, len)));
    if (memo === null || memo.horizon !== horizon || !sameValues(memo.series, series) || !ends.every((e) => memo?.byEnd.has(e))) {
      const all = holtWintersAtOrigins(series, m, [...ends, len], horizon);
      const byEnd = new Map<number, number[] | OriginFailure>();
      ends.forEach((e, i) => byEnd.set(e, all[i] as number[] | OriginFailure));
      byEnd.set(len, all[ends.length] as number[] | OriginFailure);
      const copy = new Float64Array(len);
      for (let i = 0; i < len; i++) copy[i] = series[i] ?? 0;
      memo = { series: copy, horizon, byEnd };
    }
    const byEnd = memo.byEnd;
    return ends.map((e) => {
      const r = byEnd.get(e) as number[] | OriginFailure;
      return r instanceof OriginFailure ? r : r.slice();
    });
  };
  const f: Forecaster = (history, horizon) => {
    const [r] = atOrigins(history, [history.length], horizon);
    if (r instanceof OriginFailure) throw r.error;
    return r as number[];
  };
  f.atOrigins = atOrigins;
  f.parameters = HOLT_WINTERS_PARAMETERS;
  return f;
}

/** Holt-Winters fits α, β and γ (ASHRAE Guideline 14's p). */
export const HOLT_WINTERS_PARAMETERS = 3;

/** Whether a series holds the remembered values, as the pass reads them (NaN equal to NaN; −0 and 0 apart, to be safe). */
function sameValues(a: Float64Array, b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i] ?? 0)) return false;
  return true;
}
