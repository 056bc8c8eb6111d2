import type { EChartsOption, LineSeriesOption } from 'echarts';
import type { SensorTrend } from '@ems/contract';
import { toWallClock } from '../../lib/time';

export interface TrendTokens {
  colorWarning: string;
  colorError: string;
}

export interface TrendTexts {
  preAlarm: string;
  alarm: string;
}

/**
 * The 24 h trend of a sensor: one line per channel (its own y axis per unit, at most two shown side
 * by side), each limit a dashed line — pre-alarm in the warning colour, alarm in the error colour —
 * and each axis stretched to whole units that take its limits in. Times on the wall clock of
 * `timeZone` (the project's), drawn with useUTC.
 */
export function sensorTrendOption(trend: SensorTrend, tokens: TrendTokens, texts: TrendTexts, timeZone: string): EChartsOption {
  const x = (t: number) => toWallClock(t, timeZone);
  const channels = trend.channels.slice(0, 2);
  const series: LineSeriesOption[] = channels.map((c, i) => ({
    type: 'line',
    name: `${c.name} (${c.unit})`,
    yAxisIndex: i,
    showSymbol: false,
    connectNulls: false,
    data: c.points.map(([ts, v]) => [typeof ts === 'number' ? x(ts) : ts, v]),
    markLine: c.limits.length
      ? {
          symbol: 'none',
          silent: true,
          // the second axis' labels at the start, so two channels' lines at one height do not overlap
          label: { position: i === 0 ? 'insideEndTop' : 'insideStartTop', formatter: (p) => `${p.name} ${String(p.value)}` },
          data: c.limits.map((l) => ({
            name: l.level === 'alarm' ? texts.alarm : texts.preAlarm,
            yAxis: l.value,
            lineStyle: { type: 'dashed', color: l.level === 'alarm' ? tokens.colorError : tokens.colorWarning },
            label: { color: l.level === 'alarm' ? tokens.colorError : tokens.colorWarning },
          })),
        }
      : undefined,
  }));
  const yAxis = channels.map((c, i) => {
    const limits = c.limits.map((l) => l.value);
    return {
      type: 'value' as const,
      name: c.unit,
      position: i === 0 ? ('left' as const) : ('right' as const),
      ...(limits.length
        ? { min: (v: { min: number }) => Math.floor(Math.min(v.min, ...limits)), max: (v: { max: number }) => Math.ceil(Math.max(v.max, ...limits)) }
        : {}),
    };
  });
  return {
    useUTC: true,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 56, top: 40, bottom: 56 },
    xAxis: { type: 'time', min: x(trend.from), max: x(trend.to) },
    yAxis,
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    series,
  };
}
