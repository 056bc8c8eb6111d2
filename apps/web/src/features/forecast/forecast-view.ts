import type { EChartsOption } from 'echarts';
import type { Forecast, ForecastAnalysis, ForecastHorizon, ForecastJudgement } from '@ems/contract';
import { NO_VALUE, formatNumber, formatThousands } from '@ems/domain';
import { formatInZone } from '../../lib/time';

/** One bucket of the band chart and the tables. */
export interface BandRow {
  time: number;
  actual: number | null;
  /** the forecast (P50; the day-ahead forecast on the analysis page) */
  forecast: number | null;
  p10: number | null;
  p90: number | null;
}

/** The predict page's chart: the recent actuals, then the horizon's forecast with its band (the bucket in progress carries both). */
export function horizonRows(h: ForecastHorizon): BandRow[] {
  const recent = h.recent.filter((r) => !h.points.some((p) => p.time === r.time)).map((r) => ({ time: r.time, actual: r.value, forecast: null, p10: null, p90: null }));
  return [...recent, ...h.points.map((p) => ({ time: p.time, actual: p.actual, forecast: p.p50, p10: p.p10, p90: p.p90 }))];
}

export const analysisRows = (a: ForecastAnalysis): BandRow[] => a.points.map((p) => ({ time: p.time, actual: p.actual, forecast: p.forecast, p10: p.p10, p90: p.p90 }));

/** Axis label of a bucket start on the project's clock (`timeZone`). */
export const bucketLabel = (time: number, grain: 'hour' | 'day', timeZone: string) => formatInZone(time, timeZone, grain === 'hour' ? 'MM-DD HH:mm' : 'MM-DD');

export interface BandTexts {
  actual: string;
  forecast: string;
  band: string;
  unit: string;
}
export interface BandColors {
  actual: string;
  forecast: string;
  band: string;
}

const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/**
 * Actual as bars, the forecast as a dashed line and the P10–P90 band as a shaded area (P10 as an
 * invisible base with the band's width stacked on it); the tooltip prints the four figures.
 */
export function bandOption(rows: readonly BandRow[], grain: 'hour' | 'day', texts: BandTexts, colors: BandColors, timeZone: string): EChartsOption {
  const x = rows.map((r) => bucketLabel(r.time, grain, timeZone));
  const fmt = (v: number | null | undefined) => (v === null || v === undefined ? NO_VALUE : formatThousands(v, 2));
  return {
    grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, data: [texts.actual, texts.forecast, texts.band] },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const i = (Array.isArray(params) ? (params[0] as { dataIndex?: number } | undefined) : undefined)?.dataIndex ?? -1;
        const r = rows[i];
        if (!r) return '';
        return [x[i], `${texts.actual}: ${fmt(r.actual)}`, `${texts.forecast}: ${fmt(r.forecast)}`, `${texts.band}: ${fmt(r.p10)} ~ ${fmt(r.p90)}`].join('<br/>') + ` ${texts.unit}`;
      },
    },
    xAxis: { type: 'category', data: x },
    yAxis: { type: 'value', name: texts.unit, min: 0 },
    series: [
      { name: texts.actual, type: 'bar', barMaxWidth: 24, data: rows.map((r) => r2(r.actual)), itemStyle: { color: colors.actual } },
      { name: 'p10', type: 'line', stack: 'band', symbol: 'none', data: rows.map((r) => r2(r.p10)), lineStyle: { opacity: 0 }, tooltip: { show: false }, silent: true },
      {
        name: texts.band,
        type: 'line',
        stack: 'band',
        symbol: 'none',
        data: rows.map((r) => (r.p10 === null || r.p90 === null ? null : r2(r.p90 - r.p10))),
        lineStyle: { opacity: 0 },
        areaStyle: { color: colors.band, opacity: 0.35 },
        itemStyle: { color: colors.band },
        silent: true,
      },
      { name: texts.forecast, type: 'line', symbol: 'none', data: rows.map((r) => r2(r.forecast)), lineStyle: { type: 'dashed', width: 2, color: colors.forecast }, itemStyle: { color: colors.forecast } },
    ],
  };
}

/** A metric in % with 2 decimals ('--' for null). */
export const formatPct = (v: number | null | undefined) => (v === null || v === undefined ? NO_VALUE : `${formatNumber(v, 2)}%`);
export const formatFigure = (v: number | null | undefined, precision = 2) => formatThousands(v ?? null, precision);

/** Verdict of a metric card: pass / fail against its limit, or none when the metric or limit is missing. */
export type Verdict = 'pass' | 'fail' | 'none';
export const verdictOf = (pass: boolean | null): Verdict => (pass === null ? 'none' : pass ? 'pass' : 'fail');

export interface MetricCard {
  key: 'mape' | 'cvRmse' | 'nmbe';
  value: number | null;
  /** the limit as the card prints it ('≤ 30%', '|x| ≤ 10%'), null when none applies */
  limit: string | null;
  verdict: Verdict;
}

/** The three metric cards of a back-test: MAPE against its target (if any), CV(RMSE) and NMBE against Guideline 14. */
export function metricCards(m: { mapePct: number | null; cvRmsePct: number | null; nmbePct: number | null }, j: ForecastJudgement): MetricCard[] {
  return [
    { key: 'mape', value: m.mapePct, limit: j.mapeTargetPct === null ? null : `≤ ${j.mapeTargetPct}%`, verdict: verdictOf(j.mapePass) },
    { key: 'cvRmse', value: m.cvRmsePct, limit: `≤ ${j.cvRmseLimitPct}%`, verdict: verdictOf(j.cvRmsePass) },
    { key: 'nmbe', value: m.nmbePct, limit: `|x| ≤ ${j.nmbeLimitPct}%`, verdict: verdictOf(j.nmbePass) },
  ];
}

/** The horizon of a forecast by key, if its model had the history. */
export const horizonOf = (f: Forecast | undefined, key: ForecastHorizon['key']) => f?.horizons.find((h) => h.key === key);
