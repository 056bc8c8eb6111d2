import { describe, expect, it } from 'vitest';
import { latestDigestDue, latestReportDue, localDateTime } from './schedule.js';

const SH = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';
/** Shanghai wall-clock → ms */
const sh = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);

describe('due times of mail schedules in the project zone', () => {
  it('daily: today at the time once it has passed, else yesterday', () => {
    expect(latestReportDue({ kind: 'daily', time: '08:00' }, SH, sh(2025, 3, 13, 8))).toBe(sh(2025, 3, 13, 8));
    expect(latestReportDue({ kind: 'daily', time: '08:00' }, SH, sh(2025, 3, 13, 7, 59))).toBe(sh(2025, 3, 12, 8));
    // 23:30 local is the previous UTC day: the local day counts
    expect(latestReportDue({ kind: 'daily', time: '23:30' }, SH, sh(2025, 3, 14, 0, 10))).toBe(sh(2025, 3, 13, 23, 30));
  });

  it('weekly: the latest such weekday (1 Monday … 7 Sunday) at the time', () => {
    // Thursday 13 March 2025
    expect(latestReportDue({ kind: 'weekly', weekday: 1, time: '09:00' }, SH, sh(2025, 3, 13, 12))).toBe(sh(2025, 3, 10, 9));
    expect(latestReportDue({ kind: 'weekly', weekday: 4, time: '09:00' }, SH, sh(2025, 3, 13, 8))).toBe(sh(2025, 3, 6, 9));
    expect(latestReportDue({ kind: 'weekly', weekday: 7, time: '00:00' }, SH, sh(2025, 3, 13, 8))).toBe(sh(2025, 3, 9, 0));
  });

  it('monthly: day N at the time, clamped to the last day of a shorter month', () => {
    expect(latestReportDue({ kind: 'monthly', day: 1, time: '06:00' }, SH, sh(2025, 3, 13))).toBe(sh(2025, 3, 1, 6));
    expect(latestReportDue({ kind: 'monthly', day: 31, time: '06:00' }, SH, sh(2025, 3, 13))).toBe(sh(2025, 2, 28, 6));
    expect(latestReportDue({ kind: 'monthly', day: 15, time: '06:00' }, SH, sh(2025, 1, 10))).toBe(sh(2024, 12, 15, 6));
  });

  it('across a daylight-saving change the wall-clock time holds (Berlin, 30 March 2025: 02:00 → 03:00)', () => {
    const before = latestReportDue({ kind: 'daily', time: '08:00' }, BERLIN, Date.UTC(2025, 2, 29, 12));
    const after = latestReportDue({ kind: 'daily', time: '08:00' }, BERLIN, Date.UTC(2025, 2, 30, 12));
    expect(new Date(before).toISOString()).toBe('2025-03-29T07:00:00.000Z');
    expect(new Date(after).toISOString()).toBe('2025-03-30T06:00:00.000Z');
    expect(localDateTime(after, BERLIN)).toBe('2025-03-30 08:00');
  });

  it('digests: the latest of the times of day', () => {
    expect(latestDigestDue(['12:00', '18:00'], SH, sh(2025, 3, 13, 13))).toBe(sh(2025, 3, 13, 12));
    expect(latestDigestDue(['12:00', '18:00'], SH, sh(2025, 3, 13, 11))).toBe(sh(2025, 3, 12, 18));
    expect(latestDigestDue([], SH, sh(2025, 3, 13, 11))).toBeUndefined();
  });
});
