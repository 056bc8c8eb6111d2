import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DATE_RANGE_TYPES,
  DEFAULT_DATE_RANGE_TYPE,
  changeType,
  customDateRange,
  customDateTimeRange,
  hasArrows,
  isNextDisabled,
  quarterOf,
  rangeOf,
  selectWidth,
  shift,
  type UnitRangeType,
} from './date-range.js';
import { zonedStart } from './counters-calendar.js';

// Every range is computed in the project's zone, passed in; the process's own TZ is never read.
const TZ = 'Asia/Shanghai';
// wall-clock time in TZ (month 0-based, as Date's)
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => zonedStart(y, m + 1, d, TZ, h) + min * 60_000 + s * 1000 + ms;
const NOW = at(2026, 0, 15, 10, 30); // Thursday 15 Jan 2026, 10:30 in Shanghai

describe('spec 2: seven types, default month', () => {
  it('offers types 1 to 7 and defaults to 3 (month)', () => {
    expect(DATE_RANGE_TYPES).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(DEFAULT_DATE_RANGE_TYPE).toBe(3);
  });
  it('shows previous/next arrows except for the two custom types', () => {
    expect(DATE_RANGE_TYPES.map(hasArrows)).toEqual([true, true, true, true, true, false, false]);
  });
  it('select width is 90 px, or 65 px without range types', () => {
    expect(selectWidth(true)).toBe(90);
    expect(selectWidth(false)).toBe(65);
  });
});

describe('spec 4: ranges span start to end of the unit', () => {
  it.each([
    [1, at(2026, 0, 15), at(2026, 0, 16) - 1],
    [2, at(2026, 0, 12), at(2026, 0, 19) - 1], // week starts Monday 12 Jan
    [3, at(2026, 0, 1), at(2026, 1, 1) - 1],
    [4, at(2026, 0, 1), at(2026, 3, 1) - 1],
    [5, at(2026, 0, 1), at(2027, 0, 1) - 1],
  ] as const)('type %i', (type, start, end) => {
    expect(rangeOf(type, NOW, TZ)).toEqual({ startTime: start, endTime: end, type });
  });
  it('week starts Monday: a Sunday belongs to the week that began six days before', () => {
    expect(rangeOf(2, at(2026, 0, 18, 23), TZ).startTime).toBe(at(2026, 0, 12));
    expect(rangeOf(2, at(2026, 0, 19), TZ).startTime).toBe(at(2026, 0, 19));
  });
  it('quarter holds the anchor: 15 Aug is Q3, 1 Jul to 30 Sep', () => {
    expect(quarterOf(at(2026, 7, 15), TZ)).toBe(3);
    expect(rangeOf(4, at(2026, 7, 15), TZ)).toMatchObject({ startTime: at(2026, 6, 1), endTime: at(2026, 9, 1) - 1 });
  });
  it('custom date range spans start of first day to end of last day', () => {
    expect(customDateRange(at(2026, 0, 3, 14), at(2026, 0, 5, 9), TZ)).toEqual({
      startTime: at(2026, 0, 3),
      endTime: at(2026, 0, 6) - 1,
      type: 6,
    });
  });
  it('custom date-time range uses the exact times', () => {
    expect(customDateTimeRange(at(2026, 0, 3, 14, 5), at(2026, 0, 5, 9, 7))).toEqual({
      startTime: at(2026, 0, 3, 14, 5),
      endTime: at(2026, 0, 5, 9, 7),
      type: 7,
    });
  });
});

describe('spec 4: previous/next shift by one unit', () => {
  it.each([
    [1, at(2026, 0, 14), at(2026, 0, 16)],
    [2, at(2026, 0, 5), at(2026, 0, 19)],
    [3, at(2025, 11, 1), at(2026, 1, 1)],
    [4, at(2025, 9, 1), at(2026, 3, 1)],
    [5, at(2025, 0, 1), at(2027, 0, 1)],
  ] as const)('type %i', (type, prevStart, nextStart) => {
    const r = rangeOf(type, NOW, TZ);
    expect(shift(r, -1, TZ).startTime).toBe(prevStart);
    expect(shift(r, 1, TZ).startTime).toBe(nextStart);
  });
  it('month shift from 31 Jan lands on February as a whole month', () => {
    expect(shift(rangeOf(3, at(2026, 0, 31), TZ), 1, TZ)).toMatchObject({ startTime: at(2026, 1, 1), endTime: at(2026, 2, 1) - 1 });
  });
  it('custom date range moves by its number of days', () => {
    const r = customDateRange(at(2026, 0, 1), at(2026, 0, 3), TZ);
    expect(shift(r, 1, TZ)).toMatchObject({ startTime: at(2026, 0, 4), endTime: at(2026, 0, 7) - 1 });
  });
});

describe('spec 4: next is disabled when the current period is the present or later', () => {
  it('the current month disables next, last month does not', () => {
    expect(isNextDisabled(rangeOf(3, NOW, TZ), NOW)).toBe(true);
    expect(isNextDisabled(shift(rangeOf(3, NOW, TZ), -1, TZ), NOW)).toBe(false);
    expect(isNextDisabled(shift(rangeOf(3, NOW, TZ), 1, TZ), NOW)).toBe(true);
  });
  it('yesterday as a day does not disable next', () => {
    expect(isNextDisabled(rangeOf(1, at(2026, 0, 14), TZ), NOW)).toBe(false);
  });
});

describe('spec 4: changing type emits the range for the new type', () => {
  it('from this month to day gives today, not the 1st', () => {
    expect(changeType(rangeOf(3, NOW, TZ), 1, NOW, TZ)).toEqual(rangeOf(1, NOW, TZ));
  });
  it('from last month to week gives the week of its last day', () => {
    expect(changeType(rangeOf(3, at(2025, 11, 10), TZ), 2, NOW, TZ)).toEqual(rangeOf(2, at(2025, 11, 31), TZ));
  });
  it('to custom types keeps the days / exact times', () => {
    const month = rangeOf(3, NOW, TZ);
    expect(changeType(month, 6, NOW, TZ)).toEqual({ ...month, type: 6 });
    expect(changeType(month, 7, NOW, TZ)).toEqual({ ...month, type: 7 });
  });
});

const anchor = fc.integer({ min: at(1990, 0, 1), max: at(2090, 0, 1) });
const unitType = fc.constantFrom<UnitRangeType>(1, 2, 3, 4, 5);
// a UTC+8 zone without DST, two DST zones (whole hour; Lord Howe's half hour) and a +5:45 zone
const zone = fc.constantFrom('Asia/Shanghai', 'America/Los_Angeles', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC');

describe('properties of unit ranges', () => {
  it('start <= anchor <= end', () => {
    fc.assert(fc.property(unitType, anchor, zone, (t, a, tz) => {
      const r = rangeOf(t, a, tz);
      return r.startTime <= a && a <= r.endTime;
    }));
  });
  it('shift(+1) then shift(-1) is identity', () => {
    fc.assert(fc.property(unitType, anchor, fc.integer({ min: -30, max: 30 }), zone, (t, a, n, tz) => {
      const r = rangeOf(t, a, tz);
      expect(shift(shift(r, n, tz), -n, tz)).toEqual(r);
    }));
  });
  it('ranges are contiguous and non-overlapping: next starts 1 ms after this ends', () => {
    fc.assert(fc.property(unitType, anchor, zone, (t, a, tz) => {
      const r = rangeOf(t, a, tz);
      const next = shift(r, 1, tz);
      return next.startTime === r.endTime + 1 && next.startTime <= next.endTime;
    }));
  });
  it('custom ranges: start <= end and shifting back and forth is identity', () => {
    fc.assert(fc.property(anchor, anchor, zone, (a, b, tz) => {
      const d = customDateRange(a, b, tz);
      const t = customDateTimeRange(a, b);
      expect(d.startTime).toBeLessThanOrEqual(d.endTime);
      expect(shift(shift(d, 1, tz), -1, tz)).toEqual(d);
      expect(shift(shift(t, -1, tz), 1, tz)).toEqual(t);
    }));
  });
});

describe('rule 15: ranges follow the project zone, not the runtime', () => {
  const LA = 'America/Los_Angeles';
  const la = (y: number, m: number, d: number, h = 0) => zonedStart(y, m + 1, d, LA, h);
  it('one instant, two zones: 2026-11-25 17:00 UTC is 26 Nov in Shanghai and 25 Nov in Los Angeles', () => {
    const t = Date.UTC(2026, 10, 25, 17);
    expect(rangeOf(1, t, TZ)).toEqual({ startTime: Date.UTC(2026, 10, 25, 16), endTime: Date.UTC(2026, 10, 26, 16) - 1, type: 1 });
    expect(rangeOf(1, t, LA)).toEqual({ startTime: Date.UTC(2026, 10, 25, 8), endTime: Date.UTC(2026, 10, 26, 8) - 1, type: 1 });
  });
  it('a Shanghai month starts at 00:00 +08:00 on the 1st (16:00 UTC the day before)', () => {
    expect(rangeOf(3, Date.UTC(2026, 10, 25, 17), TZ)).toMatchObject({ startTime: Date.UTC(2026, 9, 31, 16), endTime: Date.UTC(2026, 10, 30, 16) - 1 });
  });
  it('DST starts (Los Angeles, Sun 8 Mar 2026): that day is 23 h long', () => {
    const r = rangeOf(1, la(2026, 2, 8, 12), LA);
    expect(r).toMatchObject({ startTime: Date.UTC(2026, 2, 8, 8), endTime: Date.UTC(2026, 2, 9, 7) - 1 });
    expect(r.endTime + 1 - r.startTime).toBe(23 * 3_600_000);
  });
  it('DST ends (Los Angeles, Sun 1 Nov 2026): that day is 25 h long and the next day starts at 00:00 PST', () => {
    const r = rangeOf(1, la(2026, 10, 1, 12), LA);
    expect(r.endTime + 1 - r.startTime).toBe(25 * 3_600_000);
    expect(shift(r, 1, LA)).toMatchObject({ startTime: Date.UTC(2026, 10, 2, 8), endTime: Date.UTC(2026, 10, 3, 8) - 1 });
  });
  it('the week from Monday across the DST start: Mon 2 Mar 00:00 PST to Mon 9 Mar 00:00 PDT, 167 h', () => {
    const r = rangeOf(2, la(2026, 2, 8, 23), LA); // Sunday evening belongs to the week begun on Monday 2 Mar
    expect(r).toMatchObject({ startTime: Date.UTC(2026, 2, 2, 8), endTime: Date.UTC(2026, 2, 9, 7) - 1 });
    expect(r.endTime + 1 - r.startTime).toBe(167 * 3_600_000);
  });
  it('a custom range of 3 days over the DST start moves by 3 calendar days, not by 72 h', () => {
    const r = customDateRange(la(2026, 2, 7), la(2026, 2, 9), LA);
    expect(shift(r, 1, LA)).toMatchObject({ startTime: la(2026, 2, 10), endTime: la(2026, 2, 13) - 1 });
    expect(shift(r, -1, LA)).toMatchObject({ startTime: la(2026, 2, 4), endTime: la(2026, 2, 7) - 1 });
  });
  it('the quarter of 1 Oct 00:30 in Shanghai is Q4 there and Q3 in Los Angeles (still 30 Sep)', () => {
    const t = at(2026, 9, 1, 0, 30);
    expect(quarterOf(t, TZ)).toBe(4);
    expect(quarterOf(t, LA)).toBe(3);
  });
});
