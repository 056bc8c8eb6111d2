import type { EventDetail, TrendSeriesReply } from '@ems/contract';
import { assignYAxes, type TrendSeries } from '@ems/domain';

/** The event's own line: the limits drawn are the event's (EventDetail), else the data point's. */
export function eventLine(detail: Pick<EventDetail, 'upperLimit' | 'lowerLimit'>, reply: readonly TrendSeriesReply[]): TrendSeries[] {
  return reply.slice(0, 1).map((l) => ({
    param: { ...l.param, upperLimit: detail.upperLimit ?? l.param.upperLimit, lowerLimit: detail.lowerLimit ?? l.param.lowerLimit, yIndex: 0 },
    data: l.data,
  }));
}

/** Several lines of one device, one y axis per unit. */
export function relatedLines(reply: readonly TrendSeriesReply[]): TrendSeries[] {
  const { yIndex } = assignYAxes(reply.map((l) => l.param));
  return reply.map((l, i) => ({ param: { ...l.param, yIndex: yIndex[i] ?? 0 }, data: l.data }));
}
