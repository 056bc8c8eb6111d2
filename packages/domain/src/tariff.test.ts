import { describe, expect, it } from 'vitest';
import { monthlyCosPhi, powerFactorAdjustment } from './power-factor.js';
import {
  calendarOnWholeHours,
  EXAMPLE_PERIOD_CALENDAR as CAL,
  EXAMPLE_TOU_PRICES,
  allocatedBasicFee,
  billingPeriod,
  billingPeriodOf,
  capacityBasicFee,
  checkTouPrices,
  cheaperBasicFeeBasis,
  classifyInterval,
  demandBasicFee,
  energyFee,
  meanDayPriceYuanPerKwh,
  monthlyBill,
  proRatedDays,
  splitByPeriod,
  validateCalendar,
  versionAt,
  versionSpans,
  type PeriodCalendar,
} from './tariff.js';

const TZ = 'Asia/Shanghai';
/** Shanghai local time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);
const sh = (ts: number) => new Date(ts + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const Q = 15 * 60_000;

describe('classifyInterval: a 15-min interval by its local start, season by month, holiday by date (DOMAIN §3)', () => {
  it.each([
    ['06:45 in June is valley (23:00–07:00 wraps midnight)', at(2025, 6, 10, 6, 45), 'valley'],
    ['07:00 is flat (range start inclusive)', at(2025, 6, 10, 7, 0), 'flat'],
    ['10:45 is peak, 11:00 is flat (range end exclusive)', at(2025, 6, 10, 10, 45), 'peak'],
    ['23:00 is valley again', at(2025, 6, 10, 23, 0), 'valley'],
    ['00:00 is valley', at(2025, 6, 10, 0, 0), 'valley'],
    ['20:15 in June (non-summer season) is peak', at(2025, 6, 10, 20, 15), 'peak'],
    ['20:15 in July (summer season) is sharp', at(2025, 7, 10, 20, 15), 'sharp'],
    ['the season 9→6 wraps the year: 20:15 in January is peak', at(2025, 1, 10, 20, 15), 'peak'],
  ] as const)('%s', (_rule, ts, period) => expect(classifyInterval(ts, CAL, TZ)).toBe(period));

  it('timezone: 2025-06-09 23:30 UTC is 07:30 in Shanghai (flat) but 23:30 in UTC (valley)', () => {
    const ts = Date.UTC(2025, 5, 9, 23, 30);
    expect(classifyInterval(ts, CAL, TZ)).toBe('flat');
    expect(classifyInterval(ts, CAL, 'UTC')).toBe('valley');
  });

  it('a holiday override has its own day schedule for that local date only', () => {
    const cal: PeriodCalendar = { ...CAL, holidays: [{ date: '2025-10-01', name: 'National Day', schedule: [{ start: '00:00', end: '24:00', period: 'valley' }] }] };
    expect(classifyInterval(at(2025, 10, 1, 9, 0), cal, TZ)).toBe('valley');
    expect(classifyInterval(at(2025, 10, 2, 9, 0), cal, TZ)).toBe('peak');
    // 2025-09-30 16:00 UTC is already 10-01 00:00 in Shanghai
    expect(classifyInterval(Date.UTC(2025, 8, 30, 16, 0), cal, TZ)).toBe('valley');
  });

  it('DST (Europe/Berlin, 2025-03-30 springs forward at 02:00): local wall-clock hours decide', () => {
    expect(classifyInterval(Date.UTC(2025, 2, 30, 0, 45), CAL, 'Europe/Berlin')).toBe('valley'); // 01:45 CET
    expect(classifyInterval(Date.UTC(2025, 2, 30, 5, 45), CAL, 'Europe/Berlin')).toBe('flat'); // 07:45 CEST
    expect(classifyInterval(Date.UTC(2025, 2, 30, 6, 0), CAL, 'Europe/Berlin')).toBe('peak'); // 08:00 CEST
    expect(classifyInterval(Date.UTC(2025, 2, 29, 6, 0), CAL, 'Europe/Berlin')).toBe('flat'); // 07:00 CET the day before
  });

  it('a calendar that does not cover the instant → null', () => {
    expect(classifyInterval(at(2025, 6, 1, 3), { seasons: [] }, TZ)).toBeNull();
  });
});

describe('calendarOnWholeHours: hourly rollups split by period exactly when every range starts and ends on the hour', () => {
  it('the example calendar (07, 08, 11, 17, 20, 22, 23 h) is on whole hours', () => {
    expect(calendarOnWholeHours(CAL)).toBe(true);
  });
  it('a half-hour boundary in a season or in a holiday is not', () => {
    const halfHour = { seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: [{ start: '00:00', end: '11:30', period: 'flat' as const }, { start: '11:30', end: '24:00', period: 'peak' as const }] }] };
    expect(calendarOnWholeHours(halfHour)).toBe(false);
    const holiday = { seasons: CAL.seasons, holidays: [{ date: '2026-10-01', schedule: [{ start: '00:15', end: '00:15', period: 'valley' as const }] }] };
    expect(calendarOnWholeHours(holiday)).toBe(false);
  });
});

describe('versionAt: a tariff change from a date applies from that local midnight', () => {
  const versions = [
    { effectiveFrom: '2025-01-01', name: 'v1' },
    { effectiveFrom: '2025-06-01', name: 'v2' },
  ];
  it.each([
    ['2025-05-31 23:45 local is still v1', at(2025, 5, 31, 23, 45), 'v1'],
    ['2025-06-01 00:00 local (05-31 16:00 UTC) is v2', at(2025, 6, 1), 'v2'],
    ['before the first version: none', at(2024, 12, 31, 23), null],
  ] as const)('%s', (_rule, ts, name) => expect(versionAt(versions, ts, TZ)?.name ?? null).toBe(name));
});

describe('versionSpans: a billing period cut where a version takes effect (basic fee by the days of each version)', () => {
  const a = { effectiveFrom: '2025-01-01', name: 'A' };
  const b = { effectiveFrom: '2025-03-16', name: 'B' };
  const spans = (versions: { effectiveFrom: string; name: string }[], from: number, to: number) =>
    versionSpans(versions, { from, to }, TZ).map((s) => [s.version?.name ?? null, sh(s.from), sh(s.to), s.days]);
  it('one version over the whole of March: one span of 31 days', () => expect(spans([a], at(2025, 3, 1), at(2025, 4, 1))).toEqual([['A', '2025-03-01 00:00', '2025-04-01 00:00', 31]]));
  it('B from 16 March: A over 1–15 (15 days), B over 16–31 (16 days)', () =>
    expect(spans([a, b], at(2025, 3, 1), at(2025, 4, 1))).toEqual([
      ['A', '2025-03-01 00:00', '2025-03-16 00:00', 15],
      ['B', '2025-03-16 00:00', '2025-04-01 00:00', 16],
    ]));
  it('the first version starting inside the period leaves its first days without a version', () =>
    expect(spans([b], at(2025, 3, 1), at(2025, 4, 1))).toEqual([
      [null, '2025-03-01 00:00', '2025-03-16 00:00', 15],
      ['B', '2025-03-16 00:00', '2025-04-01 00:00', 16],
    ]));
  it('a version starting on the first day or after the period does not cut it; an empty range has no span', () => {
    expect(spans([a, { effectiveFrom: '2025-03-01', name: 'C' }, { effectiveFrom: '2025-04-01', name: 'D' }], at(2025, 3, 1), at(2025, 4, 1))).toEqual([['C', '2025-03-01 00:00', '2025-04-01 00:00', 31]]);
    expect(spans([a], at(2025, 3, 1), at(2025, 3, 1))).toEqual([]);
  });
  it('days are local days across a DST change (Europe/Berlin, 30 March 2025 has 23 h): March = 31 days', () => {
    const s = versionSpans([a], { from: Date.UTC(2025, 1, 28, 23), to: Date.UTC(2025, 2, 31, 22) }, 'Europe/Berlin');
    expect(s.map((x) => x.days)).toEqual([31]);
  });
});

describe('validateCalendar: every month in one season, every day covered exactly once', () => {
  it('the example calendar is valid', () => expect(validateCalendar(CAL)).toEqual([]));
  it('reports uncovered months, gaps, overlaps, bad times and duplicate holidays', () => {
    const day = [{ start: '00:00', end: '24:00', period: 'flat' as const }];
    const errors = validateCalendar({
      seasons: [
        { name: 'a', fromMonth: 1, toMonth: 6, schedule: [{ start: '00:00', end: '12:00', period: 'flat' }] },
        { name: 'b', fromMonth: 6, toMonth: 11, schedule: [...day, { start: '08:00', end: '09:00', period: 'peak' }] },
      ],
      holidays: [
        { date: '2025-05-01', schedule: [{ start: '25:00', end: '24:00', period: 'flat' }] },
        { date: '2025-05-01', schedule: day },
      ],
    });
    expect(errors).toEqual([
      'month 6 is in 2 seasons',
      'month 12 is in 0 seasons',
      'season a: 12:00 is not covered',
      'season b: 08:00 is covered twice',
      'holiday 2025-05-01: bad range 25:00–24:00 flat',
      'holiday 2025-05-01: 00:00 is not covered',
      'holiday 2025-05-01 appears twice',
    ]);
  });
});

describe('splitByPeriod: E_p from 15-min interval energy', () => {
  // One June day, 96 intervals: 100 kWh each in peak, 80 in flat, 50 in valley.
  // Example calendar outside summer: peak 08–11 + 17–22 = 8 h = 32 intervals → 3 200 kWh;
  // flat 07–08 + 11–17 + 22–23 = 8 h → 32 × 80 = 2 560 kWh; valley 23–07 = 8 h → 32 × 50 = 1 600 kWh.
  const day = (y: number, m: number, d: number) =>
    Array.from({ length: 96 }, (_, i) => {
      const start = at(y, m, d) + i * Q;
      const p = classifyInterval(start, CAL, TZ);
      return { start, kwh: p === 'peak' ? 100 : p === 'flat' ? 80 : p === 'valley' ? 50 : 120 };
    });
  it('a June day: peak 3 200, flat 2 560, valley 1 600 kWh', () => {
    const s = splitByPeriod(day(2025, 6, 10), CAL, TZ);
    expect(s.kwh).toEqual({ sharp: 0, peak: 3200, flat: 2560, valley: 1600, deepValley: 0 });
    expect(s.missingIntervals).toBe(0);
  });
  it('a July day: 20:00–22:00 is sharp (8 × 120 = 960 kWh), peak keeps 08–11 + 17–20 (24 × 100)', () => {
    expect(splitByPeriod(day(2025, 7, 10), CAL, TZ).kwh).toEqual({ sharp: 960, peak: 2400, flat: 2560, valley: 1600, deepValley: 0 });
  });
  it('float drift does not leak into the sums: 3 × 0.1 kWh valley is 0.3', () => {
    const s = splitByPeriod([0, 1, 2].map((i) => ({ start: at(2025, 6, 10, 1) + i * Q, kwh: 0.1 })), CAL, TZ);
    expect(s.kwh.valley).toBe(0.3);
  });
  it('missing intervals are counted, not treated as zero; uncovered energy is reported apart', () => {
    const s = splitByPeriod([{ start: at(2025, 6, 10, 1), kwh: null }, { start: at(2025, 6, 10, 1, 15), kwh: 5 }], { seasons: [] }, TZ);
    expect(s.missingIntervals).toBe(1);
    expect(s.unclassifiedKwh).toBe(5);
  });
});

describe('energyFee: Σ E_p × price_p, one line per period rounded half-up to the fen', () => {
  it('lines and total; periods without energy have no line', () => {
    // peak 3 200 × 1.0000 = 3 200.00; flat 2 560 × 0.6 = 1 536.00; valley 1 600 × 0.25 = 400.00
    const f = energyFee({ peak: 3200, flat: 2560, valley: 1600, sharp: 0 }, EXAMPLE_TOU_PRICES);
    expect(f.lines.map((l) => [l.key, l.fen])).toEqual([
      ['peak', 320000],
      ['flat', 153600],
      ['valley', 40000],
    ]);
    expect(f.totalFen).toBe(513600);
    expect(f.totalKwh).toBe(7360);
  });
  it('a period with energy but no price is an error', () => expect(() => energyFee({ deepValley: 1 }, EXAMPLE_TOU_PRICES)).toThrow(RangeError));
  it('the total is the sum of rounded lines: 3 lines of 0.005 ¥ → 0.03 ¥ (not 0.015 → 0.02)', () => {
    expect(energyFee({ peak: 1, flat: 1, valley: 1 }, { peak: '0.005', flat: '0.005', valley: '0.005' }).totalFen).toBe(3);
  });
});

describe('checkTouPrices: 1093号 frame (peak/valley ≥ 3:1 or 4:1, sharp ≥ peak + 20 %)', () => {
  it('the example prices pass at 4:1', () => expect(checkTouPrices(EXAMPLE_TOU_PRICES, { minPeakValleyRatio: 4, minSharpUplift: 0.2 })).toEqual([]));
  it('peak 0.9 / valley 0.35 = 2.57 and sharp 1.0 < 1.08 break both rules', () =>
    expect(checkTouPrices({ sharp: 1, peak: 0.9, valley: 0.35 })).toEqual(['peakValleyRatio', 'sharpUplift']));
});

describe('basic fee by capacity and by demand (DOMAIN §3)', () => {
  it('capacity: 2 000 kVA × ¥25/kVA·month = ¥50 000.00', () => expect(capacityBasicFee(2000, 25).fen).toBe(5000000));

  const base = { capacityKva: 2000, contractKw: 1200, priceYuanPerKwMonth: 38, election: 'contract' as const };
  const fee = (lines: { key: string; quantity?: number; unitPriceYuan?: string; fen: number }[]) => ({ minKw: 800, raisedToMinimum: false, lines, fen: lines.reduce((a, l) => a + l.fen, 0) });
  it('MD 1 250 kW ≤ 105 % of 1 200 (1 260): the contract is billed, 1 200 × 38 = ¥45 600.00', () => {
    expect(demandBasicFee({ ...base, actualMdKw: 1250 })).toEqual({ ...fee([{ key: 'demandContract', quantity: 1200, unitPriceYuan: '38', fen: 4560000 }]), billedKw: 1200 });
  });
  it('MD exactly 1 260 kW (105 %): still only the contract', () => expect(demandBasicFee({ ...base, actualMdKw: 1260 })).toMatchObject({ fen: 4560000, billedKw: 1200 }));
  it('MD 1 300 kW: contract ¥45 600.00 + (1 300 − 1 260) = 40 kW at double price 76 = ¥3 040.00 → ¥48 640.00', () => {
    const f = demandBasicFee({ ...base, actualMdKw: 1300 });
    expect(f.lines.map((l) => [l.key, l.quantity, l.unitPriceYuan, l.fen])).toEqual([
      ['demandContract', 1200, '38', 4560000],
      ['demandExcess', 40, '76', 304000],
    ]);
    expect(f.fen).toBe(4864000);
  });
  it("'actual MD' election bills the MD: 1 300 × 38 = ¥49 400.00", () => expect(demandBasicFee({ ...base, election: 'actual', actualMdKw: 1300 })).toMatchObject({ fen: 4940000, billedKw: 1300, raisedToMinimum: false }));
  it('rules are data: 110 % tolerance and 3× excess → 1 400 − 1 320 = 80 kW × 114 = ¥9 120.00 extra', () => {
    const f = demandBasicFee({ ...base, actualMdKw: 1400 }, { toleranceRatio: 1.1, excessMultiplier: 3, minContractRatio: 0.4 });
    expect(f.lines[1]).toMatchObject({ quantity: 80, fen: 912000 });
  });
});

describe('发改办价格〔2016〕1583号: a contracted (or actual) maximum demand below 40 % of the capacity is billed at 40 % of the capacity', () => {
  const base = { capacityKva: 2000, priceYuanPerKwMonth: 38 };
  // 40 % of 2 000 kVA = 800 kW
  it('contract 700 kW < 800 kW, MD 600 kW: billed 800 × 38 = ¥30 400.00, flagged, not refused', () =>
    expect(demandBasicFee({ ...base, election: 'contract', contractKw: 700, actualMdKw: 600 })).toEqual({
      lines: [{ key: 'demandContract', quantity: 800, unitPriceYuan: '38', fen: 3040000 }],
      fen: 3040000,
      billedKw: 800,
      minKw: 800,
      raisedToMinimum: true,
    }));
  // the 105 % tolerance is on the contract as billed: 1.05 × 800 = 840; MD 900 → 60 kW × 76 = 4 560.00
  it('contract 700 kW, MD 900 kW: 800 × 38 = ¥30 400.00 + (900 − 840) = 60 kW × 76 = ¥4 560.00 → ¥34 960.00', () => {
    const f = demandBasicFee({ ...base, election: 'contract', contractKw: 700, actualMdKw: 900 });
    expect(f.lines.map((l) => [l.key, l.quantity, l.fen])).toEqual([
      ['demandContract', 800, 3040000],
      ['demandExcess', 60, 456000],
    ]);
    expect(f.fen).toBe(3496000);
  });
  it("electing actual MD, MD 600 kW: max(600, 800) × 38 = ¥30 400.00", () =>
    expect(demandBasicFee({ ...base, election: 'actual', contractKw: 0, actualMdKw: 600 })).toMatchObject({ fen: 3040000, billedKw: 800, raisedToMinimum: true }));
  it('a contract of exactly 40 % (800 kW) is not raised', () => expect(demandBasicFee({ ...base, election: 'contract', contractKw: 800, actualMdKw: 600 })).toMatchObject({ fen: 3040000, raisedToMinimum: false }));
});

describe('供电营业规则 第84条: the basic fee of part of a month is the days in use × 1/30 of the monthly fee', () => {
  // ¥50 000.00 a month (2 000 kVA × ¥25)
  it.each([
    // February 2025 has 28 days: 10 days → 50 000 × 10 / 30 = 16 666.666… → ¥16 666.67 (not 10/28)
    ['10 days of a 28-day February: 50 000 × 10/30 = ¥16 666.67', 10, 1666667],
    // a 30-day month: 20 days → 50 000 × 20 / 30 = 33 333.33
    ['20 days of a 30-day June: 50 000 × 20/30 = ¥33 333.33', 20, 3333333],
    // July has 31 days: 21 days → 50 000 × 21 / 30 = 35 000.00 (not 21/31 = 33 870.97)
    ['21 days of a 31-day July: 50 000 × 21/30 = ¥35 000.00', 21, 3500000],
  ] as const)('%s', (_rule, days, fen) => expect(capacityBasicFee(2000, 25, { days })).toEqual({ key: 'capacity', quantity: 2000, unitPriceYuan: '25', fen, days, daysInPeriod: 30 }));
  it('the demand basis is pro-rated the same way: contract 1 200 × 38 × 21/30 = ¥31 920.00', () =>
    expect(demandBasicFee({ capacityKva: 2000, contractKw: 1200, actualMdKw: 1000, priceYuanPerKwMonth: 38, election: 'contract' }, undefined, { days: 21 }).fen).toBe(3192000));
  it.each([
    ['a whole month is the monthly fee, not pro-rated (31 of 31 days)', [31], 31, [null]],
    ['a whole 30-day June too', [30], 30, [null]],
    ['a whole 28-day February too', [28], 28, [null]],
    ['metering from day 11 of July: 21 days', [21], 31, [{ days: 21 }]],
    ['metering from day 15 of February: 14 days (14/30, the days in use)', [14], 28, [{ days: 14 }]],
    ['metering from day 11 of February, a tariff change on day 20: 9 + 9 days (days left out: each its own days)', [9, 9], 28, [{ days: 9 }, { days: 9 }]],
    ['a 31-day month cut by a tariff change 15 + 16: 15/30 + 15/30, never more than a month', [15, 16], 31, [{ days: 15 }, { days: 15 }]],
    ['a 31-day month cut 30 + 1: 30/30 + 0/30', [30, 1], 31, [{ days: 30 }, { days: 0 }]],
    ['a 30-day June cut 10 + 20: 10/30 + 20/30', [10, 20], 30, [{ days: 10 }, { days: 20 }]],
    ['a 28-day February cut 14 + 14: 14/30 + 16/30, the last stretch up to a whole month', [14, 14], 28, [{ days: 14 }, { days: 16 }]],
    ['a 28-day February cut 10 + 10 + 8: 10/30 + 10/30 + 10/30', [10, 10, 8], 28, [{ days: 10 }, { days: 10 }, { days: 10 }]],
  ] as const)('proRatedDays: %s', (_rule, stretches, daysInPeriod, expected) => expect(proRatedDays(stretches, daysInPeriod)).toEqual(expected));

  // ¥50 000.00 a month: a change of tariff version inside the month, at the same price, bills the
  // month's fee exactly as an uncut month does, whatever the month's length
  it.each([
    // 28-day February: uncut 50 000.00; 14 + 14 → 50 000 × 14/30 = 23 333.33 + 50 000 × 16/30 = 26 666.67 = 50 000.00 (not 46 666.67, 6.7 % less)
    ['28-day February', 28, [14, 14], [5000000], [2333333, 2666667]],
    // 30-day June: 10 + 20 → 16 666.67 + 33 333.33 = 50 000.00
    ['30-day June', 30, [10, 20], [5000000], [1666667, 3333333]],
    // 31-day July: 15 + 16 → 25 000.00 + 25 000.00 = 50 000.00 (not 15/30 + 16/30 = 51 666.67)
    ['31-day July', 31, [15, 16], [5000000], [2500000, 2500000]],
  ] as const)('%s: uncut and cut by a price change, the month bills ¥50 000.00 (第84条)', (_m, days, cut, uncutFen, cutFen) => {
    const fees = (stretches: readonly number[]) => proRatedDays(stretches, days).map((pro) => capacityBasicFee(2000, 25, pro ?? undefined).fen);
    expect(fees([days])).toEqual(uncutFen);
    expect(fees(cut)).toEqual(cutFen);
    expect(cutFen.reduce((a, b) => a + b, 0)).toBe(5000000);
  });
});

describe('which basis is cheaper, like with like: the demand side bills as the version would, 105 % double-price excess included', () => {
  const q = { capacityKva: 2000, priceYuanPerKvaMonth: 25, priceYuanPerKwMonth: 38, contractKw: 1200 };
  it.each([
    // contract 1 200 × 38 = 45 600 + (1 300 − 1 260) × 76 = 3 040 → 48 640 < capacity 50 000 → demand
    ['contract, MD 1 300 kW: ¥48 640 (45 600 + 3 040 excess) vs capacity ¥50 000 → demand', 'contract', 1300, 4864000, 'demand'],
    // 45 600 + (1 400 − 1 260) × 76 = 10 640 → 56 240 > 50 000 → capacity
    ['contract, MD 1 400 kW: ¥56 240 (45 600 + 10 640 excess) → capacity', 'contract', 1400, 5624000, 'capacity'],
    // actual: max(1 300, 800) × 38 = 49 400
    ['actual MD 1 300 kW: ¥49 400 → demand', 'actual', 1300, 4940000, 'demand'],
    // actual: max(500, 800) = 800 × 38 = 30 400 (the 40 % floor)
    ['actual MD 500 kW is floored at 0.4 × 2 000 = 800 kW → ¥30 400', 'actual', 500, 3040000, 'demand'],
  ] as const)('%s', (_rule, election, md, demandFen, cheaper) => expect(cheaperBasicFeeBasis([{ ...q, election, actualMdKw: md }])).toMatchObject({ capacityFen: 5000000, demandFen, cheaper }));
  it('the demo factory in June: MD 2 337.6 kW against a 2 000 kW contract at ¥40 → 80 000 + 237.6 × 80 = ¥99 008, not ¥93 504 (MD × price)', () =>
    expect(cheaperBasicFeeBasis([{ capacityKva: 4000, priceYuanPerKvaMonth: 30, priceYuanPerKwMonth: 40, contractKw: 2000, election: 'contract', actualMdKw: 2337.6 }])).toMatchObject({
      capacityFen: 12000000,
      demandFen: 9900800,
      cheaper: 'demand',
    }));
  // a 31-day July cut 15 + 16 by a new version (供电营业规则 第84条: 15/30 + 15/30), each stretch on its own MD:
  //   capacity: 2 000 × 25 × 15/30 = 25 000.00, twice → 50 000.00
  //   demand: 1 200 × 38 × 15/30 = 22 800.00 (MD 1 250 within 1 260)
  //         + contract 700 < 800 (40 %) → 800 × 38 × 15/30 = 15 200.00, MD 900 − 840 = 60 × 76 × 15/30 = 2 280.00
  //         = 40 280.00 → demand
  it('two versions in a month, pro-rated alike, the floor and the excess of each included: ¥50 000.00 against ¥40 280.00 → demand', () => {
    const c = cheaperBasicFeeBasis([
      { ...q, election: 'contract', actualMdKw: 1250, pro: { days: 15 } },
      { ...q, contractKw: 700, election: 'contract', actualMdKw: 900, pro: { days: 15 } },
    ]);
    expect(c.capacity.map((l) => l.fen)).toEqual([2500000, 2500000]);
    expect(c.demand.map((d) => [d.lines.map((l) => [l.key, l.quantity, l.fen]), d.raisedToMinimum])).toEqual([
      [[['demandContract', 1200, 2280000]], false],
      [
        [
          ['demandContract', 800, 1520000],
          ['demandExcess', 60, 228000],
        ],
        true,
      ],
    ]);
    expect([c.capacityFen, c.demandFen, c.cheaper]).toEqual([5000000, 4028000, 'demand']);
  });
});

describe('billing month: calendar month unless a meter-reading day is set', () => {
  it('calendar month: June 2025 = 06-01 00:00 → 07-01 00:00 local, 30 days', () => {
    const p = billingPeriod(2025, 6, TZ);
    expect([sh(p.from), sh(p.to), p.days]).toEqual(['2025-06-01 00:00', '2025-07-01 00:00', 30]);
  });
  it('meter-reading day 25: "June" runs 06-25 to 07-24 inclusive (30 days)', () => {
    const p = billingPeriod(2025, 6, TZ, 25);
    expect([sh(p.from), sh(p.to), p.days]).toEqual(['2025-06-25 00:00', '2025-07-25 00:00', 30]);
  });
  it('with day 25, 2025-06-10 lies in the May period 05-25 → 06-25 (31 days); 06-25 00:00 starts June', () => {
    expect(billingPeriodOf(at(2025, 6, 10, 12), TZ, 25)).toMatchObject({ year: 2025, month: 5, days: 31 });
    expect(billingPeriodOf(at(2025, 6, 25), TZ, 25)).toMatchObject({ year: 2025, month: 6 });
  });
  it('December with day 25 runs into January of the next year; January 10 is in December', () => {
    const p = billingPeriodOf(at(2026, 1, 10), TZ, 25);
    expect([p.year, p.month, sh(p.from), sh(p.to)]).toEqual([2025, 12, '2025-12-25 00:00', '2026-01-25 00:00']);
  });
  it('a reading day past 28 is refused (February has no 30th)', () => expect(() => billingPeriod(2025, 2, TZ, 30)).toThrow(RangeError));
});

describe('allocated basic fee for day and week views = monthly × days / days-in-month, labelled allocated', () => {
  it('¥48 640.00 / 30 = 1 621.333… → ¥1 621.33 a day', () => expect(allocatedBasicFee(4864000, 1, 30)).toEqual({ key: 'basicAllocated', fen: 162133, allocated: true }));
  it('a week of June: 48 640 × 7 / 30 = 11 349.333… → ¥11 349.33', () => expect(allocatedBasicFee(4864000, 7, 30).fen).toBe(1134933));
});

describe('worked example: the bill of June 2025, to the cent', () => {
  // TOU energies of the month (from the 15-min rollups split by the calendar), prices ¥/kWh:
  //   peak   128 456.25 kWh × 1.0123 = 128 456.25 + 1 580.011875 = 130 036.261875 → 130 036.26
  //   flat   150 300.50 kWh × 0.6578 = 90 180.3 + 7 515.025 + 1 172.3439 = 98 867.6689 → 98 867.67
  //   valley 121 243.25 kWh × 0.2890 = 36 372.975 − 1 333.67575 = 35 039.29925 → 35 039.30
  //   energy 400 000.00 kWh, fee 130 036.26 + 98 867.67 + 35 039.30 = 263 943.23
  // Basic fee, demand basis: contract 1 200 kW, MD 1 300 kW, ¥38/kW·month:
  //   1 200 × 38 = 45 600.00; excess 1 300 − 1 260 = 40 kW × 76 = 3 040.00 → 48 640.00
  //   (capacity basis would be 2 000 kVA × 25 = 50 000.00)
  // 力调: Q 216 000 kvarh → cosφ = 400 000 / √(400 000² + 216 000²) = 0.8799 → 0.88 → +1 % at 0.90:
  //   (48 640.00 + 263 943.23) × 1 % = 3 125.8323 → 3 125.83
  // Government funds 0.031249 ¥/kWh × 400 000 = 12 499.60
  // Total 263 943.23 + 48 640.00 + 3 125.83 + 12 499.60 = 328 208.66; average 328 208.66 / 400 000 = 0.82052165 ¥/kWh
  const prices = { peak: '1.0123', flat: '0.6578', valley: '0.2890' };
  const energy = energyFee({ peak: '128456.25', flat: '150300.50', valley: '121243.25' }, prices);

  it('energy fee per period and total', () => {
    expect(energy.lines.map((l) => l.fen)).toEqual([13003626, 9886767, 3503930]);
    expect(energy.totalFen).toBe(26394323);
    expect(energy.totalKwh).toBe(400000);
  });

  it('bill lines and total on the demand basis', () => {
    const basic = demandBasicFee({ capacityKva: 2000, contractKw: 1200, actualMdKw: 1300, priceYuanPerKwMonth: 38, election: 'contract' });
    const cosPhi = monthlyCosPhi({ kwh: energy.totalKwh, kvarh: 216000 });
    expect(cosPhi).toBe(0.88);
    const pf = powerFactorAdjustment({ basicFen: basic.fen, energyFeeFen: energy.totalFen, cosPhi: cosPhi ?? 1, standard: '0.90' });
    expect(pf.fen).toBe(312583);
    const bill = monthlyBill({ energy, basic: basic.lines, powerFactorFen: pf.fen, perKwh: [{ key: 'govFunds', priceYuanPerKwh: '0.031249' }] });
    expect(bill.lines.map((l) => [l.key, l.fen])).toEqual([
      ['peak', 13003626],
      ['flat', 9886767],
      ['valley', 3503930],
      ['demandContract', 4560000],
      ['demandExcess', 304000],
      ['powerFactor', 312583],
      ['govFunds', 1249960],
    ]);
    expect(bill.totalFen).toBe(32820866);
    expect(bill.averagePriceYuanPerKwh).toBeCloseTo(0.82052165, 10);
  });
});

describe('meanDayPriceYuanPerKwh: the price of a round-the-clock load, time-weighted over the day', () => {
  // example calendar, June (season 'other'): valley 8 h × 0.25 + flat (1 + 6 + 1) h × 0.6 + peak (3 + 5) h × 1.0 = 2 + 4.8 + 8 = 14.8 ¥ / 24 h
  it('June: (8 × 0.25 + 8 × 0.6 + 8 × 1.0) / 24 = 0.616667 ¥/kWh', () => expect(meanDayPriceYuanPerKwh(CAL, EXAMPLE_TOU_PRICES, 6)).toBe(0.616667));
  // July: sharp 20–22 (2 h × 1.2) replaces 2 h of peak: 2 + 4.8 + 6 + 2.4 = 15.2 / 24
  it('July (sharp 20:00–22:00): 15.2 / 24 = 0.633333 ¥/kWh', () => expect(meanDayPriceYuanPerKwh(CAL, EXAMPLE_TOU_PRICES, 7)).toBe(0.633333));
  it('a period without a price: null', () => expect(meanDayPriceYuanPerKwh(CAL, { flat: '0.6' }, 6)).toBeNull());
});
