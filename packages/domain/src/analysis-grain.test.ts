import { describe, expect, it } from 'vitest';
import { analysisGrainFits } from './analysis-grain.js';
import { zonedStart } from './counters-calendar.js';

const SH = 'Asia/Shanghai';
const BE = 'Europe/Berlin';

describe('analysisGrainFits: hours up to 31 local days, days up to 366, months any range (issue 16)', () => {
  it.each([
    ['31 days by hour', 'hour', zonedStart(2025, 3, 1, SH), zonedStart(2025, 4, 1, SH), SH, true],
    ['32 days by hour', 'hour', zonedStart(2025, 3, 1, SH), zonedStart(2025, 4, 2, SH), SH, false],
    ['31 days and a minute by hour', 'hour', zonedStart(2025, 3, 1, SH), zonedStart(2025, 4, 1, SH) + 60_000, SH, false],
    ['31 days from 10:30 to 10:30 by hour', 'hour', zonedStart(2025, 3, 1, SH, 10) + 1_800_000, zonedStart(2025, 4, 1, SH, 10) + 1_800_000, SH, true],
    ['March in Berlin by hour (a 23-hour day: 743 hours)', 'hour', zonedStart(2025, 3, 1, BE), zonedStart(2025, 4, 1, BE), BE, true],
    ['October in Berlin by hour (a 25-hour day: 745 hours)', 'hour', zonedStart(2025, 10, 1, BE), zonedStart(2025, 11, 1, BE), BE, true],
    ['a leap year by day (366 days)', 'day', zonedStart(2024, 1, 1, SH), zonedStart(2025, 1, 1, SH), SH, true],
    ['a year in Berlin by day (both DST changes)', 'day', zonedStart(2025, 1, 1, BE), zonedStart(2026, 1, 1, BE), BE, true],
    ['367 days by day', 'day', zonedStart(2024, 1, 1, SH), zonedStart(2025, 1, 2, SH), SH, false],
    ['400 days by month', 'month', zonedStart(2024, 1, 1, SH), zonedStart(2025, 2, 4, SH), SH, true],
  ] as const)('%s → %s', (_name, grain, from, to, tz, fits) => {
    expect(analysisGrainFits(grain, from, to, tz)).toBe(fits);
  });
});
