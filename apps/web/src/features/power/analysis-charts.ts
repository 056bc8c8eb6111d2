import type { EChartsOption } from 'echarts';
import type { TransformerAnalysis } from '@ems/contract';
import type { ChartPalette } from '../../widgets';

export type ChartTokens = Pick<ChartPalette, 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info' | 'successBg' | 'warningBg' | 'errorBg' | 'infoBg'>;

/**
 * Load curve: β (%) over time with the zone bands (light below β_JZ², economic, optimal 1.33 β_JZ²
 * to 75 %, economic to 100 %, overloaded above) and P (kW) on the right axis.
 */
export function loadOption(a: Pick<TransformerAnalysis, 'load' | 'zoneBounds'>, c: ChartTokens, labels: { loadRate: string; power: string; zones: Record<'light' | 'economic' | 'optimal' | 'over', string> }, time: (ts: number) => string): EChartsOption {
  const b = a.zoneBounds;
  const bands = b
    ? [
        [{ yAxis: 0, name: labels.zones.light, itemStyle: { color: c.warningBg } }, { yAxis: b.economicLower }],
        [{ yAxis: b.economicLower, name: labels.zones.economic, itemStyle: { color: c.infoBg } }, { yAxis: b.optimalLower }],
        [{ yAxis: b.optimalLower, name: labels.zones.optimal, itemStyle: { color: c.successBg } }, { yAxis: b.optimalUpper }],
        [{ yAxis: b.optimalUpper, name: labels.zones.economic, itemStyle: { color: c.infoBg } }, { yAxis: b.economicUpper }],
        [{ yAxis: b.economicUpper, name: labels.zones.over, itemStyle: { color: c.errorBg } }, { yAxis: 120 }],
      ]
    : [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 64, top: 36, bottom: 56 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'category', data: a.load.map((p) => time(p.t)), boundaryGap: false },
    yAxis: [
      { type: 'value', name: '%', min: 0, max: (v: { max: number }) => Math.max(110, Math.ceil(v.max / 10) * 10) },
      { type: 'value', name: 'kW', splitLine: { show: false } },
    ],
    series: [
      {
        type: 'line',
        name: labels.loadRate,
        showSymbol: false,
        data: a.load.map((p) => p.loadRatePct),
        lineStyle: { color: c.primary, width: 1.5 },
        itemStyle: { color: c.primary },
        markArea: { silent: true, label: { position: 'insideRight', fontSize: 10 }, data: bands as never },
      },
      { type: 'line', name: labels.power, yAxisIndex: 1, showSymbol: false, data: a.load.map((p) => p.kw), lineStyle: { color: c.secondary, width: 1, opacity: 0.7 }, itemStyle: { color: c.secondary } },
    ],
  };
}

/** Hours per zone as horizontal bars. */
export function zoneHoursOption(a: { row: Pick<TransformerAnalysis['row'], 'zoneHours'> }, c: ChartTokens, labels: Record<'light' | 'economic' | 'optimal' | 'over', string>, unit: string): EChartsOption {
  const zones = ['light', 'economic', 'optimal', 'over'] as const;
  const colors = { light: c.warning, economic: c.info, optimal: c.success, over: c.error };
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 80, right: 48, top: 16, bottom: 24 },
    xAxis: { type: 'value', name: unit },
    yAxis: { type: 'category', data: zones.map((z) => labels[z]) },
    series: [{ type: 'bar', data: zones.map((z) => ({ value: Math.round(a.row.zoneHours[z] * 100) / 100, itemStyle: { color: colors[z] } })), label: { show: true, position: 'right' } }],
  };
}

/** η against β from 10 % (below, η falls away and flattens the scale), today's hourly points and the optimum. */
/** The optimum's pin (px): it stands above the curve's highest point, so the plot starts this much lower than the legend's band. */
export const OPTIMUM_PIN_PX = 44;
/** The legend's band above a plot (px). */
const LEGEND_BAND_PX = 36;

export function etaOption(a: Pick<TransformerAnalysis, 'etaCurve' | 'optimum'> & { today: readonly { loadRatePct: number; efficiencyPct: number }[] }, c: ChartTokens, labels: { eta: string; today: string; optimum: string }): EChartsOption {
  const curve = a.etaCurve.filter((p) => p.loadRatePct >= 10);
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0 },
    // the pin of the optimum sits on the curve's top: without room it covered the legend (issue 11 defect 8)
    grid: { left: 56, right: 24, top: LEGEND_BAND_PX + (a.optimum ? OPTIMUM_PIN_PX : 0), bottom: 36 },
    xAxis: { type: 'value', name: 'β %', min: 10, max: 120 },
    yAxis: { type: 'value', name: 'η %', scale: true },
    series: [
      {
        type: 'line',
        name: labels.eta,
        showSymbol: false,
        data: curve.map((p) => [p.loadRatePct, p.efficiencyPct]),
        lineStyle: { color: c.primary },
        itemStyle: { color: c.primary },
        markPoint: a.optimum
          ? { symbol: 'pin', symbolSize: OPTIMUM_PIN_PX, itemStyle: { color: c.success }, label: { fontSize: 10 }, data: [{ name: labels.optimum, coord: [a.optimum.loadRatePct, a.optimum.efficiencyPct], value: `${a.optimum.loadRatePct}%` }] }
          : undefined,
      },
      { type: 'scatter', name: labels.today, symbolSize: 8, data: a.today.map((p) => [p.loadRatePct, p.efficiencyPct]), itemStyle: { color: c.warning } },
    ],
  };
}

/** Phase-A spectrum: voltage content (CP95, %) per order against the odd/even limit, current (A) on the right axis. */
export function spectrumOption(a: TransformerAnalysis, c: ChartTokens, labels: { voltage: string; current: string; limit: string }): EChartsOption {
  const s = a.spectrum;
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 56, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: s.map((x) => String(x.order)) },
    yAxis: [
      { type: 'value', name: '%' },
      { type: 'value', name: 'A', splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: labels.voltage, data: s.map((x) => ({ value: x.voltagePct, itemStyle: { color: x.voltagePct !== null && x.voltagePct > x.limitPct ? c.error : c.primary } })) },
      // the per-order limit as a short bar mark over each order (odd 4 %, even 2 % at 0.38 kV)
      { type: 'scatter', name: labels.limit, symbol: 'rect', symbolSize: [18, 2], data: s.map((x) => x.limitPct), itemStyle: { color: c.error }, z: 5 },
      { type: 'bar', name: labels.current, yAxisIndex: 1, barGap: '10%', data: s.map((x) => x.currentA), itemStyle: { color: c.secondary, opacity: 0.6 } },
    ],
  };
}
