import type { EChartsOption } from 'echarts';
import type { ElectricalRatio, GradeLimit, LoadingAnalysis, PressureTrend } from '@ems/contract';
import type { ChartPalette } from '../../widgets';

/** Colours the charts take from the antd tokens (light and dark alike). */
export type ChartTokens = Pick<ChartPalette, 'primary' | 'secondary' | 'text' | 'success' | 'warning' | 'error' | 'info' | 'fill' | 'successBg'>;

/** A machine's state in one bucket of the timeline: stopped, unloaded, cycling (loaded part of the time) or loaded. */
export type SlotState = 0 | 1 | 2 | 3;

/** The bucket's state from its hours: stopped when it never ran; loaded when loaded ≥ 95 % of its running time, unloaded when ≤ 5 %, else cycling. */
export function slotState(s: { loadedH: number | null; unloadedH: number | null }): SlotState | null {
  if (s.loadedH === null || s.unloadedH === null) return null;
  const run = s.loadedH + s.unloadedH;
  if (run <= 1e-6) return 0;
  const share = s.loadedH / run;
  return share >= 0.95 ? 3 : share <= 0.05 ? 1 : 2;
}

const gradeLines = (limits: readonly GradeLimit[] | null, c: ChartTokens, label: (g: GradeLimit) => string) =>
  (limits ?? []).map((g) => ({
    yAxis: g.specificPower,
    name: label(g),
    lineStyle: { type: 'dashed' as const, color: g.grade === 1 ? c.success : g.grade === 2 ? c.info : c.warning },
    label: { formatter: label(g), position: 'insideEndTop' as const, color: c.secondary },
  }));

/** Specific power per bucket of each machine and of the station, against the station's GB 19153 grade lines. */
export function specificPowerOption(r: ElectricalRatio, c: ChartTokens, t: { station: string; grade: (g: GradeLimit) => string; unit: string }, time: (ts: number) => string): EChartsOption {
  const x = r.buckets.map((b) => time(b.start));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 48, right: 72, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: x },
    yAxis: { type: 'value', name: t.unit, scale: true },
    series: [
      ...r.units.map((u, i) => ({ type: 'line' as const, name: u.name, showSymbol: false, connectNulls: false, data: r.buckets.map((b) => b.unitSpecificPower[i] ?? null) })),
      {
        type: 'line' as const,
        name: t.station,
        showSymbol: false,
        // the station in the text colour: the machines' lines take the chart palette, whose first colour is the primary blue
        lineStyle: { width: 3, color: c.text },
        itemStyle: { color: c.text },
        data: r.buckets.map((b) => b.specificPower),
        markLine: { symbol: 'none', silent: true, data: gradeLines(r.stationGradeLimits, c, t.grade) },
      },
    ],
  };
}

/** Air delivered (bars) and the gas-electric ratio m³/kWh (line) per bucket. */
export function ratioOption(r: ElectricalRatio, c: ChartTokens, t: { air: string; ratio: string }, time: (ts: number) => string): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 64, right: 56, top: 40, bottom: 56 },
    xAxis: { type: 'category', data: r.buckets.map((b) => time(b.start)) },
    yAxis: [
      { type: 'value', name: 'm³' },
      { type: 'value', name: 'm³/kWh', scale: true, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: t.air, itemStyle: { color: c.info }, data: r.buckets.map((b) => b.airM3) },
      { type: 'line', name: t.ratio, yAxisIndex: 1, showSymbol: false, itemStyle: { color: c.warning }, lineStyle: { color: c.warning }, data: r.buckets.map((b) => b.m3PerKwh) },
    ],
  };
}

/**
 * The load/unload timeline (a Gantt of buckets): one row per machine, each bucket coloured by its
 * state; the tooltip gives the loaded, unloaded and stopped hours.
 */
export function timelineOption(a: LoadingAnalysis, c: ChartTokens, t: { states: [string, string, string, string]; tip: (h: { loaded: string; unloaded: string; off: string }) => string }, time: (ts: number) => string): EChartsOption {
  const x = a.units[0]?.slots.map((s) => time(s.start)) ?? [];
  const names = a.units.map((u) => u.name);
  const data = a.units.flatMap((u, row) =>
    u.slots.flatMap((s, col) => {
      const st = slotState(s);
      return st === null ? [] : [{ value: [col, row, st], hours: s }];
    }),
  );
  const h = (v: number | null) => (v === null ? '--' : v.toFixed(2));
  return {
    tooltip: {
      formatter: (p: unknown) => {
        const d = (p as { data?: { value: [number, number, number]; hours: LoadingAnalysis['units'][number]['slots'][number] } }).data;
        if (!d) return '';
        return `${names[d.value[1]] ?? ''} · ${x[d.value[0]] ?? ''}<br/>${t.states[d.value[2]] ?? ''}<br/>${t.tip({ loaded: h(d.hours.loadedH), unloaded: h(d.hours.unloadedH), off: h(d.hours.offH) })}`;
      },
    },
    grid: { left: 110, right: 16, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: x, splitArea: { show: false } },
    yAxis: { type: 'category', data: names, inverse: true },
    visualMap: {
      type: 'piecewise',
      orient: 'horizontal',
      top: 0,
      left: 'center',
      dimension: 2,
      pieces: [
        { value: 0, label: t.states[0], color: c.fill },
        { value: 1, label: t.states[1], color: c.warning },
        { value: 2, label: t.states[2], color: c.info },
        { value: 3, label: t.states[3], color: c.success },
      ],
    },
    series: [{ type: 'heatmap', data, itemStyle: { borderWidth: 0.5, borderColor: c.successBg } }],
  };
}

/** Header pressure: mean with its min–max spread per step, the set-point band shaded and the VSD target. */
export function pressureOption(p: PressureTrend, c: ChartTokens, t: { avg: string; min: string; max: string; band: string; target: string }, time: (ts: number) => string): EChartsOption {
  const x = p.points.map((q) => time(q.t));
  const band = p.lowMPa !== null && p.highMPa !== null ? [[{ yAxis: p.lowMPa, name: t.band }, { yAxis: p.highMPa }]] : [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [t.avg, t.min, t.max] },
    grid: { left: 56, right: 72, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: x },
    yAxis: { type: 'value', name: 'MPa', scale: true },
    series: [
      { type: 'line', name: t.min, showSymbol: false, lineStyle: { type: 'dotted', color: c.secondary }, itemStyle: { color: c.secondary }, data: p.points.map((q) => q.min) },
      { type: 'line', name: t.max, showSymbol: false, lineStyle: { type: 'dotted', color: c.secondary }, itemStyle: { color: c.secondary }, data: p.points.map((q) => q.max) },
      {
        type: 'line',
        name: t.avg,
        showSymbol: false,
        lineStyle: { width: 2, color: c.primary },
        itemStyle: { color: c.primary },
        data: p.points.map((q) => q.avg),
        markArea: { silent: true, itemStyle: { color: c.successBg }, label: { color: c.secondary, position: 'insideTopRight' }, data: band as never },
        markLine:
          p.targetMPa === null
            ? undefined
            : { symbol: 'none', silent: true, data: [{ yAxis: p.targetMPa, name: t.target, lineStyle: { type: 'dashed', color: c.success }, label: { formatter: `${t.target} ${p.targetMPa}`, position: 'insideEndTop', color: c.secondary } }] },
      },
    ],
  };
}
