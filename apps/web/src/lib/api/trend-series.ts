import type { TrendQueryBody, TrendSeriesReply } from '@ems/contract';
import { getTrendDataUrl } from '../config';
import { http } from '../http/client';
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
