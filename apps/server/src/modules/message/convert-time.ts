import { COST_CYCLE, type ConvertTimeEntry } from '@ems/contract';
import { localParts, zonedStart } from '@ems/domain';

export type CostCycle = (typeof COST_CYCLE)[keyof typeof COST_CYCLE];

/**
 * Start (ms) of the cost cycle that contains `time`, in the project's IANA timezone: 12 day (local
 * midnight), 13 week (Monday's midnight), 14 month (the 1st), 17 year (1 January).
 */
export function cycleStart(time: number, cycle: CostCycle, timeZone: string): number {
  const l = localParts(time, timeZone);
  switch (cycle) {
    case COST_CYCLE.day:
      return zonedStart(l.year, l.month, l.day, timeZone);
    case COST_CYCLE.week: {
      const sinceMonday = (new Date(Date.UTC(l.year, l.month - 1, l.day)).getUTCDay() + 6) % 7;
      return zonedStart(l.year, l.month, l.day - sinceMonday, timeZone);
    }
    case COST_CYCLE.month:
      return zonedStart(l.year, l.month, 1, timeZone);
    case COST_CYCLE.year:
      return zonedStart(l.year, 1, 1, timeZone);
  }
}

/** One entry per requested cycle, in the order asked. */
export function convertTime(time: number, cycles: readonly CostCycle[], timeZone: string): ConvertTimeEntry[] {
  return cycles.map((cycle) => ({ cycle, startTime: cycleStart(time, cycle, timeZone) }));
}
