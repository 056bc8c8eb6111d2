import { describe, expect, it } from 'vitest';
import { DEFAULT_LOSS_TOLERANCE_PCT, FALLBACK_ACCURACY_CLASS_PCT, balanceAccuracyPct, balanceOf, balanceSeries, lineLossKw, meterAccuracyPct, worstBalances } from './balance.js';

describe('balanceOf: L = E_p − Σ E_c, λ = L / E_p × 100, pass when λ ≤ tolerance (DOMAIN §2)', () => {
  it.each([
    // 10 000 − (4 000 + 3 500 + 2 200) = 300 → 3 %
    ['3 % loss within a 5 % tolerance passes', 10000, [4000, 3500, 2200], 5, 300, 3, 'pass'],
    // 10 000 − 9 400 = 600 → 6 % > 5 %
    ['6 % loss over a 5 % tolerance fails', 10000, [5000, 4400], 5, 600, 6, 'fail'],
    ['exactly at the tolerance passes (|λ| ≤ tolerance)', 1000, [950], 5, 50, 5, 'pass'],
    // 10 000 − 10 200 = −200 → −2 %: children exceed the parent
    ['negative loss −2 % is a metering fault, not a pass', 10000, [6000, 4200], 5, -200, -2, 'meteringFault'],
    ['water node with 8 % tolerance: 7.5 % passes', 2000, [1850], 8, 150, 7.5, 'pass'],
  ] as const)('%s', (_rule, parent, children, tol, loss, rate, status) => {
    const b = balanceOf(parent, children, tol);
    expect(b.loss).toBeCloseTo(loss, 9);
    expect(b.lossRatePct).toBeCloseTo(rate, 9);
    expect(b.status).toBe(status);
  });

  it('a child without data: incomplete, no loss, no silent partial sum', () => {
    const b = balanceOf(10000, [4000, null, 2200], 5);
    expect(b).toMatchObject({ status: 'incomplete', loss: null, lossRatePct: null, childrenSum: null, knownChildrenSum: 6200, missingChildren: 1 });
  });
  it('the parent without data: incomplete', () => expect(balanceOf(null, [1, 2], 5)).toMatchObject({ status: 'incomplete', parent: null, childrenSum: 3 }));
  it('parent 0, children 0: no load; parent 0 with child energy: metering fault', () => {
    expect(balanceOf(0, [0, 0], 5)).toMatchObject({ status: 'noLoad', loss: 0, lossRatePct: null });
    expect(balanceOf(0, [5], 5)).toMatchObject({ status: 'meteringFault', loss: -5, lossRatePct: null });
  });
  it('faultBelowPct tolerates meter accuracy: −0.3 % passes with 0.5, faults with the default 0', () => {
    expect(balanceOf(10000, [10030], 5, 0.5).status).toBe('pass');
    expect(balanceOf(10000, [10030], 5).status).toBe('meteringFault');
  });
  it('defaults per carrier: electricity 5 %, water 8 %, steam 10 %', () => expect(DEFAULT_LOSS_TOLERANCE_PCT).toEqual({ 2: 5, 3: 8, 16: 10 }));
});

describe('balanceSeries: daily λ trend', () => {
  it('one balance per day, a missing day stays incomplete', () => {
    const s = balanceSeries(
      [
        { ts: 1, parent: 100, children: [97] },
        { ts: 2, parent: 100, children: [null] },
        { ts: 3, parent: 100, children: [91] },
      ],
      5,
    );
    expect(s.map((b) => [b.ts, b.status, b.lossRatePct])).toEqual([
      [1, 'pass', 3],
      [2, 'incomplete', null],
      [3, 'fail', 9],
    ]);
  });
});

describe('worstBalances: faults first, then failures, by how far past the tolerance', () => {
  it('ranks and leaves out nodes without a rate', () => {
    const nodes = [
      { id: 'ok', balance: balanceOf(1000, [980], 5) }, // 2 %, 3 under
      { id: 'fail-water', balance: balanceOf(1000, [880], 8) }, // 12 % vs 8 → 4 past
      { id: 'fail-elec', balance: balanceOf(1000, [900], 5) }, // 10 % vs 5 → 5 past
      { id: 'fault', balance: balanceOf(1000, [1010], 5) }, // −1 %
      { id: 'gap', balance: balanceOf(1000, [null], 5) },
    ];
    expect(worstBalances(nodes).map((n) => n.id)).toEqual(['fault', 'fail-elec', 'fail-water', 'ok']);
    expect(worstBalances(nodes, 2).map((n) => n.id)).toEqual(['fault', 'fail-elec']);
  });
});

describe('lineLossKw: ΔP = 3 I² R', () => {
  it('200 A through 0.05 Ω per phase: 3 × 40 000 × 0.05 = 6 000 W = 6 kW', () => expect(lineLossKw(200, 0.05)).toBeCloseTo(6, 12));
});

describe('meter accuracy (GB 17167-2006 table 3 defaults [V]): a gap within the meters\' classes is no fault', () => {
  it('defaults per energy type: electricity 1, water 2.5, gas 2, steam 2.5, compressed air 2; a meter\'s own class wins', () => {
    expect([2, 3, 15, 16, 45, 18].map((t) => meterAccuracyPct(null, t))).toEqual([1, 2.5, 2, 2.5, 2, 2]);
    expect(meterAccuracyPct(0.5, 2)).toBe(0.5);
    expect(meterAccuracyPct(0, 3)).toBe(2.5);
    expect(meterAccuracyPct(null, 999)).toBe(FALLBACK_ACCURACY_CLASS_PCT);
  });

  it('worked example: a class 0.5 main of 10 000 kWh, class 1 feeders of 6 000 and 4 032 → 1.503 %; their −0.32 % gap passes', () => {
    const band = balanceAccuracyPct({ value: 10000, accuracyPct: 0.5 }, [
      { value: 6000, accuracyPct: 1 },
      { value: 4032, accuracyPct: 1 },
    ]);
    expect(band).toBeCloseTo(1.5032, 9);
    expect(balanceOf(10000, [6000, 4032], 5, band ?? 0)).toMatchObject({ status: 'pass', lossRatePct: expect.closeTo(-0.32, 9) });
    // beyond the band (a CT ratio wrong by 5 %): a metering fault still
    expect(balanceOf(10000, [6300, 4232], 5, band ?? 0).status).toBe('meteringFault');
  });

  it('no band without a positive parent or with a child lacking data', () => {
    expect(balanceAccuracyPct({ value: 0, accuracyPct: 1 }, [{ value: 0, accuracyPct: 1 }])).toBeNull();
    expect(balanceAccuracyPct({ value: 100, accuracyPct: 1 }, [{ value: null, accuracyPct: 1 }])).toBeNull();
  });
});
