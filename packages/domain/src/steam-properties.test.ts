import { describe, expect, it } from 'vitest';
import {
  absolutePressureMpa,
  saturatedLiquidEnthalpyKjPerKg,
  saturatedSteamEnthalpyKjPerKg,
  saturationPressureMpa,
  saturationTemperatureC,
  steamEnthalpyKjPerKg,
  waterEnthalpyKjPerKg,
} from './steam-properties.js';

const K0 = 273.15;

describe('IAPWS-IF97: the Release’s own computer-program verification values', () => {
  it.each([
    // region 1 (table 5): T K, p MPa, h kJ/kg
    [300, 3, 115.331273],
    [500, 3, 975.542239],
  ])('region 1 at %d K, %d MPa: h = %d kJ/kg', (tK, p, h) => {
    expect(waterEnthalpyKjPerKg(tK - K0, p)).toBeCloseTo(h, 5);
  });

  it.each([
    // region 2 (table 15)
    [300, 0.0035, 2549.91145],
    [700, 0.0035, 3335.68375],
  ])('region 2 at %d K, %d MPa: h = %d kJ/kg (300 K is 0.3 K above saturation: no tolerance)', (tK, p, h) => {
    expect(steamEnthalpyKjPerKg(p, tK - K0, 0)).toBeCloseTo(h, 4);
  });

  it('region 4 (tables 35, 36): T_sat(0.1 / 1 / 10 MPa) = 372.755919 / 453.035632 / 584.149488 K; p_sat(300 / 500 K) = 0.00353658941 / 2.63889776 MPa', () => {
    expect(saturationTemperatureC(0.1) + K0).toBeCloseTo(372.755919, 5);
    expect(saturationTemperatureC(1) + K0).toBeCloseTo(453.035632, 5);
    expect(saturationTemperatureC(10) + K0).toBeCloseTo(584.149488, 5);
    expect(saturationPressureMpa(300 - K0)).toBeCloseTo(0.00353658941, 10);
    expect(saturationPressureMpa(500 - K0)).toBeCloseTo(2.63889776, 7);
  });
});

describe('steam-table entries (IF97 tables as printed, e.g. Wagner & Kretzschmar, "International Steam Tables")', () => {
  it.each([
    // p MPa abs, t_sat °C, h′, h″ kJ/kg
    [0.1, 99.61, 417.5, 2674.9],
    [0.5, 151.83, 640.1, 2748.1],
    [1.0, 179.88, 762.7, 2777.1],
    [1.6, 201.37, 858.6, 2792.9],
    [2.5, 223.95, 962.0, 2801.9],
  ])('saturation at %d MPa: t_sat %d °C, h′ %d, h″ %d kJ/kg', (p, ts, hf, hg) => {
    expect(saturationTemperatureC(p)).toBeCloseTo(ts, 1);
    expect(Math.abs(saturatedLiquidEnthalpyKjPerKg(p) - hf)).toBeLessThan(0.35);
    expect(Math.abs(saturatedSteamEnthalpyKjPerKg(p) - hg)).toBeLessThan(0.15);
  });

  it.each([
    // superheated: p MPa abs, t °C, h kJ/kg
    [1.0, 250, 2943.1],
    [1.0, 300, 3051.6],
    [2.0, 350, 3137.6],
  ])('superheated steam at %d MPa, %d °C: h = %d kJ/kg', (p, t, h) => {
    expect(Math.abs(steamEnthalpyKjPerKg(p, t) - h)).toBeLessThan(0.6);
  });

  it('feed water at 20, 60 and 105 °C (h ≈ 84.0, 251.2, 440.2 kJ/kg; 105 °C pumped at 1.0 MPa)', () => {
    expect(waterEnthalpyKjPerKg(20)).toBeCloseTo(84.0, 0);
    expect(waterEnthalpyKjPerKg(60)).toBeCloseTo(251.2, 0);
    expect(waterEnthalpyKjPerKg(105, 1.0)).toBeCloseTo(440.8, 0);
  });

  it('a saturated-steam boiler at 0.8 MPa gauge: t_sat 175.4 °C, a thermometer reading within 1 °C of it counts as saturated', () => {
    const p = absolutePressureMpa(0.8);
    expect(p).toBeCloseTo(0.901325, 6);
    expect(saturationTemperatureC(p)).toBeCloseTo(175.4, 1);
    expect(steamEnthalpyKjPerKg(p, 176)).toBe(saturatedSteamEnthalpyKjPerKg(p));
    expect(steamEnthalpyKjPerKg(p)).toBeCloseTo(2773.0, 0);
    expect(steamEnthalpyKjPerKg(p, 200)).toBeGreaterThan(steamEnthalpyKjPerKg(p) + 40);
  });

  it('out of range: a negative pressure, boiling feed water, steam over 800 °C are refused', () => {
    expect(() => saturationTemperatureC(-0.1)).toThrow(RangeError);
    expect(() => waterEnthalpyKjPerKg(120)).toThrow(RangeError);
    expect(() => steamEnthalpyKjPerKg(1, 900)).toThrow(RangeError);
  });
});
