import type { EventDetail, TrendSeriesReply } from '@ems/contract';
import { assignYAxes, eventQuantityUnit, type TrendSeries } from '@ems/domain';

type LimitSource = Pick<EventDetail, 'upperLimit' | 'lowerLimit' | 'value' | 'limit'> & Partial<Pick<EventDetail, 'quantity'>>;

/**
 * The limit lines of the event's own line: the data point's upper and lower limits from EventDetail,
 * except that the limit the event crossed takes the side it was crossed on (a worst value at or
 * above it makes it the upper limit, below it the lower), so the line the rule watched is drawn. An
 * event whose quantity is in another unit than the line (a loss rate in %, a COP) crossed no limit of
 * it; one in the line's unit (a demand in kW on the active power) did.
 */
export function eventLimits(e: LimitSource, lineUnit: string | null = null): { upperLimit: number | null; lowerLimit: number | null } {
  const sameUnit = !e.quantity || eventQuantityUnit(e.quantity, lineUnit) === lineUnit;
  const crossed = sameUnit && e.limit !== null && e.value !== null ? (e.value >= e.limit ? 'upper' : 'lower') : null;
  return {
    upperLimit: crossed === 'upper' ? e.limit : e.upperLimit,
    lowerLimit: crossed === 'lower' ? e.limit : e.lowerLimit,
  };
}

/** The event's own line with its limit lines. */
export function eventLine(detail: LimitSource, reply: readonly TrendSeriesReply[]): TrendSeries[] {
  return reply.slice(0, 1).map((l) => {
    const limits = eventLimits(detail, l.param.unit);
    return {
      param: { ...l.param, upperLimit: limits.upperLimit ?? l.param.upperLimit, lowerLimit: limits.lowerLimit ?? l.param.lowerLimit, yIndex: 0 },
      data: l.data,
    };
  });
}

/** Several lines of one device, one y axis per unit. */
export function relatedLines(reply: readonly TrendSeriesReply[]): TrendSeries[] {
  const { yIndex } = assignYAxes(reply.map((l) => l.param));
  return reply.map((l, i) => ({ param: { ...l.param, yIndex: yIndex[i] ?? 0 }, data: l.data }));
}
