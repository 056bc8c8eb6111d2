import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TrendQueryBody, TrendSeriesReply } from '@ems/contract';
import { getTrendDataUrl } from '../../../lib/config';
import { http } from '../../../lib/http/client';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface EventTrendRequest {
  deviceId: number;
  dataIds: number[];
  startTime: number;
  endTime: number;
  pixelWidth: number;
}

/** The trend body (spec section 3): raw readings between two local wall-clock times, end exclusive. */
export function eventTrendBody(r: EventTrendRequest): TrendQueryBody {
  return {
    startTime: dayjs(r.startTime).format(FORMAT),
    endTime: dayjs(Math.ceil(r.endTime / 1000) * 1000).format(FORMAT),
    interval: 0,
    meterConfigs: r.dataIds.map((dataId) => ({ deviceId: r.deviceId, dataId, dataTypeId: 1, logicalId: 1 })),
    pixelWidth: Math.max(1, Math.round(r.pixelWidth)),
  };
}

/** POST to the configured trend data URL, as equipment trend analysis does. */
export async function fetchEventTrend(r: EventTrendRequest): Promise<TrendSeriesReply[]> {
  return (await http.post<TrendSeriesReply[]>(getTrendDataUrl(), eventTrendBody(r))).data ?? [];
}

export const eventTrendQuery = (r: EventTrendRequest | null) =>
  queryOptions({
    queryKey: ['events', 'trend', r && eventTrendBody(r)],
    queryFn: () => fetchEventTrend(r as EventTrendRequest),
    enabled: r !== null && r.dataIds.length > 0 && r.endTime > r.startTime,
  });
