import type { TrendQueryBody } from '@ems/contract';
import type { DateRange } from '@ems/domain';
import { formatInZone } from '../../../lib/time';

export interface TrendLineRef {
  deviceId: number;
  dataId: number;
}

export interface TrendRequest {
  range: DateRange;
  interval: number;
  lines: TrendLineRef[];
  pixelWidth: number;
  /** The project's zone: the API reads its wall-clock strings there. */
  timeZone: string;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The request body: wall-clock strings on the project's clock (as the API reads them); end is
 * exclusive, so the inclusive end of the range moves on by 1 ms (whole seconds).
 */
export function trendBody(r: TrendRequest): TrendQueryBody {
  return {
    startTime: formatInZone(r.range.startTime, r.timeZone, FORMAT),
    endTime: formatInZone(Math.floor((r.range.endTime + 1000) / 1000) * 1000, r.timeZone, FORMAT),
    interval: r.interval,
    meterConfigs: r.lines.map((l) => ({ deviceId: l.deviceId, dataId: l.dataId, dataTypeId: 1, logicalId: 1 })),
    pixelWidth: Math.max(1, Math.round(r.pixelWidth)),
  };
}

/** A query is worth sending: at least one line and a range that ends after it starts. */
export function trendRequestValid(r: TrendRequest): boolean {
  return r.lines.length > 0 && r.range.endTime > r.range.startTime;
}

/** The body to ask for, or null when the request is not worth sending. */
export function trendRequestBody(r: TrendRequest): TrendQueryBody | null {
  return trendRequestValid(r) ? trendBody(r) : null;
}
