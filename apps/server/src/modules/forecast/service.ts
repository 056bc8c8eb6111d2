import type { Forecast, ForecastCandidate, ForecastHorizon, ForecastMethod, ForecastQuery } from '@ems/contract';
import {
  DAY_AHEAD_DAILY_MAPE_TARGET_PCT,
  FORECAST_MODEL_NAMES,
  backtestTotalsSliced,
  bandedForecast,
  bucketStart,
  chooseModelSliced,
  judge,
  localParts,
  projectMonthEnd,
  shapeByProfile,
  similarDayProfile,
  zonedStart,
  type Backtest,
  type BacktestOptions,
  type ForecastBand,
  type ForecastModelName,
  type ModelChoice,
} from '@ems/domain';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { bucketsOf } from '../analysis/periods.js';
import { billingContext, projectBill, type HourForecast } from './bill.js';
import { nodeContext, nodeHeader } from './context.js';
import { digest, modelTurn, remembered, rememberedAsync } from './memo.js';
import { forecastRepository } from './repository.js';
import { DAY_MS, HOUR_MS, dayTypeFrom, forecastersFrom, hoursOf, onGrid, prepare, sum } from './series.js';

/** History the models learn from (data): 8 weeks of hours, 16 weeks of days. */
export const HISTORY_DAYS = { hour: 56, day: 112 } as const;
/** Back-tests (data): origins, spacing and the least history before the first origin, in points. */
export const BACKTESTS = {
  hour: { horizon: 24, folds: 14, step: 24, minTrain: 24 * 7 },
  dayAhead: { horizon: 1, folds: 28, step: 1, minTrain: 14 },
  week: { horizon: 7, folds: 4, step: 7, minTrain: 14 },
  month: { folds: 4, step: 7, minTrain: 14 },
} as const;

export const candidatesOf = (c: ModelChoice): ForecastCandidate[] => FORECAST_MODEL_NAMES.map((m) => ({ method: m, metrics: c.results[m]?.metrics ?? null }));

/** The chosen model, or the other when the chosen one could not run on the history (null when neither can). */
export function usable(c: ModelChoice): { model: ForecastModelName; backtest: Backtest } | null {
  const own = c.results[c.model];
  if (own) return { model: c.model, backtest: own };
  const other = FORECAST_MODEL_NAMES.find((m) => c.results[m]);
  return other ? { model: other, backtest: c.results[other] as Backtest } : null;
}

const total = (b: ForecastBand) => ({ p10: b.p10.reduce((a, x) => a + x, 0), p50: b.p50.reduce((a, x) => a + x, 0), p90: b.p90.reduce((a, x) => a + x, 0) });

/**
 * The forecast page (DOMAIN §12): the next 24 h hour by hour, 7 days and the rest of the month day
 * by day, each from the model its back-test picks (or the one asked for) with the P10–P90 band of
 * its back-test residuals; the one-day-ahead daily accuracy; the month-end projection and, for
 * electricity, the projected bill by the cost module's bill code. "Now" is config.now().
 */
export async function predict(ems: Ems, lang: Lang, scope: readonly number[], q: ForecastQuery): Promise<Forecast> {
  const ctx = await nodeContext(ems, lang, scope, q);
  const method: ForecastMethod = q.method ?? 'auto';
  const tz = ctx.timezone;
  const now = ems.config.now();
  const origin = bucketStart(now, 'hour', tz);
  const today = bucketStart(now, 'day', tz);
  const l = localParts(now, tz);
  const tomorrow = zonedStart(l.year, l.month, l.day + 1, tz);
  const monthFrom = zonedStart(l.year, l.month, 1, tz);
  const monthTo = zonedStart(l.year, l.month + 1, 1, tz);
  const hourFrom = zonedStart(l.year, l.month, l.day - HISTORY_DAYS.hour, tz);
  const dayFrom = zonedStart(l.year, l.month, l.day - HISTORY_DAYS.day, tz);
  const repo = forecastRepository(ems.db);
  const [hourRows, dayRows] = await Promise.all([
    repo.series('rollup_hour', ctx.meterIds, ctx.dataId, hourFrom, origin),
    repo.series('rollup_day', ctx.meterIds, ctx.dataId, dayFrom, today),
  ]);
  const hourStarts = hoursOf(hourFrom, origin);
  const hourRaw = onGrid(hourRows, hourStarts);
  const dayStarts = bucketsOf(dayFrom, today, 'day', tz);
  const dayRaw = onGrid(dayRows, dayStarts);
  const todaySoFar = sum(hourRaw.filter((_, i) => (hourStarts[i] ?? 0) >= today));
  const horizons: ForecastHorizon[] = [];

  // ── next 24 h, hourly ──
  const h = prepare(hourRaw, 24);
  let hourly: (ForecastBand & { times: number[] }) | null = null;
  let hourSeries: { series: number[]; dayType: (d: number) => string } | null = null;
  if (h && h.series.length >= BACKTESTS.hour.minTrain + BACKTESTS.hour.horizon) {
    const base = hourFrom + (h.skipped / 24) * DAY_MS;
    const dayType = dayTypeFrom(base, tz);
    hourSeries = { series: h.series, dayType };
    const fs = forecastersFrom('hour', base, tz, dayType);
    // the model work is a pure function of the series and these inputs (memo.ts)
    const hKey = ['hour', tz, base, method, digest(h.series)].join('|');
    const c = await rememberedAsync(`choose|${hKey}|${JSON.stringify(BACKTESTS.hour)}`, () => chooseModelSliced(h.series, fs, method, BACKTESTS.hour, modelTurn));
    const u = usable(c);
    if (u) {
      const band = remembered(`band|${hKey}|${JSON.stringify(BACKTESTS.hour)}|${u.model}|24`, () => bandedForecast(fs[u.model], h.series, 24, u.backtest.residuals));
      hourly = { ...band, times: Array.from({ length: 24 }, (_, i) => origin + i * HOUR_MS) };
      horizons.push({
        key: 'day',
        grain: 'hour',
        method: u.model,
        points: hourly.times.map((time, i) => ({ time, actual: null, p10: band.p10[i] ?? 0, p50: band.p50[i] ?? 0, p90: band.p90[i] ?? 0 })),
        recent: hourStarts.slice(-24).map((time, i) => ({ time, value: hourRaw[hourRaw.length - 24 + i] ?? null })),
        total: total(band),
        backtest: u.backtest.metrics,
        folds: u.backtest.folds,
        judgement: judge(u.backtest.metrics, 'hourly'),
        candidates: candidatesOf(c),
      });
    }
  }
  // the rest of today from the hourly forecast
  const restToday = hourly ? hourly.times.map((t, i) => ({ t, i })).filter(({ t }) => t < tomorrow) : [];
  // (a day whose elapsed hours are all missing keeps the daily model's whole-day figure instead)
  const restBand = hourly && !(todaySoFar === null && origin > today) ? { p10: restToday.map(({ i }) => hourly.p10[i] ?? 0), p50: restToday.map(({ i }) => hourly.p50[i] ?? 0), p90: restToday.map(({ i }) => hourly.p90[i] ?? 0) } : null;

  // ── days: 7 days and the rest of the month ──
  const d = prepare(dayRaw, 1);
  const monthDays = bucketsOf(today, monthTo, 'day', tz);
  const bill = q.energyType === 2 ? await billingContext(ems, scope, q, now) : null;
  const untilDays = bucketsOf(today, Math.max(monthTo, bill?.period.to ?? 0), 'day', tz);
  let dayAhead: Forecast['dayAhead'] = null;
  let month: Forecast['month'] = null;
  if (d && d.series.length >= BACKTESTS.dayAhead.minTrain + 1) {
    const fs = forecastersFrom('day', dayFrom + d.skipped * DAY_MS, tz);
    const dKey = ['day', tz, dayFrom + d.skipped * DAY_MS, method, digest(d.series)].join('|');
    const choose = (o: BacktestOptions) => rememberedAsync(`choose|${dKey}|${JSON.stringify(o)}`, () => chooseModelSliced(d.series, fs, method, o, modelTurn));
    const cA = await choose(BACKTESTS.dayAhead);
    const uA = usable(cA);
    if (uA) dayAhead = { method: uA.model, metrics: uA.backtest.metrics, folds: uA.backtest.folds, judgement: judge(uA.backtest.metrics, 'hourly', DAY_AHEAD_DAILY_MAPE_TARGET_PCT), candidates: candidatesOf(cA) };
    /** today's whole-day figure: actual so far + the hourly forecast of its rest, when there is one */
    const withToday = (band: ForecastBand): ForecastBand => {
      if (!restBand) return band;
      const fix = (xs: number[], rest: number[]) => [(todaySoFar ?? 0) + rest.reduce((a, x) => a + x, 0), ...xs.slice(1)];
      return { p10: fix(band.p10, restBand.p10), p50: fix(band.p50, restBand.p50), p90: fix(band.p90, restBand.p90) };
    };
    const daily = async (key: 'week' | 'month', c: ModelChoice, count: number, totals: Backtest | null): Promise<{ h: ForecastHorizon; band: ForecastBand } | null> => {
      const u = usable(c);
      if (!u) return null;
      const horizon = Math.max(count, untilDays.length);
      const band = withToday(remembered(`band|${dKey}|${key}|${u.model}|${horizon}|${digest(u.backtest.residuals)}`, () => bandedForecast(fs[u.model], d.series, horizon, u.backtest.residuals)));
      const times = key === 'week' ? bucketsOf(today, zonedStart(l.year, l.month, l.day + 7, tz), 'day', tz) : monthDays;
      const recent = key === 'week' ? dayStarts.slice(-7) : dayStarts.filter((t) => t >= monthFrom);
      const metrics = totals?.metrics ?? u.backtest.metrics;
      const cut = (xs: number[]) => xs.slice(0, times.length);
      return {
        band,
        h: {
          key,
          grain: 'day',
          method: u.model,
          points: times.map((time, i) => ({ time, actual: i === 0 ? todaySoFar : null, p10: band.p10[i] ?? 0, p50: band.p50[i] ?? 0, p90: band.p90[i] ?? 0 })),
          recent: recent.map((time) => ({ time, value: dayRaw[dayStarts.indexOf(time)] ?? null })),
          total: total({ p10: cut(band.p10), p50: cut(band.p50), p90: cut(band.p90) }),
          backtest: metrics,
          folds: totals?.folds ?? u.backtest.folds,
          judgement: key === 'week' ? judge(metrics, 'hourly') : judge(metrics, 'monthly'),
          candidates: candidatesOf(c),
        },
      };
    };
    const week = await daily('week', await choose(BACKTESTS.week), 7, null);
    const monthOpts = { ...BACKTESTS.month, horizon: monthDays.length };
    const cM = await choose(monthOpts);
    const uM = usable(cM);
    const m = await daily('month', cM, monthDays.length, uM ? await rememberedAsync(`totals|${dKey}|${JSON.stringify(monthOpts)}|${uM.model}`, () => backtestTotalsSliced(d.series, fs[uM.model], monthOpts, modelTurn)) : null);
    if (week) horizons.push(week.h);
    if (m) {
      horizons.push(m.h);
      const actualToDate = sum([...dayRaw.filter((_, i) => (dayStarts[i] ?? 0) >= monthFrom), todaySoFar]);
      const after = (xs: number[]) => xs.slice(1, monthDays.length);
      const rest = restBand ?? { p10: [Math.max(0, (m.band.p10[0] ?? 0) - (todaySoFar ?? 0))], p50: [Math.max(0, (m.band.p50[0] ?? 0) - (todaySoFar ?? 0))], p90: [Math.max(0, (m.band.p90[0] ?? 0) - (todaySoFar ?? 0))] };
      const projected = projectMonthEnd(actualToDate ?? 0, { p10: [...rest.p10, ...after(m.band.p10)], p50: [...rest.p50, ...after(m.band.p50)], p90: [...rest.p90, ...after(m.band.p90)] });
      let projectedBill = null;
      if (bill && hourly && hourSeries) {
        const hs = hourSeries;
        // the days after today shaped into hours by the typical day of their type (DOMAIN §1)
        const hoursAfter: HourForecast[] = [];
        untilDays.slice(1).forEach((dayStart, k) => {
          const type = dayTypeFrom(dayStart, tz)(0);
          const profile = similarDayProfile(hs.series, 24, type, hs.dayType) ?? Array<number>(24).fill(1);
          const [p10, p50, p90] = [m.band.p10, m.band.p50, m.band.p90].map((b) => shapeByProfile(b[k + 1] ?? 0, profile));
          for (let i = 0; i < 24; i++) hoursAfter.push({ time: dayStart + i * HOUR_MS, p10: p10?.[i] ?? 0, p50: p50?.[i] ?? 0, p90: p90?.[i] ?? 0 });
        });
        const hoursToday: HourForecast[] = restToday.map(({ t, i }) => ({ time: t, p10: hourly.p10[i] ?? 0, p50: hourly.p50[i] ?? 0, p90: hourly.p90[i] ?? 0 }));
        projectedBill = await projectBill(ems, scope, q, bill, origin, [...hoursToday, ...hoursAfter]);
      }
      month = { from: monthFrom, to: monthTo, actualToDate, ...projected, bill: projectedBill };
    }
  }
  return {
    ...nodeHeader(q, ctx),
    origin,
    method,
    historyDays: h ? Math.floor(h.series.length / 24) : 0,
    horizons,
    dayAhead,
    month,
  };
}
