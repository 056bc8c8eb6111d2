import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changeTone, displayUnit, formatChange, formatNumber, formatPercent, formatThousands, formatWithUnit, round, roundToString } from './number-format.js';

describe("spec 5: number formatting shows '--' for missing values", () => {
  it.each([
    ['undefined', undefined],
    ['empty string', ''],
    ['blank string', '  '],
    ['null', null],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['sentinel 2147483648', 2147483648],
    ['sentinel -2147483648', -2147483648],
    ['sentinel as text', '-2147483648'],
    ['text that is no number', 'abc'],
  ])('%s → --', (_, value) => {
    expect(formatNumber(value)).toBe('--');
    expect(formatPercent(value)).toBe('--');
    expect(formatThousands(value)).toBe('--');
    expect(formatWithUnit(value, 'kWh')).toBe('--');
  });
});

describe('spec 5: keeps 0, default 2 decimals', () => {
  it.each([
    [0, undefined, '0.00'],
    [-0, undefined, '0.00'],
    ['0', undefined, '0.00'],
    [12.345, undefined, '12.35'],
    [12.344, undefined, '12.34'],
    ['3.14159', 3, '3.142'],
    [2147483647, 0, '2147483647'],
    [-1.005, 2, '-1.01'],
    [-0.001, 2, '0.00'],
    [1e-7, 2, '0.00'],
    [1.5e21, 0, '1500000000000000000000'],
    [9.995, 2, '10.00'],
  ] as const)('formatNumber(%s, %s) = %s', (value, precision, expected) => {
    expect(formatNumber(value, precision)).toBe(expected);
  });
});

describe('spec 5: rounding helper, default 0 decimals, on the decimal string', () => {
  it.each([
    [1.005, 2, 1.01],
    [1.5, undefined, 2],
    [2.5, undefined, 3],
    [-2.5, undefined, -3],
    [0.615, 2, 0.62],
    [1234.5678, 1, 1234.6],
    [10.235, 2, 10.24],
  ] as const)('round(%s, %s) = %s', (value, precision, expected) => {
    expect(round(value, precision)).toBe(expected);
  });
  it('never differs from the exact decimal result by more than half a unit', () => {
    fc.assert(fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 6 }), (v, p) => {
      const r = Number(roundToString(v, p));
      return Math.abs(r - v) <= 0.5 * 10 ** -p + Math.abs(v) * 1e-15;
    }));
  });
});

describe('spec 5: percent multiplies by 100', () => {
  it.each([
    [0.07, '7.00%'],
    [0.12345, '12.35%'],
    [1, '100.00%'],
    [0, '0.00%'],
    [1e-7, '0.00%'],
    [-0.5, '-50.00%'],
    [12, '1200.00%'],
  ] as const)('%s → %s', (v, expected) => expect(formatPercent(v)).toBe(expected));
  it('without sign', () => expect(formatPercent(0.5, 1, false)).toBe('50.0'));
});

describe('spec 5: thousands separators in a variant', () => {
  it.each([
    [1234567.891, 2, '1,234,567.89'],
    [-1234.5, 0, '-1,235'],
    [999, 2, '999.00'],
    [1000, 0, '1,000'],
  ] as const)('%s → %s', (v, p, expected) => expect(formatThousands(v, p)).toBe(expected));
});

describe('spec 5: unit m3 shows as cubic metres', () => {
  it.each([
    ['m3', 'm³'],
    ['Nm3', 'Nm³'],
    ['m3/h', 'm³/h'],
    ['kWh', 'kWh'],
    [undefined, ''],
  ] as const)('%s → %s', (unit, shown) => expect(displayUnit(unit)).toBe(shown));
  it('formatWithUnit joins value and display unit', () => {
    expect(formatWithUnit(12.3, 'm3')).toBe('12.30 m³');
    expect(formatWithUnit(5, '', 0)).toBe('5');
  });
});

describe('同比/环比 display: tone and signed one-decimal change', () => {
  it('more is up, less is down, under 0.05 % flat, null or NaN none; a sign only on a positive change', () => {
    expect([changeTone(12), changeTone(-3), changeTone(0.04), changeTone(null), changeTone(Number.NaN)]).toEqual(['up', 'down', 'flat', 'none', 'none']);
    expect([formatChange(16.666), formatChange(-25), formatChange(0.01), formatChange(-0.01), formatChange(null)]).toEqual(['+16.7%', '-25.0%', '0.0%', '0.0%', '--']);
  });
});
