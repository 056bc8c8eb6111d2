import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountFen,
  averagePriceYuanPerKwh,
  decimal,
  decimalToNumber,
  decimalToString,
  formatFen,
  mulDecimal,
  percentOfFen,
  sumDecimal,
  sumFen,
  toFen,
} from './money.js';

describe('decimal: exact parsing; numbers are cut to 6 decimals, strings kept', () => {
  it.each([
    ['"1234.567891" stays exact', '1234.567891', 1234567891n, 6],
    ['0.1 is 1/10, not the binary double', 0.1, 1n, 1],
    ['0.1 + 0.2 (0.30000000000000004) → 0.300000', 0.1 + 0.2, 300000n, 6],
    ['1e21 → 10^21, scale 0', 1e21, 10n ** 21n, 0],
    ['5e-7 → rounded half-up to 0.000001', 5e-7, 1n, 6],
    ['"-12.50"', '-12.50', -1250n, 2],
    ['"1,234.5" with a thousands separator', '1,234.5', 12345n, 1],
  ] as const)('%s', (_rule, x, units, scale) => expect(decimal(x)).toEqual({ units, scale }));
  it.each([
    ['-12.50', '-12.50'],
    ['0.05', '0.05'],
    ['-0.000001', '-0.000001'],
    ['1e3', '1000'],
  ] as const)('decimalToString(decimal(%s)) = %s', (x, t) => expect(decimalToString(decimal(x))).toBe(t));
  it.each([['abc'], [''], ['1.2.3'], [Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %s', (x) => expect(() => decimal(x)).toThrow(RangeError));
});

describe('amountFen: quantity × price exact, then half-up to the fen (one bill line)', () => {
  it.each([
    // 12 345.678 × 0.6578 = 7 407.4068 (×0.6) + 617.2839 (×0.05) + 96.2962884 (×0.0078) = 8 120.9869884 → 8 120.99
    ['12 345.678 kWh × 0.6578 ¥/kWh = 8 120.9869884 ¥ → 812 099 fen', 12345.678, 0.6578, 812099],
    // 1.005 × 1 = 1.005 exactly (the double 1.005 is 1.00499999…; parsed as text it is 1.005) → 1.01
    ['half-up at .005: 1.005 kWh × 1 ¥ → 1.01 ¥', 1.005, 1, 101],
    ['just below .005: 1.004999 kWh × 1 ¥ → 1.00 ¥', '1.004999', '1', 100],
    // 0.5 kWh × 0.01 ¥ = 0.005 ¥ → 0.01
    ['0.5 kWh × 0.01 ¥ = 0.005 ¥ → 1 fen', 0.5, 0.01, 1],
    // −0.005 ¥ rounds away from zero
    ['negative half: −0.5 × 0.01 = −0.005 ¥ → −1 fen', -0.5, 0.01, -1],
    ['float drift: (0.1 + 0.2) kWh × 10 ¥ = 3.00 ¥', 0.1 + 0.2, 10, 300],
    // 400 000 × 0.987654 = 395 061.6; 0.123456 × 0.987654 = 0.121931… → 395 061.721931… → 395 061.72
    ['6 + 6 decimals: 400 000.123456 kWh × 0.987654 ¥ = 395 061.7219… → 39 506 172 fen', '400000.123456', '0.987654', 39506172],
  ] as const)('%s', (_rule, q, p, fen) => expect(amountFen(q, p)).toBe(fen));

  it('property: equals round-half-up of the exact integer product (quantity and price with ≤ 6 decimals)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 7n }), (qMicro, pMicro) => {
        // exact value in units of 10^-12 ¥; fen = value / 10^10, half away from zero
        const v = qMicro * pMicro;
        const abs = v < 0n ? -v : v;
        const fenAbs = abs / 10n ** 10n + (abs % 10n ** 10n >= 5n * 10n ** 9n ? 1n : 0n);
        const expected = Number(v < 0n ? -fenAbs : fenAbs);
        const text = (n: bigint) => `${n < 0n ? '-' : ''}${(n < 0n ? -n : n) / 1_000_000n}.${String((n < 0n ? -n : n) % 1_000_000n).padStart(6, '0')}`;
        expect(amountFen(text(qMicro), text(pMicro))).toBe(expected);
      }),
    );
  });

  it('property: at every .005 boundary x.xx5 ¥ rounds up to the next fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (fen) => {
        // (fen + 0.5) fen = (2·fen + 1) × 0.005 ¥
        expect(amountFen(String(2 * fen + 1), '0.005')).toBe(fen + 1);
        expect(amountFen(String(-(2 * fen + 1)), '0.005')).toBe(-(fen + 1));
      }),
    );
  });

  it('property: no float drift — a sum of 0.1 kWh steps bills the same as the exact decimal total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 2_000_000 }), (n, priceMicro) => {
        let kwh = 0;
        for (let i = 0; i < n; i++) kwh += 0.1; // drifts: 0.30000000000000004, 0.7999999999999999, …
        const price = (priceMicro / 1e6).toFixed(6);
        expect(amountFen(kwh, price)).toBe(amountFen(`${Math.floor(n / 10)}.${n % 10}`, price));
      }),
    );
  });
});

describe('sumFen: the total is the sum of the rounded lines', () => {
  it('three lines of 0.333 ¥ each round to 0.33, the total is 0.99 (not 1.00 from rounding 0.999)', () => {
    const lines = [amountFen(1, 0.333), amountFen(1, 0.333), amountFen(1, 0.333)];
    expect(sumFen(lines)).toBe(99);
  });
  it('property: sum of rounded lines differs from the rounded exact sum by at most half a fen per line', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 2_000_000 })), { maxLength: 20 }), (pairs) => {
        const lines = pairs.map(([q, p]) => amountFen(q / 1000, p / 1e6));
        const exact = sumDecimal(pairs.map(([q, p]) => mulDecimal(q / 1000, p / 1e6)));
        const exactFen = decimalToNumber(exact) * 100;
        expect(Math.abs(sumFen(lines) - exactFen)).toBeLessThanOrEqual(pairs.length * 0.5 + 1e-6);
        expect(Number.isInteger(sumFen(lines))).toBe(true);
      }),
    );
  });
  it('rejects a non-integer fen', () => expect(() => sumFen([1, 2.5])).toThrow(RangeError));
});

describe('toFen / percentOfFen: pro-rating and percentages, rounded once', () => {
  it('¥50 000 basic fee × 10 / 30 days = 16 666.666… → 16 666.67 ¥', () => expect(toFen(50000, 10, 30)).toBe(1666667));
  it('¥1 234.565 → 1 234.57 (half-up)', () => expect(toFen('1234.565')).toBe(123457));
  it('力调 −0.75 % of ¥311 234.56 = −2 334.2592 → −2 334.26 ¥', () => expect(percentOfFen(31123456, -0.75)).toBe(-233426));
  it('+1 % of ¥0.50 = 0.005 → 0.01 ¥', () => expect(percentOfFen(50, 1)).toBe(1));
});

describe('formatFen / averagePrice', () => {
  it.each([
    [123456789, {}, '1,234,567.89'],
    [-5, {}, '-0.05'],
    [100, { grouping: false, symbol: '¥' }, '¥1.00'],
    [0, {}, '0.00'],
  ] as const)('%d → %s', (fen, opts, text) => expect(formatFen(fen, opts)).toBe(text));
  it('average price = total ¥ / total kWh: ¥311 234.56 over 400 000 kWh = 0.7780864 ¥/kWh', () =>
    expect(averagePriceYuanPerKwh(31123456, 400000)).toBeCloseTo(0.7780864, 9));
  it('no energy → null', () => expect(averagePriceYuanPerKwh(100, 0)).toBeNull());
});
