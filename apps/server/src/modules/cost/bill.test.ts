import { describe, expect, it } from 'vitest';
import type { TariffVersion } from '@ems/contract';
import { billingPeriod } from '@ems/domain';
import { blockDemands, energyPart, maxOf, periodBill } from './bill.js';

const TZ = 'Asia/Shanghai';
const Q = 900_000;
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);

/** flat all day at `price`, from `from` */
const version = (from: string, price: string, extra: Partial<TariffVersion> = {}): TariffVersion => ({
  effectiveFrom: from,
  basis: 'capacity',
  capacityKva: 100,
  priceKvaMonth: '20',
  priceKwMonth: '30',
  contractKw: 40,
  demandElection: 'contract',
  pfStandard: null,
  addReverseKvarh: false,
  meterReadingDay: null,
  touPrices: { flat: price },
  surcharges: [],
  calendar: { seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: [{ start: '00:00', end: '24:00', period: 'flat' }] }] },
  ...extra,
});

/** one meter, `kwh` in every 15-min interval of local days [fromDay, toDay) of March 2025 */
const rows = (fromDay: number, toDay: number, kwh: number | null = 1) => {
  const out = [];
  for (let t = at(2025, 3, fromDay); t < at(2025, 3, toDay); t += Q) out.push({ deviceId: 1, start: t, value: kwh });
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

  it('reverse kvarh counts into Q only with addReverseKvarh: 2 976 kWh, 1 200 kvarh + 245 reverse → cosφ 0.93 without, 0.90 with (|Q_import| + |Q_export|)', () => {
    const bill = (add: boolean) =>
      periodBill({ period, versions: [version('2025-01-01', '0.5', { addReverseKvarh: add, pfStandard: '0.90' })], timeZone: TZ, kwhRows: rows(1, 32), kvarh: 1200, reverseKvarh: 245, elapsedHours: 744 }).summary;
    // 2976 / √(2976² + 1200²) = 0.9274 → 0.93; 2976 / √(2976² + 1445²) = 0.8996 → 0.90
    expect([bill(false).cosPhi, bill(true).cosPhi]).toEqual([0.93, 0.9]);
    // against the 0.90 standard: 0.93 earns a reduction, 0.90 neither
    expect(bill(false).pfFen).toBeLessThan(0);
    expect(bill(true).pfFen).toBe(0);
  });

  it('a month without a version, or without any rollup, is unbilled', () => {
    expect(periodBill({ period, versions: [version('2025-04-01', '0.5')], timeZone: TZ, kwhRows: rows(1, 32), kvarh: null, elapsedHours: 744 }).summary.billed).toBe(false);
    const empty = periodBill({ period, versions: [version('2025-01-01', '0.5')], timeZone: TZ, kwhRows: [], kvarh: null, elapsedHours: 744 });
    expect([empty.summary.billed, empty.summary.totalFen, empty.summary.basicFen]).toEqual([false, 0, 0]);
  });
});
