import type { EChartsOption } from 'echarts';
import type { PerState, StateEnergy } from '@ems/contract';

export const STATE_KEYS = ['running', 'standby', 'stopped', 'unknown'] as const satisfies readonly (keyof PerState)[];
export type StateKey = (typeof STATE_KEYS)[number];

/** The theme colour of each state (antd tokens, light and dark alike). */
export interface StateColours {
  running: string;
  standby: string;
  stopped: string;
  unknown: string;
}

/** Stacked bars per bucket, one series per state, of hours or kWh. */
export function stackedOption(e: StateEnergy, measure: 'hours' | 'kwh', names: Record<StateKey, string>, colours: StateColours, label: (ts: number) => string, unit: string): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 56, right: 16, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: e.buckets.map((b) => label(b.start)) },
    yAxis: { type: 'value', name: unit },
    series: STATE_KEYS.map((s) => ({
      name: names[s],
      type: 'bar' as const,
      stack: 'state',
      itemStyle: { color: colours[s] },
      data: e.buckets.map((b) => Math.round(b[measure][s] * 100) / 100),
    })),
  };
}

/** The share (%) of the metered kWh used on standby or stopped; null without energy. */
export function wasteSharePct(f: { meteredKwh: number; wasteKwh: number }): number | null {
  return f.meteredKwh > 0 ? (f.wasteKwh / f.meteredKwh) * 100 : null;
}

/** How a bucket start is labelled for the bucket size. */
export const BUCKET_PATTERN: Record<StateEnergy['bucket'], string> = { hour: 'MM-DD HH:mm', day: 'MM-DD', month: 'YYYY-MM' };
