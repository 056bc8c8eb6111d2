import { describe, expect, it } from 'vitest';
import { zonedDate, zonedDateTime, zonedDayStamp } from './zoned-time.js';

describe('export times on the project clock', () => {
  const t = Date.UTC(2025, 5, 10, 18, 45, 7); // 02:45:07 on 11 June in Shanghai
  it('date-time text in the zone, not UTC', () => {
    expect(zonedDateTime(t, 'Asia/Shanghai')).toBe('2025-06-11 02:45:07');
    expect(zonedDateTime(t, 'Asia/Shanghai', false)).toBe('2025-06-11 02:45');
    expect(zonedDateTime(t, 'America/Los_Angeles')).toBe('2025-06-10 11:45:07');
  });
  it("a day's date in the zone", () => {
    expect(zonedDate(t, 'Asia/Shanghai')).toBe('2025-06-11');
    expect(zonedDate(t, 'America/Los_Angeles')).toBe('2025-06-10');
  });
  it('midnight is 00:00, never 24:00', () => expect(zonedDateTime(Date.UTC(2025, 5, 10, 16), 'Asia/Shanghai', false)).toBe('2025-06-11 00:00'));
  it("a file name's day is the zone's", () => {
    expect(zonedDayStamp(t, 'Asia/Shanghai')).toBe('20250611');
    expect(zonedDayStamp(t, 'UTC')).toBe('20250610');
  });
});
