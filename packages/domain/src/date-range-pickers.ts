/**
 * Picker rules around the date selector and the query grid: disabled dates, the season picker, grid
 * shortcuts and the grid request range (spec sections 2, 3, 5, 9). Local time of the runtime, as in
 * date-range.ts.
 */
import { DAY_MS, customDateRange, endOfDay, rangeOf, startOfDay, type DateRange } from './date-range-units.js';

/** Default disabled-date rule: days after today are blocked. */
export function blocksFuture(dateMs: number, nowMs: number): boolean {
  return startOfDay(dateMs) > startOfDay(nowMs);
}

/** Variant "before yesterday allowed": days up to and including yesterday are allowed; today and later are blocked. */
export function blocksFromToday(dateMs: number, nowMs: number): boolean {
  return startOfDay(dateMs) >= startOfDay(nowMs);
}

/** Variant "after today": today and later are allowed; days before today are blocked. */
export function blocksPast(dateMs: number, nowMs: number): boolean {
  return startOfDay(dateMs) < startOfDay(nowMs);
}

/** Variant "days up to the 28th": the 29th, 30th and 31st of any month are blocked (every month has them up to 28). */
export function blocksAfter28th(dateMs: number): boolean {
  return new Date(dateMs).getDate() > 28;
}

/** The range of quarter `quarter` (1–4) of `year`, type 4. */
export function quarterRange(year: number, quarter: 1 | 2 | 3 | 4): DateRange {
  return rangeOf(4, new Date(year, (quarter - 1) * 3, 1).getTime());
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
export function seasonPicker(year: number, selectedMs: number | undefined, nowMs: number) {
  const quarters = ([1, 2, 3, 4] as const).map((quarter): QuarterButton => {
    const range = quarterRange(year, quarter);
    const selected = selectedMs !== undefined && selectedMs >= range.startTime && selectedMs <= range.endTime;
    return { quarter, range, disabled: range.startTime > nowMs, selected };
  });
  return { year, quarters, nextYearDisabled: year >= new Date(nowMs).getFullYear() };
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

function addDays(ms: number, days: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

/** Same day `months` months away, clamped to the last day of a shorter month (31 Mar − 1 month = 28/29 Feb). */
export function addMonthsClamped(ms: number, months: number): number {
  const d = new Date(ms);
  const target = new Date(d.getFullYear(), d.getMonth() + months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(d.getDate(), lastDay)).getTime();
}

/**
 * A grid shortcut as start-of-day timestamps of its first and last day: today, yesterday and the day
 * before are single days; last week / month / 3 months run from that far back to today.
 */
export function gridShortcut(key: GridShortcutKey, nowMs: number): GridRange {
  const today = startOfDay(nowMs);
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
      return { startTime: addMonthsClamped(today, -1), endTime: today };
    case 'last3Months':
      return { startTime: addMonthsClamped(today, -3), endTime: today };
  }
}

/** Custom range shortcuts in days (spec section 9). */
export const CUSTOM_RANGE_SHORTCUT_DAYS = [7, 30, 90, 180, 365] as const;

/** "Last N days" for the custom date range: N whole days ending with today (type 6). */
export function customRangeShortcut(days: number, nowMs: number): DateRange {
  return customDateRange(addDays(nowMs, -(days - 1)), endOfDay(nowMs));
}
