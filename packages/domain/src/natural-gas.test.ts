import { describe, expect, it } from 'vitest';
import { DEFAULT_CARRIER_FACTORS } from './comparison.js';
import { naturalGasFactors } from './natural-gas.js';

describe('natural gas: tce and CO₂ from one heating value (DOMAIN §1; GB/T 2589-2020, MEE 企业温室气体排放核算方法与报告指南)', () => {
  it('LHV 389.31 GJ/10⁴ Nm³ = 38 931 kJ/m³: 38 931 / 29 307.6 = 1.32836 kgce/m³; 38 931 × 15.3 × 10⁻⁶ × 0.99 × 44/12 = 2.16219 kgCO₂/m³', () => {
    const f = naturalGasFactors();
    // 38 931 / 29 307.6 = 1.3283585…
    expect(f.kgcePerUnit).toBeCloseTo(1.328359, 6);
    // 38 931 × 15.3e-6 = 0.5956443 kgC; × 0.99 = 0.5896879; × 44/12 = 2.1621889
    expect(f.kgCo2PerUnit).toBeCloseTo(2.162189, 6);
  });
  it('the default factors of energy type 15 are those, not two figures from two different gases (1.2143 was 8 500 kcal, 2.16 was 38 931 kJ)', () =>
    expect(DEFAULT_CARRIER_FACTORS[15]).toEqual(naturalGasFactors()));
  it('a measured LHV moves both: 8 500 kcal/m³ = 35 587.8 kJ → 1.2143 kgce and 1.976511 kgCO₂ per m³ (35 587.8 × 15.3e-6 × 0.99 × 44/12)', () => {
    const f = naturalGasFactors(8500 * 4.1868);
    expect(f.kgcePerUnit).toBeCloseTo(1.214286, 6);
    expect(f.kgCo2PerUnit).toBeCloseTo(1.976511, 6);
  });
  it('a non-positive LHV is an error', () => expect(() => naturalGasFactors(0)).toThrow(RangeError));
});
