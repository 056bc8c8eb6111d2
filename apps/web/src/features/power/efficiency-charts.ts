import type { EChartsOption } from 'echarts';
import type { EfficiencyBucket, TransformerEfficiencyRow } from '@ems/contract';
import type { ChartTokens } from './analysis-charts';

type Zone = 'light' | 'economic' | 'optimal' | 'over';
const ZONES: readonly Zone[] = ['light', 'economic', 'optimal', 'over'];
const zoneColors = (c: ChartTokens): Record<Zone, string> => ({ light: c.warning, economic: c.info, optimal: c.success, over: c.error });

/**
 * The loss split per bucket (DOMAIN §5: E_loss = P0·t + Pk·Σβ²Δt): no-load and load loss (kWh)
 * stacked on the left axis, their money (¥, each at the TOU price where it occurs) as lines on the
 * right axis; without a tariff the ¥ lines are left out.
 */
export function lossSplitOption(
  buckets: readonly EfficiencyBucket[],
  c: ChartTokens,
  labels: { noLoadKwh: string; loadKwh: string; noLoadYuan: string; loadYuan: string },
  time: (ts: number) => string,
): EChartsOption {
  const priced = buckets.some((b) => b.noLoadLossYuan !== null || b.loadLossYuan !== null);
  const r = (v: number | null, d: number) => (v === null ? null : Math.round(v * 10 ** d) / 10 ** d);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 56, right: priced ? 64 : 24, top: 36, bottom: 56 },
    dataZoom: buckets.length > 48 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
    xAxis: { type: 'category', data: buckets.map((b) => time(b.t)) },
    yAxis: [{ type: 'value', name: 'kWh' }, ...(priced ? [{ type: 'value' as const, name: '¥', splitLine: { show: false } }] : [])],
    series: [
      { type: 'bar', name: labels.noLoadKwh, stack: 'kwh', data: buckets.map((b) => r(b.noLoadLossKwh, 2)), itemStyle: { color: c.info } },
      { type: 'bar', name: labels.loadKwh, stack: 'kwh', data: buckets.map((b) => r(b.loadLossKwh, 2)), itemStyle: { color: c.warning } },
      ...(priced
        ? [
            { type: 'line' as const, name: labels.noLoadYuan, yAxisIndex: 1, showSymbol: false, data: buckets.map((b) => r(b.noLoadLossYuan, 2)), lineStyle: { color: c.info, type: 'dashed' as const }, itemStyle: { color: c.info } },
            { type: 'line' as const, name: labels.loadYuan, yAxisIndex: 1, showSymbol: false, data: buckets.map((b) => r(b.loadLossYuan, 2)), lineStyle: { color: c.warning, type: 'dashed' as const }, itemStyle: { color: c.warning } },
          ]
        : []),
    ],
  };
}

/** Hours per GB/T 13462 zone of every unit, stacked per unit (one bar per transformer). */
export function fleetZonesOption(rows: readonly Pick<TransformerEfficiencyRow, 'name' | 'zoneHours'>[], c: ChartTokens, labels: Record<Zone, string>, unit: string): EChartsOption {
  const colors = zoneColors(c);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 88, right: 24, top: 36, bottom: 28 },
    xAxis: { type: 'value', name: unit },
    yAxis: { type: 'category', data: rows.map((r) => r.name), inverse: true },
    series: ZONES.map((z) => ({ type: 'bar' as const, name: labels[z], stack: 'h', data: rows.map((r) => Math.round(r.zoneHours[z] * 100) / 100), itemStyle: { color: colors[z] } })),
  };
}
