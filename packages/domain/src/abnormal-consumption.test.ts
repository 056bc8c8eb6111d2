import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseLoadDays,
  baseLoadExcessKwh,
  baseLoadFindings,
  deviationPct,
  externalBaseline,
  findingFen,
  inDailyRange,
  localSlot,
  mergeFindings,
  nonWorkingKind,
  nonWorkingWindows,
  percentFindings,
  percentLevel,
  periodFindings,
  quotaStatus,
  usableKwh,
  wasteByLocalDay,
  wasteOf,
  weekdayBaseline,
  type EnergyInterval,
  type LevelledInterval,
} from './abnormal-consumption.js';
import { localParts, ReadingStatus, zonedStart } from './counters.js';
import { touPricer } from './equipment-state.js';

const SH = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';
const H = 3_600_000;
const Q = 900_000;
const DAY = 24 * H;

/** A series every `step` ms over [from, to) with kWh from the local time (and the instant). */
function series(from: number, to: number, step: number, kwh: (ts: number) => number | null, status?: (ts: number) => number | undefined): EnergyInterval[] {
  const out: EnergyInterval[] = [];
  for (let t = from; t < to; t += step) {
    const s = status?.(t);
    out.push(s === undefined ? { start: t, kwh: kwh(t) } : { start: t, kwh: kwh(t), status: s });
  }
  return out;
}

describe('localSlot: local date, weekday and minute of the day', () => {
  it('2025-06-02 10:15 in Shanghai is a Monday, minute 615', () => {
    const s = localSlot(zonedStart(2025, 6, 2, SH, 10) + 15 * 60_000, SH);
    expect(s).toEqual({ day: Date.UTC(2025, 5, 2) / DAY, weekday: 1, minute: 615 });
  });
  it('usable: missing, spike (suspect) and meter reset are not; estimated is', () => {
    expect(usableKwh({ start: 0, kwh: null })).toBeNull();
    expect(usableKwh({ start: 0, kwh: 9, status: ReadingStatus.suspect })).toBeNull();
    expect(usableKwh({ start: 0, kwh: 9, status: ReadingStatus.reset })).toBeNull();
    expect(usableKwh({ start: 0, kwh: 9, status: ReadingStatus.estimated })).toBe(9);
  });
});

describe('rule by percent, DOMAIN.md §10.1: worked example (hourly, Asia/Shanghai)', () => {
  // Monday 2025-06-02; the four Mondays before: May 5, 12, 19, 26. Every hour 100 kWh, except
  // 10:00 on May 12 (110) and May 19 (90): baseline at 10:00 = (100 + 110 + 90 + 100) / 4 = 100.
  const monday = (d: number, h: number) => zonedStart(2025, 5, d, SH, h);
  const history = series(monday(5, 0), monday(33, 0), H, (t) => (t === monday(12, 10) ? 110 : t === monday(19, 10) ? 90 : 100));
  const targets = [10, 11, 12, 13].map((h) => monday(33, h)); // 2025-06-02 (May 33)
  const actual: EnergyInterval[] = [
    { start: targets[0]!, kwh: 130 }, // dev +30 % → warn
    { start: targets[1]!, kwh: 150 }, // dev +50 % → alarm
    { start: targets[2]!, kwh: 115 }, // dev +15 % → normal
    { start: targets[3]!, kwh: 125 }, // dev +25 % → warn, alone
  ];

  it('baseline = mean of the same weekday and hour over 4 weeks, with its samples', () => {
    expect(weekdayBaseline(history, targets, SH)).toEqual(targets.map((start) => ({ start, expected: 100, samples: 4 })));
  });
  it('dev and levels: 20 % warn, 40 % alarm', () => {
    expect(deviationPct(130, 100)).toBeCloseTo(30, 12);
    expect([percentLevel(30), percentLevel(50), percentLevel(15), percentLevel(20)]).toEqual(['warn', 'alarm', null, null]);
    expect(deviationPct(5, 0)).toBeNull();
  });
  it('10:00–12:00 merges into one alarm finding: actual 280, expected 200, excess 80 kWh; 13:00 is a second finding', () => {
    const f = percentFindings(actual, weekdayBaseline(history, targets, SH), { intervalMs: H });
    expect(f.map((x) => [x.start, x.end, x.level, x.actualKwh, x.expectedKwh, x.excessKwh])).toEqual([
      [targets[0], targets[0]! + 2 * H, 'alarm', 280, 200, 80],
      [targets[3], targets[3]! + H, 'warn', 125, 100, 25],
    ]);
  });
  it('a dead band of 25 kWh drops 13:00 (excess 25) but keeps 10:00 (30) and 11:00 (50)', () => {
    const f = percentFindings(actual, weekdayBaseline(history, targets, SH), { intervalMs: H, minExcessKwh: 25 });
    expect(f.map((x) => [x.start, x.excessKwh])).toEqual([[targets[0], 80]]);
  });
  it('a minimum duration of 2 h drops the lone 13:00 finding', () => {
    const f = percentFindings(actual, weekdayBaseline(history, targets, SH), { intervalMs: H, minDurationMs: 2 * H });
    expect(f.map((x) => x.start)).toEqual([targets[0]]);
  });
  it('null baseline below the minimum of samples (only 2 weeks of history, min 3)', () => {
    const short = history.filter((iv) => iv.start >= monday(19, 0));
    expect(weekdayBaseline(short, [targets[0]!], SH)[0]).toEqual({ start: targets[0], expected: null, samples: 2 });
    expect(percentFindings(actual, weekdayBaseline(short, targets, SH), { intervalMs: H })).toEqual([]);
  });
  it('an external baseline (regression forecast or tb/hb reference) through the same interface', () => {
    const ext = externalBaseline(targets.map((start) => ({ start, kwh: 120 })));
    expect(ext[0]).toEqual({ start: targets[0], expected: 120, samples: null });
    // 150 vs 120 = +25 % → warn only
    expect(percentFindings(actual, ext, { intervalMs: H }).map((x) => [x.level, x.excessKwh])).toEqual([['warn', 30]]);
  });
});

describe('spike and meter reset are flagged and excluded from baseline and waste (DOMAIN.md §10, §1)', () => {
  const monday = (d: number, h: number) => zonedStart(2025, 5, d, SH, h);
  // May 12 10:00 a spike of 900 kWh (suspect), May 19 10:00 a reset interval of 5 000 kWh: both left out
  const flagged = new Map([
    [monday(12, 10), { kwh: 900, status: ReadingStatus.suspect }],
    [monday(19, 10), { kwh: 5000, status: ReadingStatus.reset }],
  ]);
  const history = series(
    monday(5, 0),
    monday(33, 0),
    H,
    (t) => flagged.get(t)?.kwh ?? 100,
    (t) => flagged.get(t)?.status,
  );
  const target = monday(33, 10);
  it('the baseline is the mean of the 2 clean weeks, samples 2 (null with the default minimum of 3)', () => {
    expect(weekdayBaseline(history, [target], SH, { minSamples: 2 })[0]).toEqual({ start: target, expected: 100, samples: 2 });
    expect(weekdayBaseline(history, [target], SH)[0]?.expected).toBeNull();
  });
  it('a spike or reset in the actual data is never abnormal, never waste', () => {
    const base = weekdayBaseline(history, [target, target + H], SH, { minSamples: 2 });
    const actual: EnergyInterval[] = [
      { start: target, kwh: 900, status: ReadingStatus.suspect },
      { start: target + H, kwh: 5000, status: ReadingStatus.reset },
    ];
    const f = percentFindings(actual, base, { intervalMs: H });
    expect(f).toEqual([]);
    expect(wasteOf(f, () => 1).kwh).toBe(0);
  });
});

describe('rule by period, DOMAIN.md §10.2: night leak of 20 kW over 21 nights (15-min, Asia/Shanghai)', () => {
  // Day 100 kW (25 kWh / 15 min), night 22:00–06:00 base 10 kW (2.5 kWh); a leak adds 20 kW (5 kWh)
  // on the 21 nights starting 2025-06-02 … 06-22 at 22:00. Limit 2.5 kWh per interval.
  const from = zonedStart(2025, 6, 2, SH);
  const to = zonedStart(2025, 6, 23, SH, 12);
  const leakFrom = zonedStart(2025, 6, 2, SH, 22);
  const night = (t: number) => {
    const h = localParts(t, SH).hour;
    return h >= 22 || h < 6;
  };
  const load = (t: number) => (night(t) ? 2.5 + (t >= leakFrom ? 5 : 0) : 25);
  const data = series(from, to, Q, load);
  const calendar = { nights: [{ start: '22:00', end: '06:00' }] };
  // two-rate tariff: valley 23:00–07:00 at ¥0.30, flat the rest at ¥0.80
  const price = touPricer(
    [
      {
        effectiveFrom: '2025-01-01',
        calendar: {
          seasons: [
            {
              name: 'all',
              fromMonth: 1,
              toMonth: 12,
              schedule: [
                { start: '23:00', end: '07:00', period: 'valley' },
                { start: '07:00', end: '23:00', period: 'flat' },
              ],
            },
          ],
        },
        touPrices: { valley: '0.30', flat: '0.80' },
      },
    ],
    SH,
  );

  it('the calendar: nights wrap midnight; holidays, weekends, breaks', () => {
    expect([inDailyRange(23 * 60, calendar.nights[0]!), inDailyRange(5 * 60 + 59, calendar.nights[0]!), inDailyRange(6 * 60, calendar.nights[0]!)]).toEqual([true, true, false]);
    const cal = { nights: calendar.nights, weekendDays: [0, 6], holidays: ['2025-06-02'], breaks: [{ start: '12:00', end: '13:00' }] };
    expect(nonWorkingKind(zonedStart(2025, 6, 2, SH, 10), cal, SH)).toBe('holiday');
    expect(nonWorkingKind(zonedStart(2025, 6, 7, SH, 10), cal, SH)).toBe('weekend');
    expect(nonWorkingKind(zonedStart(2025, 6, 3, SH, 23), cal, SH)).toBe('night');
    expect(nonWorkingKind(zonedStart(2025, 6, 3, SH, 12), cal, SH)).toBe('break');
    expect(nonWorkingKind(zonedStart(2025, 6, 3, SH, 10), cal, SH)).toBeNull();
  });
  it('22 night windows (the leak-free morning of June 2 included), each of 32 intervals but the first (24)', () => {
    const w = nonWorkingWindows(data, calendar, SH, Q);
    expect(w).toHaveLength(22);
    expect(w.map((x) => x.intervals.length)).toEqual([24, ...Array<number>(21).fill(32)]);
    expect(w[1]).toMatchObject({ start: leakFrom, end: leakFrom + 8 * H, kinds: ['night'] });
  });
  it('21 findings, one per night, 160 kWh each: 3 360 kWh, ¥1 218.00, 0.412944 tce, 1.916208 t CO₂', () => {
    const f = periodFindings(data, calendar, SH, { intervalMs: Q, limitKwhPerInterval: 2.5 });
    expect(f).toHaveLength(21);
    expect(f.every((x) => x.excessKwh === 160 && x.intervals.length === 32 && x.level === 'alarm')).toBe(true);
    expect(f[0]).toMatchObject({ start: leakFrom, end: leakFrom + 8 * H, actualKwh: 240, expectedKwh: 80 });
    // per night: 22:00–23:00 4 × 5 kWh × ¥0.80 = ¥16.00; 23:00–06:00 28 × 5 kWh × ¥0.30 = ¥42.00 → ¥58.00
    expect(findingFen(f[0]!, price)).toBe(5800);
    const w = wasteOf(f, price);
    expect(w.kwh).toBe(3360);
    expect(w.fen).toBe(121_800);
    expect(w.unpricedKwh).toBe(0);
    expect(w.tce).toBeCloseTo(0.412944, 9); // 3 360 × 0.1229 / 1 000
    expect(w.co2T).toBeCloseTo(1.916208, 9); // 3 360 × 0.5703 / 1 000
  });
  it('per local day for the heat-map: June 2 has 22:00–24:00 (40 kWh, ¥16 + 4 × 5 × 0.30 = ¥22), June 3…22 160 kWh (¥58), June 23 120 kWh (¥36)', () => {
    const days = wasteByLocalDay(periodFindings(data, calendar, SH, { intervalMs: Q, limitKwhPerInterval: 2.5 }), price, SH);
    expect(days).toHaveLength(22);
    expect(days[0]).toEqual({ date: '2025-06-02', kwh: 40, fen: 2200 });
    expect(days[1]).toEqual({ date: '2025-06-03', kwh: 160, fen: 5800 });
    expect(days[21]).toEqual({ date: '2025-06-23', kwh: 120, fen: 3600 });
    expect(days.reduce((a, d) => a + d.fen, 0)).toBe(121_800);
  });
  it('a per-window limit (80 kWh, the normal night) gives the same 160 kWh a night', () => {
    const f = periodFindings(data, calendar, SH, { intervalMs: Q, limitKwhPerWindow: 80 });
    expect(f).toHaveLength(21);
    expect(f.every((x) => Math.abs(x.excessKwh - 160) < 1e-9)).toBe(true);
    expect(wasteOf(f, price).fen).toBe(121_800);
  });
  it('a spike (night 5, 02:00) and a meter reset (night 10, 03:00) are excluded: 3 350 kWh, ¥1 215.00', () => {
    const spikeAt = zonedStart(2025, 6, 7, SH, 2);
    const resetAt = zonedStart(2025, 6, 12, SH, 3);
    const flagged = data.map((iv) =>
      iv.start === spikeAt ? { ...iv, kwh: 60, status: ReadingStatus.suspect } : iv.start === resetAt ? { ...iv, kwh: 5000, status: ReadingStatus.reset } : iv,
    );
    const f = periodFindings(flagged, calendar, SH, { intervalMs: Q, limitKwhPerInterval: 2.5 });
    expect(f).toHaveLength(21);
    expect(f.flatMap((x) => x.intervals.map((i) => i.start))).not.toContain(spikeAt);
    expect(f.flatMap((x) => x.intervals.map((i) => i.start))).not.toContain(resetAt);
    const w = wasteOf(f, price);
    expect(w.kwh).toBe(3350);
    expect(w.fen).toBe(121_500); // two valley intervals of 5 kWh × ¥0.30 fewer
  });
  it('a water leak (energy type 3, ¥/m³ flat): tce at 0.0857 kgce/t, no CO₂ factor', () => {
    const f = periodFindings(data, calendar, SH, { intervalMs: Q, limitKwhPerInterval: 2.5 });
    const w = wasteOf(f, () => '4.10', 3);
    expect(w.fen).toBe(1_377_600); // 3 360 m³ × ¥4.10
    expect(w.tce).toBeCloseTo(0.287952, 9); // 3 360 × 0.0857 / 1 000
    expect(w.co2T).toBeNull();
  });
  it('intervals without a price are counted apart', () => {
    const f = periodFindings(data, calendar, SH, { intervalMs: Q, limitKwhPerInterval: 2.5 });
    const w = wasteOf(f, (t) => (localParts(t, SH).hour === 22 ? null : '0.30'));
    expect(w.unpricedKwh).toBe(21 * 20);
    expect(w.fen).toBe(21 * 4200);
  });
  it('base-load ratio: a leak night lifts min/mean of the day from 10 / 70 to 30 / 76.67', () => {
    const days = baseLoadDays(data, SH, { intervalMs: Q, maxRatioPct: 30 });
    // June 2 (leak only after 22:00): min 2.5, mean (24 × 2.5 + 64 × 25 + 8 × 7.5) / 96 = 17.9167 → 13.95 %
    expect(days[0]?.ratioPct).toBeCloseTo((2.5 / ((24 * 2.5 + 64 * 25 + 8 * 7.5) / 96)) * 100, 9);
    expect(days[0]?.abnormal).toBe(false);
    // June 3: min 7.5, mean (32 × 7.5 + 64 × 25) / 96 = 19.1667 → 39.13 % > 30 %
    expect(days[1]?.ratioPct).toBeCloseTo((7.5 / ((32 * 7.5 + 64 * 25) / 96)) * 100, 9);
    expect(days[1]).toMatchObject({ start: zonedStart(2025, 6, 3, SH), end: zonedStart(2025, 6, 4, SH), abnormal: true });
    // June 23 has only 12 h of data: below 75 % coverage, no ratio
    expect(days.map((d) => d.start)).not.toContain(zonedStart(2025, 6, 23, SH));
  });
  it('base-load findings (Y = 30 %): June 3 excess Δ = min − Y·mean = 7.5 − 0.3 × 19.1667 = 1.75 kWh in each of its 96 intervals, 168 kWh', () => {
    expect(baseLoadExcessKwh(7.5, (32 * 7.5 + 64 * 25) / 96, 30)).toBeCloseTo(1.75, 12);
    expect(baseLoadExcessKwh(2.5, 17.9, 30)).toBe(0);
    // a flat day (min = mean = 10) at Y = 50 %: half of it, never all
    expect(baseLoadExcessKwh(10, 10, 50)).toBe(5);
    const f = baseLoadFindings(data, SH, { intervalMs: Q, maxRatioPct: 30, level: 'warn' });
    // June 3 … 22 (June 2 is 13.95 %, June 23 too short)
    expect(f.map((x) => x.start)).toEqual(Array.from({ length: 20 }, (_, i) => zonedStart(2025, 6, 3 + i, SH)));
    const june3 = f[0];
    expect([june3?.end, june3?.level, june3?.intervals.length]).toEqual([zonedStart(2025, 6, 4, SH), 'warn', 96]);
    expect(june3?.excessKwh).toBeCloseTo(168, 9);
    expect(june3?.actualKwh).toBeCloseTo(32 * 7.5 + 64 * 25, 9);
    expect(june3?.expectedKwh).toBeCloseTo(32 * 7.5 + 64 * 25 - 168, 9);
    expect(june3?.intervals.every((i) => Math.abs(i.actualKwh - i.expectedKwh - 1.75) < 1e-9)).toBe(true);
    expect(june3?.day.ratioPct).toBeCloseTo(39.1304, 3);
    // ¥ at the two-rate tariff: 1.75 × (32 valley × 0.30 + 64 flat × 0.80) = 1.75 × 60.8 = ¥106.40
    expect(wasteOf([june3!], price).fen).toBe(10_640);
  });
  it('base-load findings skip the whole non-working days of the calendar (weekends June 7/8, 14/15, 21/22) and a ratio of 40 % finds none', () => {
    const f = baseLoadFindings(data, SH, { intervalMs: Q, maxRatioPct: 30, calendar: { weekendDays: [0, 6], nights: [{ start: '22:00', end: '06:00' }] } });
    expect(f).toHaveLength(14);
    expect(f.map((x) => x.start)).not.toContain(zonedStart(2025, 6, 7, SH));
    expect(baseLoadFindings(data, SH, { intervalMs: Q, maxRatioPct: 40 })).toEqual([]);
  });
});

describe('DST: the weekday/hour baseline lines up in Europe/Berlin (DOMAIN.md §10.1)', () => {
  // each hour's kWh = its local hour, so a baseline that matched by ms offsets would be off by one
  const kwhIsLocalHour = (t: number) => localParts(t, BERLIN).hour;
  it('Monday 2025-03-31 (CEST) against Mondays March 3–24 (CET): every hour matches, 4 samples', () => {
    const history = series(zonedStart(2025, 3, 3, BERLIN), zonedStart(2025, 3, 31, BERLIN), H, kwhIsLocalHour);
    const targets = series(zonedStart(2025, 3, 31, BERLIN), zonedStart(2025, 4, 1, BERLIN), H, () => 0).map((iv) => iv.start);
    expect(targets).toHaveLength(24);
    const b = weekdayBaseline(history, targets, BERLIN);
    expect(b.map((x) => x.expected)).toEqual(targets.map((t) => localParts(t, BERLIN).hour));
    expect(b.every((x) => x.samples === 4)).toBe(true);
  });
  it('Sunday 02:00 after the spring-forward Sunday: 3 samples (March 30 has no 02:00)', () => {
    const history = series(zonedStart(2025, 3, 9, BERLIN), zonedStart(2025, 4, 6, BERLIN), H, kwhIsLocalHour);
    const t = zonedStart(2025, 4, 6, BERLIN, 2);
    expect(weekdayBaseline(history, [t], BERLIN)[0]).toEqual({ start: t, expected: 2, samples: 3 });
    expect(weekdayBaseline(history, [t], BERLIN, { minSamples: 4 })[0]?.expected).toBeNull();
  });
  it('Sunday 02:00 after the fall-back Sunday: the repeated hour gives 5 samples', () => {
    const history = series(zonedStart(2025, 10, 5, BERLIN), zonedStart(2025, 11, 2, BERLIN), H, kwhIsLocalHour);
    const t = zonedStart(2025, 11, 2, BERLIN, 2);
    expect(weekdayBaseline(history, [t], BERLIN)[0]).toEqual({ start: t, expected: 2, samples: 5 });
  });
});

describe('rule by usage/quota, DOMAIN.md §10.3 (June 2025, 30 000 kWh quota)', () => {
  const start = zonedStart(2025, 6, 1, SH);
  const end = zonedStart(2025, 7, 1, SH);
  const hourly = (to: number) => series(start, to, H, () => 50); // 1 200 kWh a day
  it('after 10 days: 12 000 kWh > pro-rated 10 000; run rate projects 36 000 → breach on June 26 00:00', () => {
    const now = zonedStart(2025, 6, 11, SH);
    const s = quotaStatus({ periodStart: start, periodEnd: end, quotaKwh: 30_000, now, intervals: hourly(now), intervalMs: H });
    expect(s).toMatchObject({ usedKwh: 12_000, exceeded: false, overProRata: true, breachForecast: true, projectedFrom: 'runRate', level: 'warn' });
    expect(s.elapsedFraction).toBeCloseTo(1 / 3, 12);
    expect(s.proRatedQuotaKwh).toBeCloseTo(10_000, 9);
    expect(s.projectedKwh).toBeCloseTo(36_000, 9);
    // (30 000 − 12 000) / 1 200 a day = 15 days after June 11
    expect(s.breachAt).toBeCloseTo(zonedStart(2025, 6, 26, SH), 0);
  });
  it('a given forecast of 33 000: (33 000 − 12 000) / 20 days = 1 050 a day → 17.142857 days after June 11', () => {
    const now = zonedStart(2025, 6, 11, SH);
    const s = quotaStatus({ periodStart: start, periodEnd: end, quotaKwh: 30_000, now, intervals: hourly(now), intervalMs: H, forecastTotalKwh: 33_000 });
    expect(s.projectedFrom).toBe('forecast');
    expect(s.breachAt).toBeCloseTo(now + (18_000 / 1050) * DAY, 0);
  });
  it('on track: a forecast under the quota raises nothing', () => {
    const now = zonedStart(2025, 6, 11, SH);
    const s = quotaStatus({ periodStart: start, periodEnd: end, quotaKwh: 40_000, now, intervals: hourly(now), intervalMs: H, forecastTotalKwh: 35_000 });
    expect(s).toMatchObject({ overProRata: false, breachForecast: false, breachAt: null, level: null });
  });
  it('exceeded: on June 27 31 200 kWh > 30 000, crossed on June 26 00:00 (alarm)', () => {
    const now = zonedStart(2025, 6, 27, SH);
    const s = quotaStatus({ periodStart: start, periodEnd: end, quotaKwh: 30_000, now, intervals: hourly(now), intervalMs: H });
    expect(s).toMatchObject({ usedKwh: 31_200, exceeded: true, breachForecast: false, level: 'alarm', breachAt: zonedStart(2025, 6, 26, SH) });
  });
  it('flagged intervals do not count toward the quota', () => {
    const now = zonedStart(2025, 6, 2, SH);
    const ivs = hourly(now).map((iv, i) => (i === 3 ? { ...iv, kwh: 9999, status: ReadingStatus.suspect } : iv));
    expect(quotaStatus({ periodStart: start, periodEnd: end, quotaKwh: 30_000, now, intervals: ivs, intervalMs: H }).usedKwh).toBe(1150);
  });
});

describe('properties of findings and waste', () => {
  const statusArb = fc.constantFrom(0, 0, 0, 1, 2, ReadingStatus.suspect, ReadingStatus.reset);
  const cell = fc.record({
    slot: fc.integer({ min: 0, max: 80 }),
    actual: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
    expected: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
    status: statusArb,
  });
  const cells = fc.uniqueArray(cell, { selector: (c) => c.slot, maxLength: 60 });
  const toInputs = (cs: readonly { slot: number; actual: number | null; expected: number | null; status: number }[]) => ({
    actual: cs.map((c) => ({ start: c.slot * Q, kwh: c.actual, status: c.status })),
    expected: cs.map((c) => ({ start: c.slot * Q, expected: c.expected, samples: 4 })),
  });
  const price = (t: number) => ((t / Q) % 3 === 0 ? '0.25' : '1.05');

  it('waste ≥ 0 and ≤ Σ actual over the findings; findings never overlap; none shorter than the minimum', () => {
    fc.assert(
      fc.property(cells, fc.integer({ min: 1, max: 4 }), (cs, minN) => {
        const { actual, expected } = toInputs(cs);
        const f = percentFindings(actual, expected, { intervalMs: Q, minDurationMs: minN * Q });
        const w = wasteOf(f, price);
        expect(w.kwh).toBeGreaterThanOrEqual(0);
        expect(w.fen).toBeGreaterThanOrEqual(0);
        expect(w.kwh).toBeLessThanOrEqual(f.reduce((a, x) => a + x.actualKwh, 0) + 1e-9);
        for (let i = 1; i < f.length; i++) expect(f[i]!.start).toBeGreaterThanOrEqual(f[i - 1]!.end);
        for (const x of f) expect(x.end - x.start).toBeGreaterThanOrEqual(minN * Q);
        const flagged = new Set(actual.filter((a) => a.status === ReadingStatus.suspect || a.status === ReadingStatus.reset).map((a) => a.start));
        for (const x of f) for (const i of x.intervals) expect(flagged.has(i.start)).toBe(false);
      }),
    );
  });
  it('merging is order-independent', () => {
    const levelled = fc.uniqueArray(
      fc.record({ slot: fc.integer({ min: 0, max: 60 }), a: fc.double({ min: 0, max: 100, noNaN: true }), e: fc.double({ min: 0, max: 100, noNaN: true }), alarm: fc.boolean() }),
      { selector: (c) => c.slot, maxLength: 40 },
    );
    fc.assert(
      fc.property(
        levelled.chain((cs) => fc.tuple(fc.constant(cs), fc.shuffledSubarray(cs, { minLength: cs.length, maxLength: cs.length }))),
        fc.integer({ min: 1, max: 3 }),
        ([cs, shuffled], minN) => {
          const toLevelled = (xs: typeof cs): LevelledInterval[] =>
            xs.map((c) => ({ start: c.slot * Q, actualKwh: c.a, expectedKwh: c.e, excessKwh: Math.max(0, c.a - c.e), level: c.alarm ? 'alarm' : 'warn' }));
          expect(mergeFindings(toLevelled(shuffled), Q, minN * Q)).toEqual(mergeFindings(toLevelled(cs), Q, minN * Q));
        },
      ),
    );
  });
  it('percent findings are order-independent, and period findings too', () => {
    fc.assert(
      fc.property(
        cells.chain((cs) => fc.tuple(fc.constant(cs), fc.shuffledSubarray(cs, { minLength: cs.length, maxLength: cs.length }))),
        ([cs, shuffled]) => {
          const a = toInputs(cs);
          const b = toInputs(shuffled);
          expect(percentFindings(b.actual, b.expected, { intervalMs: Q })).toEqual(percentFindings(a.actual, a.expected, { intervalMs: Q }));
          const cal = { nights: [{ start: '02:00', end: '10:00' }] };
          const rule = { intervalMs: Q, limitKwhPerInterval: 40, limitKwhPerWindow: 200 };
          expect(periodFindings(b.actual, cal, 'UTC', rule)).toEqual(periodFindings(a.actual, cal, 'UTC', rule));
        },
      ),
    );
  });
  it('period waste ≥ 0 and ≤ Σ actual; expected never above actual in a finding', () => {
    fc.assert(
      fc.property(cells, fc.double({ min: 0, max: 50, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (cs, perIv, perWin) => {
        const { actual } = toInputs(cs);
        const f = periodFindings(actual, { nights: [{ start: '01:00', end: '11:00' }] }, 'UTC', { intervalMs: Q, limitKwhPerInterval: perIv, limitKwhPerWindow: perWin });
        const w = wasteOf(f, price);
        expect(w.kwh).toBeGreaterThanOrEqual(0);
        expect(w.kwh).toBeLessThanOrEqual(f.reduce((a, x) => a + x.actualKwh, 0) + 1e-9);
        for (const x of f) for (const i of x.intervals) expect(i.expectedKwh).toBeLessThanOrEqual(i.actualKwh);
        for (let i = 1; i < f.length; i++) expect(f[i]!.start).toBeGreaterThanOrEqual(f[i - 1]!.end);
      }),
    );
  });
});
