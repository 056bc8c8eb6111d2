import type { TrendQueryBody } from '@ems/contract';
import type { DateRange } from '@ems/domain';
import { trendQueryBody } from '../../../lib/api/trend-series';

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

/** The request body: the range's inclusive end moves on by 1 ms to the body's exclusive end. */
export function trendBody(r: TrendRequest): TrendQueryBody {
  return trendQueryBody({ startTime: r.range.startTime, endExclusive: r.range.endTime + 1, interval: r.interval, lines: r.lines, pixelWidth: r.pixelWidth, timeZone: r.timeZone });
}

/** A query is worth sending: at least one line and a range that ends after it starts. */
export function trendRequestValid(r: TrendRequest): boolean {
  return r.lines.length > 0 && r.range.endTime > r.range.startTime;
}

/** The body to ask for, or null when the request is not worth sending. */
export function trendRequestBody(r: TrendRequest): TrendQueryBody | null {
  return trendRequestValid(r) ? trendBody(r) : null;
}
