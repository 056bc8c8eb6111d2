import { describe, expect, it } from 'vitest';
import {
  CUSTOM_RANGE_SHORTCUT_DAYS,
  GRID_SHORTCUT_KEYS,
  addMonthsClamped,
  blocksAfter28th,
  blocksFromToday,
  blocksFuture,
  blocksPast,
  customRangeShortcut,
  gridRangeForRequest,
  gridShortcut,
  quarterRange,
  seasonPicker,
} from './date-range.js';
import { zonedStart } from './counters-calendar.js';

// every rule is computed in the project's zone, passed in; the process's own TZ is never read
const TZ = 'Asia/Shanghai';
const at = (y: number, m: number, d: number, h = 0, min = 0) => zonedStart(y, m + 1, d, TZ, h) + min * 60_000;
const NOW = at(2026, 4, 15, 10, 30); // Fri 15 May 2026 10:30 in Shanghai, Q2

describe('spec 5: date pickers block future dates by default', () => {
  it.each([
    ['yesterday', at(2026, 4, 14), false],
    ['today, later hour', at(2026, 4, 15, 23), false],
    ['tomorrow', at(2026, 4, 16), true],
  ])('%s', (_, day, blocked) => expect(blocksFuture(day, NOW, TZ)).toBe(blocked));
});

describe('spec 5: disabled-date variants', () => {
  it('before yesterday allowed: up to yesterday allowed, today blocked', () => {
    expect(blocksFromToday(at(2026, 4, 14), NOW, TZ)).toBe(false);
    expect(blocksFromToday(at(2026, 4, 15), NOW, TZ)).toBe(true);
  });
  it('after today: today and later allowed, yesterday blocked', () => {
    expect(blocksPast(at(2026, 4, 15), NOW, TZ)).toBe(false);
    expect(blocksPast(at(2026, 5, 1), NOW, TZ)).toBe(false);
    expect(blocksPast(at(2026, 4, 14), NOW, TZ)).toBe(true);
  });
  it('days up to the 28th', () => {
    expect(blocksAfter28th(at(2026, 1, 28), NOW, TZ)).toBe(false);
    expect(blocksAfter28th(at(2026, 0, 29), NOW, TZ)).toBe(true);
    expect(blocksAfter28th(at(2026, 0, 31), NOW, TZ)).toBe(true);
  });
});

describe('spec 2: season picker has a year header and four quarter buttons', () => {
  it('quarters of the current year: later quarters disabled, next year disabled', () => {
    const p = seasonPicker(2026, at(2026, 4, 1), NOW, TZ);
    expect(p.quarters.map((q) => q.disabled)).toEqual([false, false, true, true]);
    expect(p.quarters.map((q) => q.selected)).toEqual([false, true, false, false]);
    expect(p.nextYearDisabled).toBe(true);
  });
  it('a past year has all quarters and next year enabled', () => {
    const p = seasonPicker(2025, undefined, NOW, TZ);
    expect(p.quarters.every((q) => !q.disabled)).toBe(true);
    expect(p.nextYearDisabled).toBe(false);
  });
  it('quarter range Q4 2025 is 1 Oct to 31 Dec', () => {
    expect(quarterRange(2025, 4, TZ)).toEqual({ startTime: at(2025, 9, 1), endTime: at(2026, 0, 1) - 1, type: 4 });
  });
});

describe('spec 3: grid time range, one day (864e5 ms) added to the end when sent', () => {
  it('adds 864e5 ms to the end only', () => {
    expect(gridRangeForRequest({ startTime: at(2026, 4, 1), endTime: at(2026, 4, 15) })).toEqual({
      startTime: at(2026, 4, 1),
      endTime: at(2026, 4, 15) + 864e5,
    });
  });
});

describe('spec 9: grid date shortcuts', () => {
  it('lists today, yesterday, day before yesterday, last week, last month, last 3 months', () => {
    expect(GRID_SHORTCUT_KEYS).toEqual(['today', 'yesterday', 'dayBeforeYesterday', 'lastWeek', 'lastMonth', 'last3Months']);
  });
  it.each([
    ['today', at(2026, 4, 15), at(2026, 4, 15)],
    ['yesterday', at(2026, 4, 14), at(2026, 4, 14)],
    ['dayBeforeYesterday', at(2026, 4, 13), at(2026, 4, 13)],
    ['lastWeek', at(2026, 4, 8), at(2026, 4, 15)],
    ['lastMonth', at(2026, 3, 15), at(2026, 4, 15)],
    ['last3Months', at(2026, 1, 15), at(2026, 4, 15)],
  ] as const)('%s', (key, start, end) => {
    expect(gridShortcut(key, NOW, TZ)).toEqual({ startTime: start, endTime: end });
  });
  it('month arithmetic clamps to the shorter month: 31 Mar minus a month is 28 Feb', () => {
    expect(addMonthsClamped(at(2026, 2, 31), -1, TZ)).toBe(at(2026, 1, 28));
    expect(gridShortcut('lastMonth', at(2026, 2, 31, 12), TZ).startTime).toBe(at(2026, 1, 28));
  });
});

describe('spec 9: custom range shortcuts 7, 30, 90, 180, 365 days', () => {
  it('offers 7, 30, 90, 180, 365', () => expect(CUSTOM_RANGE_SHORTCUT_DAYS).toEqual([7, 30, 90, 180, 365]));
  it('last 7 days are the 7 whole days ending today', () => {
    expect(customRangeShortcut(7, NOW, TZ)).toEqual({ startTime: at(2026, 4, 9), endTime: at(2026, 4, 16) - 1, type: 6 });
  });
  it('last 365 days start 364 days before today', () => {
    expect(customRangeShortcut(365, NOW, TZ).startTime).toBe(at(2025, 4, 16));
  });
});

describe('rule 15: picker rules follow the project zone, not the runtime', () => {
  const LA = 'America/Los_Angeles';
  // 2026-05-15 20:00 UTC: already Sat 16 May 04:00 in Shanghai, still Fri 15 May 13:00 in Los Angeles
  const now = Date.UTC(2026, 4, 15, 20);
  it('"today" is the zone\'s day: 16 May is not future in Shanghai, but is in Los Angeles', () => {
    const may16Shanghai = zonedStart(2026, 5, 16, TZ);
    expect(blocksFuture(may16Shanghai, now, TZ)).toBe(false);
    expect(blocksFuture(zonedStart(2026, 5, 16, LA), now, LA)).toBe(true);
  });
  it('the 29th is read in the zone: 29 Jan 00:30 Shanghai is the 28th in Los Angeles', () => {
    const t = zonedStart(2026, 1, 29, TZ) + 30 * 60_000;
    expect(blocksAfter28th(t, now, TZ)).toBe(true);
    expect(blocksAfter28th(t, now, LA)).toBe(false);
  });
  it('grid shortcut "today" starts at the zone\'s midnight', () => {
    expect(gridShortcut('today', now, TZ).startTime).toBe(Date.UTC(2026, 4, 15, 16));
    expect(gridShortcut('today', now, LA).startTime).toBe(Date.UTC(2026, 4, 15, 7));
  });
  it('the last 7 days over the Los Angeles DST start are 7 calendar days (167 h)', () => {
    const r = customRangeShortcut(7, zonedStart(2026, 3, 10, LA, 9), LA);
    expect(r).toMatchObject({ startTime: zonedStart(2026, 3, 4, LA), endTime: zonedStart(2026, 3, 11, LA) - 1 });
    expect(r.endTime + 1 - r.startTime).toBe(167 * 3_600_000);
  });
  it('next year is disabled by the zone\'s year: 31 Dec 20:00 UTC is already next year in Shanghai', () => {
    const eve = Date.UTC(2026, 11, 31, 20);
    expect(seasonPicker(2026, undefined, eve, TZ).nextYearDisabled).toBe(false);
    expect(seasonPicker(2026, undefined, eve, LA).nextYearDisabled).toBe(true);
  });
});
