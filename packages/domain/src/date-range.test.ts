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

// Expectations use local Date constructors, so they hold in any TZ the test process runs in.
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m, d, h, min, s, ms).getTime();
const NOW = at(2026, 0, 15, 10, 30); // Thursday 15 Jan 2026, 10:30 local

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
    expect(rangeOf(type, NOW)).toEqual({ startTime: start, endTime: end, type });
  });
  it('week starts Monday: a Sunday belongs to the week that began six days before', () => {
    expect(rangeOf(2, at(2026, 0, 18, 23)).startTime).toBe(at(2026, 0, 12));
    expect(rangeOf(2, at(2026, 0, 19)).startTime).toBe(at(2026, 0, 19));
  });
  it('quarter holds the anchor: 15 Aug is Q3, 1 Jul to 30 Sep', () => {
    expect(quarterOf(at(2026, 7, 15))).toBe(3);
    expect(rangeOf(4, at(2026, 7, 15))).toMatchObject({ startTime: at(2026, 6, 1), endTime: at(2026, 9, 1) - 1 });
  });
  it('custom date range spans start of first day to end of last day', () => {
    expect(customDateRange(at(2026, 0, 3, 14), at(2026, 0, 5, 9))).toEqual({
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
    const r = rangeOf(type, NOW);
    expect(shift(r, -1).startTime).toBe(prevStart);
    expect(shift(r, 1).startTime).toBe(nextStart);
  });
  it('month shift from 31 Jan lands on February as a whole month', () => {
    expect(shift(rangeOf(3, at(2026, 0, 31)), 1)).toMatchObject({ startTime: at(2026, 1, 1), endTime: at(2026, 2, 1) - 1 });
  });
  it('custom date range moves by its number of days', () => {
    const r = customDateRange(at(2026, 0, 1), at(2026, 0, 3));
    expect(shift(r, 1)).toMatchObject({ startTime: at(2026, 0, 4), endTime: at(2026, 0, 7) - 1 });
  });
});

describe('spec 4: next is disabled when the current period is the present or later', () => {
  it('the current month disables next, last month does not', () => {
    expect(isNextDisabled(rangeOf(3, NOW), NOW)).toBe(true);
    expect(isNextDisabled(shift(rangeOf(3, NOW), -1), NOW)).toBe(false);
    expect(isNextDisabled(shift(rangeOf(3, NOW), 1), NOW)).toBe(true);
  });
  it('yesterday as a day does not disable next', () => {
    expect(isNextDisabled(rangeOf(1, at(2026, 0, 14)), NOW)).toBe(false);
  });
});

describe('spec 4: changing type emits the range for the new type', () => {
  it('from this month to day gives today, not the 1st', () => {
    expect(changeType(rangeOf(3, NOW), 1, NOW)).toEqual(rangeOf(1, NOW));
  });
  it('from last month to week gives the week of its last day', () => {
    expect(changeType(rangeOf(3, at(2025, 11, 10)), 2, NOW)).toEqual(rangeOf(2, at(2025, 11, 31)));
  });
  it('to custom types keeps the days / exact times', () => {
    const month = rangeOf(3, NOW);
    expect(changeType(month, 6, NOW)).toEqual({ ...month, type: 6 });
    expect(changeType(month, 7, NOW)).toEqual({ ...month, type: 7 });
  });
});

const anchor = fc.integer({ min: at(1990, 0, 1), max: at(2090, 0, 1) });
const unitType = fc.constantFrom<UnitRangeType>(1, 2, 3, 4, 5);

describe('properties of unit ranges', () => {
  it('start <= anchor <= end', () => {
    fc.assert(fc.property(unitType, anchor, (t, a) => {
      const r = rangeOf(t, a);
      return r.startTime <= a && a <= r.endTime;
    }));
  });
  it('shift(+1) then shift(-1) is identity', () => {
    fc.assert(fc.property(unitType, anchor, fc.integer({ min: -30, max: 30 }), (t, a, n) => {
      const r = rangeOf(t, a);
      expect(shift(shift(r, n), -n)).toEqual(r);
    }));
  });
  it('ranges are contiguous and non-overlapping: next starts 1 ms after this ends', () => {
    fc.assert(fc.property(unitType, anchor, (t, a) => {
      const r = rangeOf(t, a);
      const next = shift(r, 1);
      return next.startTime === r.endTime + 1 && next.startTime <= next.endTime;
    }));
  });
  it('custom ranges: start <= end and shifting back and forth is identity', () => {
    fc.assert(fc.property(anchor, anchor, (a, b) => {
      const d = customDateRange(a, b);
      const t = customDateTimeRange(a, b);
      expect(d.startTime).toBeLessThanOrEqual(d.endTime);
      expect(shift(shift(d, 1), -1)).toEqual(d);
      expect(shift(shift(t, -1), 1)).toEqual(t);
    }));
  });
});
