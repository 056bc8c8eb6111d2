/* Test data shared by the trend chart tests. */
import type { TrendParam, TrendSeries } from '@ems/domain';

export const H = 3_600_000;
/** The zone the tests' project is in. */
export const TZ = 'Asia/Shanghai';
/** 2024-03-01 08:00 in Shanghai (00:00 UTC). */
export const T0 = Date.UTC(2024, 2, 1);
/** The Shanghai wall clock of `t` read as UTC (what the chart draws with useUTC). */
export const wall = (t: number) => t + 8 * H;

export const param = (over: Partial<TrendParam> = {}): TrendParam => ({
  deviceName: 'Compressor 1',
  dataName: 'Active power',
  dataTypeName: 'instant',
  unit: 'kW',
  upperLimit: null,
  lowerLimit: null,
  yIndex: 0,
  ...over,
});

export const line = (values: (number | null)[], over: Partial<TrendParam> = {}, statuses: number[] = [], step = H, t0 = T0): TrendSeries => ({
  param: param(over),
  data: values.map((value, i) => ({ time: t0 + i * step, value, status: statuses[i] ?? 0 })),
});
