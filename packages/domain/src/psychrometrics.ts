/**
 * Psychrometrics of the chiller plant (DOMAIN.md §6): wet-bulb temperature from dry bulb and
 * relative humidity, and the cooling tower's approach to it.
 */

/** Validity range of Stull's fit (Stull 2011): RH 5–99 %, T −20…50 °C. */
export const STULL_RANGE = { rhMin: 5, rhMax: 99, tMin: -20, tMax: 50 } as const;

/**
 * Wet-bulb temperature (°C) from dry bulb `t` (°C) and relative humidity `rh` (%), Stull (2011),
 * "Wet-bulb temperature from relative humidity and air temperature", J. Appl. Meteor. Climatol. 50:
 * Tw = T·atan(0.151977·√(RH + 8.313659)) + atan(T + RH) − atan(RH − 1.676331)
 *      + 0.00391838·RH^1.5·atan(0.023101·RH) − 4.686035.
 * Mean absolute error < 0.3 °C inside STULL_RANGE at sea-level pressure. RH is clamped to the
 * fit's 5–99 %; null for a non-finite input or a dry bulb outside −20…50 °C.
 */
export function wetBulbStull(t: number, rh: number): number | null {
  if (!Number.isFinite(t) || !Number.isFinite(rh) || t < STULL_RANGE.tMin || t > STULL_RANGE.tMax) return null;
  const h = Math.min(STULL_RANGE.rhMax, Math.max(STULL_RANGE.rhMin, rh));
  return t * Math.atan(0.151977 * Math.sqrt(h + 8.313659)) + Math.atan(t + h) - Math.atan(h - 1.676331) + 0.00391838 * Math.pow(h, 1.5) * Math.atan(0.023101 * h) - 4.686035;
}

/**
 * Cooling-tower approach (K): the tower's leaving-water temperature (the condenser water supplied to
 * the chillers) minus the ambient wet bulb. A well-sized tower runs 3–5 K at design load; a rising
 * approach at the same load points to fouled fill, poor distribution or fans held back.
 */
export function towerApproachK(leavingWaterC: number, wetBulbC: number): number {
  return leavingWaterC - wetBulbC;
}

/** Cooling-tower range (K): condenser water returned to the tower minus what it supplies. */
export function towerRangeK(enteringWaterC: number, leavingWaterC: number): number {
  return enteringWaterC - leavingWaterC;
}
