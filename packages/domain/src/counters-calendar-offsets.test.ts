import { describe, expect, it } from 'vitest';
import { bucketStart, localParts, zonedStart } from './counters-calendar.js';

/**
 * localParts answers from a per-hour UTC-offset cache; these pin it to Intl's own answer, instant by
 * instant, around offset changes (whole-hour DST, Lord Howe's half-hour DST, a +5:45 zone) and at
 * scattered instants over two centuries.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const intl = (ts: number, timeZone: string) => {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ts))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: (p.hour ?? 0) % 24, minute: p.minute, second: p.second };
};

const ZONES = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'UTC'];

describe('localParts (hour offset cache)', () => {
  it('equals Intl every 7 min 13.5 s across the 2024 offset changes of each zone', () => {
    const windows = [Date.UTC(2024, 2, 9), Date.UTC(2024, 2, 30), Date.UTC(2024, 3, 6), Date.UTC(2024, 8, 28), Date.UTC(2024, 9, 5), Date.UTC(2024, 9, 26), Date.UTC(2024, 10, 2)];
    for (const tz of ZONES) {
      for (const w of windows) {
        for (let ts = w; ts < w + 3 * 86_400_000; ts += 433_500) expect(localParts(ts, tz), `${tz} ${new Date(ts).toISOString()}`).toEqual(intl(ts, tz));
      }
    }
  });

  it('equals Intl at scattered instants from 1900 to 2100, asked twice (cached and not)', () => {
    let x = 12345;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 3000; i++) {
      const ts = Date.UTC(1900, 0, 1) + Math.floor((next() / 2147483648) * (Date.UTC(2100, 0, 1) - Date.UTC(1900, 0, 1)));
      const tz = ZONES[i % ZONES.length] as string;
      expect(localParts(ts, tz), `${tz} ${ts}`).toEqual(intl(ts, tz));
      expect(localParts(ts, tz)).toEqual(intl(ts, tz));
    }
  });

  it('keeps the buckets of a DST day: 23 local hours on 2024-03-10 in New York', () => {
    const tz = 'America/New_York';
    const day = zonedStart(2024, 3, 10, tz);
    expect(zonedStart(2024, 3, 11, tz) - day).toBe(23 * 3_600_000);
    expect(bucketStart(day + 5 * 3_600_000 + 1, 'day', tz)).toBe(day);
    expect(bucketStart(day + 2 * 3_600_000 + 30 * 60_000, 'hour', tz)).toBe(day + 2 * 3_600_000);
  });
});
