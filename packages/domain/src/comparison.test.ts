import { describe, expect, it } from 'vitest';
import { naturalGasFactors } from './natural-gas.js';
import {
  DEFAULT_CARRIER_FACTORS,
  changePct,
  isoWeek,
  isoWeeksIn,
  sameIsoWeekLastYearDays,
  completenessPct,
  currentPeriods,
  likeForLikeMonth,
  likeForLikeToday,
  toCo2T,
  toTce,
  type RollupSpan,
} from './comparison.js';

const TZ = 'Asia/Shanghai';
/** local wall-clock time in Shanghai (UTC+8, no DST) as ISO-like text, for readable expectations */
const sh = (ts: number) => new Date(ts + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const spanText = (s: RollupSpan) => ({ days: [sh(s.days.from), sh(s.days.to)], hours: [sh(s.hours.from), sh(s.hours.to)] });
/** Shanghai local time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);

describe('changePct: 同比/环比 = (X_cur − X_ref) / X_ref × 100, null when the reference is 0 or missing (DOMAIN §1)', () => {
  it.each([
    ['growth: 120 against 100 is +20 %', 120, 100, 20],
    ['decline: 75 against 100 is −25 %', 75, 100, -25],
    ['no change', 42.5, 42.5, 0],
    ['current 0 against 80 is −100 %', 0, 80, -100],
    ['reference 0: no denominator → null', 50, 0, null],
    ['reference missing → null', 50, null, null],
    ['reference undefined → null', 50, undefined, null],
    ['current missing → null', null, 100, null],
    ['reference NaN → null', 50, Number.NaN, null],
  ] as const)('%s', (_rule, cur, ref, expected) => {
    const got = changePct(cur, ref);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(expected, 10);
  });
});

describe('likeForLikeToday: today so far vs the same hours yesterday (环比) and the same day last year (同比)', () => {
  it('14:37 on 2025-03-10: complete hours 00:00–14:00 of today, of 03-09 and of 2024-03-10', () => {
    const l = likeForLikeToday(at(2025, 3, 10, 14, 37), TZ);
    expect(spanText(l.current).hours).toEqual(['2025-03-10 00:00', '2025-03-10 14:00']);
    expect(spanText(l.mom).hours).toEqual(['2025-03-09 00:00', '2025-03-09 14:00']);
    expect(spanText(l.yoy).hours).toEqual(['2024-03-10 00:00', '2024-03-10 14:00']);
    expect(l.current.days.to).toBe(l.current.days.from);
    expect(sh(l.until)).toBe('2025-03-10 14:00');
  });
  it('00:20 on the 1st: no complete hour yet, empty spans (comparisons become null); yesterday is the last day of last month', () => {
    const l = likeForLikeToday(at(2025, 3, 1, 0, 20), TZ);
    expect(l.current.hours.to - l.current.hours.from).toBe(0);
    expect(spanText(l.mom).hours).toEqual(['2025-02-28 00:00', '2025-02-28 00:00']);
  });
  it('29 February compares with 28 February of the previous year', () => {
    const l = likeForLikeToday(at(2024, 2, 29, 9, 5), TZ);
    expect(spanText(l.yoy).hours).toEqual(['2023-02-28 00:00', '2023-02-28 09:00']);
  });
  it('DST zone (Europe/Berlin, 2025-03-30 is 23 h long): the same local hours, not the same elapsed ms', () => {
    const l = likeForLikeToday(Date.UTC(2025, 2, 30, 12, 30), 'Europe/Berlin'); // 14:30 CEST
    expect(l.current.hours.to - l.current.hours.from).toBe(13 * 3_600_000); // 00:00 CET → 14:00 CEST
    expect(l.mom.hours.to - l.mom.hours.from).toBe(14 * 3_600_000);
  });
});

describe('likeForLikeMonth: month-to-date vs the same days of last month (环比) and of the same month last year (同比)', () => {
  it('2025-03-10 14:37: days 1–9 plus 00:00–14:00 of the 10th, in March 2025, February 2025 and March 2024', () => {
    const l = likeForLikeMonth(at(2025, 3, 10, 14, 37), TZ);
    expect(spanText(l.current)).toEqual({ days: ['2025-03-01 00:00', '2025-03-10 00:00'], hours: ['2025-03-10 00:00', '2025-03-10 14:00'] });
    expect(spanText(l.mom)).toEqual({ days: ['2025-02-01 00:00', '2025-02-10 00:00'], hours: ['2025-02-10 00:00', '2025-02-10 14:00'] });
    expect(spanText(l.yoy)).toEqual({ days: ['2024-03-01 00:00', '2024-03-10 00:00'], hours: ['2024-03-10 00:00', '2024-03-10 14:00'] });
  });
  it('January: last month is December of the previous year', () => {
    const l = likeForLikeMonth(at(2025, 1, 3, 8, 0), TZ);
    expect(spanText(l.mom)).toEqual({ days: ['2024-12-01 00:00', '2024-12-03 00:00'], hours: ['2024-12-03 00:00', '2024-12-03 08:00'] });
  });
  it('31 March against February (28 days): the whole of February', () => {
    const l = likeForLikeMonth(at(2025, 3, 31, 10, 0), TZ);
    expect(spanText(l.mom)).toEqual({ days: ['2025-02-01 00:00', '2025-03-01 00:00'], hours: ['2025-03-01 00:00', '2025-03-01 00:00'] });
  });
  it('00:10 on the 1st: every span is empty', () => {
    const l = likeForLikeMonth(at(2025, 4, 1, 0, 10), TZ);
    for (const s of [l.current, l.mom, l.yoy]) {
      expect(s.days.to - s.days.from).toBe(0);
      expect(s.hours.to - s.hours.from).toBe(0);
    }
  });
});

describe('currentPeriods', () => {
  it('today and this month at local midnight boundaries (16:00 UTC the day before in Shanghai)', () => {
    const p = currentPeriods(Date.UTC(2025, 0, 31, 17), TZ); // 2025-02-01 01:00 local
    expect([sh(p.today.from), sh(p.today.to), sh(p.month.from), sh(p.month.to)]).toEqual([
      '2025-02-01 00:00',
      '2025-02-02 00:00',
      '2025-02-01 00:00',
      '2025-03-01 00:00',
    ]);
  });
});

/** natural gas per m³ from one LHV (natural-gas.test.ts works it out: 1.328358 kgce, 2.162189 kgCO₂) */
const GAS = naturalGasFactors();

describe('toTce / toCo2T: E_tce = Σ q·f / 1000 with the factors passed in (DOMAIN §1)', () => {
  it.each([
    ['electricity 10 000 kWh × 0.1229 kgce/kWh = 1.229 tce; × 0.5703 kg/kWh = 5.703 tCO₂', [{ energyType: 2, amount: 10_000 }], 1.229, 5.703],
    ['natural gas 1 000 m³ × 1.328358 = 1.328358 tce; × 2.162189 = 2.162189 tCO₂ (one LHV, natural-gas.ts)', [{ energyType: 15, amount: 1000 }], GAS.kgcePerUnit, GAS.kgCo2PerUnit],
    [
      'mix: 10 000 kWh + 1 000 m³ gas + 100 m³ water (0.0857 kgce, no CO₂) = 1.229 + 1.328358 + 0.00857 tce; CO₂ 5.703 + 2.162189',
      [
        { energyType: 2, amount: 10_000 },
        { energyType: 15, amount: 1000 },
        { energyType: 3, amount: 100 },
      ],
      1.229 + GAS.kgcePerUnit + 0.00857,
      5.703 + GAS.kgCo2PerUnit,
    ],
    ['steam 2 t × 128.6 kgce/t = 0.2572 tce; × 414.6 kg/t = 0.8292 tCO₂', [{ energyType: 16, amount: 2 }], 0.2572, 0.8292],
    ['compressed air has no factor (made from electricity): not counted → null', [{ energyType: 45, amount: 5000 }], null, null],
    ['unknown amount is left out', [{ energyType: 2, amount: null }, { energyType: 15, amount: 500 }], GAS.kgcePerUnit / 2, GAS.kgCo2PerUnit / 2],
  ] as const)('%s', (_rule, items, tce, co2) => {
    const t = toTce(items);
    const c = toCo2T(items);
    if (tce === null) expect(t).toBeNull();
    else expect(t).toBeCloseTo(tce, 9);
    if (co2 === null) expect(c).toBeNull();
    else expect(c).toBeCloseTo(co2, 9);
  });
  it('factors are parameters: the 2021 grid factor 0.5568 kg/kWh and the equal-value 0.30 kgce/kWh', () => {
    const f = { ...DEFAULT_CARRIER_FACTORS, 2: { kgcePerUnit: 0.3, kgCo2PerUnit: 0.5568 } };
    expect(toTce([{ energyType: 2, amount: 1000 }], f)).toBeCloseTo(0.3, 12);
    expect(toCo2T([{ energyType: 2, amount: 1000 }], f)).toBeCloseTo(0.5568, 12);
  });
});

describe('completenessPct: good intervals / expected intervals', () => {
  it.each([
    ['2 meters × 96 intervals, 180 good → 93.75 %', 180, 192, 93.75],
    ['all good', 96, 96, 100],
    ['capped at 100 %', 100, 96, 100],
    ['nothing expected → null', 0, 0, null],
  ] as const)('%s', (_rule, good, expected, pct) => expect(completenessPct(good, expected)).toBe(pct));
});

describe('同比 of a week: the same ISO 8601 week of the previous ISO year (weekday for weekday)', () => {
  it.each([
    // ISO 8601 examples: the days around New Year may belong to the neighbouring ISO year
    [2026, 11, 23, 2026, 48],
    [2021, 1, 3, 2020, 53],
    [2024, 12, 30, 2025, 1],
    [2015, 12, 31, 2015, 53],
    [2008, 12, 29, 2009, 1],
  ])('%i-%i-%i is ISO %i-W%i', (y, m, d, isoYear, week) => expect(isoWeek(y, m, d)).toEqual({ isoYear, week }));

  it('53-week years: 2015, 2020, 2026 (start on Thursday, or Wednesday in a leap year); 2024, 2025 have 52', () => {
    expect([2015, 2020, 2026, 2024, 2025].map(isoWeeksIn)).toEqual([53, 53, 53, 52, 52]);
  });

  it.each([
    // 2026-W48 (Mon 23 Nov) ← 2025-W48 (Mon 24 Nov 2025): 364 days; the calendar date 23 Nov 2025 is a Sunday
    ['2026-W48 against 2025-W48', 2026, 11, 23, 364, [2025, 11, 24]],
    // 2021-W10 (Mon 8 Mar 2021) ← 2020-W10 (Mon 2 Mar 2020): 2020 has 53 weeks, so 371 days
    ['a year after a 53-week year', 2021, 3, 8, 371, [2020, 3, 2]],
    // 2026-W53 (Mon 28 Dec 2026): 2025 has 52 weeks → 2025-W52 (Mon 22 Dec 2025), 371 days
    ['week 53 against week 52', 2026, 12, 28, 371, [2025, 12, 22]],
  ] as const)('%s', (_rule, y, m, d, days, [ry, rm, rd]) => {
    expect(sameIsoWeekLastYearDays(y, m, d)).toBe(days);
    const back = new Date(Date.UTC(y, m - 1, d) - days * 86_400_000);
    expect([back.getUTCFullYear(), back.getUTCMonth() + 1, back.getUTCDate(), back.getUTCDay()]).toEqual([ry, rm, rd, 1]);
  });
});
