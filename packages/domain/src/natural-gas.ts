/**
 * Natural gas: its standard-coal and CO₂ factors both derived from one lower heating value, so the
 * tce and the CO₂ of the same m³ never rest on two different gases (DOMAIN.md §1: f = LHV / 29 307.6;
 * CO₂ = LHV × carbon content × oxidation × 44/12). The previous 1.2143 kgce/m³ came from 8 500 kcal
 * = 35 588 kJ/m³ while 2.16 kgCO₂/m³ came from 38 931 kJ/m³. Data, not rules: a site with a measured
 * LHV passes it in.
 */

/** kJ per kgce: 1 kg of standard coal = 7 000 kcal × 4.1868 (GB/T 2589-2020). */
export const KJ_PER_KGCE = 29_307.6;

/**
 * Default lower heating value of natural gas, kJ/Nm³: 389.31 GJ/10⁴ Nm³, the default of the MEE
 * 企业温室气体排放核算方法与报告指南 (and the top of GB/T 2589-2020's 32 238–38 931 kJ/m³ range) [V].
 */
export const NATURAL_GAS_LHV_KJ_PER_M3 = 38_931;
/** Carbon content per heat, tC/TJ (MEE guide default for natural gas, 15.3 × 10⁻³ tC/GJ) [V]. */
export const NATURAL_GAS_CARBON_TC_PER_TJ = 15.3;
/** Carbon oxidation rate of gas combustion (MEE guide default, 99 %) [V]. */
export const NATURAL_GAS_OXIDATION = 0.99;
const CO2_PER_C = 44 / 12;

/**
 * Standard coal and CO₂ of 1 Nm³ of natural gas from its LHV (kJ/Nm³): kgce = LHV / 29 307.6;
 * kgCO₂ = LHV × 10⁻⁹ TJ/kJ × carbon (tC/TJ) × 1 000 kg/t × oxidation × 44/12.
 */
export function naturalGasFactors(
  lhvKjPerM3: number = NATURAL_GAS_LHV_KJ_PER_M3,
  carbonTcPerTj: number = NATURAL_GAS_CARBON_TC_PER_TJ,
  oxidation: number = NATURAL_GAS_OXIDATION,
): { kgcePerUnit: number; kgCo2PerUnit: number } {
  if (!(lhvKjPerM3 > 0) || !(carbonTcPerTj > 0) || !(oxidation > 0 && oxidation <= 1)) throw new RangeError('LHV and carbon content must be > 0, oxidation in (0, 1]');
  return { kgcePerUnit: lhvKjPerM3 / KJ_PER_KGCE, kgCo2PerUnit: lhvKjPerM3 * 1e-6 * carbonTcPerTj * oxidation * CO2_PER_C };
}
