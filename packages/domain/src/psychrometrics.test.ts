import { describe, expect, it } from 'vitest';
import { towerApproachK, towerRangeK, wetBulbStull } from './psychrometrics.js';

describe('wet bulb, Stull (2011) (DOMAIN §6)', () => {
  it.each([
    // Stull's own check value: 20 °C, 50 % → 13.7 °C
    [20, 50, 13.7],
    // a Yangtze-delta summer afternoon: 30 °C, 60 % → 24.0 °C (psychrometric chart: 23.9 °C)
    [30, 60, 24.0],
    // the plum-rain season's muggy night: 35 °C, 80 % → 31.9 °C
    [35, 80, 31.9],
  ])('T %d °C, RH %d %% → Tw %d °C', (t, rh, tw) => expect(wetBulbStull(t, rh)).toBeCloseTo(tw, 1));
  it('the wet bulb never exceeds the dry bulb and reaches it near saturation (99 %: within 0.3 K)', () => {
    for (const t of [0, 10, 25, 40]) for (const rh of [10, 40, 70, 95]) expect(wetBulbStull(t, rh) as number).toBeLessThanOrEqual(t + 0.3);
    expect(Math.abs((wetBulbStull(25, 99) as number) - 25)).toBeLessThan(0.3);
  });
  it('RH outside the fit (5–99 %) is clamped to it; T outside −20…50 °C or NaN gives null', () => {
    expect(wetBulbStull(20, 120)).toBe(wetBulbStull(20, 99));
    expect(wetBulbStull(20, 1)).toBe(wetBulbStull(20, 5));
    expect(wetBulbStull(55, 50)).toBeNull();
    expect(wetBulbStull(Number.NaN, 50)).toBeNull();
  });
});

describe('cooling tower approach and range (CTI: approach = leaving water − wet bulb)', () => {
  it('tower leaving 28.5 °C at wet bulb 24.0 °C: approach 4.5 K; entering 33.2 °C: range 4.7 K', () => {
    expect(towerApproachK(28.5, 24)).toBeCloseTo(4.5, 10);
    expect(towerRangeK(33.2, 28.5)).toBeCloseTo(4.7, 10);
  });
});
