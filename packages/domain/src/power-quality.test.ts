import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FREQUENCY_LIMITS,
  DEFAULT_UNBALANCE_LIMITS,
  complianceRate,
  cp95,
  frequencyDeviationHz,
  harmonicsOverLimit,
  sequenceUnbalancePct,
  thdLimit,
  thdPct,
  unbalancePct,
  voltageDeviationLimit,
  voltageDeviationPct,
  worstPhase,
} from './power-quality.js';

describe('voltage deviation δU = (U − U_N) / U_N × 100 against GB 12325 limits (DOMAIN §9)', () => {
  const inBand = (v: number, b: { lower?: number; upper?: number }) => complianceRate([v], b).within === 1;
  it.each([
    ['10 kV at 10.5 kV: +5 %, within ±7 %', 10.5, 10, 10, false, 5, true],
    ['10 kV at 10.8 kV: +8 %, outside ±7 %', 10.8, 10, 10, false, 8, false],
    ['380 V at 356 V: −6.3 %, within ±7 %', 356, 380, 0.38, false, -6.315789, true],
    ['220 V single-phase at 198 V: −10 % is the limit, within', 198, 220, 0.22, true, -10, true],
    ['220 V single-phase at 197 V: −10.45 %, outside', 197, 220, 0.22, true, -10.454545, false],
    ['220 V single-phase at 236 V: +7.27 %, outside +7 %', 236, 220, 0.22, true, 7.272727, false],
    ['110 kV at 116 kV: +5.45 %, outside the default ±5 % split of the 10 % sum', 116, 110, 110, false, 5.454545, false],
  ] as const)('%s', (_rule, u, un, kv, single, pct, ok) => {
    const d = voltageDeviationPct(u, un);
    expect(d).toBeCloseTo(pct, 5);
    expect(inBand(d, voltageDeviationLimit(kv, single))).toBe(ok);
  });
});

describe('frequency, unbalance, THD', () => {
  it('Δf: 50.15 Hz is within ±0.2, 50.25 Hz is not; ±0.5 for small systems', () => {
    expect(complianceRate([frequencyDeviationHz(50.15), frequencyDeviationHz(50.25)], DEFAULT_FREQUENCY_LIMITS.normal).within).toBe(1);
    expect(complianceRate([frequencyDeviationHz(50.25)], DEFAULT_FREQUENCY_LIMITS.smallSystem).within).toBe(1);
  });
  it('unbalance approximation: 230 / 225 / 235 V → mean 230, max deviation 5 → 2.174 %, over the PCC 2 %', () => {
    const e = unbalancePct(230, 225, 235);
    expect(e).toBeCloseTo(2.173913, 5);
    expect(complianceRate([e], DEFAULT_UNBALANCE_LIMITS.pcc.normal).within).toBe(0);
    expect(complianceRate([e], DEFAULT_UNBALANCE_LIMITS.pcc.shortTime).within).toBe(1);
  });
  it('ε_U = U₂ / U₁: 4.6 V / 230 V = 2 %', () => expect(sequenceUnbalancePct(4.6, 230)).toBeCloseTo(2, 12));
  it('THD: U₁ 220, U₃ 8.8, U₅ 6.6 → √(77.44 + 43.56) = 11 → 5 %, at the 0.38 kV limit', () => {
    expect(thdPct([0, 8.8, 0, 6.6], 220)).toBeCloseTo(5, 12);
    expect(thdLimit(0.38).thdPct).toBe(5);
  });
  it.each([
    [0.38, 5],
    [10, 4],
    [6, 4],
    [35, 3],
    [110, 2],
    [220, 2],
  ])('THD limit at %d kV is %d %%', (kv, pct) => expect(thdLimit(kv).thdPct).toBe(pct));
  it('individual harmonics at 10 kV (odd 3.2 %, even 1.6 %): U₂ 1.7 % and U₅ 3.3 % are over', () => {
    // U₁ 100: order 2 → 1.7 > 1.6; order 3 → 3.0 ≤ 3.2; order 4 → 1.0; order 5 → 3.3 > 3.2
    expect(harmonicsOverLimit([1.7, 3.0, 1.0, 3.3], 100, thdLimit(10))).toEqual([2, 5]);
  });
});

describe('complianceRate = time within limits / total time; worst phase', () => {
  it('deviations 1, 2, 8, −, −3, −7.5 against ±7: 3 of 5 measured = 60 %, 1 missing', () =>
    expect(complianceRate([1, 2, 8, null, -3, -7.5], { lower: -7, upper: 7 })).toEqual({ ratePct: 60, within: 3, measured: 5, missing: 1 }));
  it('no samples → null rate', () => expect(complianceRate([null], { upper: 1 }).ratePct).toBeNull());
  it('worst phase: the lowest compliance; on a tie the furthest excursion', () => {
    const band = { lower: -7, upper: 7 };
    expect(worstPhase({ a: [1, 2, 3, 4], b: [1, 8, 2, 9], c: [1, 2, 8, 3] }, band)?.phase).toBe('b');
    expect(worstPhase({ a: [1, 8], b: [1, 9.5], c: [1, 2] }, band)).toMatchObject({ phase: 'b', compliance: { ratePct: 50 } });
    expect(worstPhase({ a: [null], b: [], c: [] }, band)).toBeNull();
  });
  it('CP95 of 1…100 is 95.05 (interpolated)', () => expect(cp95(Array.from({ length: 100 }, (_, i) => i + 1))).toBeCloseTo(95.05, 9));
});
