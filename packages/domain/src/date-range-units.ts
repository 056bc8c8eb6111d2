/**
 * Date-range rules of the shared date selector and the query grid (spec sections 2, 4, 5, 9).
 *
 * Time zone strategy: every calendar computation uses the LOCAL time of the runtime (in the browser,
 * the user's time zone) through the `Date` constructor and getters — never UTC getters. A "day" is
 * local midnight to the last millisecond before the next local midnight, so days across a DST change
 * are 23 or 25 hours long. All inputs and outputs are epoch milliseconds.
 */

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

/** Local midnight of the day holding `ms`. */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Last millisecond of the local day holding `ms`. */
export function endOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime() - 1;
}

/** Quarter (1–4) of the local date `ms`. */
export function quarterOf(ms: number): 1 | 2 | 3 | 4 {
  return (Math.floor(new Date(ms).getMonth() / 3) + 1) as 1 | 2 | 3 | 4;
}

/** Start of the unit holding `ms`, moved by `step` whole units. Weeks start on Monday. */
function unitStart(type: UnitRangeType, ms: number, step: number): Date {
  const d = new Date(ms);
  const y = d.getFullYear();
  const m = d.getMonth();
  switch (type) {
    case 1:
      return new Date(y, m, d.getDate() + step);
    case 2: {
      const sinceMonday = (d.getDay() + 6) % 7;
      return new Date(y, m, d.getDate() - sinceMonday + 7 * step);
    }
    case 3:
      return new Date(y, m + step, 1);
    case 4:
      return new Date(y, m - (m % 3) + 3 * step, 1);
    case 5:
      return new Date(y + step, 0, 1);
  }
}

/**
 * The range of the given type holding `anchorMs`. Unit types span the start of the unit to its last
 * millisecond (start of the next unit − 1). Custom types (6, 7) give the anchor's whole day.
 */
export function rangeOf(type: DateRangeType, anchorMs: number): DateRange {
  if (!isUnitType(type)) return { startTime: startOfDay(anchorMs), endTime: endOfDay(anchorMs), type };
  const startTime = unitStart(type, anchorMs, 0).getTime();
  const endTime = unitStart(type, anchorMs, 1).getTime() - 1;
  return { startTime, endTime, type };
}

/** Custom date range (type 6): start of the first day to the last millisecond of the last day. */
export function customDateRange(startDayMs: number, endDayMs: number): DateRange {
  const [a, b] = startDayMs <= endDayMs ? [startDayMs, endDayMs] : [endDayMs, startDayMs];
  return { startTime: startOfDay(a), endTime: endOfDay(b), type: 6 };
}

/** Custom date-time range (type 7): the exact times, ordered. */
export function customDateTimeRange(startMs: number, endMs: number): DateRange {
  return { startTime: Math.min(startMs, endMs), endTime: Math.max(startMs, endMs), type: 7 };
}

/**
 * The previous (`step` −1) or next (+1) range: one day, week, month, quarter or year for unit types;
 * the same number of calendar days for type 6; the same duration for type 7.
 */
export function shift(range: DateRange, step: number): DateRange {
  const { type } = range;
  if (isUnitType(type)) return rangeOf(type, unitStart(type, range.startTime, step).getTime());
  if (type === 6) {
    const s = new Date(range.startTime);
    const e = new Date(range.endTime);
    const days = Math.round((startOfDay(range.endTime) - range.startTime) / DAY_MS) + 1;
    return customDateRange(
      new Date(s.getFullYear(), s.getMonth(), s.getDate() + days * step).getTime(),
      new Date(e.getFullYear(), e.getMonth(), e.getDate() + days * step).getTime(),
    );
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
export function changeType(range: DateRange, type: DateRangeType, nowMs: number): DateRange {
  if (type === 6) return customDateRange(range.startTime, range.endTime);
  if (type === 7) return customDateTimeRange(range.startTime, range.endTime);
  return rangeOf(type, Math.max(range.startTime, Math.min(range.endTime, nowMs)));
}

/** Previous and next arrows show for unit types only (not for 6 and 7). */
export function hasArrows(type: DateRangeType): boolean {
  return isUnitType(type);
}

/** Width of the type dropdown in px: 90, or 65 without range types. */
export function selectWidth(withRangeTypes: boolean): 90 | 65 {
  return withRangeTypes ? 90 : 65;
}
