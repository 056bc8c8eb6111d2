import { describe, expect, it } from 'vitest';
import { copAtFullLoad, copOf, coolingLoadKw, plantEnergySplit, evalQuadratic, fitQuadratic, iplv, iplvOfCurve, kwPerRt, partLoadRatio, plantElectricity, systemEer } from './chiller-efficiency.js';

/** The demo factory's chiller: 879 kW (250 RT) water-cooled, rated COP 5.7, 151 m³/h chilled water. */
const PLANT = { chillers: 154.2, chwPumps: 22, cwPumps: 30, towers: 7.5 };

describe('cooling load and COP (DOMAIN §6)', () => {
  it('Q = 1.163 × V × ΔT: 151 m³/h from 12 °C back to 7 °C → 878.065 kW', () => expect(coolingLoadKw(151, 7, 12)).toBeCloseTo(878.065, 10));
  it('a return colder than the supply is no load, not a negative one', () => expect(coolingLoadKw(151, 7, 6.8)).toBe(0));
  it('COP = Q / P: 879 kWh of cooling for 154.2 kWh → 5.700; kW/RT = 3.517 / 5.7 = 0.617', () => {
    expect(copOf(879, 154.2)).toBeCloseTo(5.7004, 4);
    expect(kwPerRt(5.7)).toBeCloseTo(0.61702, 5);
  });
  it('no electricity, no COP; no COP, no kW/RT', () => {
    expect(copOf(100, 0)).toBeNull();
    expect(kwPerRt(null)).toBeNull();
    expect(kwPerRt(0)).toBeNull();
  });
  it('system EER = Q / (chillers + CHW pumps + CW pumps + towers): 879 / 213.7 = 4.113 (Hydeman & Zhou: plants run COP 2.9–12 wire to water)', () => {
    expect(plantElectricity(PLANT)).toBeCloseTo(213.7, 10);
    expect(systemEer(879, PLANT)).toBeCloseTo(4.1132, 4);
  });
  it('energy split: chillers 72.2 %, CHW pumps 10.3 %, CW pumps 14.0 %, towers 3.5 %', () => {
    const s = plantEnergySplit(PLANT);
    expect([s.chillers, s.chwPumps, s.cwPumps, s.towers].map((x) => Math.round(x * 1000) / 10)).toEqual([72.2, 10.3, 14, 3.5]);
    expect(plantEnergySplit({ chillers: 0, chwPumps: 0, cwPumps: 0, towers: 0 }).chillers).toBe(0);
  });
  it('PLR = cooling kWh / (rated kW × running hours): 659.25 kWh in 1 h on 879 kW → 0.75; 2 h → 0.375', () => {
    expect(partLoadRatio(659.25, 879)).toBeCloseTo(0.75, 12);
    expect(partLoadRatio(659.25, 879, 2)).toBeCloseTo(0.375, 12);
    expect(partLoadRatio(100, 0)).toBeNull();
  });
});

/** The simulator's part-load curve of the demo chiller (apps/server/src/sim/model.ts), at wet-bulb factor 1. */
const curve = (x: number) => 5.7 * (0.55 + 1.45 * x - x * x);

describe('COP against part load: quadratic least squares', () => {
  it('recovers a curve its points lie on exactly: 5.7 × (0.55 + 1.45 PLR − PLR²) → a 3.135, b 8.265, c −5.7, R² 1', () => {
    const f = fitQuadratic([0.3, 0.5, 0.75, 1].map((x) => ({ x, y: curve(x) })));
    expect(f).not.toBeNull();
    expect(f?.a).toBeCloseTo(3.135, 9);
    expect(f?.b).toBeCloseTo(8.265, 9);
    expect(f?.c).toBeCloseTo(-5.7, 9);
    expect(f?.r2).toBeCloseTo(1, 12);
    expect([f?.xMin, f?.xMax]).toEqual([0.3, 1]);
  });
  it('minimises the squared error: (0,1), (1,2), (2,5), (3,10) is x² + 1; adding (1,3) gives a 34/31, b 13/31, c 26/31 (numpy.polyfit agrees)', () => {
    const f = fitQuadratic([{ x: 0, y: 1 }, { x: 1, y: 2 }, { x: 2, y: 5 }, { x: 3, y: 10 }]);
    expect([f?.a, f?.b, f?.c].map((v) => Math.round((v as number) * 1e9) / 1e9)).toEqual([1, 0, 1]);
    const g = fitQuadratic([{ x: 0, y: 1 }, { x: 1, y: 2 }, { x: 1, y: 3 }, { x: 2, y: 5 }, { x: 3, y: 10 }]);
    expect(g?.a).toBeCloseTo(34 / 31, 9);
    expect(g?.b).toBeCloseTo(13 / 31, 9);
    expect(g?.c).toBeCloseTo(26 / 31, 9);
    expect(g?.r2).toBeLessThan(1);
  });
  it('fewer than three distinct x determine no parabola', () => {
    expect(fitQuadratic([{ x: 0.5, y: 5 }, { x: 0.5, y: 6 }, { x: 0.8, y: 6 }])).toBeNull();
    expect(fitQuadratic([{ x: 0.5, y: 5 }])).toBeNull();
  });
  it('evaluates a + b x + c x²', () => expect(evalQuadratic({ a: 3.135, b: 8.265, c: -5.7 }, 0.5)).toBeCloseTo(curve(0.5), 12));
});

describe('IPLV (GB/T 18430.1: 0.012 A + 0.328 B + 0.397 C + 0.263 D)', () => {
  it('COP 5.7 / 6.0 / 6.2 / 5.5 at 100 / 75 / 50 / 25 % → 0.0684 + 1.968 + 2.4614 + 1.4465 = 5.9443', () => expect(iplv(5.7, 6, 6.2, 5.5)).toBeCloseTo(5.9443, 10));
  it('from the fitted curve 5.7 × (0.55 + 1.45 PLR − PLR²): A 5.7, B 6.1275, C 5.8425, D 4.845 → 5.6719', () => {
    const f = fitQuadratic([0.3, 0.5, 0.75, 1].map((x) => ({ x, y: curve(x) })));
    expect(iplvOfCurve(f as NonNullable<typeof f>)).toBeCloseTo(0.012 * 5.7 + 0.328 * 6.1275 + 0.397 * 5.8425 + 0.263 * 4.845, 9);
  });
  it('no IPLV from a curve that never saw light load (lowest PLR above 35 %) or high load (highest below 80 %)', () => {
    const hi = fitQuadratic([0.5, 0.75, 1].map((x) => ({ x, y: curve(x) })));
    const lo = fitQuadratic([0.2, 0.5, 0.75].map((x) => ({ x, y: curve(x) })));
    expect(iplvOfCurve(hi as NonNullable<typeof hi>)).toBeNull();
    expect(iplvOfCurve(lo as NonNullable<typeof lo>)).toBeNull();
    // sequenced plants stop short of full load: seen up to 0.8, the curve is read on to 1.0
    const seq = fitQuadratic([0.2, 0.5, 0.8].map((x) => ({ x, y: curve(x) })));
    expect(iplvOfCurve(seq as NonNullable<typeof seq>)).toBeCloseTo(0.012 * 5.7 + 0.328 * 6.1275 + 0.397 * 5.8425 + 0.263 * 4.845, 9);
  });
  it('COP at full load from the curve: 5.7 when seen up to 0.8 or beyond, null when the highest PLR is below 0.8', () => {
    const seq = fitQuadratic([0.2, 0.5, 0.8].map((x) => ({ x, y: curve(x) })));
    expect(copAtFullLoad(seq as NonNullable<typeof seq>)).toBeCloseTo(5.7, 9);
    const low = fitQuadratic([0.2, 0.5, 0.75].map((x) => ({ x, y: curve(x) })));
    expect(copAtFullLoad(low as NonNullable<typeof low>)).toBeNull();
  });
});
