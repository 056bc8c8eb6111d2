import { describe, expect, it } from 'vitest';
import {
  gasElectricRatio,
  leakRating,
  leakTest,
  loadCurve,
  loadingRate,
  loadUnloadPower,
  mpaToBar,
  setpointSavingKwh,
  specificPower,
  specificPowerAt,
  specificPowerFromEnergy,
  stationLeak,
  vsdWeightedSpecificPower,
} from './compressor-efficiency.js';

describe('specific power (GB 19153-2019 measure, DOMAIN §7)', () => {
  it('110 kW input at 20 m³/min → 5.5 kW/(m³/min)', () => expect(specificPower(110, 20)).toBeCloseTo(5.5, 12));
  it('no air delivered → null', () => expect(specificPower(30, 0)).toBeNull());
  it('from energies: 27.5 kWh and 300 m³ in 15 min → 27.5 × 60 / 300 = 5.5', () => expect(specificPowerFromEnergy(27.5, 300)).toBeCloseTo(5.5, 12));
  it('an unloaded quarter hour: 7.7 kWh, 0 m³ → null', () => expect(specificPowerFromEnergy(7.7, 0)).toBeNull());
});

describe('VSD weighted specific power over 25/50/70/100 % (GB 19153-2019, 70 % weighted 0.4)', () => {
  // a 90 kW, 16 m³/min VSD: P = 90 (0.12 + 0.88 l), so SP(l) = 5.625 (0.88 + 0.12 / l)
  const sp = (l: number) => 5.625 * (0.88 + 0.12 / l);
  const pts = [0.25, 0.5, 0.7, 1].map((l) => ({ loadShare: l, specificPower: sp(l) }));
  it('SP at the four points: 7.65, 6.3, 5.914, 5.625', () => {
    expect(sp(0.25)).toBeCloseTo(7.65, 10);
    expect(sp(0.5)).toBeCloseTo(6.3, 10);
    expect(sp(0.7)).toBeCloseTo(5.9143, 4);
    expect(sp(1)).toBeCloseTo(5.625, 10);
  });
  it('weighted: 0.1 × 7.65 + 0.25 × 6.3 + 0.4 × 5.9143 + 0.25 × 5.625 = 6.1120', () => expect(vsdWeightedSpecificPower(pts)).toBeCloseTo(6.11196, 4));
  it('interpolates between measured points: halfway between 50 % (6.3) and 70 % (5.9143) at 60 % → 6.1071', () => {
    expect(specificPowerAt(pts, 0.6)).toBeCloseTo(6.10714, 4);
  });
  it('a point not measured within 10 % of load → null (the 100 % point missing)', () => {
    expect(vsdWeightedSpecificPower(pts.slice(0, 3).map((p) => (p.loadShare === 0.7 ? { ...p, loadShare: 0.85 } : p)))).toBeNull();
    expect(specificPowerAt(pts.slice(0, 3), 1)).toBeNull();
    expect(specificPowerAt(pts.slice(0, 3), 0.78)).toBeCloseTo(sp(0.7), 10);
  });
  it('load curve: 15-min intervals binned by load share, energy-weighted', () => {
    // 16 m³/min rated: 15 min at 50 % = 120 m³ with 12.6 kWh (SP 6.3); at 100 % = 240 m³ with 22.5 kWh (SP 5.625)
    const curve = loadCurve(
      [
        { kwh: 12.6, airM3: 120 },
        { kwh: 12.6, airM3: 120 },
        { kwh: 22.5, airM3: 240 },
        { kwh: 3, airM3: 0 },
      ],
      16,
      0.25,
    );
    expect(curve).toHaveLength(2);
    expect(curve[0]?.loadShare).toBeCloseTo(0.5, 12);
    expect(curve[0]?.specificPower).toBeCloseTo(6.3, 12);
    expect(curve[1]?.loadShare).toBeCloseTo(1, 12);
    expect(curve[1]?.specificPower).toBeCloseTo(5.625, 12);
  });
});

describe('loading rate and gas-electric ratio (DOMAIN §7)', () => {
  it('t_load 6 h, t_unload 2 h → 75 %', () => expect(loadingRate(6, 2)).toBeCloseTo(0.75, 12));
  it('never ran → null', () => expect(loadingRate(0, 0)).toBeNull());
  it('12 000 m³ for 1 100 kWh → 10.909 m³/kWh, 0.09167 kWh/m³', () => {
    const r = gasElectricRatio(12_000, 1_100);
    expect(r.m3PerKwh).toBeCloseTo(10.90909, 4);
    expect(r.kwhPerM3).toBeCloseTo(0.091667, 5);
  });
  it('no kWh → m³/kWh null; no air → kWh/m³ null', () => {
    expect(gasElectricRatio(0, 0)).toEqual({ m3PerKwh: null, kwhPerM3: null });
  });
});

describe('leak test: leak % = T / (T + t), leak flow = leak % × rated flow (DOMAIN §7)', () => {
  it('a 20 m³/min machine loaded 3 h and unloaded 9 h on a Sunday → 25 %, 5 m³/min', () => {
    expect(leakTest(3, 9, 20)).toEqual({ share: 0.25, flowM3min: 5 });
  });
  it('station: one fixed 20 m³/min loaded 2.2 of 5 idle hours plus a 16 m³/min VSD at 2.5 full-load-equivalent hours → (44 + 40) / 5 = 16.8 m³/min = 22.1 % of 76', () => {
    const r = stationLeak(
      [
        { loadedH: 2.2, ratedFlowM3min: 20 },
        { loadedH: 0, ratedFlowM3min: 20 },
        { loadedH: 0, ratedFlowM3min: 20 },
        { loadedH: 2.5, ratedFlowM3min: 16 },
      ],
      5,
    );
    expect(r?.flowM3min).toBeCloseTo(16.8, 10);
    expect(r?.share).toBeCloseTo(16.8 / 76, 10);
  });
  it('one fixed machine through all idle hours: the station formula is T / (T + t)', () => {
    expect(stationLeak([{ loadedH: 3, ratedFlowM3min: 20 }], 12)?.share).toBeCloseTo(leakTest(3, 9, 20)?.share as number, 12);
  });
  it('no idle hours → null', () => expect(stationLeak([{ loadedH: 0, ratedFlowM3min: 20 }], 0)).toBeNull());
  it('rating: < 10 % good, 20–30 % typical of poor systems', () => {
    expect([0.05, 0.15, 0.25, 0.3, 0.35].map(leakRating)).toEqual(['good', 'fair', 'poor', 'poor', 'veryPoor']);
  });
});

describe('pressure set-point saving ≈ 7 %/bar × E (Fluid Power Journal: 1 % per 2 psi at ~100 psig)', () => {
  it('1 % per 2 psi: 1 bar = 14.5 psi → 7.25 %, rounded to the 7 %/bar the sources give', () => expect(14.5038 / 2 / 100).toBeCloseTo(0.0725, 3));
  it('0.5 bar lower on 100 000 kWh → 3 500 kWh', () => expect(setpointSavingKwh(100_000, 0.5)).toBeCloseTo(3_500, 9));
  it('0.05 MPa = 0.5 bar', () => expect(mpaToBar(0.05)).toBeCloseTo(0.5, 12));
  it('no drop or no energy → 0; never more than E', () => {
    expect(setpointSavingKwh(100, 0)).toBe(0);
    expect(setpointSavingKwh(0, 1)).toBe(0);
    expect(setpointSavingKwh(100, 20)).toBe(100);
  });
});

describe('loaded and unloaded power from energy and hours (kWh = P_load · T + P_unload · t)', () => {
  it('a 110 kW machine drawing 30.8 kW unloaded: buckets of 0.1/0.15, 0.2/0.05 and 0.25/0 h → 110 and 30.8 kW', () => {
    const b = [
      [0.1, 0.15],
      [0.2, 0.05],
      [0.25, 0],
    ].map(([T, t]) => ({ kwh: 110 * (T as number) + 30.8 * (t as number), loadedH: T as number, unloadedH: t as number }));
    const r = loadUnloadPower(b);
    expect(r?.loadedKw).toBeCloseTo(110, 9);
    expect(r?.unloadedKw).toBeCloseTo(30.8, 9);
  });
  it('never unloaded, or always the same ratio → null', () => {
    expect(loadUnloadPower([{ kwh: 27.5, loadedH: 0.25, unloadedH: 0 }])).toBeNull();
    expect(loadUnloadPower([{ kwh: 10, loadedH: 0.1, unloadedH: 0.1 }, { kwh: 20, loadedH: 0.2, unloadedH: 0.2 }])).toBeNull();
  });
});
