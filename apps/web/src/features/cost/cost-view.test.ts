import { describe, expect, it } from 'vitest';
import { rangeOf } from '@ems/domain';
import { yearMonthOf } from './cost-view';

describe("rule 15: the bill's month is the project's, the browser in Los Angeles", () => {
  it('the day 1 Nov 2026 in Shanghai bills November (its middle is still 31 Oct in Los Angeles)', () => {
    const day = rangeOf(1, Date.UTC(2026, 10, 1, 2), 'Asia/Shanghai');
    expect(new Date(day.startTime + (day.endTime - day.startTime) / 2).getMonth() + 1).toBe(10);
    expect(yearMonthOf(day, 'Asia/Shanghai')).toEqual({ year: 2026, month: 11 });
  });
  it('a year range gives its own year, a month range its month', () => {
    expect(yearMonthOf(rangeOf(3, Date.UTC(2026, 0, 15), 'Asia/Shanghai'), 'Asia/Shanghai')).toEqual({ year: 2026, month: 1 });
    expect(yearMonthOf(rangeOf(5, Date.UTC(2025, 5, 1), 'Asia/Shanghai'), 'Asia/Shanghai').year).toBe(2025);
  });
});
