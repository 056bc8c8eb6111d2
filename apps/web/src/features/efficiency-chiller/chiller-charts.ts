import type { EChartsOption } from 'echarts';
import type { ChillerBucket, ChillerRow, PlantKwh, PlantTempBucket } from '@ems/contract';
import type { ChartPalette } from '../../widgets';

/** Colours of the charts, from the antd tokens of the current theme (no literal colours). */
export type ChillerTokens = Pick<ChartPalette, 'primary' | 'success' | 'warning' | 'error' | 'info' | 'secondary' | 'purple' | 'cyan'>;

const r = (v: number | null | undefined, d: number) => (v === null || v === undefined ? null : Math.round(v * 10 ** d) / 10 ** d);

/** One colour per chiller, in the order of the plant. */
export const unitColor = (c: ChillerTokens, i: number): string => [c.primary, c.warning, c.success, c.purple, c.cyan, c.error][i % 6] as string;

/** Cooling (kWh, bars) per bucket with COP and system EER (lines, right axis). */
export function trendOption(trend: readonly ChillerBucket[], c: ChillerTokens, labels: { cooling: string; cop: string; eer: string }, time: (ts: number) => string): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 64, right: 48, top: 36, bottom: trend.length > 31 ? 56 : 28 },
    dataZoom: trend.length > 31 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
    xAxis: { type: 'category', data: trend.map((b) => time(b.start)) },
    yAxis: [
      { type: 'value', name: 'kWh' },
      { type: 'value', name: 'COP / EER', min: 0, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: labels.cooling, data: trend.map((b) => r(b.coolingKwh, 1)), itemStyle: { color: c.info }, barMaxWidth: 24 },
      { type: 'line', name: labels.cop, yAxisIndex: 1, connectNulls: false, showSymbol: trend.length <= 31, data: trend.map((b) => r(b.cop, 2)), itemStyle: { color: c.primary } },
      { type: 'line', name: labels.eer, yAxisIndex: 1, connectNulls: false, showSymbol: trend.length <= 31, data: trend.map((b) => r(b.eer, 2)), itemStyle: { color: c.success } },
    ],
  };
}

/** Points of a fitted curve a + b·x + c·x² over [from, to] in steps of 0.02. */
export function curvePoints(curve: NonNullable<ChillerRow['curve']>, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  const n = Math.max(1, Math.round((to - from) / 0.02));
  for (let i = 0; i <= n; i++) {
    const x = from + ((to - from) * i) / n;
    out.push([Math.round(x * 1000) / 10, Math.round((curve.a + curve.b * x + curve.c * x * x) * 1000) / 1000]);
  }
  return out;
}

/**
 * COP against PLR (%) per chiller: its running quarters as points, the fitted quadratic as a solid
 * line over the loads seen and dashed where it is read beyond them (up to 100 %).
 */
export function scatterOption(chillers: readonly ChillerRow[], c: ChillerTokens, labels: { fit: string; plr: string }): EChartsOption {
  const series: NonNullable<EChartsOption['series']> = [];
  chillers.forEach((u, i) => {
    const color = unitColor(c, i);
    series.push({ type: 'scatter', name: u.name, symbolSize: 4, data: u.points.map(([x, y]) => [Math.round(x * 1000) / 10, y]), itemStyle: { color, opacity: 0.55 } });
    if (u.curve) {
      series.push({ type: 'line', name: u.name, showSymbol: false, data: curvePoints(u.curve, u.curve.plrMin, u.curve.plrMax), lineStyle: { color, width: 2 }, itemStyle: { color }, tooltip: { show: false } });
      if (u.curve.plrMax < 1) series.push({ type: 'line', name: u.name, showSymbol: false, data: curvePoints(u.curve, u.curve.plrMax, 1), lineStyle: { color, width: 2, type: 'dashed' }, itemStyle: { color }, tooltip: { show: false } });
    }
  });
  return {
    tooltip: { trigger: 'item', formatter: (p: unknown) => { const x = p as { seriesName: string; value: [number, number] }; return `${x.seriesName}<br/>${labels.plr} ${x.value[0]}% · COP ${x.value[1]}`; } },
    legend: { top: 0, data: chillers.map((u) => u.name) },
    grid: { left: 48, right: 24, top: 36, bottom: 40 },
    xAxis: { type: 'value', name: `${labels.plr} (%)`, nameLocation: 'middle', nameGap: 26, min: 0, max: 110 },
    yAxis: { type: 'value', name: 'COP', scale: true },
    series,
  };
}

/** CHW supply/return, CW supply/return, outdoor dry and wet bulb (°C) per bucket, the towers' approach (K) on the right axis. */
export function temperatureOption(temps: readonly PlantTempBucket[], c: ChillerTokens, labels: Record<'chws' | 'chwr' | 'cws' | 'cwr' | 'outdoor' | 'wetBulb' | 'approach', string>, time: (ts: number) => string): EChartsOption {
  const line = (name: string, get: (t: PlantTempBucket) => number | null, color: string, dashed = false, axis = 0) => ({
    type: 'line' as const,
    name,
    yAxisIndex: axis,
    showSymbol: temps.length <= 31,
    connectNulls: false,
    data: temps.map((t) => r(get(t), 2)),
    itemStyle: { color },
    lineStyle: { color, ...(dashed ? { type: 'dashed' as const } : {}) },
  });
  return {
    tooltip: { trigger: 'axis' },
    // seven entries: one scrolling row, so a second row (English) never runs into the axis names
    legend: { top: 0, type: 'scroll' },
    grid: { left: 48, right: 48, top: 56, bottom: temps.length > 31 ? 56 : 28 },
    dataZoom: temps.length > 31 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
    xAxis: { type: 'category', data: temps.map((t) => time(t.start)) },
    yAxis: [
      { type: 'value', name: '°C', scale: true },
      { type: 'value', name: 'K', min: 0, splitLine: { show: false } },
    ],
    series: [
      line(labels.chws, (t) => t.chws, c.primary),
      line(labels.chwr, (t) => t.chwr, c.cyan),
      line(labels.cws, (t) => t.cws, c.warning),
      line(labels.cwr, (t) => t.cwr, c.error),
      line(labels.outdoor, (t) => t.outdoorC, c.secondary, true),
      line(labels.wetBulb, (t) => t.wetBulbC, c.purple, true),
      { type: 'bar' as const, name: labels.approach, yAxisIndex: 1, data: temps.map((t) => r(t.approachK, 2)), itemStyle: { color: c.success, opacity: 0.45 }, barMaxWidth: 16 },
    ],
  };
}

/** The plant's electricity by part (kWh) as a pie. */
export function splitOption(e: PlantKwh, c: ChillerTokens, labels: Record<keyof PlantKwh, string>): EChartsOption {
  const parts: [keyof PlantKwh, string][] = [
    ['chillers', c.primary],
    ['chwPumps', c.cyan],
    ['cwPumps', c.warning],
    ['towers', c.success],
  ];
  const total = parts.reduce((s, [k]) => s + e[k], 0);
  const share = new Map(parts.map(([k]) => [labels[k], total > 0 ? Math.round((e[k] / total) * 1000) / 10 : 0]));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} kWh ({d}%)' },
    // each part's share in the legend: outside labels are clipped in a narrow card
    legend: { bottom: 0, formatter: (name: string) => `${name} ${share.get(name) ?? 0}%` },
    series: [
      {
        type: 'pie' as const,
        radius: ['40%', '68%'],
        center: ['50%', '42%'],
        label: { show: false },
        data: parts.map(([k, color]) => ({ name: labels[k], value: r(e[k], 1) ?? 0, itemStyle: { color } })),
      },
    ],
  };
}
