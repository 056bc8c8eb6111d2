import type { EChartsOption } from 'echarts';
import type { BoilerAnalysis, BoilerFigures } from '@ems/contract';
import type { ChartPalette } from '../../widgets';

/** Colours from the antd theme (light or dark): the page passes its tokens. */
export type ChartColors = Pick<ChartPalette, 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info' | 'text' | 'transparent'>;

const GRID = { left: 56, right: 64, top: 40, bottom: 40 };
const fixed = (v: number | null, d: number) => (v === null ? null : Math.round(v * 10 ** d) / 10 ** d);
/** The frame of a chart over the buckets: axis tooltip, legend on top, the bucket times along x. */
const bucketAxis = (buckets: readonly { time: number }[], time: (ts: number) => string): EChartsOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: GRID,
  xAxis: { type: 'category', data: buckets.map((b) => time(b.time)) },
});

/** Direct and indirect η per bucket (left, %), the load as bars behind (right, %). */
export function trendOption(a: Pick<BoilerAnalysis, 'buckets'>, c: ChartColors, l: { direct: string; indirect: string; load: string }, time: (ts: number) => string): EChartsOption {
  const etas = a.buckets.flatMap((b) => [b.directEfficiencyPct, b.indirectEfficiencyPct]).filter((v): v is number => v !== null);
  const lo = etas.length > 0 ? Math.max(0, Math.floor((Math.min(...etas) - 2) / 5) * 5) : 0;
  return {
    ...bucketAxis(a.buckets, time),
    yAxis: [
      { type: 'value', name: 'η %', min: lo, max: 100 },
      { type: 'value', name: '%', min: 0, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: l.load, yAxisIndex: 1, data: a.buckets.map((b) => fixed(b.loadPct, 1)), itemStyle: { color: c.secondary, opacity: 0.25 }, barMaxWidth: 24 },
      { type: 'line', name: l.direct, data: a.buckets.map((b) => fixed(b.directEfficiencyPct, 2)), lineStyle: { color: c.primary, width: 2 }, itemStyle: { color: c.primary }, connectNulls: false },
      { type: 'line', name: l.indirect, data: a.buckets.map((b) => fixed(b.indirectEfficiencyPct, 2)), lineStyle: { color: c.success, width: 1.5, type: 'dashed' }, itemStyle: { color: c.success } },
    ],
  };
}

/** The steps of the loss waterfall: fuel heat 100 %, minus each loss, down to the direct η (each step: base and height). */
export function waterfallSteps(f: Pick<BoilerFigures, 'losses' | 'directEfficiencyPct'>): { key: 'input' | 'q2' | 'q3' | 'q5' | 'unaccounted' | 'efficiency'; base: number; value: number }[] | null {
  const { q2, q3, q5, unaccounted } = f.losses;
  if (q2 === null || q3 === null || q5 === null || f.directEfficiencyPct === null) return null;
  const steps: { key: 'input' | 'q2' | 'q3' | 'q5' | 'unaccounted' | 'efficiency'; base: number; value: number }[] = [{ key: 'input', base: 0, value: 100 }];
  let level = 100;
  for (const [key, loss] of [['q2', q2], ['q3', q3], ['q5', q5], ['unaccounted', unaccounted ?? 0]] as const) {
    const next = level - loss;
    steps.push({ key, base: Math.min(level, next), value: Math.abs(loss) });
    level = next;
  }
  steps.push({ key: 'efficiency', base: 0, value: f.directEfficiencyPct });
  return steps;
}

/** Loss waterfall of the range: fuel heat 100 % → q2, q3, q5, unaccounted → the direct η. */
export function waterfallOption(f: Pick<BoilerFigures, 'losses' | 'directEfficiencyPct'>, c: ChartColors, l: Record<'input' | 'q2' | 'q3' | 'q5' | 'unaccounted' | 'efficiency', string>): EChartsOption {
  const steps = waterfallSteps(f) ?? [];
  const colour = { input: c.info, q2: c.error, q3: c.warning, q5: c.warning, unaccounted: c.secondary, efficiency: c.primary };
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: (p: unknown) => {
      const s = (p as { seriesName: string; name: string; value: number }[]).find((x) => x.seriesName === 'value');
      return s ? `${s.name}: ${s.value.toFixed(2)} %` : '';
    } },
    grid: { ...GRID, right: 24, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: steps.map((s) => l[s.key]), axisLabel: { interval: 0, width: 76, overflow: 'break', lineHeight: 14 } },
    yAxis: { type: 'value', name: '%', min: 0, max: 100 },
    series: [
      { type: 'bar', name: 'base', stack: 'w', silent: true, data: steps.map((s) => fixed(s.base, 3)), itemStyle: { color: c.transparent } },
      {
        type: 'bar',
        name: 'value',
        stack: 'w',
        data: steps.map((s) => ({ value: fixed(s.value, 3), itemStyle: { color: colour[s.key] } })),
        label: { show: true, position: 'top', color: c.text, textBorderWidth: 0, formatter: (p: { value: unknown }) => `${Number(p.value).toFixed(2)}` },
        barMaxWidth: 48,
      },
    ],
  };
}

/** Flue-gas temperature (left) and O₂ (right) per bucket with their limit lines. */
export function flueOption(a: Pick<BoilerAnalysis, 'buckets' | 'limits'>, c: ChartColors, l: { flueTemp: string; o2: string; flueLimit: string; o2Limit: string }, time: (ts: number) => string): EChartsOption {
  const lim = a.limits;
  const line = (value: number, name: string, color: string, position: 'insideEndTop' | 'insideStartBottom') => ({ silent: true, symbol: 'none', lineStyle: { color, type: 'dashed' as const }, label: { formatter: name, position, color, textBorderWidth: 0 }, data: [{ yAxis: value }] });
  return {
    ...bucketAxis(a.buckets, time),
    yAxis: [
      { type: 'value', name: '°C', min: 0, max: (v: { max: number }) => Math.ceil(Math.max(v.max, lim?.flueTempMaxC ?? 0) / 20) * 20 + 20 },
      { type: 'value', name: 'O₂ %', min: 0, max: (v: { max: number }) => Math.ceil(Math.max(v.max, lim?.o2MaxPct ?? 0)) + 1, splitLine: { show: false } },
    ],
    series: [
      { type: 'line', name: l.flueTemp, data: a.buckets.map((b) => fixed(b.flueTempC, 1)), lineStyle: { color: c.error }, itemStyle: { color: c.error }, ...(lim ? { markLine: line(lim.flueTempMaxC, l.flueLimit, c.error, 'insideEndTop') } : {}) },
      { type: 'line', name: l.o2, yAxisIndex: 1, data: a.buckets.map((b) => fixed(b.o2Pct, 2)), lineStyle: { color: c.info }, itemStyle: { color: c.info }, ...(lim ? { markLine: line(fixed(lim.o2MaxPct, 2) ?? 0, l.o2Limit, c.info, 'insideStartBottom') } : {}) },
    ],
  };
}

/** Steam/gas ratio (bars, t per 10⁴ m³) and coal equivalent per t of steam (line, kgce/t). */
export function ratioOption(a: Pick<BoilerAnalysis, 'buckets'>, c: ChartColors, l: { steamPerGas: string; kgce: string }, time: (ts: number) => string): EChartsOption {
  return {
    ...bucketAxis(a.buckets, time),
    yAxis: [
      { type: 'value', name: 't/10⁴m³', min: (v: { min: number }) => Math.max(0, Math.floor(v.min * 0.9)) },
      { type: 'value', name: 'kgce/t', min: (v: { min: number }) => Math.max(0, Math.floor(v.min * 0.9)), splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: l.steamPerGas, data: a.buckets.map((b) => fixed(b.steamPerGas, 1)), itemStyle: { color: c.primary }, barMaxWidth: 24 },
      { type: 'line', name: l.kgce, yAxisIndex: 1, data: a.buckets.map((b) => fixed(b.kgcePerSteamT, 2)), lineStyle: { color: c.warning }, itemStyle: { color: c.warning } },
    ],
  };
}
