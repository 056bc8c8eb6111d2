import { describe, expect, it } from 'vitest';
import { degreeDaysByLocalDay, dailyTotals, regressionBaseline, type TemperatureSample } from './abnormal-consumption-regression.js';
import { percentFindings, weekdayBaseline, type EnergyInterval } from './abnormal-consumption.js';
import { zonedStart } from './counters.js';

const SH = 'Asia/Shanghai';
const H = 3_600_000;
const DAY = 24 * H;
/** local days since 1970-01-01 of a date */
const dayIndex = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY;

// Worked example, hourly, Asia/Shanghai. Judged day D = Wednesday 2025-07-16 (day index ≡ 0 mod 5).
// The 28 days before it: each hour 10 + CDD kWh, the day's outdoor temperature 18 + (day index mod 5) °C
// all day, so CDD = day index mod 5 and E = 240 + 24·CDD a day. D itself is a heat wave: 25 °C, CDD 7.
const D = zonedStart(2025, 7, 16, SH);
const dD = dayIndex(2025, 7, 16);
const tempOf = (day: number) => (day === dD ? 25 : 18 + (((day % 5) + 5) % 5));
const hours = (from: number, to: number, f: (t: number) => number | null, step = H) => {
  const out: { start: number; v: number | null }[] = [];
  for (let t = from; t < to; t += step) out.push({ start: t, v: f(t) });
  return out;
};
const localDay = (t: number) => Math.floor((t + 8 * H) / DAY);
const temps: TemperatureSample[] = hours(D - 28 * DAY, D + DAY, (t) => tempOf(localDay(t))).map((s) => ({ start: s.start, c: s.v }));
const past: EnergyInterval[] = hours(D - 28 * DAY, D, (t) => 10 + (tempOf(localDay(t)) - 18)).map((s) => ({ start: s.start, kwh: s.v }));
// D: 17 kWh every hour (10 + 7, as the weather asks) but 25.5 at 10:00
const today: EnergyInterval[] = hours(D, D + DAY, (t) => (t === D + 10 * H ? 25.5 : 17)).map((s) => ({ start: s.start, kwh: s.v }));
const targets = today.map((iv) => iv.start);

describe('regression baseline of the rule by percent (DOMAIN.md §10.1, model §11): worked example', () => {
  it('degree-days per local day: mean of max(0, T − 18) over the hours (18 + 3 °C all day → CDD 3, HDD 0)', () => {
    const dd = degreeDaysByLocalDay([...hours(D - DAY, D, () => 21), ...hours(D, D + 12 * H, (t) => (t < D + 6 * H ? 14 : 20))].map((s) => ({ start: s.start, c: s.v })), SH);
    expect(dd.get(dD - 1)).toEqual({ hdd: 0, cdd: 3 });
    // 6 h at 14 °C (4 heating degrees) and 6 h at 20 °C (2 cooling): HDD 24 / 12 = 2, CDD 12 / 12 = 1
    expect(dd.get(dD)).toEqual({ hdd: 2, cdd: 1 });
    expect(degreeDaysByLocalDay(hours(D, D + 11 * H, () => 10).map((s) => ({ start: s.start, c: s.v })), SH).size).toBe(0);
  });

  it('daily totals are scaled to the whole day from 90 % coverage, left out below', () => {
    const s = hours(D, D + 22 * H, () => 2).map((x) => ({ start: x.start, kwh: x.v }));
    // 22 of 24 hours (91.7 %): 44 × 24 / 22 = 48
    expect(dailyTotals(s, SH, H).get(dD)).toBeCloseTo(48, 12);
    expect(dailyTotals(s.slice(0, 21), SH, H).size).toBe(0);
  });

  it('fits E = 240 + 24·CDD on the 28 past days (r² 1) and expects 240 + 24 × 7 = 408 kWh on D, 17 kWh an hour on its flat shape', () => {
    const { expected, days } = regressionBaseline([...past, ...today], targets, SH, { temperatures: temps }, { intervalMs: H });
    expect(days).toHaveLength(1);
    const fit = days[0]?.fit;
    expect([fit?.n, fit?.hdd, fit?.production]).toEqual([28, null, null]);
    expect(fit?.intercept).toBeCloseTo(240, 6);
    expect(fit?.cdd).toBeCloseTo(24, 6);
    expect(fit?.saturday).toBeCloseTo(0, 6);
    expect(fit?.r2).toBeCloseTo(1, 9);
    expect(fit?.cvRmsePct).toBeCloseTo(0, 6);
    expect(days[0]?.expectedKwh).toBeCloseTo(408, 6);
    expect(days[0]).toMatchObject({ date: '2025-07-16', start: D, gap: null });
    for (const e of expected) expect(e.expected).toBeCloseTo(17, 6);
    expect(expected.every((e) => e.samples === null)).toBe(true);
  });

  it('the heat wave: the same-weekday baseline (mean of CDD 3, 1, 4, 2 → 12.5 kWh an hour) flags the whole day (+36 %, one alarm run with 10:00); the regression finds only 10:00 (+50 %, alarm, 8.5 kWh)', () => {
    const weekday = weekdayBaseline(past, targets, SH);
    expect(weekday[0]?.expected).toBeCloseTo(12.5, 9);
    const byWeekday = percentFindings(today, weekday, { intervalMs: H });
    expect(byWeekday.map((f) => [f.start, f.end, f.level])).toEqual([[D, D + DAY, 'alarm']]);
    expect(byWeekday[0]?.intervals.filter((i) => i.start !== D + 10 * H).every((i) => Math.abs(i.expectedKwh - 12.5) < 1e-9)).toBe(true);
    const { expected } = regressionBaseline([...past, ...today], targets, SH, { temperatures: temps }, { intervalMs: H });
    const byRegression = percentFindings(today, expected, { intervalMs: H });
    expect(byRegression.map((f) => [f.start, f.end, f.level])).toEqual([[D + 10 * H, D + 11 * H, 'alarm']]);
    expect(byRegression[0]?.excessKwh).toBeCloseTo(8.5, 6);
  });

  it('no look-ahead: what D and the days after it hold never changes its fit', () => {
    const later = hours(D + DAY, D + 8 * DAY, () => 500).map((s) => ({ start: s.start, kwh: s.v }));
    const a = regressionBaseline([...past, ...today], targets, SH, { temperatures: temps }, { intervalMs: H });
    const b = regressionBaseline([...past, ...today.map((iv) => ({ ...iv, kwh: 99 })), ...later], targets, SH, { temperatures: temps }, { intervalMs: H });
    expect(b.days[0]?.expectedKwh).toBeCloseTo(a.days[0]?.expectedKwh as number, 9);
  });

  it('production as a driver: E = 100 + 0.5 kWh per piece', () => {
    const pieces = (day: number) => 200 + 40 * (((day % 7) + 7) % 7);
    const prod = hours(D - 28 * DAY, D + DAY, (t) => pieces(localDay(t)) / 24).map((s) => ({ start: s.start, kwh: s.v }));
    const energy = hours(D - 28 * DAY, D, (t) => (100 + 0.5 * pieces(localDay(t))) / 24).map((s) => ({ start: s.start, kwh: s.v }));
    const { days } = regressionBaseline(energy, targets, SH, { production: prod }, { intervalMs: H });
    expect(days[0]?.fit?.production).toBeCloseTo(0.5, 6);
    expect(days[0]?.expectedKwh).toBeCloseTo(100 + 0.5 * pieces(dD), 6);
  });

  it('no baseline, with the reason: no driver; fewer than 14 past days; no weather on D itself', () => {
    const noDrivers = regressionBaseline(past, targets, SH, {}, { intervalMs: H });
    expect(noDrivers.days[0]?.gap).toBe('noDrivers');
    expect(noDrivers.expected.every((e) => e.expected === null)).toBe(true);
    const short = regressionBaseline(past.filter((iv) => iv.start >= D - 13 * DAY), targets, SH, { temperatures: temps }, { intervalMs: H });
    expect([short.days[0]?.gap, short.days[0]?.fit]).toEqual(['tooFewDays', null]);
    expect(short.expected.every((e) => e.expected === null)).toBe(true);
    const noWeatherToday = regressionBaseline(past, targets, SH, { temperatures: temps.filter((s) => s.start < D) }, { intervalMs: H });
    expect(noWeatherToday.days[0]?.gap).toBe('noDayDrivers');
    expect(noWeatherToday.days[0]?.fit?.n).toBe(28);
    // and no finding without a baseline
    expect(percentFindings(today, short.expected, { intervalMs: H })).toEqual([]);
  });
});
