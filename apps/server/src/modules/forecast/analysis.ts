import { FORECAST_HOURLY_MAX_MS, FORECAST_MAX_RANGE_MS, type ForecastAnalysis, type ForecastAnalysisQuery, type ForecastMethod } from '@ems/contract';
import {
  DAY_AHEAD_DAILY_MAPE_TARGET_PCT,
  FORECAST_MODEL_NAMES,
  accuracy,
  bucketEnd,
  bucketStart,
  chooseModelSliced,
  dayAheadForecastsSliced,
  judge,
  localParts,
  quantile,
  zonedStart,
  type ForecastModelName,
  type Forecaster,
} from '@ems/domain';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { bucketsOf, resolveRange } from '../analysis/periods.js';
import { invalid, nodeContext, nodeHeader } from './context.js';
import { digest, modelTurn, rememberedAsync } from './memo.js';
import { forecastRepository } from './repository.js';
import { BACKTESTS, HISTORY_DAYS, candidatesOf } from './service.js';
import { DAY_MS, fig, forecastersFrom, hoursOf, onGrid, prepare } from './series.js';

/**
 * The forecast analysis page (DOMAIN §12, §1): over a past range, the node's actual consumption
 * against what the model would have forecast day-ahead (each local day from the history before its
 * midnight only), with the P10–P90 band of the back-test before the range and the accuracy over
 * the range. Up to 7 days hour by hour, longer ranges (up to 93 days) day by day. Auto picks the
 * model by the back-test on the history before the range, so the range never judges its own choice.
 */
export async function forecastAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: ForecastAnalysisQuery): Promise<ForecastAnalysis> {
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', 'endTime');
  const ctx = await nodeContext(ems, lang, scope, q);
  const method: ForecastMethod = q.method ?? 'auto';
  const tz = ctx.timezone;
  const r = resolveRange(q.dateType, q.startTime, q.endTime, tz);
  // whole local days: a day-ahead forecast is made for a day
  const from = bucketStart(r.from, 'day', tz);
  const to = bucketEnd(bucketStart(r.to - 1, 'day', tz), 'day', tz);
  if (to - from > FORECAST_MAX_RANGE_MS) throw invalid(lang, 'endTime', 'span');
  const grain = to - from <= FORECAST_HOURLY_MAX_MS ? 'hour' : 'day';
  const now = ems.config.now();
  // what is known: hours before the current one, days before today
  const known = grain === 'hour' ? bucketStart(now, 'hour', tz) : bucketStart(now, 'day', tz);
  const today = bucketStart(now, 'day', tz);
  const lf = localParts(from, tz);
  const histFrom = zonedStart(lf.year, lf.month, lf.day - HISTORY_DAYS[grain], tz);

  const rows = await forecastRepository(ems.db).series(grain === 'hour' ? 'rollup_hour' : 'rollup_day', ctx.meterIds, ctx.dataId, histFrom, Math.min(to, known));
  const starts = grain === 'hour' ? hoursOf(histFrom, to) : bucketsOf(histFrom, to, 'day', tz);
  const raw = onGrid(rows, starts).map((v, i) => ((starts[i] ?? 0) < known ? v : null));
  // everything below is a pure function of these inputs and the series read (memo.ts): a late
  // reading changes the series' digest and so the key
  const key = ['analysis', grain, tz, histFrom, from, to, known, today, method, digest(raw)].join('|');
  const figures = await rememberedAsync(key, () => analyse(raw, starts, { from, to, grain, tz, known, today, method }));
  return { ...nodeHeader(q, ctx), from, to, grain, method, ...figures };
}

/** What the analysis computes from the series: the model, the points, the accuracy and the candidates. */
type Figures = Pick<ForecastAnalysis, 'model' | 'points' | 'metrics' | 'judgement' | 'candidates' | 'totalActual' | 'totalForecast'>;

/**
 * The day-ahead forecasts of the range's days from the history before each, with the band of the
 * back-test before the range. `raw`: the values on `starts` (history and range), null from the
 * current bucket on. In pieces, a turn of the event loop after each fold and day forecast (memo.ts modelTurn).
 */
async function analyse(
  raw: readonly (number | null)[],
  starts: readonly number[],
  o: { from: number; to: number; grain: 'hour' | 'day'; tz: string; known: number; today: number; method: ForecastMethod },
): Promise<Figures> {
  const { grain, tz, method } = o;
  const perDay = grain === 'hour' ? 24 : 1;
  const histFrom = starts[0] ?? o.from;
  const pre = starts.indexOf(o.from);
  const inRange = starts.slice(pre);
  const actual = raw.slice(pre);
  // days of the range whose midnight has come (a forecast of them was possible)
  const days = bucketsOf(o.from, o.to, 'day', tz).filter((t) => t <= o.today).length;
  const k = starts.findIndex((t) => t >= o.known);
  const p = prepare(raw.slice(0, k < 0 ? raw.length : k), perDay);
  const forecasts: Record<ForecastModelName, (number | null)[]> = { similarDay: actual.map(() => null), holtWinters: actual.map(() => null) };
  let model: ForecastModelName = method === 'auto' ? 'similarDay' : method;
  let residuals: number[] = [];
  let candidateChoice = null;
  // the candidates as run: each says its own parameter count p (ASHRAE Guideline 14's n − p)
  let fs: Record<ForecastModelName, Forecaster> | null = null;
  if (p && p.skipped <= pre) {
    const base = histFrom + (p.skipped / perDay) * DAY_MS;
    const start = pre - p.skipped;
    const series = p.series;
    fs = forecastersFrom(grain, base, tz);
    const bt = grain === 'hour' ? BACKTESTS.hour : BACKTESTS.dayAhead;
    const c = await chooseModelSliced(series.slice(0, start), fs, method, bt, modelTurn);
    candidateChoice = c;
    model = c.model;
    residuals = c.results[c.model]?.residuals ?? [];
    for (const m of FORECAST_MODEL_NAMES) {
      const run = await dayAheadForecastsSliced(series, fs[m], perDay, start, days, modelTurn);
      forecasts[m] = actual.map((_, i) => run[i] ?? null);
    }
  }
  const lo = quantile(residuals, 0.1);
  const hi = quantile(residuals, 0.9);
  const main = forecasts[model];
  const points = inRange.map((time, i) => {
    const a = actual[i] ?? null;
    const f = main[i] ?? null;
    const error = a === null || f === null ? null : f - a;
    return {
      time,
      actual: fig(a),
      forecast: fig(f),
      p10: f === null || lo === null ? null : fig(Math.max(0, f + lo)),
      p90: f === null || hi === null ? null : fig(Math.max(0, f + hi)),
      error: fig(error),
      errorPct: error === null || a === null || a === 0 ? null : fig((Math.abs(error) / a) * 100),
    };
  });
  // without a run every forecast is null: nothing compares and p does not matter
  const parametersOf = (m: ForecastModelName) => fs?.[m].parameters ?? 0;
  const metrics = accuracy(actual, main, { parameters: parametersOf(model) });
  const both = points.filter((pt) => pt.actual !== null && pt.forecast !== null);
  return {
    model,
    points,
    metrics,
    judgement: grain === 'hour' ? judge(metrics, 'hourly') : judge(metrics, 'hourly', DAY_AHEAD_DAILY_MAPE_TARGET_PCT),
    candidates: candidateChoice ? candidatesOf({ ...candidateChoice, results: { similarDay: rangeBacktest(actual, forecasts.similarDay, parametersOf('similarDay')), holtWinters: rangeBacktest(actual, forecasts.holtWinters, parametersOf('holtWinters')) } }) : [],
    totalActual: both.length ? fig(both.reduce((s, pt) => s + (pt.actual ?? 0), 0)) : null,
    totalForecast: both.length ? fig(both.reduce((s, pt) => s + (pt.forecast ?? 0), 0)) : null,
  };
}

/** A method's accuracy over the range (its forecaster fits `parameters`), in the shape of a back-test (null when nothing compares). */
function rangeBacktest(actual: readonly (number | null)[], forecast: readonly (number | null)[], parameters: number) {
  const metrics = accuracy(actual, forecast, { parameters });
  return metrics.n === 0 ? null : { metrics, residuals: [], folds: 0 };
}
