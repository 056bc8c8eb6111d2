import { KJ_PER_KGCE } from './natural-gas.js';

/**
 * Boiler thermal efficiency (DOMAIN.md §8) after GB/T 10180-2017 "Code for energy efficiency test
 * of industrial boilers" (input-output and heat-loss methods, industrial boilers below 3.8 MPa),
 * with the energy figures of GB/T 2589-2020 (standard coal). Units are in the names: t, m³, kJ/kg,
 * kJ/m³, %, °C. Efficiencies and losses are in percent of the fuel's lower heating value (LHV).
 */

/**
 * Direct (input-output, 正平衡) efficiency, %:
 * η = [D·(h_s − h_fw) + D_bd·(h_bd − h_fw)] / (B · Q_net) × 100, with D and D_bd in t (× 1000 kg),
 * B in m³ (or kg) of fuel and Q_net in kJ per m³ (or kg). Null when no fuel was burnt or an input is
 * missing.
 */
export function directEfficiencyPct(i: {
  steamT: number | null;
  steamEnthalpyKjPerKg: number | null;
  feedWaterEnthalpyKjPerKg: number | null;
  /** blowdown water, t (0 or absent: none) */
  blowdownT?: number;
  /** enthalpy of the boiler water blown down (saturated liquid at drum pressure), kJ/kg */
  blowdownEnthalpyKjPerKg?: number;
  fuel: number | null;
  lhvKjPerUnit: number;
}): number | null {
  const { steamT, steamEnthalpyKjPerKg: hs, feedWaterEnthalpyKjPerKg: hfw, fuel } = i;
  if (steamT === null || hs === null || hfw === null || fuel === null || !(fuel > 0) || !(i.lhvKjPerUnit > 0)) return null;
  const blowdown = i.blowdownT && i.blowdownEnthalpyKjPerKg !== undefined ? i.blowdownT * (i.blowdownEnthalpyKjPerKg - hfw) : 0;
  return ((steamT * (hs - hfw) + blowdown) * 1000 * 100) / (fuel * i.lhvKjPerUnit);
}

/** Excess-air ratio α from the dry flue gas's O₂ (% vol): α ≈ 21 / (21 − O₂) (complete combustion, N₂ of the air only). */
export function excessAirRatio(o2Pct: number): number {
  if (!(o2Pct >= 0 && o2Pct < 21)) throw new RangeError(`O₂ ${o2Pct} % outside 0–21 %`);
  return 21 / (21 - o2Pct);
}

/** O₂ (% vol, dry) of a flue gas at excess-air ratio α: the inverse of {@link excessAirRatio}. */
export function o2ForExcessAir(alpha: number): number {
  return 21 - 21 / alpha;
}

/**
 * Combustion volumes per m³ of gaseous fuel (m³ at 0 °C, 101.325 kPa): theoretical air V⁰ and the
 * products of stoichiometric combustion. Natural gas is taken as methane scaled by its LHV (CH₄:
 * 35 880 kJ/m³, V⁰ = 2/0.21 = 9.52 m³, products 1 CO₂ + 2 H₂O + 0.79·V⁰ N₂): a richer gas makes
 * proportionally more flue gas per m³ [V].
 */
export interface GasCombustion {
  lhvKjPerM3: number;
  airM3: number;
  co2M3: number;
  h2oM3: number;
  n2M3: number;
}

const CH4_LHV_KJ_PER_M3 = 35_880;

export function naturalGasCombustion(lhvKjPerM3: number): GasCombustion {
  const k = lhvKjPerM3 / CH4_LHV_KJ_PER_M3;
  const air = (2 / 0.21) * k;
  return { lhvKjPerM3, airM3: air, co2M3: k, h2oM3: 2 * k, n2M3: 0.79 * air };
}

/**
 * Mean specific heat between 0 °C and t of flue-gas components, kJ/(m³·K) (the standard table of
 * boiler heat-balance calculations, 0–300 °C; linear between rows; held beyond).
 */
const CP_T = [0, 100, 200, 300];
const CP: Record<'co2' | 'n2' | 'h2o' | 'air', readonly number[]> = {
  co2: [1.5998, 1.7003, 1.7873, 1.8627],
  n2: [1.2946, 1.2958, 1.2996, 1.3067],
  h2o: [1.4943, 1.5052, 1.5224, 1.5425],
  air: [1.2971, 1.3004, 1.3071, 1.3172],
};

export function meanSpecificHeat(gas: keyof typeof CP, tC: number): number {
  const row = CP[gas];
  const t = Math.min(300, Math.max(0, tC));
  const i = Math.min(2, Math.floor(t / 100));
  const a = row[i] as number;
  const b = row[i + 1] as number;
  return a + ((b - a) * (t - (CP_T[i] as number))) / 100;
}

/**
 * Exhaust-gas loss q2, % (GB/T 10180 heat-loss method): q2 = (I_py − α·I⁰_lk) / Q_net × 100, with
 * the flue gas's enthalpy I_py = t_py·Σ V_i·c_i(t_py) (stoichiometric products plus the excess air
 * (α − 1)·V⁰) and the cold air's I⁰_lk = V⁰·c_air(t_lk)·t_lk, per m³ of fuel; α from the O₂.
 * q4 = 0 for gas (the (100 − q4)/100 factor of solid fuels is 1).
 */
export function exhaustLossPct(c: GasCombustion, flueTempC: number, o2Pct: number, airTempC: number): number {
  const alpha = excessAirRatio(o2Pct);
  const t = flueTempC;
  const iPy = t * (c.co2M3 * meanSpecificHeat('co2', t) + c.n2M3 * meanSpecificHeat('n2', t) + c.h2oM3 * meanSpecificHeat('h2o', t) + (alpha - 1) * c.airM3 * meanSpecificHeat('air', t));
  const iLk = c.airM3 * meanSpecificHeat('air', airTempC) * airTempC;
  return ((iPy - alpha * iLk) / c.lhvKjPerM3) * 100;
}

/**
 * Unburnt-gas loss q3, % (GB/T 10180): q3 = V_gy · 126.36 · CO / Q_net × 100, V_gy the dry flue gas
 * per m³ of fuel (CO₂ + N₂ + excess air), CO in % vol of the dry gas (ppm / 10⁴), 126.36 kJ/(m³·%)
 * the heating value of CO per percent.
 */
export function unburntGasLossPct(c: GasCombustion, o2Pct: number, coPpm: number): number {
  const alpha = excessAirRatio(o2Pct);
  const dry = c.co2M3 + c.n2M3 + (alpha - 1) * c.airM3;
  return ((dry * 126.36 * (coPpm / 1e4)) / c.lhvKjPerM3) * 100;
}

/**
 * Surface (radiation) loss at rated output q5e, %, by rated evaporation (t/h) [V]: the GB/T 10180
 * table values as commonly quoted for boilers with tail heating surfaces (2 t/h 3.5 %, 4 t/h 2.1 %,
 * 6 t/h 1.5 % ... 65 t/h 0.7 %), linear between rows, held beyond. A boiler's own measured q5e
 * (attrs.q5RatedPct) replaces it.
 */
export const RADIATION_LOSS_TABLE: readonly (readonly [number, number])[] = [
  [2, 3.5],
  [4, 2.1],
  [6, 1.5],
  [10, 1.3],
  [20, 1.1],
  [35, 0.9],
  [65, 0.7],
];

export function ratedRadiationLossPct(ratedTph: number): number {
  const t = RADIATION_LOSS_TABLE;
  const first = t[0] as readonly [number, number];
  const last = t[t.length - 1] as readonly [number, number];
  if (ratedTph <= first[0]) return first[1];
  if (ratedTph >= last[0]) return last[1];
  for (let i = 1; i < t.length; i++) {
    const [x1, y1] = t[i] as readonly [number, number];
    const [x0, y0] = t[i - 1] as readonly [number, number];
    if (ratedTph <= x1) return y0 + ((y1 - y0) * (ratedTph - x0)) / (x1 - x0);
  }
  return last[1];
}

/** Lowest load ratio the part-load conversion of q5 is applied at: below it a burner cycles on and off [V]. */
export const RADIATION_MIN_LOAD = 0.2;

/**
 * Surface loss at part load, %: q5 = q5e · D_e / D (GB/T 10180: the heat lost through the casing
 * stays while the output falls), the load ratio D / D_e held at {@link RADIATION_MIN_LOAD} or above.
 */
export function radiationLossPct(q5RatedPct: number, loadRatio: number): number {
  return q5RatedPct / Math.max(RADIATION_MIN_LOAD, loadRatio);
}

/**
 * q5 of a period from samples of its load ratio L_i (equal durations, the burner running), %: the
 * fuel-weighted mean of q5e / max(L_min, L_i), the fuel taken as ∝ L_i (the efficiency's own change is
 * second order): q5e · Σ min(1, L_i / L_min) / Σ L_i. A period's mean load would overstate it (1/L is
 * convex: a day of 35 % days and 3 % nights is not a day at 18 %).
 */
export function periodRadiationLossPct(q5RatedPct: number, hotSum: number, loadSum: number): number | null {
  return loadSum > 0 ? (q5RatedPct * hotSum) / loadSum : null;
}

/** Σ min(1, L / L_min) of one sample: its share of the surface loss of a hot boiler. */
export function radiationHotShare(loadRatio: number): number {
  return Math.min(1, loadRatio / RADIATION_MIN_LOAD);
}

/** Heat-loss (反平衡) breakdown, %: η = 100 − (q2 + q3 + q4 + q5 + q6). */
export interface LossBreakdown {
  q2: number;
  q3: number;
  q4: number;
  q5: number;
  q6: number;
  efficiencyPct: number;
}

/** Indirect efficiency of a gas-fired boiler from flue temperature, O₂, CO, combustion-air temperature and load (q4 = q6 = 0 for gas). */
export function indirectEfficiency(i: { combustion: GasCombustion; flueTempC: number; o2Pct: number; coPpm: number; airTempC: number; q5RatedPct: number; loadRatio: number }): LossBreakdown {
  const q2 = exhaustLossPct(i.combustion, i.flueTempC, i.o2Pct, i.airTempC);
  const q3 = unburntGasLossPct(i.combustion, i.o2Pct, i.coPpm);
  const q5 = radiationLossPct(i.q5RatedPct, i.loadRatio);
  return { q2, q3, q4: 0, q5, q6: 0, efficiencyPct: 100 - q2 - q3 - q5 };
}

/** Steam-to-fuel ratio, t of steam per 10⁴ m³ of gas (汽气比); null without gas. */
export function steamToGasRatio(steamT: number | null, gasM3: number | null): number | null {
  return steamT === null || gasM3 === null || !(gasM3 > 0) ? null : steamT / (gasM3 / 1e4);
}

/** Standard coal of burnt gas, tce (GB/T 2589-2020: f = LHV / 29 307.6 kJ/kgce). */
export function gasTce(gasM3: number, lhvKjPerM3: number): number {
  return (gasM3 * lhvKjPerM3) / KJ_PER_KGCE / 1000;
}

/** Standard coal per tonne of steam, kgce/t (GB/T 2589-2020 fuel factor from the LHV); null without steam. */
export function kgcePerSteamT(gasM3: number | null, steamT: number | null, lhvKjPerM3: number): number | null {
  return gasM3 === null || steamT === null || !(steamT > 0) ? null : (gasTce(gasM3, lhvKjPerM3) * 1000) / steamT;
}

/** Fuel cost per tonne of steam, ¥/t; null without a price or steam. */
export function fuelCostPerSteamT(gasM3: number | null, steamT: number | null, yuanPerM3: number | null): number | null {
  return gasM3 === null || steamT === null || yuanPerM3 === null || !(steamT > 0) ? null : (gasM3 * yuanPerM3) / steamT;
}

/**
 * Monitoring limits of the flue gas at the boiler outlet in the manner of GB/T 15317-2009 (energy
 * monitoring of industrial boilers: exhaust temperature and excess-air ratio), with the gas and oil
 * figures of TSG 91-2021 [V]: gas/oil α ≤ 1.2 and exhaust ≤ 170 °C up to 1 t/h, ≤ 150 °C above;
 * coal (layer burning) α ≤ 1.65 and exhaust ≤ 200 °C up to 1 t/h, ≤ 170 °C above. Data: a boiler's
 * attrs (flueTempLimitC, excessAirLimit) replace them.
 */
export function flueGasLimits(fuel: 'gas' | 'oil' | 'coal' | 'electric' | 'biomass', ratedTph: number): { flueTempMaxC: number; excessAirMax: number; o2MaxPct: number } | null {
  let flueTempMaxC: number;
  let excessAirMax: number;
  if (fuel === 'gas' || fuel === 'oil') {
    flueTempMaxC = ratedTph <= 1 ? 170 : 150;
    excessAirMax = 1.2;
  } else if (fuel === 'coal') {
    flueTempMaxC = ratedTph <= 1 ? 200 : 170;
    excessAirMax = 1.65;
  } else return null;
  return { flueTempMaxC, excessAirMax, o2MaxPct: o2ForExcessAir(excessAirMax) };
}
