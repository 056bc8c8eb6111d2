import { describe, expect, it } from 'vitest';
import {
  activeLossKw,
  comprehensiveLossKw,
  economicLoadRate,
  efficiency,
  efficiencyGrade,
  loadRate,
  loadZone,
  lossEnergyKwh,
  optimumLoadRate,
  periodEfficiency,
  reactiveLossKvar,
  reactiveLossParams,
  transformerAdvice,
  zoneBounds,
  zoneHours,
} from './transformer.js';

/** The demo's 1# transformer: SCB13 1600 kVA, P0 1.96 kW, Pk 11.73 kW, I0 0.7 %, Uk 6 %. */
const T1600 = { ratedKva: 1600, p0Kw: 1.96, pkKw: 11.73, i0Pct: 0.7, ukPct: 6 };

describe('load rate and losses (DOMAIN §5)', () => {
  it('β = √(P² + Q²) / S_N: 800 kW + 600 kvar → S 1000 kVA → β 0.625 on 1600 kVA', () => {
    expect(loadRate(800, 600, 1600)).toBeCloseTo(0.625, 12);
    expect(loadRate(800, 600, 0)).toBe(0);
  });
  it('ΔP = P0 + β² Pk: 1.96 + 0.390625 × 11.73 = 6.54203125 kW at β 0.625', () => expect(activeLossKw(T1600, 0.625)).toBeCloseTo(6.54203125, 10));
  it('Q0 = I0 % · S_N = 11.2 kvar, Qk = Uk % · S_N = 96 kvar; ΔQ at β 0.625 = 11.2 + 37.5 = 48.7 kvar', () => {
    expect(reactiveLossParams(T1600)).toEqual({ q0Kvar: 11.2, qkKvar: 96 });
    expect(reactiveLossKvar(T1600, 0.625)).toBeCloseTo(48.7, 10);
  });
  it('ΔP_Z = P0 + K_Q Q0 + β² (Pk + K_Q Qk) with K_Q 0.1: 3.08 + 0.390625 × 21.33 = 11.41203125 kW', () =>
    expect(comprehensiveLossKw(T1600, 0.625)).toBeCloseTo(11.41203125, 10));
});

describe('efficiency and optimum load', () => {
  it('η at β 0.625, cosφ 0.8: 800 / (800 + 6.54203125) = 0.99188879', () => expect(efficiency(T1600, 0.625, 0.8)).toBeCloseTo(0.99188879, 8));
  it('η is 0 with no load', () => expect(efficiency(T1600, 0, 0.9)).toBe(0));
  it('β_opt = √(P0 / Pk) = √(1.96 / 11.73) = 0.40877, where η peaks', () => {
    const opt = optimumLoadRate(T1600) as number;
    expect(opt).toBeCloseTo(0.40877, 5);
    expect(efficiency(T1600, opt, 0.9)).toBeGreaterThan(efficiency(T1600, opt - 0.05, 0.9));
    expect(efficiency(T1600, opt, 0.9)).toBeGreaterThan(efficiency(T1600, opt + 0.05, 0.9));
    expect(optimumLoadRate({ ...T1600, pkKw: 0 })).toBeNull();
  });
  it('β_JZ = √((1.96 + 1.12) / (11.73 + 9.6)) = √0.144398 = 0.38000', () => expect(economicLoadRate(T1600)).toBeCloseTo(0.38, 4));
});

describe('operating zones (GB/T 13462): economic β_JZ² ≤ β ≤ 1, optimal 1.33 β_JZ² ≤ β ≤ 0.75', () => {
  const jz = economicLoadRate(T1600) as number;
  it('bounds: β_JZ² 0.14440, optimal from 0.19205 to 0.75', () => {
    const b = zoneBounds(jz);
    expect(b.economicLower).toBeCloseTo(0.1443976, 6);
    expect(b.optimalLower).toBeCloseTo(0.1920488, 6);
    expect([b.optimalUpper, b.economicUpper]).toEqual([0.75, 1]);
  });
  it.each([
    [0.1, 'light'],
    [0.17, 'economic'],
    [0.625, 'optimal'],
    [0.75, 'optimal'],
    [0.9, 'economic'],
    [1, 'economic'],
    [1.1, 'over'],
  ] as const)('β %d → %s', (beta, zone) => expect(loadZone(beta, jz)).toBe(zone));
});

describe('loss energy, zone hours and period efficiency', () => {
  const quarter = (beta: number | null) => ({ beta, hours: 0.25 });
  const ivs = [quarter(0.5), quarter(0.5), quarter(1), quarter(0), quarter(null)];
  it('E0 = P0 · t over the measured hour = 1.96 kWh; E_k = 11.73 × (0.0625 + 0.0625 + 0.25 + 0) = 4.39875 kWh', () => {
    const e = lossEnergyKwh(T1600, ivs);
    expect(e.hours).toBe(1);
    expect(e.noLoadKwh).toBeCloseTo(1.96, 12);
    expect(e.loadKwh).toBeCloseTo(4.39875, 12);
  });
  it('hours per zone: 0.5 h optimal, 0.25 h economic (β 1), 0.25 h light (β 0)', () =>
    expect(zoneHours(ivs, economicLoadRate(T1600) as number)).toEqual({ light: 0.25, economic: 0.25, optimal: 0.5, over: 0 }));
  it('η over a period = 1000 / (1000 + 6.35875) = 0.993681; null without output', () => {
    expect(periodEfficiency(1000, 6.35875)).toBeCloseTo(0.9936814, 7);
    expect(periodEfficiency(0, 2)).toBeNull();
  });
});

describe('GB 20052 grade: the best grade whose P0 and Pk limits are both met', () => {
  it.each([
    ['the demo SCB13 1600 kVA sits at the grade-3 limits', { ratedKva: 1600, p0Kw: 1.96, pkKw: 11.73 }, 'dry', 3],
    ['P0 at grade 1 but Pk only grade 2', { ratedKva: 1600, p0Kw: 1.3, pkKw: 11.0 }, 'dry', 2],
    ['both at grade 1', { ratedKva: 800, p0Kw: 0.8, pkKw: 6.2 }, 'dry', 1],
    ['P0 over the grade-3 limit: below the minimum', { ratedKva: 1250, p0Kw: 1.8, pkKw: 9.0 }, 'dry', 'below'],
    ['a rating the table lacks', { ratedKva: 1100, p0Kw: 1, pkKw: 8 }, 'dry', 'unrated'],
    ['oil-immersed 1000 kVA at 1.15 / 10.3', { ratedKva: 1000, p0Kw: 1.15, pkKw: 10.3 }, 'oil', 3],
  ] as const)('%s', (_rule, np, insulation, grade) => expect(efficiencyGrade(np, insulation)).toBe(grade));
});

describe('fleet advice', () => {
  it('overloaded when β_max > 1; light load when β_avg < β_JZ²; else none', () => {
    expect(transformerAdvice(0.5, 1.05, 0.38)).toBe('overloaded');
    expect(transformerAdvice(0.12, 0.3, 0.38)).toBe('lightLoad');
    expect(transformerAdvice(0.3, 0.6, 0.38)).toBeNull();
    expect(transformerAdvice(null, null, 0.38)).toBeNull();
  });
});
