import { describe, expect, it } from 'vitest';
import type { TariffVersion } from '@ems/contract';
import { billingPeriod } from '@ems/domain';
import { Q, at, flatCapacityVersion } from '../../test/fixtures.js';
import { blockDemands, energyPart, maxOf, periodBill } from './bill.js';

const TZ = 'Asia/Shanghai';

/** flat all day at `price`, from `from` (capacity basis, 100 kVA at ¥20) */
const version = flatCapacityVersion;

/** one meter, `kwh` in every 15-min interval of local days [fromDay, toDay) of March 2025 (or of `month`) */
const rows = (fromDay: number, toDay: number, kwh: number | null = 1, month = 3) => {
  const out = [];
  for (let t = at(2025, month, fromDay); t < at(2025, month, toDay); t += Q) out.push({ deviceId: 1, start: t, value: kwh });
  return out;
};

describe('energy part: each interval priced with the version of its local day', () => {
  it('a change of price on 16 March splits the flat energy into two lines (15 days × 96 kWh at 0.5, 16 days at 0.6)', () => {
    const e = energyPart(rows(1, 32), [version('2025-01-01', '0.5'), version('2025-03-16', '0.6')], TZ);
    expect(e.lines).toEqual([
      { key: 'flat', quantity: 1440, unitPriceYuan: '0.5', fen: 72000 },
      { key: 'flat', quantity: 1536, unitPriceYuan: '0.6', fen: 92160 },
    ]);
    expect([e.energyFen, e.kwhByPeriod.flat, e.energyFenByPeriod.flat, e.unpricedKwh]).toEqual([164160, 2976, 164160, 0]);
  });

  it('energy before the first version is counted but not priced; null intervals are missing, not zero', () => {
    const e = energyPart([...rows(1, 3), ...rows(3, 4, null)], [version('2025-03-02', '0.5')], TZ);
    expect([e.pricedKwh, e.unpricedKwh, e.energyFen, e.missingIntervals]).toEqual([96, 96, 4800, 96]);
  });
});

describe('block demand and MD', () => {
  it('sums meters per block, ×4 to kW; the earliest block wins a tie', () => {
    const t0 = at(2025, 3, 1);
    const d = blockDemands([
      { deviceId: 1, start: t0, value: 10 },
      { deviceId: 2, start: t0, value: 2.5 },
      { deviceId: 1, start: t0 + Q, value: 12.5 },
      { deviceId: 1, start: t0 + 2 * Q, value: null },
    ]);
    expect(d).toEqual([
      { time: t0, kw: 50 },
      { time: t0 + Q, kw: 50 },
    ]);
    expect(maxOf(d)).toEqual({ time: t0, kw: 50 });
  });
});

describe('period bill', () => {
  const period = billingPeriod(2025, 3, TZ);
  it('capacity basis: 100 kVA × 20 = 2 000.00 billed; the comparison prices max(MD, 40 kW) × 30', () => {
    const b = periodBill({ period, versions: [version('2025-01-01', '0.5')], timeZone: TZ, kwhRows: rows(1, 32), kvarh: null, elapsedHours: 744 });
    // MD = 1 kWh × 4 = 4 kW, below 40 % of 100 kVA: 40 × 30 = 1 200.00
    expect([b.summary.basicFen, b.summary.capacityFeeFen, b.summary.demandFeeFen, b.summary.cheaper]).toEqual([200000, 200000, 120000, 'demand']);
    expect([b.summary.energyFen, b.summary.totalFen, b.summary.pfFen, b.summary.cosPhi]).toEqual([148800, 348800, 0, null]);
  });

  it('1983 rule: reverse kvarh counts into Q (|Q_import| + |Q_export|) by default, not when a version sets addReverseKvarh false: 2 976 kWh, 1 200 kvarh + 245 reverse → 0.90, 0.93', () => {
    const bill = (add: boolean | undefined) => {
      const v = version('2025-01-01', '0.5', { pfStandard: '0.90' });
      if (add === undefined) delete v.addReverseKvarh;
      else v.addReverseKvarh = add;
      return periodBill({ period, versions: [v], timeZone: TZ, kwhRows: rows(1, 32), kvarh: 1200, reverseKvarh: 245, elapsedHours: 744 }).summary;
    };
    // 2976 / √(2976² + 1200²) = 0.9274 → 0.93; 2976 / √(2976² + 1445²) = 0.8996 → 0.90
    expect([bill(undefined).cosPhi, bill(true).cosPhi, bill(false).cosPhi]).toEqual([0.9, 0.9, 0.93]);
    // against the 0.90 standard: 0.93 earns a reduction, 0.90 neither
    expect(bill(false).pfFen).toBeLessThan(0);
    expect(bill(undefined).pfFen).toBe(0);
  });

  it('a month without a version, or without any rollup, is unbilled', () => {
    expect(periodBill({ period, versions: [version('2025-04-01', '0.5')], timeZone: TZ, kwhRows: rows(1, 32), kvarh: null, elapsedHours: 744 }).summary.billed).toBe(false);
    const empty = periodBill({ period, versions: [version('2025-01-01', '0.5')], timeZone: TZ, kwhRows: [], kvarh: null, elapsedHours: 744 });
    expect([empty.summary.billed, empty.summary.totalFen, empty.summary.basicFen]).toEqual([false, 0, 0]);
  });
});

describe('period bill: partial months and a change of tariff inside the month (供电营业规则 第84条: each day in use is 1/30 of the monthly basic fee)', () => {
  it('capacity basis, metering starts on 11 June (30 days): 20 days in use, 100 kVA × 20 × 20 / 30 = 1 333.33', () => {
    const june = billingPeriod(2025, 6, TZ);
    const b = periodBill({ period: june, versions: [version('2025-01-01', '0.5')], timeZone: TZ, kwhRows: rows(11, 31, 1, 6), kvarh: null, elapsedHours: 720, meteringFrom: at(2025, 6, 11) });
    // 2 000.00 × 20 / 30 = 1 333.333… → 1 333.33 (rounded once)
    expect(b.summary.basicFen).toBe(133333);
    expect(b.lines.find((l) => l.key === 'capacity')).toEqual({ key: 'capacity', quantity: 100, unitPriceYuan: '20', fen: 133333, days: 20, daysInPeriod: 30 });
    // the comparison pro-rates both sides: max(4, 40 % × 100) = 40 kW × 30 × 20 / 30 = 800.00
    expect([b.summary.capacityFeeFen, b.summary.demandFeeFen, b.summary.cheaper]).toEqual([133333, 80000, 'demand']);
    // energy 20 days × 96 kWh × 0.5 = 960.00; total 960.00 + 1 333.33
    expect([b.summary.energyFen, b.summary.totalFen]).toEqual([96000, 229333]);
  });

  it('a whole month in use is not pro-rated: metering from 1 June 10:00, or rows from the 11th after a gap (no meteringFrom)', () => {
    const june = billingPeriod(2025, 6, TZ);
    const fee = (meteringFrom: number | null) =>
      periodBill({ period: june, versions: [version('2025-01-01', '0.5')], timeZone: TZ, kwhRows: rows(11, 31, 1, 6), kvarh: null, elapsedHours: 720, meteringFrom }).summary.basicFen;
    expect([fee(at(2025, 6, 1, 10)), fee(null)]).toEqual([200000, 200000]);
  });

  // 发改办价格〔2016〕1583号: 40 % of 100 kVA = 40 kW is the least demand billed; the page reads the flag
  it('the 40 % floor is flagged: electing actual MD at 4 kW bills 40 × 30 = 1 200.00 (no contract to compare); a 30 kW contract too; a 40 kW contract is not raised', () => {
    const bill = (extra: Partial<TariffVersion>) => periodBill({ period: billingPeriod(2025, 3, TZ), versions: [version('2025-01-01', '0.5', { basis: 'demand', ...extra })], timeZone: TZ, kwhRows: rows(1, 32), kvarh: null, elapsedHours: 744 }).summary;
    const actual = bill({ demandElection: 'actual' });
    expect([actual.contractKw, actual.mdKw, actual.minDemandKw, actual.basicFen, actual.raisedToMinimum]).toEqual([null, 4, 40, 120000, true]);
    expect([bill({ contractKw: 30 }).basicFen, bill({ contractKw: 30 }).raisedToMinimum]).toEqual([120000, true]);
    expect(bill({ contractKw: 40 }).raisedToMinimum).toBe(false);
  });

  it('the only version starting on 16 March bills its 16 days × 1/30: 2 000.00 × 16 / 30 = 1 066.67 (not 16/31)', () => {
    const b = periodBill({ period: billingPeriod(2025, 3, TZ), versions: [version('2025-03-16', '0.5')], timeZone: TZ, kwhRows: rows(1, 32), kvarh: null, elapsedHours: 744 });
    // 1 066.666… → 1 066.67; the energy of 1–15 March has no price (unpriced)
    expect([b.summary.basicFen, b.summary.energyFen, b.unpricedKwh]).toEqual([106667, 76800, 1440]);
    expect(b.capacityLine).toMatchObject({ days: 16, daysInPeriod: 30, fen: 106667 });
  });

  /*
   * MARCH 2025 (31 days) BY HAND. Demand basis, 100 kVA, contract 40 kW (105 % = 42 kW).
   * Version A from 1 Jan: ¥30/kW·month, flat 0.5, funds 0.03, standard 0.90.
   * Version B from 16 March: ¥36/kW·month, flat 0.6, funds 0.04, standard 0.85.
   * 1 kWh every 15 min, plus a 12.5 kWh block on 5 March 10:00: MD of A's days 50 kW, of B's 4 kW.
   *   energy A (1–15): 1 440 + 11.5 = 1 451.5 kWh × 0.5 = 725.75; B (16–31): 1 536 × 0.6 = 921.60 → 1 647.35
   *   basic fee by days × 1/30 (供电营业规则 第84条), at most 30 days in the month: A 15 days, B 16 → 15
   *   basic A: contract 40 × 30 × 15/30 = 600.00; excess (50 − 42) = 8 × 60 × 15/30 = 240.00
   *   basic B: contract 40 × 36 × 15/30 = 720.00 (MD 4 kW ≤ 42)                    basic = 1 560.00
   *   comparison, like with like: capacity 2 000 × 15/30 + 2 000 × 15/30 = 2 000.00;
   *     demand as each version elects (contract + excess) = 600.00 + 240.00 + 720.00 = 1 560.00 → demand
   *   cosφ = 2 987.5 / √(2 987.5² + 1 488²) = 0.8951 → 0.90; B's standard 0.85 (the one at the month's
   *     end) gives −0.5 % (A's 0.90 would give 0): (1 560.00 + 1 647.35) × −0.5 % = −16.03675 → −16.04
   *   funds A 1 451.5 × 0.03 = 43.545 → 43.55; B 1 536 × 0.04 = 61.44
   *   TOTAL 1 647.35 + 1 560.00 − 16.04 + 43.55 + 61.44 = 3 296.30
   */
  it('a new version from 16 March: basic fee A over 15 days + B over 16 days, surcharges per version, the standard of the later version', () => {
    const demand = { basis: 'demand' as const, pfStandard: '0.90' as const };
    const a = version('2025-01-01', '0.5', { ...demand, surcharges: [{ key: 'funds', name: '基金', priceYuanPerKwh: '0.03' }] });
    const b = version('2025-03-16', '0.6', { ...demand, priceKwMonth: '36', pfStandard: '0.85', surcharges: [{ key: 'funds', name: '基金', priceYuanPerKwh: '0.04' }] });
    const kwhRows = rows(1, 32).map((r) => (r.start === at(2025, 3, 5, 10) ? { ...r, value: 12.5 } : r));
    const bill = periodBill({ period: billingPeriod(2025, 3, TZ), versions: [a, b], timeZone: TZ, kwhRows, kvarh: 1488, elapsedHours: 744 });
    expect(bill.lines).toEqual([
      { key: 'flat', quantity: 1451.5, unitPriceYuan: '0.5', fen: 72575 },
      { key: 'flat', quantity: 1536, unitPriceYuan: '0.6', fen: 92160 },
      { key: 'demandContract', quantity: 40, unitPriceYuan: '30', fen: 60000, days: 15, daysInPeriod: 30 },
      { key: 'demandExcess', quantity: 8, unitPriceYuan: '60', fen: 24000, days: 15, daysInPeriod: 30 },
      { key: 'demandContract', quantity: 40, unitPriceYuan: '36', fen: 72000, days: 15, daysInPeriod: 30 },
      { key: 'powerFactor', fen: -1604 },
      { key: 'funds', name: '基金', quantity: 1451.5, unitPriceYuan: '0.03', fen: 4355 },
      { key: 'funds', name: '基金', quantity: 1536, unitPriceYuan: '0.04', fen: 6144 },
    ]);
    const s = bill.summary;
    expect([s.energyFen, s.basicFen, s.capacityFeeFen, s.demandFeeFen, s.cheaper]).toEqual([164735, 156000, 200000, 156000, 'demand']);
    expect([s.cosPhi, s.pfStandard, s.pfPct, s.pfFen, s.surchargeFen, s.totalFen]).toEqual([0.9, '0.85', -0.5, -1604, 10499, 329630]);
    expect([s.mdKw, s.contractKw, s.minDemandKw]).toEqual([50, 40, 40]);
    expect(bill.capacityLine).toEqual({ key: 'capacity', quantity: 100, unitPriceYuan: '20', fen: 100000, days: 15, daysInPeriod: 30 });
  });
});
