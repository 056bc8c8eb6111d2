import type { EChartsOption, LineSeriesOption } from 'echarts';
import type { GlobalToken } from 'antd';
import {
  assignYAxes,
  differenceView,
  displayUnit,
  formatNumber,
  formatWithUnit,
  rawMarkSpans,
  trendSeriesName,
  trendStats,
  trendValue,
  type TrendSeries,
} from '@ems/domain';
import { formatInZone, toWallClock } from '../../lib/time';
import { MIN_ZOOM_SPAN_MS } from '../constants';
import { Y_AXIS_OFFSET_PX, type TrendToggles } from './trend-toggles';

/** The antd tokens the overlays read (the line colours come from the ECharts theme). */
export type TrendChartTokens = Pick<GlobalToken, 'colorWarningBg' | 'colorWarningBorder' | 'colorTextSecondary'>;

/** Translated names of the overlays. */
export interface TrendLabels {
  max: string;
  min: string;
  average: string;
  upperLimit: string;
  lowerLimit: string;
  rawMark: string;
}

type MarkLineItem = NonNullable<NonNullable<LineSeriesOption['markLine']>['data']>[number];

/**
 * The max/min markers as text, a line each ("{line}: max … (time), min … (time)"), for the chart's text
 * alternative: the same extremes the markers show (of the differences in the difference view), or ''
 * when the markers are off.
 */
export function trendExtremesText(series: readonly TrendSeries[], toggles: TrendToggles, timeZone: string, text: (v: { line: string; max: string; maxTime: string; min: string; minTime: string }) => string): string {
  if (!toggles.maxMin) return '';
  const out: string[] = [];
  for (const s of series) {
    const stats = trendStats(toggles.diff ? differenceView(s.data) : s.data);
    if (!stats.max || !stats.min) continue;
    out.push(
      text({
        line: trendSeriesName(s.param),
        max: formatWithUnit(stats.max.value, s.param.unit),
        maxTime: formatInZone(stats.max.time, timeZone),
        min: formatWithUnit(stats.min.value, s.param.unit),
        minTime: formatInZone(stats.min.time, timeZone),
      }),
    );
  }
  return out.join('\n');
}

function lineSeries(s: TrendSeries, yAxisIndex: number, toggles: TrendToggles, tokens: TrendChartTokens, labels: TrendLabels, timeZone: string): LineSeriesOption {
  const { param } = s;
  const x = (t: number) => toWallClock(t, timeZone);
  const points = toggles.diff ? differenceView(s.data) : s.data;
  const stats = trendStats(points);
  const label = (v: unknown) => formatNumber(v as number);
  const lines: MarkLineItem[] = [];
  if (toggles.average && stats.average !== null) lines.push({ name: labels.average, yAxis: stats.average, lineStyle: { type: 'dotted' } });
  // limits belong to the measured values, not to their differences
  if (toggles.limit && !toggles.diff) {
    if (trendValue(param.upperLimit) !== null) lines.push({ name: labels.upperLimit, yAxis: param.upperLimit as number, lineStyle: { type: 'dashed' } });
    if (trendValue(param.lowerLimit) !== null) lines.push({ name: labels.lowerLimit, yAxis: param.lowerLimit as number, lineStyle: { type: 'dashed' } });
  }
  const extremes = toggles.maxMin
    ? [
        stats.max && { name: labels.max, coord: [x(stats.max.time), stats.max.value], value: stats.max.value },
        stats.min && { name: labels.min, coord: [x(stats.min.time), stats.min.value], value: stats.min.value, symbolRotate: 180, label: { offset: [0, 8] } },
      ].filter((m) => m !== null)
    : [];
  const spans = toggles.rawMark ? rawMarkSpans(s.data) : [];
  return {
    type: 'line',
    name: trendSeriesName(param),
    yAxisIndex,
    showSymbol: toggles.point,
    connectNulls: false,
    data: points.map((p) => [x(p.time), trendValue(p.value)]),
    tooltip: { valueFormatter: (v) => formatWithUnit(v as number, param.unit) },
    markPoint: extremes.length ? { symbolSize: 40, label: { formatter: (p) => label((p as { value: unknown }).value) }, data: extremes } : undefined,
    markLine: lines.length ? { symbol: 'none', label: { formatter: (p) => `${p.name} ${label(p.value)}`, position: 'insideEndTop' }, data: lines } : undefined,
    markArea: spans.length
      ? {
          silent: true,
          itemStyle: { color: tokens.colorWarningBg, borderColor: tokens.colorWarningBorder, borderWidth: 1, borderType: 'dashed', opacity: 0.6 },
          label: { color: tokens.colorTextSecondary },
          data: spans.map((span) => [{ name: labels.rawMark, xAxis: x(span.start) }, { xAxis: x(span.end) }]),
        }
      : undefined,
  };
}

/** Axis bounds that take in the limits (undefined bounds: ECharts' own). */
function axisRange(limits: readonly number[]): { min?: (v: { min: number }) => number; max?: (v: { max: number }) => number } {
  if (limits.length === 0) return {};
  const lo = Math.min(...limits);
  const hi = Math.max(...limits);
  return { min: (v) => Math.min(v.min, lo), max: (v) => Math.max(v.max, hi) };
}

/** Height of the legend's row, px (scroll legend, 12 px text). */
const LEGEND_ROW_PX = 32;
/** Band between the legend and the plot for the y axes' unit names, and their distance from the axis end, px. */
const AXIS_NAME_BAND_PX = 24;
const AXIS_NAME_GAP_PX = 10;

/**
 * The ECharts option of the trend chart: time axis, one y axis per unit (left, right, then offset
 * further out on alternating sides), zoom no narrower than 1 hour, 'device - data point' legend,
 * 2-decimal tooltip with units, and the overlays switched on in `toggles`. Times are drawn on the
 * wall clock of `timeZone` (the project's): x values are that clock read as UTC, and the chart
 * formats in UTC, so ticks, labels and tooltips are the plant's hours whatever the browser's zone.
 */
export function buildTrendOption(series: readonly TrendSeries[], toggles: TrendToggles, tokens: TrendChartTokens, labels: TrendLabels, timeZone: string): EChartsOption {
  const { units, yIndex } = assignYAxes(series.map((s) => s.param));
  // shown limit lines stay on the chart: each axis stretches to its series' limits
  const limitsOf = (axis: number): number[] =>
    toggles.limit && !toggles.diff
      ? series.flatMap((s, k) => ((yIndex[k] ?? 0) === axis ? [trendValue(s.param.upperLimit), trendValue(s.param.lowerLimit)] : [])).filter((v): v is number => v !== null)
      : [];
  const axesOn = (side: 0 | 1) => units.filter((_, i) => i % 2 === side).length;
  return {
    useUTC: true,
    // the legend's row at the top, the axes' unit names in a band of their own below it (they stood on the legend)
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis' },
    grid: { top: units.length === 0 ? LEGEND_ROW_PX : LEGEND_ROW_PX + AXIS_NAME_BAND_PX, bottom: 60, left: 16 + Math.max(0, axesOn(0) - 1) * Y_AXIS_OFFSET_PX, right: 16 + Math.max(0, axesOn(1) - 1) * Y_AXIS_OFFSET_PX },
    xAxis: { type: 'time' },
    // while loading with no lines yet, one plain axis keeps the grid valid
    yAxis: units.length === 0 ? [{ type: 'value' }] : units.map((unit, i) => ({
      type: 'value',
      ...axisRange(limitsOf(i)),
      name: displayUnit(unit),
      nameGap: AXIS_NAME_GAP_PX,
      position: i % 2 === 0 ? 'left' : 'right',
      offset: Math.floor(i / 2) * Y_AXIS_OFFSET_PX,
      axisLine: { show: true },
      splitLine: { show: i === 0 },
    })),
    dataZoom: [
      { type: 'inside', minValueSpan: MIN_ZOOM_SPAN_MS },
      { type: 'slider', minValueSpan: MIN_ZOOM_SPAN_MS, bottom: 10 },
    ],
    series: series.map((s, k) => lineSeries(s, yIndex[k] ?? 0, toggles, tokens, labels, timeZone)),
  };
}
