import { describe, expect, it } from 'vitest';
import { meanDayPriceYuanPerKwh, type PeriodCalendar, type TouPrices } from './tariff.js';
import { fleetEfficiencyTotals, lossCost, lossRatePct, spanPriceYuanPerKwh, sumFixed, type PricedInterval, type TouTariff } from './transformer-cost.js';

const TZ = 'Asia/Shanghai';
/** Shanghai wall-clock → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);
const r = (start: string, end: string, period: 'sharp' | 'peak' | 'flat' | 'valley') => ({ start, end, period });
/** valley 00–08 (8 h), flat 08–10, 13–18, 22–24 (9 h), peak 10–12, 18–22 (6 h), sharp 12–13 (1 h) */
const CAL: PeriodCalendar = {
  seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: [r('00:00', '08:00', 'valley'), r('08:00', '10:00', 'flat'), r('10:00', '12:00', 'peak'), r('12:00', '13:00', 'sharp'), r('13:00', '18:00', 'flat'), r('18:00', '22:00', 'peak'), r('22:00', '24:00', 'flat')] }],
  holidays: [{ date: '2025-10-01', schedule: [r('00:00', '24:00', 'valley')] }],
};
const PRICES: TouPrices = { sharp: '1.2247', peak: '1.0206', flat: '0.6212', valley: '0.2718' };
const TOU: TouTariff = { calendar: CAL, prices: PRICES, timeZone: TZ };
/** 1 000 kVA dry, P0 1.0 kW, Pk 8.0 kW */
const NP = { p0Kw: 1, pkKw: 8 };

describe('spanPriceYuanPerKwh: the TOU price of a bucket, the mean of its 15-min sub-intervals (DOMAIN §3)', () => {
  it.each([
    ['a quarter at 03:00 is valley', at(2025, 3, 1, 3), 900_000, 0.2718],
    ['the hour 12:00–13:00 is sharp', at(2025, 3, 1, 12), 3_600_000, 1.2247],
    ['a holiday (2025-10-01 all valley) at 11:00', at(2025, 10, 1, 11), 3_600_000, 0.2718],
  ] as const)('%s', (_rule, start, ms, price) => expect(spanPriceYuanPerKwh(start, ms, TOU)).toBeCloseTo(price, 12));
  it('an hour across a half-hour boundary: peak 10:30–11:30 makes 10:00–11:00 half flat, half peak = (0.6212 + 1.0206) / 2 = 0.8209', () => {
    const half: PeriodCalendar = { seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: [r('00:00', '10:30', 'flat'), r('10:30', '11:30', 'peak'), r('11:30', '24:00', 'flat')] }] };
    expect(spanPriceYuanPerKwh(at(2025, 3, 1, 10), 3_600_000, { calendar: half, prices: PRICES, timeZone: TZ })).toBeCloseTo(0.8209, 12);
  });
  it('an hour under a whole-hour calendar is read once: the same as the mean of its four quarters, every hour of a day', () => {
    for (let h = 0; h < 24; h++) {
      const start = at(2025, 3, 1, h);
      const quarters = [0, 1, 2, 3].map((q) => spanPriceYuanPerKwh(start + q * 900_000, 900_000, TOU) ?? NaN);
      expect(spanPriceYuanPerKwh(start, 3_600_000, TOU)).toBeCloseTo(quarters.reduce((a, b) => a + b, 0) / 4, 12);
    }
  });
  it('a period without a price: null', () => expect(spanPriceYuanPerKwh(at(2025, 3, 1, 3), 900_000, { ...TOU, prices: { flat: '0.6' } })).toBeNull());
});

/*
 * BY HAND, one ordinary day (1 March 2025) of hourly intervals: β 0.75 from 00:00 to 12:00, 0.5 from 12:00 to 24:00.
 * No-load: 24 kWh (P0 1 kW × 24 h); ¥ = 1 × (8 × 0.2718 + 9 × 0.6212 + 6 × 1.0206 + 1 × 1.2247) = 2.1744 + 5.5908 + 6.1236 + 1.2247 = 15.1135,
 *   i.e. 24 h at the round-the-clock price 15.1135 / 24 = 0.629729 ¥/kWh (meanDayPriceYuanPerKwh).
 * Load: Pk β² = 8 × 0.5625 = 4.5 kW in the morning, 8 × 0.25 = 2 kW after noon: 12 × 4.5 + 12 × 2 = 78 kWh.
 *   ¥ (β² weighting, each hour at its own price):
 *   00–08 valley 8 × 4.5 × 0.2718 = 9.7848   08–10 flat 2 × 4.5 × 0.6212 = 5.5908   10–12 peak 2 × 4.5 × 1.0206 = 9.1854
 *   12–13 sharp 1 × 2 × 1.2247 = 2.4494      13–18 flat 5 × 2 × 0.6212 = 6.2120     18–22 peak 4 × 2 × 1.0206 = 8.1648
 *   22–24 flat 2 × 2 × 0.6212 = 2.4848                                                           total 43.8720
 *   a mean of 43.872 / 78 = 0.562462 ¥/kWh: the heavy morning load sits largely in the valley, so its load loss is cheaper than the day's mean.
 */
const day: PricedInterval[] = Array.from({ length: 24 }, (_, h) => {
  const start = at(2025, 3, 1, h);
  return { start, hours: 1, beta: h < 12 ? 0.75 : 0.5, yuanPerKwh: spanPriceYuanPerKwh(start, 3_600_000, TOU) };
});

describe('lossCost: E0 = P0 t and E_k = Pk Σβ²Δt (DOMAIN §5), no-load at the round-the-clock price, load loss at the TOU price where it occurs', () => {
  const c = lossCost(NP, day);
  it('no-load 24 kWh, ¥15.1135 — the same as 24 h at the round-the-clock price meanDayPriceYuanPerKwh (0.629729)', () => {
    expect(c.noLoadKwh).toBeCloseTo(24, 12);
    expect(c.noLoadYuan).toBeCloseTo(15.1135, 10);
    expect(meanDayPriceYuanPerKwh(CAL, PRICES, 3)).toBe(0.629729);
    expect((c.noLoadYuan ?? 0) / c.noLoadKwh).toBeCloseTo(0.629729, 6);
  });
  it('load 78 kWh, ¥43.872 (β² weighted: 0.562462 ¥/kWh, below the day mean)', () => {
    expect(c.loadKwh).toBeCloseTo(78, 12);
    expect(c.loadYuan).toBeCloseTo(43.872, 10);
    expect(Math.round(((c.loadYuan ?? 0) / c.loadKwh) * 1e6) / 1e6).toBe(0.562462);
  });
  it('24 measured hours, all priced', () => expect([c.hours, c.unpricedHours]).toEqual([24, 0]));
  it('unmeasured intervals are skipped; unpriced ones count their energy, not their money; no price at all: ¥ null', () => {
    const mixed = lossCost(NP, [
      { start: 0, hours: 1, beta: 0.5, yuanPerKwh: 0.6 },
      { start: 1, hours: 1, beta: null, yuanPerKwh: 0.6 },
      { start: 2, hours: 1, beta: 0.5, yuanPerKwh: null },
    ]);
    // 2 h measured: E0 2 kWh, E_k 2 × 8 × 0.25 = 4 kWh; only the first hour priced: 1 × 0.6, 2 × 0.6
    expect(mixed).toEqual({ noLoadKwh: 2, loadKwh: 4, noLoadYuan: 0.6, loadYuan: 1.2, hours: 2, unpricedHours: 1 });
    expect(lossCost(NP, [{ start: 0, hours: 1, beta: 0.5, yuanPerKwh: null }])).toMatchObject({ noLoadYuan: null, loadYuan: null, unpricedHours: 1 });
  });
});

describe('fleet totals: the sums of the rows as shown (fleet total = Σ rows; loss = no-load + load)', () => {
  const zones = (o: Partial<Record<'light' | 'economic' | 'optimal' | 'over', number>>) => ({ light: 0, economic: 0, optimal: 0, over: 0, ...o });
  /*
   * A: 1 000 kVA at 62.5 %, 24 000 kWh out, losses 48 + 156 kWh, ¥30.23 + ¥87.74, 48 h optimal.
   * B: 500 kVA at 20 %, 1 000 kWh out, losses 24 + 3.3 kWh, no tariff, 48 h light.
   * Σ energy 25 000, losses 72 + 159.3 = 231.3 kWh; loss rate 231.3 / 25 231.3 = 0.916719 %; η 99.083281 %;
   * ¥ 30.23 + 87.74 = 117.97 (B has none); mean load rate (62.5 × 1 000 + 20 × 500) / 1 500 = 48.3333 %.
   */
  const t = fleetEfficiencyTotals([
    { ratedKva: 1000, loadRateAvgPct: 62.5, energyKwh: 24000, noLoadLossKwh: 48, loadLossKwh: 156, noLoadLossYuan: 30.23, loadLossYuan: 87.74, zoneHours: zones({ optimal: 48 }) },
    { ratedKva: 500, loadRateAvgPct: 20, energyKwh: 1000, noLoadLossKwh: 24, loadLossKwh: 3.3, noLoadLossYuan: null, loadLossYuan: null, zoneHours: zones({ light: 48 }) },
  ]);
  it('energy and losses', () => expect([t.ratedKva, t.energyKwh, t.noLoadLossKwh, t.loadLossKwh, t.lossKwh]).toEqual([1500, 25000, 72, 159.3, 231.3]));
  it('money', () => expect([t.noLoadLossYuan, t.loadLossYuan, t.lossYuan]).toEqual([30.23, 87.74, 117.97]));
  it('loss rate 0.916719 %, η 99.083281 %, capacity-weighted load rate 48.3333 %', () => {
    expect(t.lossRatePct).toBeCloseTo(0.916719, 6);
    expect(t.efficiencyPct).toBeCloseTo(99.083281, 6);
    expect(t.loadRateAvgPct).toBeCloseTo(48.3333, 4);
  });
  it('zone hours add up per zone', () => expect(t.zoneHours).toEqual(zones({ optimal: 48, light: 48 })));
  it('sums are exact in fixed point (0.1 + 0.2 = 0.3) and null when nothing is known', () => {
    expect(sumFixed([0.1, 0.2], 1)).toBe(0.3);
    expect(sumFixed([null, null], 2)).toBeNull();
    expect(fleetEfficiencyTotals([])).toMatchObject({ energyKwh: 0, lossKwh: 0, lossYuan: null, lossRatePct: null, loadRateAvgPct: null });
  });
  it('lossRatePct = E_loss / (E_out + E_loss)', () => {
    expect(lossRatePct(99, 1)).toBe(1);
    expect(lossRatePct(0, 0)).toBeNull();
  });
});
