import { describe, expect, it } from 'vitest';
import { fitLinear, predictLinear } from './linear-regression.js';

describe('fitLinear: ordinary least squares with several regressors', () => {
  it('recovers an exact plane y = 100 + 10·x₁ + 2·x₂ (r² 1)', () => {
    const rows = [
      [0, 0],
      [1, 0],
      [0, 5],
      [3, 1],
      [2, 4],
    ];
    const f = fitLinear(rows, rows.map(([a, b]) => 100 + 10 * (a as number) + 2 * (b as number)));
    expect(f?.intercept).toBeCloseTo(100, 9);
    expect(f?.coefficients[0]).toBeCloseTo(10, 9);
    expect(f?.coefficients[1]).toBeCloseTo(2, 9);
    expect([f?.n, f?.p, f?.used]).toEqual([5, 3, [true, true]]);
    expect(f?.r2).toBeCloseTo(1, 12);
    expect(predictLinear(f!, [4, 4])).toBeCloseTo(148, 9);
  });

  it('a straight line through (0, 1), (1, 3), (2, 2): slope 0.5, intercept 1.5, SS_res 1.5, r² 0.25', () => {
    // x̄ = 1, ȳ = 2; Sxy = (−1)(−1) + 0 + (1)(0) = 1; Sxx = 2 → b = 0.5, a = 2 − 0.5 = 1.5
    // residuals −0.5, 1, −0.5 → SS_res = 0.25 + 1 + 0.25 = 1.5; SS_tot = 1 + 1 + 0 = 2 → r² = 0.25
    const f = fitLinear([[0], [1], [2]], [1, 3, 2]);
    expect(f?.intercept).toBeCloseTo(1.5, 12);
    expect(f?.coefficients[0]).toBeCloseTo(0.5, 12);
    expect(f?.ssRes).toBeCloseTo(1.5, 12);
    expect(f?.r2).toBeCloseTo(0.25, 12);
  });

  it('a constant or duplicated column is dropped (coefficient 0), the rest still fitted', () => {
    const rows = [
      [1, 0, 7],
      [2, 0, 7],
      [3, 0, 7],
      [4, 0, 7],
    ].map(([a, b, c]) => [a as number, b as number, c as number, 2 * (a as number)]);
    const f = fitLinear(rows, [3, 5, 7, 9]);
    expect(f?.used).toEqual([true, false, false, false]);
    expect(f?.coefficients).toEqual([expect.closeTo(2, 9), 0, 0, 0]);
    expect(f?.intercept).toBeCloseTo(1, 9);
    expect(f?.p).toBe(2);
  });

  it('null without a residual degree of freedom; rows with a non-finite value are left out', () => {
    expect(fitLinear([[0], [1]], [1, 2])).toBeNull();
    expect(fitLinear([], [])).toBeNull();
    const f = fitLinear([[0], [1], [Number.NaN], [2]], [1, 2, 50, 3]);
    expect(f?.n).toBe(3);
    expect(f?.coefficients[0]).toBeCloseTo(1, 12);
  });
});
