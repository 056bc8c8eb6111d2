import type { TrendQueryBody } from '@ems/contract';
import { formatInZone } from '../../../lib/time';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

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
  return {
    startTime: formatInZone(r.startTime, r.timeZone, FORMAT),
    endTime: formatInZone(Math.ceil(r.endTime / 1000) * 1000, r.timeZone, FORMAT),
    interval: 0,
    meterConfigs: r.dataIds.map((dataId) => ({ deviceId: r.deviceId, dataId, dataTypeId: 1, logicalId: 1 })),
    pixelWidth: Math.max(1, Math.round(r.pixelWidth)),
  };
}

/** The body to ask for, or null when there is nothing to ask (no request, no data point, an empty window). */
export function eventTrendRequestBody(r: EventTrendRequest | null): TrendQueryBody | null {
  return r !== null && r.dataIds.length > 0 && r.endTime > r.startTime ? eventTrendBody(r) : null;
}
