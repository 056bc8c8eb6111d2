/**
 * Compressed-air station efficiency (DOMAIN.md §7): specific power, the VSD weighted specific power,
 * loading rate, the gas-electric ratio, the load/unload leak test and the pressure set-point saving.
 * Grades against GB 19153-2019 come from efficiency-standards.ts (compressorGrade); this file holds
 * the measurements. Units are in the names: kW, kWh, m3 (free air delivered), m3min (m³/min), h,
 * MPa, bar; shares are fractions (0.25 = 25 %).
 */

/**
 * Specific power kW/(m³/min) = input kW ÷ volume flow (m³/min); lower is better (GB 19153-2019's
 * measure; DOMAIN §7, ormdcompressor.com "Standard for Energy Efficiency Testing of Air Compressors").
 * Null when no air was delivered.
 */
export function specificPower(inputKw: number, flowM3min: number): number | null {
  return flowM3min > 0 && inputKw >= 0 ? inputKw / flowM3min : null;
}

/**
 * Specific power from energies over a period: kWh ÷ (m³ ÷ 60) — the mean kW over the mean m³/min.
 * Null when no air was delivered.
 */
export function specificPowerFromEnergy(kwh: number, airM3: number): number | null {
  return airM3 > 0 && kwh >= 0 ? (kwh * 60) / airM3 : null;
}

/** The VSD test points of GB 19153-2019 (share of maximum flow) and their weights; 70 % weighs 0.4 [S], the rest [V] (DOMAIN §7). */
export const VSD_WEIGHTS: readonly { loadShare: number; weight: number }[] = [
  { loadShare: 0.25, weight: 0.1 },
  { loadShare: 0.5, weight: 0.25 },
  { loadShare: 0.7, weight: 0.4 },
  { loadShare: 1, weight: 0.25 },
];

/** A measured point of a VSD machine: load share (delivered ÷ rated flow) and specific power there. */
export interface LoadPoint {
  loadShare: number;
  specificPower: number;
}

/**
 * Specific power at `share` interpolated linearly between measured points (sorted by load share).
 * Outside the measured span: the nearest point when it lies within `reach` (default 0.1 of load),
 * else null (not measured near there).
 */
export function specificPowerAt(points: readonly LoadPoint[], share: number, reach = 0.1): number | null {
  const p = [...points].filter((x) => Number.isFinite(x.specificPower) && x.loadShare > 0).sort((a, b) => a.loadShare - b.loadShare);
  const first = p[0];
  const last = p[p.length - 1];
  if (!first || !last) return null;
  if (share <= first.loadShare) return first.loadShare - share <= reach ? first.specificPower : null;
  if (share >= last.loadShare) return share - last.loadShare <= reach ? last.specificPower : null;
  for (let i = 1; i < p.length; i++) {
    const a = p[i - 1] as LoadPoint;
    const b = p[i] as LoadPoint;
    if (share <= b.loadShare) return a.specificPower + ((b.specificPower - a.specificPower) * (share - a.loadShare)) / (b.loadShare - a.loadShare);
  }
  return null;
}

/**
 * VSD weighted specific power Σ wᵢ · SP(loadᵢ) over 25/50/70/100 % of flow (GB 19153-2019 for
 * variable-speed machines; DOMAIN §7). Null when a test point is not measured (specificPowerAt).
 */
export function vsdWeightedSpecificPower(points: readonly LoadPoint[], weights = VSD_WEIGHTS, reach = 0.1): number | null {
  let s = 0;
  let w = 0;
  for (const x of weights) {
    const sp = specificPowerAt(points, x.loadShare, reach);
    if (sp === null) return null;
    s += x.weight * sp;
    w += x.weight;
  }
  return w > 0 ? s / w : null;
}

/**
 * Groups intervals (kWh and m³ of one VSD machine over equal durations) into load-share bins of
 * width `binWidth` and returns each bin's point (energy-weighted: Σ kWh · 60 ÷ Σ m³ at the bin's
 * mean load), the input of vsdWeightedSpecificPower. `hours` is the duration of each interval.
 */
export function loadCurve(intervals: readonly { kwh: number; airM3: number }[], ratedFlowM3min: number, hours: number, binWidth = 0.05): LoadPoint[] {
  if (!(ratedFlowM3min > 0) || !(hours > 0)) return [];
  const bins = new Map<number, { kwh: number; air: number; share: number; n: number }>();
  for (const iv of intervals) {
    if (!(iv.airM3 > 0) || !(iv.kwh > 0)) continue;
    const share = iv.airM3 / (hours * 60 * ratedFlowM3min);
    const k = Math.round(share / binWidth);
    const b = bins.get(k) ?? { kwh: 0, air: 0, share: 0, n: 0 };
    b.kwh += iv.kwh;
    b.air += iv.airM3;
    b.share += share;
    b.n += 1;
    bins.set(k, b);
  }
  return [...bins.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, b]) => ({ loadShare: b.share / b.n, specificPower: (b.kwh * 60) / b.air }));
}

/** Loading rate t_load ÷ (t_load + t_unload) (DOMAIN §7); null without running time. */
export function loadingRate(loadedH: number, unloadedH: number): number | null {
  const run = loadedH + unloadedH;
  return run > 0 ? loadedH / run : null;
}

/** Station gas-electric ratio m³ ÷ kWh (air delivered per kWh) and its inverse kWh ÷ m³ (DOMAIN §7); null where undefined. */
export function gasElectricRatio(airM3: number, kwh: number): { m3PerKwh: number | null; kwhPerM3: number | null } {
  return { m3PerKwh: kwh > 0 ? airM3 / kwh : null, kwhPerM3: airM3 > 0 ? kwh / airM3 : null };
}

/**
 * Leak test with all consumers off (DOMAIN §7): leak share = T ÷ (T + t), T on-load and t off-load
 * time of the compressor cycling on the leaks; leak flow = share × the compressor's rated flow.
 * Source: mechanical-engineering leak test method (DOMAIN §7). Null without running time.
 */
export function leakTest(loadedH: number, unloadedH: number, ratedFlowM3min: number): { share: number; flowM3min: number } | null {
  const share = loadingRate(loadedH, unloadedH);
  return share === null ? null : { share, flowM3min: share * ratedFlowM3min };
}

/** One machine over the idle hours of a station leak test: loaded hours (for a VSD, full-load-equivalent hours: delivered m³ ÷ 60 ÷ rated flow) and its rated flow. */
export interface IdleUnit {
  loadedH: number;
  ratedFlowM3min: number;
}

/**
 * Station leak estimate from the idle hours (no production, consumers off): each machine delivers
 * its rated flow while loaded, so the leak flow is Σ loadedHᵢ · Qᵢ ÷ idle hours — for one fixed
 * machine running through them that is T ÷ (T + t) × Q, the leak test above. The share is of the
 * station's rated flow (Σ Q of all machines). Null without idle hours or machines.
 */
export function stationLeak(units: readonly IdleUnit[], idleH: number): { share: number; flowM3min: number } | null {
  const rated = units.reduce((s, u) => s + u.ratedFlowM3min, 0);
  if (!(idleH > 0) || !(rated > 0)) return null;
  const flow = units.reduce((s, u) => s + u.loadedH * u.ratedFlowM3min, 0) / idleH;
  return { share: flow / rated, flowM3min: flow };
}

/** Leak rating (DOMAIN §7): below 10 % good, 10–20 % fair, 20–30 % poor (typical of poor systems), above 30 % very poor. */
export function leakRating(share: number): 'good' | 'fair' | 'poor' | 'veryPoor' {
  return share < 0.1 ? 'good' : share < 0.2 ? 'fair' : share <= 0.3 ? 'poor' : 'veryPoor';
}

/** Input power saved per bar of discharge pressure lowered: ≈ 1 % per 2 psi at ~100 psig ≈ 7 %/bar (DOMAIN §7, Fluid Power Journal, bizenergyadvisor) [S]. */
export const SAVING_PER_BAR = 0.07;

/** MPa → bar. */
export const mpaToBar = (mpa: number): number => mpa * 10;

/**
 * Energy saved by lowering the pressure set-point by Δp bar: E × 0.07 × Δp (DOMAIN §7), never more
 * than E. 0 for a non-positive Δp.
 */
export function setpointSavingKwh(kwh: number, dropBar: number, perBar = SAVING_PER_BAR): number {
  if (!(dropBar > 0) || !(kwh > 0)) return 0;
  return Math.min(kwh, kwh * perBar * dropBar);
}

/**
 * A machine's loaded and unloaded input power (kW) recovered from buckets of energy and hours:
 * kWh = P_load · T + P_unload · t, least squares without intercept over the buckets. Null when the
 * buckets do not tell the two apart (never unloaded, never loaded, or always in the same ratio).
 */
export function loadUnloadPower(buckets: readonly { kwh: number; loadedH: number; unloadedH: number }[]): { loadedKw: number; unloadedKw: number } | null {
  let tt = 0;
  let uu = 0;
  let tu = 0;
  let et = 0;
  let eu = 0;
  for (const b of buckets) {
    if (![b.kwh, b.loadedH, b.unloadedH].every(Number.isFinite)) continue;
    tt += b.loadedH * b.loadedH;
    uu += b.unloadedH * b.unloadedH;
    tu += b.loadedH * b.unloadedH;
    et += b.kwh * b.loadedH;
    eu += b.kwh * b.unloadedH;
  }
  const det = tt * uu - tu * tu;
  if (!(tt > 0) || !(uu > 0) || Math.abs(det) <= 1e-9 * tt * uu) return null;
  return { loadedKw: (et * uu - eu * tu) / det, unloadedKw: (eu * tt - et * tu) / det };
}
