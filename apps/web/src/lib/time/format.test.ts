import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIME_ZONE, formatInZone, formatTime, fromWallClock, toWallClock, zoneOrDefault } from './format';

// 2026-11-25 15:21:09.045 UTC
const T = Date.UTC(2026, 10, 25, 15, 21, 9, 45);

describe('rule 15: times are written in the zone passed, never the runtime zone', () => {
  it.each([
    ['Asia/Shanghai', '2026-11-25 23:21:09'],
    ['America/Los_Angeles', '2026-11-25 07:21:09'],
    ['UTC', '2026-11-25 15:21:09'],
    ['Asia/Kathmandu', '2026-11-25 21:06:09'],
    ['Pacific/Kiritimati', '2026-11-26 05:21:09'],
  ])('%s', (zone, text) => expect(formatInZone(T, zone)).toBe(text));

  it('patterns: MM-DD, HH:mm, YYYY-MM, milliseconds; other characters copied', () => {
    expect(formatInZone(T, 'Asia/Shanghai', 'MM-DD')).toBe('11-25');
    expect(formatInZone(T, 'Asia/Shanghai', 'HH:mm')).toBe('23:21');
    expect(formatInZone(T, 'Asia/Shanghai', 'YYYY-MM')).toBe('2026-11');
    expect(formatInZone(T, 'Asia/Shanghai', 'YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-11-25 23:21:09.045');
    expect(formatInZone(T, 'Asia/Shanghai', 'YYYYMMDD_HHmm')).toBe('20261125_2321');
  });

  it('a missing or broken time is "--" (or the text asked for)', () => {
    expect(formatTime(null, 'Asia/Shanghai')).toBe('--');
    expect(formatTime(undefined, 'Asia/Shanghai')).toBe('--');
    expect(formatTime(Number.NaN, 'Asia/Shanghai', 'HH:mm', '')).toBe('');
    expect(formatTime(T, 'Asia/Shanghai', 'HH:mm')).toBe('23:21');
  });

  it('the month a Shanghai day belongs to: 1 Nov 00:00 +08:00 is 31 Oct in UTC but 11-01 in the plant', () => {
    const nov1 = Date.UTC(2026, 9, 31, 16);
    expect(formatInZone(nov1, 'Asia/Shanghai', 'MM-DD')).toBe('11-01');
    expect(formatInZone(nov1, 'UTC', 'MM-DD')).toBe('10-31');
  });
});

describe('unknown zones', () => {
  afterEach(() => vi.restoreAllMocks());
  it('fall back to the default zone, with a warning once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(zoneOrDefault('Mars/Olympus_Mons')).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOrDefault('Mars/Olympus_Mons')).toBe(DEFAULT_TIME_ZONE);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(zoneOrDefault(undefined)).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOrDefault('Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('wall clock (for charts drawn with useUTC)', () => {
  it('shifts by the zone offset of the moment', () => {
    expect(toWallClock(T, 'Asia/Shanghai')).toBe(T + 8 * 3_600_000);
    expect(toWallClock(Date.UTC(2026, 6, 1), 'America/Los_Angeles')).toBe(Date.UTC(2026, 6, 1) - 7 * 3_600_000);
    expect(toWallClock(Date.UTC(2026, 0, 1), 'America/Los_Angeles')).toBe(Date.UTC(2026, 0, 1) - 8 * 3_600_000);
  });
  it('round-trips every 20 minutes over the Los Angeles DST days (the repeated hour gives its first instant)', () => {
    for (const day of [Date.UTC(2026, 2, 8, 8), Date.UTC(2026, 10, 1, 7)]) {
      for (let t = day; t < day + 26 * 3_600_000; t += 20 * 60_000) {
        const back = fromWallClock(toWallClock(t, 'America/Los_Angeles'), 'America/Los_Angeles');
        // 01:xx PST on 1 Nov reads the same as 01:xx PDT an hour earlier
        expect([t, t - 3_600_000]).toContain(back);
      }
    }
    expect(fromWallClock(Date.UTC(2026, 10, 1, 1, 30), 'America/Los_Angeles')).toBe(Date.UTC(2026, 10, 1, 8, 30));
  });
});
