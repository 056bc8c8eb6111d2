import type { TrendQueryBody } from '@ems/contract';
import { trendQueryBody } from '../../../lib/api/trend-series';

export interface EventTrendRequest {
  deviceId: number;
  dataIds: number[];
  startTime: number;
  endTime: number;
  pixelWidth: number;
  /** The project's zone: the API reads its wall-clock strings there. */
  timeZone: string;
}

/** The trend body (spec section 3): raw readings between two wall-clock times of the project, end exclusive. */
export function eventTrendBody(r: EventTrendRequest): TrendQueryBody {
  return trendQueryBody({ startTime: r.startTime, endExclusive: r.endTime, interval: 0, lines: r.dataIds.map((dataId) => ({ deviceId: r.deviceId, dataId })), pixelWidth: r.pixelWidth, timeZone: r.timeZone });
}

/** The body to ask for, or null when there is nothing to ask (no request, no data point, an empty window). */
export function eventTrendRequestBody(r: EventTrendRequest | null): TrendQueryBody | null {
  return r !== null && r.dataIds.length > 0 && r.endTime > r.startTime ? eventTrendBody(r) : null;
}
