/**
 * Date-range rules of the shared date selector and the query grid (spec sections 2, 4, 5, 9).
 *
 * Time zone strategy: every calendar computation is done in the PROJECT's IANA time zone, passed as
 * `timeZone` (the runtime's own zone is never read), through the zoned wall-clock helpers of
 * counters-calendar.ts. A "day" is the zone's midnight to the last millisecond before its next
 * midnight, so days across a DST change are 23 or 25 hours long. All inputs and outputs are epoch
 * milliseconds.
 */
import { localParts, zonedStart } from './counters-calendar.js';

/** Date-range type values: 1 day, 2 week, 3 month, 4 season (quarter), 5 year, 6 custom date range, 7 custom date-time range. */
export const DATE_RANGE_TYPE = {
  day: 1,
  week: 2,
  month: 3,
  quarter: 4,
  year: 5,
  customDate: 6,
  customDateTime: 7,
} as const;

export type DateRangeType = (typeof DATE_RANGE_TYPE)[keyof typeof DATE_RANGE_TYPE];
/** The types that span one calendar unit and have previous/next arrows. */
export type UnitRangeType = 1 | 2 | 3 | 4 | 5;

/** All seven types in display order. */
export const DATE_RANGE_TYPES: readonly DateRangeType[] = [1, 2, 3, 4, 5, 6, 7];
/** Default date-selector type: month (spec section 9). */
export const DEFAULT_DATE_RANGE_TYPE: DateRangeType = 3;
/** One day in ms, as used by the grid time-range rule. */
export const DAY_MS = 864e5;

/** Output of the date selector: start and end in epoch ms (end inclusive) plus the type. */
export interface DateRange {
  startTime: number;
  endTime: number;
  type: DateRangeType;
}

/** True for types 1–5, false for the custom types 6 and 7. */
export function isUnitType(type: DateRangeType): type is UnitRangeType {
  return type <= 5;
}

/** Midnight, in `timeZone`, of the calendar day `days` days after the one holding `ms` (fields may overflow). */
export function zonedDayStart(ms: number, timeZone: string, days = 0): number {
  const l = localParts(ms, timeZone);
  return zonedStart(l.year, l.month, l.day + days, timeZone);
}

/** Midnight in `timeZone` of the day holding `ms`. */
export function startOfDay(ms: number, timeZone: string): number {
  return zonedDayStart(ms, timeZone);
}

/** Last millisecond of the day (in `timeZone`) holding `ms`. */
export function endOfDay(ms: number, timeZone: string): number {
  return zonedDayStart(ms, timeZone, 1) - 1;
}

/** Quarter (1–4) of the date `ms` in `timeZone`. */
export function quarterOf(ms: number, timeZone: string): 1 | 2 | 3 | 4 {
  return (Math.floor((localParts(ms, timeZone).month - 1) / 3) + 1) as 1 | 2 | 3 | 4;
}

/** Day of the week of a calendar date, 0 Monday … 6 Sunday (pure calendar arithmetic, no zone). */
function sinceMonday(year: number, month: number, day: number): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** Start of the unit holding `ms`, moved by `step` whole units, in `timeZone`. Weeks start on Monday. */
function unitStart(type: UnitRangeType, ms: number, step: number, timeZone: string): number {
  const { year: y, month: m, day: d } = localParts(ms, timeZone);
  switch (type) {
    case 1:
      return zonedStart(y, m, d + step, timeZone);
    case 2:
      return zonedStart(y, m, d - sinceMonday(y, m, d) + 7 * step, timeZone);
    case 3:
      return zonedStart(y, m + step, 1, timeZone);
    case 4:
      return zonedStart(y, m - ((m - 1) % 3) + 3 * step, 1, timeZone);
    case 5:
      return zonedStart(y + step, 1, 1, timeZone);
  }
}

/**
 * The range of the given type holding `anchorMs` in `timeZone`. Unit types span the start of the unit
 * to its last millisecond (start of the next unit − 1). Custom types (6, 7) give the anchor's whole day.
 */
export function rangeOf(type: DateRangeType, anchorMs: number, timeZone: string): DateRange {
  if (!isUnitType(type)) return { startTime: startOfDay(anchorMs, timeZone), endTime: endOfDay(anchorMs, timeZone), type };
  const startTime = unitStart(type, anchorMs, 0, timeZone);
  const endTime = unitStart(type, anchorMs, 1, timeZone) - 1;
  return { startTime, endTime, type };
}

/** Custom date range (type 6): start of the first day to the last millisecond of the last day, in `timeZone`. */
export function customDateRange(startDayMs: number, endDayMs: number, timeZone: string): DateRange {
  const [a, b] = startDayMs <= endDayMs ? [startDayMs, endDayMs] : [endDayMs, startDayMs];
  return { startTime: startOfDay(a, timeZone), endTime: endOfDay(b, timeZone), type: 6 };
}

/** Custom date-time range (type 7): the exact times, ordered. */
export function customDateTimeRange(startMs: number, endMs: number): DateRange {
  return { startTime: Math.min(startMs, endMs), endTime: Math.max(startMs, endMs), type: 7 };
}

/** Whole calendar days from the day of `fromMs` to the day of `toMs` in `timeZone` (a 23- or 25-hour day counts as one). */
export function calendarDaysBetween(fromMs: number, toMs: number, timeZone: string): number {
  const a = localParts(fromMs, timeZone);
  const b = localParts(toMs, timeZone);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/**
 * The previous (`step` −1) or next (+1) range: one day, week, month, quarter or year for unit types;
 * the same number of calendar days for type 6; the same duration for type 7.
 */
export function shift(range: DateRange, step: number, timeZone: string): DateRange {
  const { type } = range;
  if (isUnitType(type)) return rangeOf(type, unitStart(type, range.startTime, step, timeZone), timeZone);
  if (type === 6) {
    const days = calendarDaysBetween(range.startTime, range.endTime, timeZone) + 1;
    return customDateRange(zonedDayStart(range.startTime, timeZone, days * step), zonedDayStart(range.endTime, timeZone, days * step), timeZone);
  }
  const span = range.endTime - range.startTime;
  return customDateTimeRange(range.startTime + span * step, range.endTime + span * step);
}

/** Next is disabled when the current period is the present or later (it ends at or after now). */
export function isNextDisabled(range: DateRange, nowMs: number): boolean {
  return range.endTime >= nowMs;
}

/**
 * The range emitted when the selector changes type. Unit types take the unit holding the latest
 * moment of the current range not later than now; type 6 keeps the current days; type 7 keeps the
 * exact times.
 */
export function changeType(range: DateRange, type: DateRangeType, nowMs: number, timeZone: string): DateRange {
  if (type === 6) return customDateRange(range.startTime, range.endTime, timeZone);
  if (type === 7) return customDateTimeRange(range.startTime, range.endTime);
  return rangeOf(type, Math.max(range.startTime, Math.min(range.endTime, nowMs)), timeZone);
}

/** Previous and next arrows show for unit types only (not for 6 and 7). */
export function hasArrows(type: DateRangeType): boolean {
  return isUnitType(type);
}

/** Width of the type dropdown in px: 90, or 65 without range types. */
export function selectWidth(withRangeTypes: boolean): 90 | 65 {
  return withRangeTypes ? 90 : 65;
}
