import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReadingStatus, zonedStart } from './counters.js';
import {
  coincidentIntervals,
  consumptionTable,
  largestRemainderShares,
  meterReadingRow,
  powerSummary,
  registerAt,
  reportColumns,
  reportDateOf,
  reportPeriod,
  sumOrNull,
  touCostRow,
  touCostTable,
  type ReportBucket,
  type TouTariffVersion,
} from './report.js';
import { EXAMPLE_PERIOD_CALENDAR, EXAMPLE_TOU_PRICES } from './tariff.js';

const H = 3_600_000;
const Q = 15 * 60_000;
const SH = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';
const buckets = (entries: [number, number | null, number?][]) => new Map<number, ReportBucket>(entries.map(([t, value, quality]) => [t, { value, quality }]));

describe('reportColumns: the columns of a kind in the project zone', () => {
  it('daily in Asia/Shanghai: 24 hours from local midnight (16:00 UTC the day before)', () => {
    const cols = reportColumns('daily', { year: 2026, month: 4, day: 15 }, SH);
    expect(cols).toHaveLength(24);
    expect(cols[0]).toEqual({ start: Date.UTC(2026, 3, 14, 16), end: Date.UTC(2026, 3, 14, 17), label: '00:00', intervals: 4 });
    expect(cols[23]?.label).toBe('23:00');
  });
  it('DST day, Europe/Berlin 2026-03-29: 23 hourly columns, no 02:00', () => {
    const cols = reportColumns('daily', { year: 2026, month: 3, day: 29 }, BERLIN);
    expect(cols).toHaveLength(23);
    expect(cols.slice(0, 4).map((c) => c.label)).toEqual(['00:00', '01:00', '03:00', '04:00']);
    // local midnight is 23:00 UTC (CET); 03:00 CEST is 01:00 UTC
    expect(cols[0]?.start).toBe(Date.UTC(2026, 2, 28, 23));
    expect(cols[2]?.start).toBe(Date.UTC(2026, 2, 29, 1));
    expect(cols[22]?.end).toBe(Date.UTC(2026, 2, 29, 22));
  });
  it('DST day, Europe/Berlin 2026-10-25: 25 hourly columns, 02:00 twice (the second marked repeated)', () => {
    const cols = reportColumns('daily', { year: 2026, month: 10, day: 25 }, BERLIN);
    expect(cols).toHaveLength(25);
    expect(cols.slice(0, 5).map((c) => [c.label, c.repeated ?? false])).toEqual([
      ['00:00', false],
      ['01:00', false],
      ['02:00', false],
      ['02:00', true],
      ['03:00', false],
    ]);
    expect(cols[0]?.start).toBe(Date.UTC(2026, 9, 24, 22));
    expect(cols[24]?.end).toBe(Date.UTC(2026, 9, 25, 23));
  });
  it('monthly, Europe/Berlin March 2026: 31 days, the 29th spans 23 h (92 intervals)', () => {
    const cols = reportColumns('monthly', { year: 2026, month: 3, day: 1 }, BERLIN);
    expect(cols).toHaveLength(31);
    expect(cols[28]).toMatchObject({ label: '03-29', intervals: 92 });
    expect((cols[28]?.end ?? 0) - (cols[28]?.start ?? 0)).toBe(23 * H);
    expect(cols[30]?.end).toBe(zonedStart(2026, 4, 1, BERLIN));
  });
  it('monthly, February 2028 (leap year): 29 days; yearly: 12 months labelled YYYY-MM', () => {
    expect(reportColumns('monthly', { year: 2028, month: 2, day: 10 }, SH)).toHaveLength(29);
    const year = reportColumns('yearly', { year: 2026, month: 7, day: 3 }, SH);
    expect(year.map((c) => c.label)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`));
    expect(year[0]?.start).toBe(Date.UTC(2025, 11, 31, 16));
    expect(year[11]?.end).toBe(Date.UTC(2026, 11, 31, 16));
  });
  it('reportPeriod spans the columns; reportDateOf is the local date of an instant', () => {
    expect(reportPeriod('yearly', { year: 2026, month: 5, day: 5 }, SH)).toEqual({ from: Date.UTC(2025, 11, 31, 16), to: Date.UTC(2026, 11, 31, 16) });
    // 2026-04-14 17:30 UTC is 2026-04-15 01:30 in Shanghai
    expect(reportDateOf(Date.UTC(2026, 3, 14, 17, 30), SH)).toEqual({ year: 2026, month: 4, day: 15 });
  });
});

describe('largestRemainderShares: shares adding up to exactly 100 at the displayed precision', () => {
  it('thirds: 33.4 + 33.3 + 33.3 (naive rounding gives 99.9)', () => expect(largestRemainderShares([1, 1, 1])).toEqual([33.4, 33.3, 33.3]));
  it('nulls stay null, zeros stay 0; a total not > 0 gives all null', () => {
    expect(largestRemainderShares([null, 2, 0, 2], 0)).toEqual([null, 50, 0, 50]);
    expect(largestRemainderShares([null, 0])).toEqual([null, null]);
  });
});

describe('consumption table, worked monthly example (Asia/Shanghai, April 2026)', () => {
  const cols = reportColumns('monthly', { year: 2026, month: 4, day: 1 }, SH);
  const day = (d: number) => zonedStart(2026, 4, d, SH);
  const days = (f: (d: number) => number | null, quality?: (d: number) => number) =>
    buckets(Array.from({ length: 30 }, (_, i): [number, number | null, number?] => [day(i + 1), f(i + 1), quality?.(i + 1)]));
  // Press line: 150 kWh a day, 206 on the 30th: 29 × 150 + 206 = 4 556
  const press = { id: 1, name: 'Press line', buckets: days((d) => (d === 30 ? 206 : 150)) };
  // Paint shop: 159 on the 1st, 157 on 28 days, the 12th missing: 159 + 28 × 157 = 4 555
  const paint = { id: 2, name: 'Paint shop', buckets: days((d) => (d === 1 ? 159 : d === 12 ? null : 157)) };
  // Offices: 29.6 a day, 30.6 on the 30th, the 5th estimated: 29 × 29.6 + 30.6 = 889
  const offices = { id: 3, name: 'Offices', buckets: days((d) => (d === 30 ? 30.6 : 29.6), (d) => (d === 5 ? ReadingStatus.estimated : 0)) };
  const t = consumptionTable(cols, [press, paint, offices]);

  it('row totals 4 556, 4 555 and 889 kWh; grand total 10 000', () => {
    expect(t.rows.map((r) => r.total)).toEqual([4556, 4555, 889]);
    expect(t.total).toBe(10000);
  });
  it('column totals: 1st 150 + 159 + 29.6 = 338.6; 12th 150 + 29.6 = 179.6 (the missing cell is left out); 30th 206 + 157 + 30.6 = 393.6', () => {
    expect(t.columnTotals[0]).toBe(338.6);
    expect(t.columnTotals[11]).toBe(179.6);
    expect(t.columnTotals[29]).toBe(393.6);
    expect(sumOrNull(t.columnTotals)).toBe(10000);
  });
  it('shares 45.56 / 45.55 / 8.89 % → 45.6 + 45.5 + 8.9 = 100.0 (rounding each half-up would show 100.1)', () => {
    expect(t.rows.map((r) => r.sharePct)).toEqual([45.6, 45.5, 8.9]);
  });
  it('the missing day stays null, never 0, and the quality notes count it and the estimated day', () => {
    expect(t.rows[1]?.values[11]).toBeNull();
    expect(t.rows[1]?.quality).toMatchObject({ columns: 30, missing: 1, estimated: 0 });
    expect(t.rows[1]?.quality.coveragePct).toBeCloseTo((29 / 30) * 100, 9);
    expect(t.rows[2]?.quality).toMatchObject({ missing: 0, estimated: 1, coveragePct: 100 });
  });
  it('asOf: days from then on are not due (null, not missing); a row without any value shows -- as share', () => {
    const mid = consumptionTable(cols, [press, { id: 4, name: 'New meter', buckets: new Map() }], { asOf: day(11) });
    expect(mid.rows[0]?.quality).toMatchObject({ columns: 10, missing: 0 });
    expect(mid.rows[0]?.total).toBe(1500);
    expect(mid.rows[1]).toMatchObject({ total: null, sharePct: null, quality: { columns: 10, missing: 10, coveragePct: 0 } });
    expect(mid.rows[0]?.sharePct).toBe(100);
  });
  it('a bucket over fewer 15-min intervals than its column spans is counted partial', () => {
    const part = consumptionTable(cols.slice(0, 1), [{ id: 1, name: 'x', buckets: new Map([[day(1), { value: 10, nIntervals: 90 }]]) }]);
    expect(part.rows[0]?.quality.partial).toBe(1);
  });
});

describe('consumption table, DST daily report (Europe/Berlin)', () => {
  it('2026-03-29: 23 columns; 2 meters at 10 and 5 kWh an hour give 230 + 115 = 345 kWh, shares 66.7 + 33.3', () => {
    const cols = reportColumns('daily', { year: 2026, month: 3, day: 29 }, BERLIN);
    const row = (id: number, kwh: number) => ({ id, name: `M${id}`, buckets: buckets(cols.map((c) => [c.start, kwh])) });
    const t = consumptionTable(cols, [row(1, 10), row(2, 5)]);
    expect(t.columnTotals).toHaveLength(23);
    expect(t.rows.map((r) => r.total)).toEqual([230, 115]);
    expect(t.total).toBe(345);
    expect(t.rows.map((r) => r.sharePct)).toEqual([66.7, 33.3]);
  });
  it('2026-10-25: 25 columns, both 02:00 hours hold their own value (the repeated hour is not merged)', () => {
    const cols = reportColumns('daily', { year: 2026, month: 10, day: 25 }, BERLIN);
    const t = consumptionTable(cols, [{ id: 1, name: 'M1', buckets: buckets(cols.map((c, i) => [c.start, i === 3 ? 7 : 4])) }]);
    expect(t.rows[0]?.values.slice(2, 4)).toEqual([4, 7]);
    expect(t.total).toBe(24 * 4 + 7);
  });
});

describe('consumption table properties (fast-check)', () => {
  const cols = reportColumns('daily', { year: 2026, month: 4, day: 15 }, SH);
  const cell = fc.option(fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 1000), { nil: null, freq: 4 });
  const rowsArb = fc.array(fc.array(cell, { minLength: cols.length, maxLength: cols.length }), { minLength: 1, maxLength: 8 });
  const table = (rows: (number | null)[][], precision = 1) =>
    consumptionTable(cols, rows.map((vs, i) => ({ id: i, name: `r${i}`, buckets: buckets(cols.map((c, j) => [c.start, vs[j] ?? null])) })), { sharePrecision: precision });
  const units = (x: number) => Math.round(x * 1000);

  it('each column total = Σ of the rows (nulls ignored), null only when every row is null there', () =>
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const t = table(rows);
        cols.forEach((_, j) => {
          const known = rows.map((r) => r[j] ?? null).filter((v): v is number => v !== null);
          expect(t.columnTotals[j] === null ? null : units(t.columnTotals[j] as number)).toEqual(known.length === 0 ? null : known.reduce((a, v) => a + units(v), 0));
        });
      }),
    ));
  it('grand total = Σ column totals = Σ row totals, to the last digit', () =>
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const t = table(rows);
        expect(t.total).toBe(sumOrNull(t.columnTotals));
        expect(t.total).toBe(sumOrNull(t.rows.map((r) => r.total)));
      }),
    ));
  it('shares add up to exactly 100 at the displayed precision whenever the total is > 0', () =>
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 0, max: 3 }), (rows, precision) => {
        const t = table(rows, precision);
        const shown = t.rows.filter((r) => r.sharePct !== null);
        if ((t.total ?? 0) > 0) expect(shown.reduce((a, r) => a + Math.round((r.sharePct as number) * 10 ** precision), 0)).toBe(100 * 10 ** precision);
        else expect(shown).toHaveLength(0);
        for (const r of t.rows) if (r.total === null) expect(r.sharePct).toBeNull();
      }),
    ));
});

describe('cost by TOU period, priced to the cent (EXAMPLE calendar and prices, Asia/Shanghai)', () => {
  const versions: TouTariffVersion[] = [{ effectiveFrom: '2026-01-01', calendar: EXAMPLE_PERIOD_CALENDAR, touPrices: EXAMPLE_TOU_PRICES }];
  const dayIntervals = (y: number, m: number, d: number, kwh: number | null) => Array.from({ length: 96 }, (_, i) => ({ start: zonedStart(y, m, d, SH) + i * Q, kwh }));

  it('a July day at 0.333 kWh per 15 min: sharp 2.664 kWh × 1.20 = ¥3.20, peak 7.992 × 1.00 = ¥7.99, flat 10.656 × 0.60 = ¥6.39, valley 10.656 × 0.25 = ¥2.66; ¥20.24', () => {
    const r = touCostRow({ id: 1, name: 'M1', intervals: dayIntervals(2026, 7, 15, 0.333) }, versions, SH);
    // sharp 20–22 h: 8 intervals; peak 08–11 and 17–20: 24; flat 07–08, 11–17, 22–23: 32; valley 23–07: 32
    expect(r.kwh).toEqual({ sharp: 2.664, peak: 7.992, flat: 10.656, valley: 10.656, deepValley: 0 });
    // 2.664 × 1.2 = 3.1968 → 320; 7.992 → 799; 10.656 × 0.6 = 6.3936 → 639; 10.656 × 0.25 = 2.664 → 266
    expect(r.fen).toEqual({ sharp: 320, peak: 799, flat: 639, valley: 266, deepValley: 0 });
    expect(r.totalFen).toBe(2024);
    expect(r.totalKwh).toBe(31.968);
    // ¥20.24 / 31.968 kWh = 0.6331… ¥/kWh
    expect(r.averagePriceYuanPerKwh).toBeCloseTo(20.24 / 31.968, 12);
  });
  it('hourly buckets (the example calendar changes on whole hours) give the same split and the same ¥', () => {
    const hours = Array.from({ length: 24 }, (_, i) => ({ start: zonedStart(2026, 7, 15, SH, i), kwh: 1.332 }));
    const r = touCostRow({ id: 1, name: 'M1', intervals: hours }, versions, SH);
    expect(r.kwh).toEqual({ sharp: 2.664, peak: 7.992, flat: 10.656, valley: 10.656, deepValley: 0 });
    expect(r.totalFen).toBe(2024);
  });
  it('half a fen rounds up per line: 0.125 kWh of flat at ¥0.60 = ¥0.075 → ¥0.08', () => {
    const r = touCostRow({ id: 2, name: 'M2', intervals: [{ start: zonedStart(2026, 3, 2, SH, 12), kwh: 0.125 }] }, versions, SH);
    expect(r.fen.flat).toBe(8);
  });
  it('the table totals are the Σ of the rows, to the fen; missing intervals and energy before the first version are reported', () => {
    const before = { start: zonedStart(2025, 12, 31, SH, 12), kwh: 5 };
    const t = touCostTable(
      [
        { id: 1, name: 'M1', intervals: dayIntervals(2026, 7, 15, 0.333) },
        { id: 2, name: 'M2', intervals: [{ start: zonedStart(2026, 3, 2, SH, 12), kwh: 0.125 }, { start: zonedStart(2026, 3, 2, SH, 13), kwh: null }, before] },
      ],
      versions,
      SH,
    );
    expect(t.totals.fen.flat).toBe(639 + 8);
    expect(t.totals.totalFen).toBe(2024 + 8);
    expect(t.totals.kwh.flat).toBe(10.781);
    expect(t.totals).toMatchObject({ unpricedKwh: 5, missingIntervals: 1 });
    expect(t.periods).toEqual(['sharp', 'peak', 'flat', 'valley']);
  });
  it('a tariff change inside the period: each interval is priced with the version of its local day', () => {
    const later: TouTariffVersion = { effectiveFrom: '2026-07-16', calendar: EXAMPLE_PERIOD_CALENDAR, touPrices: { ...EXAMPLE_TOU_PRICES, valley: '0.3000' } };
    const r = touCostRow({ id: 1, name: 'M1', intervals: [...dayIntervals(2026, 7, 15, 0.333), ...dayIntervals(2026, 7, 16, 0.333)] }, [...versions, later], SH);
    // valley 10.656 × 0.25 = 2.664 → 266; 10.656 × 0.30 = 3.1968 → 320
    expect(r.fen.valley).toBe(266 + 320);
  });
});

describe('meter readings: start and end register, multiplier, consumption across a reset', () => {
  const period = reportPeriod('monthly', { year: 2026, month: 4, day: 1 }, SH);
  const at = (ts: number, value: number) => ({ ts, value });

  it('no reset: (12 480.5 − 12 000.25) × 80 (CT 400/5) = 38 420 kWh, ok', () => {
    const row = meterReadingRow({ id: 1, name: 'M1', start: at(period.from, 12000.25), end: at(period.to, 12480.5), params: { multiplier: 80 } }, period);
    expect(row).toEqual({ id: 1, name: 'M1', startRegister: 12000.25, endRegister: 12480.5, multiplier: 80, consumption: 38420, quality: 'ok', resets: 0 });
  });
  it('rollover at M = 100 000 mid-period: (100 000 − 99 950 + 120) × 80 = 13 600 kWh, flagged reset', () => {
    const row = meterReadingRow({ id: 2, name: 'M2', start: at(period.from, 99950), end: at(period.to, 120), params: { multiplier: 80, registerMax: 100000 } }, period);
    expect(row).toMatchObject({ consumption: 13600, quality: 'reset', resets: 1 });
  });
  it('declared meter replacement on the 10th: ((5 300.5 − 5 230.5) + (42 − 0)) × 40 = 4 480 kWh, flagged reset', () => {
    const resets = [{ ts: zonedStart(2026, 4, 10, SH, 9), closing: 5300.5, opening: 0 }];
    const row = meterReadingRow({ id: 3, name: 'M3', start: at(period.from, 5230.5), end: at(period.to, 42), params: { multiplier: 40, resets } }, period);
    expect(row).toMatchObject({ startRegister: 5230.5, endRegister: 42, consumption: 4480, quality: 'reset', resets: 1 });
  });
  it('an unexplained drop (no register max, no declared reset) is not a negative consumption: null, suspect', () => {
    const row = meterReadingRow({ id: 4, name: 'M4', start: at(period.from, 500), end: at(period.to, 20) }, period);
    expect(row).toMatchObject({ consumption: null, quality: 'suspect' });
  });
  it('a boundary register read 2 h early is estimated; estimated rollups show too; a missing register is missing', () => {
    expect(meterReadingRow({ id: 5, name: 'M5', start: at(period.from - 2 * H, 10), end: at(period.to, 20) }, period).quality).toBe('estimated');
    expect(meterReadingRow({ id: 5, name: 'M5', start: at(period.from, 10), end: at(period.to, 20), periodQuality: ReadingStatus.interpolated }, period).quality).toBe('estimated');
    expect(meterReadingRow({ id: 6, name: 'M6', start: null, end: at(period.to, 20) }, period)).toMatchObject({ startRegister: null, endRegister: 20, consumption: null, quality: 'missing' });
  });
  it('registerAt: the reading at or last before the boundary', () => {
    const rs = [at(100, 1), at(200, 2), at(300, 3)];
    expect(registerAt(rs, 250)).toEqual(at(200, 2));
    expect(registerAt(rs, 300)).toEqual(at(300, 3));
    expect(registerAt(rs, 50)).toBeNull();
  });
  it('property: the consumption of a rollover is never negative and equals (M − start + end) × m', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 1, max: 200 }), (a, b, m) => {
        const row = meterReadingRow({ id: 1, name: 'x', start: at(period.from, a), end: at(period.to, b), params: { multiplier: m, registerMax: 100000 } }, period);
        expect(row.consumption).toBe((b >= a ? b - a : 100000 - a + b) * m);
        expect(row.consumption).toBeGreaterThanOrEqual(0);
      }),
    ));
});

describe('power: maximum demand with its time and the power factor', () => {
  const t0 = zonedStart(2026, 4, 1, SH, 8);
  it('MD = the highest 15-min kWh × 4 at its window start (the earliest on a tie); cosφ = 800 / √(800² + 600²) = 0.80', () => {
    const intervals = [
      { start: t0, kwh: 100 },
      { start: t0 + Q, kwh: 312.5 },
      { start: t0 + 2 * Q, kwh: null },
      { start: t0 + 3 * Q, kwh: 312.5 },
    ];
    expect(powerSummary({ intervals, kwh: 800, kvarh: 600 })).toEqual({ maxDemandKw: 1250, maxDemandAt: t0 + Q, powerFactor: 0.8 });
  });
  it('without energy: nulls', () => expect(powerSummary({ intervals: [], kwh: null, kvarh: null })).toEqual({ maxDemandKw: null, maxDemandAt: null, powerFactor: null }));
  it("the node's MD is coincident: rows peaking in different windows give max(Σ) = 1 000 kW, not Σ max = 1 400 kW; a window any row lacks is null", () => {
    const a = [
      { start: t0, kwh: 175 },
      { start: t0 + Q, kwh: 75 },
      { start: t0 + 2 * Q, kwh: 400 },
    ];
    const b = [
      { start: t0, kwh: 75 },
      { start: t0 + Q, kwh: 175 },
    ];
    const node = coincidentIntervals([a, b]);
    expect(node).toEqual([
      { start: t0, kwh: 250 },
      { start: t0 + Q, kwh: 250 },
      { start: t0 + 2 * Q, kwh: null },
    ]);
    expect(powerSummary({ intervals: node, kwh: null, kvarh: null })).toMatchObject({ maxDemandKw: 1000, maxDemandAt: t0 });
  });
});
