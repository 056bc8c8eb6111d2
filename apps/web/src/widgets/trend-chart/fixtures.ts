/* Test data shared by the trend chart tests. */
import type { TrendParam, TrendSeries } from '@ems/domain';

export const H = 3_600_000;
/** 2024-03-01 08:00 local time. */
export const T0 = new Date(2024, 2, 1, 8).getTime();

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
