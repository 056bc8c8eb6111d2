import { describe, expect, it } from 'vitest';
import {
  directEfficiencyPct,
  excessAirRatio,
  exhaustLossPct,
  flueGasLimits,
  fuelCostPerSteamT,
  gasTce,
  indirectEfficiency,
  kgcePerSteamT,
  naturalGasCombustion,
  o2ForExcessAir,
  periodRadiationLossPct,
  radiationHotShare,
  radiationLossPct,
  ratedRadiationLossPct,
  steamToGasRatio,
  unburntGasLossPct,
} from './boiler-efficiency.js';
import { absolutePressureMpa, saturatedLiquidEnthalpyKjPerKg, steamEnthalpyKjPerKg, waterEnthalpyKjPerKg } from './steam-properties.js';

const GAS = naturalGasCombustion(35_880);

describe('GB/T 10180-2017 input-output (正平衡) method', () => {
  it('worked example: a 4 t/h gas boiler for one hour at 0.8 MPa gauge, saturated steam 3.2 t, feed water 60 °C, 5 % blowdown, 250 m³ of gas at 35.9 MJ/m³ → η = 90.79 %', () => {
    const p = absolutePressureMpa(0.8);
    const hs = steamEnthalpyKjPerKg(p); // 2773.10
    const hfw = waterEnthalpyKjPerKg(60); // 251.22
    const hbd = saturatedLiquidEnthalpyKjPerKg(p); // 743.00
    expect([hs, hfw, hbd].map((h) => Math.round(h * 100) / 100)).toEqual([2773.1, 251.22, 743]);
    // [3.2 × (2773.10 − 251.22) + 0.16 × (743.00 − 251.22)] × 1000 / (250 × 35 900) × 100
    // = (8070.0 + 78.7) × 1000 / 8 975 000 × 100 = 90.79 %
    const eta = directEfficiencyPct({ steamT: 3.2, steamEnthalpyKjPerKg: hs, feedWaterEnthalpyKjPerKg: hfw, blowdownT: 0.16, blowdownEnthalpyKjPerKg: hbd, fuel: 250, lhvKjPerUnit: 35_900 });
    expect(eta).toBeCloseTo(90.79, 2);
    // without the blowdown term the boiler looks 0.88 point worse
    expect(directEfficiencyPct({ steamT: 3.2, steamEnthalpyKjPerKg: hs, feedWaterEnthalpyKjPerKg: hfw, fuel: 250, lhvKjPerUnit: 35_900 })).toBeCloseTo(89.92, 2);
  });

  it('no fuel or a missing figure: null, not 0 or ∞', () => {
    const base = { steamT: 1, steamEnthalpyKjPerKg: 2770, feedWaterEnthalpyKjPerKg: 251, fuel: 0, lhvKjPerUnit: 35_900 };
    expect(directEfficiencyPct(base)).toBeNull();
    expect(directEfficiencyPct({ ...base, fuel: 100, steamEnthalpyKjPerKg: null })).toBeNull();
  });
});

describe('GB/T 10180-2017 heat-loss (反平衡) method', () => {
  it('excess air from O₂: α = 21 / (21 − O₂): 3.5 % → 1.2, 0 % → 1; and back', () => {
    expect(excessAirRatio(3.5)).toBeCloseTo(1.2, 10);
    expect(excessAirRatio(0)).toBe(1);
    expect(o2ForExcessAir(1.2)).toBeCloseTo(3.5, 10);
    expect(() => excessAirRatio(21)).toThrow(RangeError);
  });

  it('natural gas as methane: V⁰ = 9.52 m³ air, 1 CO₂ + 2 H₂O + 7.52 N₂ per m³', () => {
    expect(GAS.airM3).toBeCloseTo(9.524, 3);
    expect([GAS.co2M3, GAS.h2oM3]).toEqual([1, 2]);
    expect(GAS.n2M3).toBeCloseTo(7.524, 3);
  });

  it('q2 worked example: flue 130 °C, O₂ 2.74 % (α 1.15), air 20 °C → 5.14 % (I_py 2126.8, α·I⁰_lk 284.3 kJ/m³)', () => {
    expect(exhaustLossPct(GAS, 130, 2.74, 20)).toBeCloseTo(5.14, 2);
  });

  it.each([
    [120, 3, 25],
    [130, 2.74, 20],
    [150, 3.5, 20],
    [180, 5, 15],
    [100, 2, 30],
  ])('q2 at flue %d °C, O₂ %d %, air %d °C agrees within 0.35 point with the Siegert formula of EN 12953-11 (natural gas A2 0.66, B 0.009)', (t, o2, air) => {
    const siegert = (t - air) * (0.66 / (21 - o2) + 0.009);
    expect(Math.abs(exhaustLossPct(GAS, t, o2, air) - siegert)).toBeLessThan(0.35);
  });

  it('q2 rises with flue temperature and with excess air', () => {
    expect(exhaustLossPct(GAS, 160, 3, 20)).toBeGreaterThan(exhaustLossPct(GAS, 140, 3, 20));
    expect(exhaustLossPct(GAS, 140, 6, 20)).toBeGreaterThan(exhaustLossPct(GAS, 140, 3, 20));
  });

  it('q3 worked example: 100 ppm CO at α 1.2: dry flue gas 10.43 m³/m³ × 126.36 × 0.01 / 35 880 → 0.037 %', () => {
    expect(unburntGasLossPct(GAS, 3.5, 100)).toBeCloseTo(0.0367, 4);
  });

  it('q5: 2.1 % at rating for 4 t/h, 2.8 % for 3 t/h; q5 = q5e·De/D at part load (4.2 % at half load), held at 20 % load below it', () => {
    expect(ratedRadiationLossPct(4)).toBe(2.1);
    expect(ratedRadiationLossPct(3)).toBeCloseTo(2.8, 10);
    expect(ratedRadiationLossPct(1)).toBe(3.5);
    expect(ratedRadiationLossPct(100)).toBe(0.7);
    expect(radiationLossPct(2.1, 0.5)).toBeCloseTo(4.2, 10);
    expect(radiationLossPct(2.1, 0.05)).toBeCloseTo(10.5, 10);
  });

  it('q5 of a period from its load samples: 12 h at 40 % and 12 h at 5 % of a 4 t/h boiler → 2.1 × (12 + 3) / (4.8 + 0.6) = 5.83 %, not the 10.5 % of its 22.5 % mean load', () => {
    const loads = [...Array<number>(12).fill(0.4), ...Array<number>(12).fill(0.05)];
    const hot = loads.reduce((a, l) => a + radiationHotShare(l), 0);
    const sum = loads.reduce((a, l) => a + l, 0);
    expect(periodRadiationLossPct(2.1, hot, sum)).toBeCloseTo(5.833, 3);
    // the same as weighting each sample's q5 by its fuel (∝ load)
    expect(loads.reduce((a, l) => a + radiationLossPct(2.1, l) * l, 0) / sum).toBeCloseTo(5.833, 3);
    expect(radiationLossPct(2.1, sum / loads.length)).toBeCloseTo(9.333, 3);
    expect(periodRadiationLossPct(2.1, 0, 0)).toBeNull();
  });

  it('indirect η = 100 − (q2 + q3 + q5) for a 4 t/h boiler at 60 % load: flue 128 °C, O₂ 3.2 %, CO 30 ppm, air 28 °C', () => {
    const r = indirectEfficiency({ combustion: GAS, flueTempC: 128, o2Pct: 3.2, coPpm: 30, airTempC: 28, q5RatedPct: 2.1, loadRatio: 0.6 });
    expect(r.q5).toBeCloseTo(3.5, 10);
    expect(r.efficiencyPct).toBeCloseTo(100 - r.q2 - r.q3 - r.q5, 10);
    expect(r.q2).toBeGreaterThan(4.4);
    expect(r.q2).toBeLessThan(4.9);
    expect(r.efficiencyPct).toBeGreaterThan(91.5);
    expect(r.efficiencyPct).toBeLessThan(92.2);
  });
});

describe('steam/fuel ratio and standard coal per tonne of steam (GB/T 2589-2020)', () => {
  it('3.2 t of steam from 250 m³: 128 t per 10⁴ m³; 250 × 35 900 / 29 307.6 = 306.2 kgce → 95.7 kgce/t; at 3.6 ¥/m³ 281.25 ¥/t', () => {
    expect(steamToGasRatio(3.2, 250)).toBeCloseTo(128, 10);
    expect(gasTce(250, 35_900)).toBeCloseTo(0.306235, 6);
    expect(kgcePerSteamT(250, 3.2, 35_900)).toBeCloseTo(95.7, 1);
    expect(fuelCostPerSteamT(250, 3.2, 3.6)).toBeCloseTo(281.25, 10);
    expect([steamToGasRatio(3.2, 0), kgcePerSteamT(250, 0, 35_900), fuelCostPerSteamT(250, 3.2, null)]).toEqual([null, null, null]);
  });
});

describe('flue-gas monitoring limits (GB/T 15317-2009 items, TSG 91-2021 gas figures)', () => {
  it('a 4 t/h gas boiler: exhaust ≤ 150 °C, α ≤ 1.2 (O₂ ≤ 3.5 %); a 1 t/h one ≤ 170 °C; coal α ≤ 1.65; electric: none', () => {
    expect(flueGasLimits('gas', 4)).toEqual({ flueTempMaxC: 150, excessAirMax: 1.2, o2MaxPct: expect.closeTo(3.5, 10) as unknown as number });
    expect(flueGasLimits('gas', 1)?.flueTempMaxC).toBe(170);
    expect(flueGasLimits('coal', 10)?.excessAirMax).toBe(1.65);
    expect(flueGasLimits('electric', 4)).toBeNull();
  });
});
