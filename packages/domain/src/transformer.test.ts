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
  DEFAULT_GRADE_TABLE,
  gradeRow,
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

describe('GB 20052-2024 grade (表1 oil, 表2 dry, as published): the best grade whose P0 and Pk limits are both met', () => {
  it.each([
    // 表2, 1 600 kVA, steel, class F: grade 3 = 1 960 W / 11 730 W (the SCB13 nameplate)
    ['the demo SCB13 1600 kVA (F) sits at the grade-3 limits 1.96 / 11.73', { ratedKva: 1600, p0Kw: 1.96, pkKw: 11.73 }, 'dry', {}, 3],
    // grade 1 = 1 415 / 10 555, grade 2 = 1 665 / 10 555: P0 1.3 ≤ 1.415 and Pk 10.555 → grade 1
    ['1600 kVA F at 1.3 / 10.555: grade 1 (grade 1 and 2 share Pk 10 555 W in 表2)', { ratedKva: 1600, p0Kw: 1.3, pkKw: 10.555 }, 'dry', {}, 1],
    // P0 1.5 > 1.415 (grade 1) but ≤ 1.665 (grade 2)
    ['1600 kVA F at 1.5 / 10.5: grade 2', { ratedKva: 1600, p0Kw: 1.5, pkKw: 10.5 }, 'dry', {}, 2],
    // 表2 1 250 kVA steel F grade 3: 1 670 / 9 690; P0 1.8 fails
    ['P0 over the grade-3 limit: below the minimum', { ratedKva: 1250, p0Kw: 1.8, pkKw: 9.0 }, 'dry', {}, 'below'],
    // class H allows more load loss: 1 250 kVA H grade 3 Pk 10 370 W
    ['1250 kVA at 1.67 / 10.2: below as class F (9.69), grade 3 as class H (10.37)', { ratedKva: 1250, p0Kw: 1.67, pkKw: 10.2 }, 'dry', { insulationClass: 'H' }, 3],
    // 表2 amorphous 1 000 kVA: P0 grade 1 385 W
    ['amorphous dry 1000 kVA at 0.385 / 7.315: grade 1', { ratedKva: 1000, p0Kw: 0.385, pkKw: 7.315 }, 'dry', { core: 'amorphous' }, 1],
    ['a rating the table lacks', { ratedKva: 1100, p0Kw: 1, pkKw: 8 }, 'dry', {}, 'unrated'],
    // 表1 1 000 kVA steel: grade 3 830 / 10 300; grade 2 745 / 8 240
    ['oil-immersed 1000 kVA at 0.83 / 10.3: grade 3', { ratedKva: 1000, p0Kw: 0.83, pkKw: 10.3 }, 'oil', {}, 3],
    // 表1 400 kVA steel grade 2: 370 W, Dyn11 3 615 W / Yyn0 3 440 W
    ['oil 400 kVA at 0.37 / 3.6: grade 2 as Dyn11 (3 615 W), grade 3 as Yyn0 (3 440 W)', { ratedKva: 400, p0Kw: 0.37, pkKw: 3.6 }, 'oil', {}, 2],
    ['the same unit as Yyn0', { ratedKva: 400, p0Kw: 0.37, pkKw: 3.6 }, 'oil', { connection: 'Yyn0' }, 3],
    // 表1 100 kVA amorphous grade 1: 60 W / 1 270 W (Dyn11)
    ['oil amorphous 100 kVA at 0.06 / 1.27: grade 1', { ratedKva: 100, p0Kw: 0.06, pkKw: 1.27 }, 'oil', { core: 'amorphous' }, 1],
  ] as const)('%s', (_rule, np, insulation, variant, grade) => expect(efficiencyGrade(np, insulation, undefined, variant)).toBe(grade));

  it('every row of 表1 (19 ratings × steel/amorphous × Dyn11/Yyn0) and 表2 (18 ratings × steel/amorphous × B/F/H) is there, 30–2 500 kVA', () => {
    const oil = DEFAULT_GRADE_TABLE.filter((r) => r.insulation === 'oil');
    const dry = DEFAULT_GRADE_TABLE.filter((r) => r.insulation === 'dry');
    expect([oil.length, dry.length]).toEqual([19 * 4, 18 * 6]);
    expect([...new Set(oil.map((r) => r.ratedKva))]).toEqual([30, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500]);
    expect([...new Set(dry.map((r) => r.ratedKva))]).toEqual([30, 50, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500]);
    // grade 1 never allows more than grade 3
    for (const r of DEFAULT_GRADE_TABLE) expect(r.limits[0].p0Kw <= r.limits[2].p0Kw && r.limits[0].pkKw <= r.limits[2].pkKw).toBe(true);
  });
  it('the published rows themselves: oil 2 500 kVA steel 1 280 / 1 440 / 1 600 W and 15 270 / 16 960 / 21 200 W; dry 30 kVA amorphous class B 50 / 60 / 70 W and 605 / 605 / 670 W', () => {
    expect(gradeRow(2500, 'oil')?.limits).toEqual([
      { p0Kw: 1.28, pkKw: 15.27 },
      { p0Kw: 1.44, pkKw: 16.96 },
      { p0Kw: 1.6, pkKw: 21.2 },
    ]);
    expect(gradeRow(30, 'dry', { core: 'amorphous', insulationClass: 'B' })?.limits).toEqual([
      { p0Kw: 0.05, pkKw: 0.605 },
      { p0Kw: 0.06, pkKw: 0.605 },
      { p0Kw: 0.07, pkKw: 0.67 },
    ]);
  });
});
