import {
  absolutePressureMpa,
  indirectEfficiency,
  naturalGasCombustion,
  saturatedLiquidEnthalpyKjPerKg,
  saturationTemperatureC,
  steamEnthalpyKjPerKg,
  waterEnthalpyKjPerKg,
  type GasCombustion,
} from '@ems/domain';
import type { PlantConfig } from '../modules/seed/demo-plant.js';
import type { Weather } from './weather.js';

type BoilerConfig = NonNullable<PlantConfig['boiler']>;

/** Below this steam per 15 min (t) the burner is off. */
export const BOILER_OFF_T = 0.0005;

/**
 * The gas boiler's state in one 15-min interval (pure): from its load (steam ÷ rating) the drum
 * pressure droops from the set-point, the condensate return warms the feed water, the burner's
 * excess air (O₂) and CO rise at low fire, the flue gas leaves hotter at high fire; the efficiency
 * is then what the heat-loss method makes of them, η = 100 − q2 − q3 − q5 (GB/T 10180, @ems/domain),
 * and the gas burnt is the direct method solved for fuel: B = [D(h_s − h_fw) + D_bd(h_bd − h_fw)] /
 * (η · Q_net). So the stored flue gas recovers the loss breakdown, and the stored steam, gas,
 * pressure and feed-water temperature recover the efficiency.
 */
export interface BoilerState {
  on: boolean;
  /** steam ÷ rated output */
  load: number;
  pressureGaugeMPa: number;
  steamTempC: number;
  feedWaterC: number;
  airC: number;
  o2Pct: number;
  coPpm: number;
  flueC: number;
  efficiencyPct: number;
  /** useful heat per t of steam incl. its share of blowdown, kJ/kg: (h_s − h_fw) + bd·(h_bd − h_fw) */
  usefulKjPerKg: number;
}

const combustionOf = new Map<number, GasCombustion>();

export function boilerState(bl: BoilerConfig, steamT: number, w: Weather, doy: number): BoilerState {
  const load = (steamT * 4) / bl.ratedTph;
  const l = Math.min(1, load);
  const lean = (1 - l) ** 2;
  const pressureGaugeMPa = bl.pressureSetMPa - 0.05 * l;
  const p = absolutePressureMpa(pressureGaugeMPa);
  const steamTempC = saturationTemperatureC(p);
  const seasonal = Math.cos((2 * Math.PI * (doy - 15)) / 365);
  const feedWaterC = 55 + 10 * l - 3 * seasonal;
  const airC = Math.min(45, Math.max(5, 28 + 0.4 * (w.t - 20)));
  const o2Pct = 2.8 + 2.2 * lean;
  const coPpm = 15 + 60 * lean;
  const flueC = 95 + 50 * l + 0.4 * (airC - 25);
  let c = combustionOf.get(bl.lhvKjPerM3);
  if (!c) {
    c = naturalGasCombustion(bl.lhvKjPerM3);
    combustionOf.set(bl.lhvKjPerM3, c);
  }
  const efficiencyPct = indirectEfficiency({ combustion: c, flueTempC: flueC, o2Pct, coPpm, airTempC: airC, q5RatedPct: bl.q5RatedPct, loadRatio: load }).efficiencyPct;
  const hfw = waterEnthalpyKjPerKg(feedWaterC);
  const usefulKjPerKg = steamEnthalpyKjPerKg(p) - hfw + (bl.blowdownPct / 100) * (saturatedLiquidEnthalpyKjPerKg(p) - hfw);
  return { on: steamT > BOILER_OFF_T, load, pressureGaugeMPa, steamTempC, feedWaterC, airC, o2Pct, coPpm, flueC, efficiencyPct, usefulKjPerKg };
}

/** Gas burnt (m³) for `steamT` t of steam in the state: the direct method solved for the fuel. */
export function boilerGasM3(bl: BoilerConfig, s: BoilerState, steamT: number): number {
  return s.on ? (steamT * 1000 * s.usefulKjPerKg) / ((s.efficiencyPct / 100) * bl.lhvKjPerM3) : 0;
}
