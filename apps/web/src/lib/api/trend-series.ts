import type { TrendQueryBody, TrendSeriesReply } from '@ems/contract';
import { getTrendDataUrl } from '../config';
import { http } from '../http/client';
import { DATE_TIME, formatInZone } from '../time';
import { defineQuery } from './define-query';

/** POST to the configured trend data URL (system configuration `trendDataUrl`): raw or interval series of data points. */
export async function fetchTrendSeries(body: TrendQueryBody): Promise<TrendSeriesReply[]> {
  return (await http.post<TrendSeriesReply[]>(getTrendDataUrl(), body)).data ?? [];
}

/** The trend series of a body (equipment trends, event diagnosis); idle without a body. */
export const trendSeriesQuery = defineQuery(['trend-series'], (body: TrendQueryBody | null) => ({
  key: [body],
  queryFn: () => fetchTrendSeries(body as TrendQueryBody),
  enabled: body !== null,
}));

/** What a trend request asks for, in instants; the body carries them as the project's wall clock. */
export interface TrendWindow {
  startTime: number;
  /** the first instant not asked for; rounded up to a whole second */
  endExclusive: number;
  /** 0 for raw readings, else the interval of the series (the API's codes) */
  interval: number;
  lines: readonly { deviceId: number; dataId: number }[];
  pixelWidth: number;
  /** the project's zone: the API reads the body's wall-clock strings there */
  timeZone: string;
}

/** The trend body (spec section 3): 'YYYY-MM-DD HH:mm:ss' strings on the project's clock, end exclusive. */
export function trendQueryBody(w: TrendWindow): TrendQueryBody {
  return {
    startTime: formatInZone(w.startTime, w.timeZone, DATE_TIME),
    endTime: formatInZone(Math.ceil(w.endExclusive / 1000) * 1000, w.timeZone, DATE_TIME),
    interval: w.interval,
    meterConfigs: w.lines.map((l) => ({ deviceId: l.deviceId, dataId: l.dataId, dataTypeId: 1, logicalId: 1 })),
    pixelWidth: Math.max(1, Math.round(w.pixelWidth)),
  };
}
