import { describe, expect, it } from 'vitest';
import { at } from '../../test/fixtures.js';
import { bucketsOf, coveringReads, likeForLike, resolveRange, seriesTable, shiftMonths, yearShift } from './periods.js';

const TZ = 'Asia/Shanghai';
/** a UTC browser's unit: [y-m-d 00:00 UTC, …) */
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

describe('resolveRange: the selector type names a unit of the project calendar', () => {
  it.each([
    ['day → hour bars', 1, at(2025, 3, 10), at(2025, 3, 11) - 1, { from: at(2025, 3, 10), to: at(2025, 3, 11), grain: 'hour', unit: 'day' }],
    ['week (Monday first) → day bars', 2, at(2025, 3, 10), at(2025, 3, 17) - 1, { from: at(2025, 3, 10), to: at(2025, 3, 17), grain: 'day', unit: 'week' }],
    ['month → day bars', 3, at(2025, 3, 1), at(2025, 4, 1) - 1, { from: at(2025, 3, 1), to: at(2025, 4, 1), grain: 'day', unit: 'month' }],
    ['quarter → month bars', 4, at(2025, 1, 1), at(2025, 4, 1) - 1, { from: at(2025, 1, 1), to: at(2025, 4, 1), grain: 'month', unit: 'quarter' }],
    ['year → month bars', 5, at(2025, 1, 1), at(2026, 1, 1) - 1, { from: at(2025, 1, 1), to: at(2026, 1, 1), grain: 'month', unit: 'year' }],
    ['a UTC browser’s month is the same month of the project', 3, utc(2025, 3, 1), utc(2025, 4, 1) - 1, { from: at(2025, 3, 1), to: at(2025, 4, 1), grain: 'day' }],
    ['a UTC browser’s day is the same day', 1, utc(2025, 3, 10), utc(2025, 3, 11) - 1, { from: at(2025, 3, 10), to: at(2025, 3, 11) }],
    ['a week from Wednesday’s middle starts on its Monday', 2, at(2025, 3, 12), at(2025, 3, 13) - 1, { from: at(2025, 3, 10), to: at(2025, 3, 17) }],
    ['custom 2 days → hour bars', 6, at(2025, 3, 1), at(2025, 3, 3) - 1, { from: at(2025, 3, 1), to: at(2025, 3, 3), grain: 'hour', unit: 'custom' }],
    ['custom 20 days → day bars', 6, at(2025, 3, 1), at(2025, 3, 21) - 1, { from: at(2025, 3, 1), to: at(2025, 3, 21), grain: 'day' }],
    ['custom 100 days → month bars over whole days', 6, at(2025, 1, 15), at(2025, 4, 25) - 1, { from: at(2025, 1, 15), to: at(2025, 4, 25), grain: 'month' }],
    ['custom date-times widen to whole hours', 7, at(2025, 3, 1, 10) + 600_000, at(2025, 3, 1, 12) + 60_000, { from: at(2025, 3, 1, 10), to: at(2025, 3, 1, 13), grain: 'hour' }],
  ])('%s', (_name, type, start, end, expected) => {
    expect(resolveRange(type, start, end, TZ)).toMatchObject(expected);
  });
});

describe('resolveRange with a grain asked for (issue 16): the same range, the buckets asked for', () => {
  it.each([
    ['a year by day', 5, at(2024, 1, 1), at(2025, 1, 1) - 1, 'day', { from: at(2024, 1, 1), to: at(2025, 1, 1), grain: 'day', unit: 'year' }],
    ['a month by hour', 3, at(2025, 3, 1), at(2025, 4, 1) - 1, 'hour', { from: at(2025, 3, 1), to: at(2025, 4, 1), grain: 'hour', unit: 'month' }],
    ['a custom 300 days by day (auto: months)', 6, at(2024, 3, 1), at(2024, 12, 26) - 1, 'day', { from: at(2024, 3, 1), to: at(2024, 12, 26), grain: 'day', unit: 'custom' }],
    ['custom date-times by hour widen to whole hours', 7, at(2025, 3, 1, 10) + 600_000, at(2025, 3, 20, 12) + 60_000, 'hour', { from: at(2025, 3, 1, 10), to: at(2025, 3, 20, 13), grain: 'hour' }],
    ['custom date-times by day widen to whole days (auto: hours)', 7, at(2025, 3, 1, 10), at(2025, 3, 2, 12), 'day', { from: at(2025, 3, 1), to: at(2025, 3, 3), grain: 'day' }],
  ] as const)('%s', (_name, type, start, end, grain, expected) => {
    expect(resolveRange(type, start, end, TZ, grain)).toMatchObject(expected);
  });
});

describe('like for like (DOMAIN §1): a partial period compares its elapsed part', () => {
  const now = at(2025, 3, 10, 14) + 37 * 60_000;
  it('month to date vs the same days of February and of March last year, to the current hour', () => {
    const s = likeForLike(resolveRange(3, at(2025, 3, 1), at(2025, 4, 1) - 1, TZ), now, TZ);
    expect(s.current).toEqual({ from: at(2025, 3, 1), to: at(2025, 3, 10, 14) });
    expect(s.mom).toEqual({ from: at(2025, 2, 1), to: at(2025, 2, 10, 14) });
    expect(s.yoy).toEqual({ from: at(2024, 3, 1), to: at(2024, 3, 10, 14) });
  });
  it('31 March compares with the whole of February (the reference never runs past its period)', () => {
    const s = likeForLike(resolveRange(3, at(2025, 3, 1), at(2025, 4, 1) - 1, TZ), at(2025, 3, 31, 9), TZ);
    expect(s.mom).toEqual({ from: at(2025, 2, 1), to: at(2025, 3, 1) });
  });
  it('a day: yesterday and the same day last year; a year: last year for both', () => {
    const d = likeForLike(resolveRange(1, at(2025, 3, 10), at(2025, 3, 11) - 1, TZ), now, TZ);
    expect([d.mom, d.yoy]).toEqual([
      { from: at(2025, 3, 9), to: at(2025, 3, 9, 14) },
      { from: at(2024, 3, 10), to: at(2024, 3, 10, 14) },
    ]);
    const y = likeForLike(resolveRange(5, at(2025, 1, 1), at(2026, 1, 1) - 1, TZ), now, TZ);
    expect(y.mom).toEqual({ from: at(2024, 1, 1), to: at(2024, 3, 10, 14) });
  });
  it('a past period compares whole periods; a custom range the same span just before', () => {
    const m = likeForLike(resolveRange(3, at(2025, 2, 1), at(2025, 3, 1) - 1, TZ), now, TZ);
    expect([m.current, m.mom, m.yoy]).toEqual([
      { from: at(2025, 2, 1), to: at(2025, 3, 1) },
      { from: at(2025, 1, 1), to: at(2025, 2, 1) },
      { from: at(2024, 2, 1), to: at(2024, 3, 1) },
    ]);
    const c = likeForLike(resolveRange(6, at(2025, 2, 1), at(2025, 3, 1) - 1, TZ), now, TZ);
    expect(c.mom).toEqual({ from: at(2025, 1, 4), to: at(2025, 2, 1) });
  });
  it('a week: 同比 is the same ISO week of last year, Monday to Monday (issue 11: +35.1 % against calendar dates, +3.0 % for the month)', () => {
    // Wednesday 2026-11-25 14:37: the week 23–30 Nov 2026 (2026-W48) compares with 24 Nov 2025 (Monday of 2025-W48),
    // not with 23 Nov 2025, a Sunday; the elapsed part up to Wednesday 14:00 likewise
    const w = likeForLike(resolveRange(2, at(2026, 11, 23), at(2026, 11, 30) - 1, TZ), at(2026, 11, 25, 14) + 37 * 60_000, TZ);
    expect(w.current).toEqual({ from: at(2026, 11, 23), to: at(2026, 11, 25, 14) });
    expect(w.yoy).toEqual({ from: at(2025, 11, 24), to: at(2025, 11, 26, 14) });
    expect(w.mom).toEqual({ from: at(2026, 11, 16), to: at(2026, 11, 18, 14) });
    // a past week after a 53-week year: 8–15 March 2021 (W10) against 2–9 March 2020 (W10)
    const past = likeForLike(resolveRange(2, at(2021, 3, 8), at(2021, 3, 15) - 1, TZ), now, TZ);
    expect(past.yoy).toEqual({ from: at(2020, 3, 2), to: at(2020, 3, 9) });
    // the last-year bars of a week line up the same way, and a month keeps its calendar dates
    const ys = yearShift(resolveRange(2, at(2026, 11, 23), at(2026, 11, 30) - 1, TZ), TZ);
    expect([ys.back(at(2026, 11, 23)), ys.forward(at(2025, 11, 24))]).toEqual([at(2025, 11, 24), at(2026, 11, 23)]);
    expect(yearShift(resolveRange(3, at(2026, 11, 1), at(2026, 12, 1) - 1, TZ), TZ).back(at(2026, 11, 1))).toBe(at(2025, 11, 1));
  });
  it('at 00:20 on the 1st nothing is compared yet', () => {
    const s = likeForLike(resolveRange(3, at(2025, 3, 1), at(2025, 4, 1) - 1, TZ), at(2025, 3, 1) + 20 * 60_000, TZ);
    expect(s.current.to).toBe(s.current.from);
  });
});

describe('rollup reads', () => {
  it('hours to the first midnight, whole days, hours after the last midnight', () => {
    expect(coveringReads({ from: at(2025, 3, 1, 22), to: at(2025, 3, 4, 3) }, TZ)).toEqual([
      { table: 'rollup_hour', from: at(2025, 3, 1, 22), to: at(2025, 3, 2) },
      { table: 'rollup_day', from: at(2025, 3, 2), to: at(2025, 3, 4) },
      { table: 'rollup_hour', from: at(2025, 3, 4), to: at(2025, 3, 4, 3) },
    ]);
    expect(coveringReads({ from: at(2025, 3, 1, 2), to: at(2025, 3, 1, 5) }, TZ)).toEqual([{ table: 'rollup_hour', from: at(2025, 3, 1, 2), to: at(2025, 3, 1, 5) }]);
    expect(coveringReads({ from: at(2025, 3, 1), to: at(2025, 3, 1) }, TZ)).toEqual([]);
  });
  it('month bars read month buckets only when the range is whole months', () => {
    expect(seriesTable(resolveRange(5, at(2025, 1, 1), at(2026, 1, 1) - 1, TZ), TZ)).toBe('rollup_month');
    expect(seriesTable(resolveRange(6, at(2025, 1, 15), at(2025, 4, 25) - 1, TZ), TZ)).toBe('rollup_day');
  });
  it('buckets of a year are its 12 months; a custom month range starts at its first day', () => {
    expect(bucketsOf(at(2025, 1, 1), at(2026, 1, 1), 'month', TZ)).toHaveLength(12);
    expect(bucketsOf(at(2025, 1, 15), at(2025, 4, 25), 'month', TZ)).toEqual([at(2025, 1, 15), at(2025, 2, 1), at(2025, 3, 1), at(2025, 4, 1)]);
  });
  it('shiftMonths keeps day and hour, and ends a shorter month at its end', () => {
    expect(shiftMonths(at(2025, 3, 10, 14), -12, TZ)).toBe(at(2024, 3, 10, 14));
    expect(shiftMonths(at(2025, 3, 31, 9), -1, TZ)).toBe(at(2025, 3, 1));
  });
});
