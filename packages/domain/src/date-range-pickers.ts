/**
 * Picker rules around the date selector and the query grid: disabled dates, the season picker, grid
 * shortcuts and the grid request range (spec sections 2, 3, 5, 9). Calendar days in the project's
 * `timeZone`, as in date-range-units.ts.
 */
import { localParts, zonedStart } from './counters-calendar.js';
import { DAY_MS, customDateRange, endOfDay, rangeOf, startOfDay, zonedDayStart, type DateRange } from './date-range-units.js';

/** Default disabled-date rule: days after today are blocked. */
export function blocksFuture(dateMs: number, nowMs: number, timeZone: string): boolean {
  return startOfDay(dateMs, timeZone) > startOfDay(nowMs, timeZone);
}

/** Variant "before yesterday allowed": days up to and including yesterday are allowed; today and later are blocked. */
export function blocksFromToday(dateMs: number, nowMs: number, timeZone: string): boolean {
  return startOfDay(dateMs, timeZone) >= startOfDay(nowMs, timeZone);
}

/** Variant "after today": today and later are allowed; days before today are blocked. */
export function blocksPast(dateMs: number, nowMs: number, timeZone: string): boolean {
  return startOfDay(dateMs, timeZone) < startOfDay(nowMs, timeZone);
}

/** Variant "days up to the 28th": the 29th, 30th and 31st of any month are blocked (every month has them up to 28). */
export function blocksAfter28th(dateMs: number, _nowMs: number, timeZone: string): boolean {
  return localParts(dateMs, timeZone).day > 28;
}

/** The range of quarter `quarter` (1–4) of `year`, type 4. */
export function quarterRange(year: number, quarter: 1 | 2 | 3 | 4, timeZone: string): DateRange {
  return rangeOf(4, zonedStart(year, (quarter - 1) * 3 + 1, 1, timeZone), timeZone);
}

/** One button of the season picker. */
export interface QuarterButton {
  quarter: 1 | 2 | 3 | 4;
  range: DateRange;
  /** The quarter starts after now (future quarters are blocked). */
  disabled: boolean;
  /** The quarter holds the currently selected start. */
  selected: boolean;
}

/**
 * The season picker for `year`: four quarter buttons, and whether the next-year button is disabled
 * (no later year may hold a quarter that has begun).
 */
export function seasonPicker(year: number, selectedMs: number | undefined, nowMs: number, timeZone: string) {
  const quarters = ([1, 2, 3, 4] as const).map((quarter): QuarterButton => {
    const range = quarterRange(year, quarter, timeZone);
    const selected = selectedMs !== undefined && selectedMs >= range.startTime && selectedMs <= range.endTime;
    return { quarter, range, disabled: range.startTime > nowMs, selected };
  });
  return { year, quarters, nextYearDisabled: year >= localParts(nowMs, timeZone).year };
}

/** A start/end pair in ms as used by the query grid (start-of-day timestamps from its picker). */
export interface GridRange {
  startTime: number;
  endTime: number;
}

/** Grid time-range rule: one day (864e5 ms) is added to the end when the range is sent. */
export function gridRangeForRequest(range: GridRange): GridRange {
  return { startTime: range.startTime, endTime: range.endTime + DAY_MS };
}

export type GridShortcutKey = 'today' | 'yesterday' | 'dayBeforeYesterday' | 'lastWeek' | 'lastMonth' | 'last3Months';

/** Grid date shortcuts in display order. */
export const GRID_SHORTCUT_KEYS: readonly GridShortcutKey[] = [
  'today',
  'yesterday',
  'dayBeforeYesterday',
  'lastWeek',
  'lastMonth',
  'last3Months',
];

/**
 * Midnight (in `timeZone`) of the same day `months` months away, clamped to the last day of a shorter
 * month (31 Mar − 1 month = 28/29 Feb).
 */
export function addMonthsClamped(ms: number, months: number, timeZone: string): number {
  const l = localParts(ms, timeZone);
  const target = new Date(Date.UTC(l.year, l.month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return zonedStart(target.getUTCFullYear(), target.getUTCMonth() + 1, Math.min(l.day, lastDay), timeZone);
}

/**
 * A grid shortcut as start-of-day timestamps of its first and last day: today, yesterday and the day
 * before are single days; last week / month / 3 months run from that far back to today.
 */
export function gridShortcut(key: GridShortcutKey, nowMs: number, timeZone: string): GridRange {
  const today = startOfDay(nowMs, timeZone);
  const addDays = (ms: number, days: number) => zonedDayStart(ms, timeZone, days);
  switch (key) {
    case 'today':
      return { startTime: today, endTime: today };
    case 'yesterday':
      return { startTime: addDays(today, -1), endTime: addDays(today, -1) };
    case 'dayBeforeYesterday':
      return { startTime: addDays(today, -2), endTime: addDays(today, -2) };
    case 'lastWeek':
      return { startTime: addDays(today, -7), endTime: today };
    case 'lastMonth':
      return { startTime: addMonthsClamped(today, -1, timeZone), endTime: today };
    case 'last3Months':
      return { startTime: addMonthsClamped(today, -3, timeZone), endTime: today };
  }
}

/** Custom range shortcuts in days (spec section 9). */
export const CUSTOM_RANGE_SHORTCUT_DAYS = [7, 30, 90, 180, 365] as const;

/** "Last N days" for the custom date range: N whole days ending with today (type 6). */
export function customRangeShortcut(days: number, nowMs: number, timeZone: string): DateRange {
  return customDateRange(zonedDayStart(nowMs, timeZone, -(days - 1)), endOfDay(nowMs, timeZone), timeZone);
}
