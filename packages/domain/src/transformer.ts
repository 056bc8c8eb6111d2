/**
 * Transformer efficiency (DOMAIN.md §5): load rate, active and reactive losses, efficiency, the
 * optimum and the comprehensive economic load rate, the GB/T 13462 operating zones, the loss
 * energy over intervals and the GB 20052 energy-efficiency grade from the nameplate.
 * Units are in the names: kW, kvar, kVA, kWh; load rates β are fractions (0.5 = 50 %).
 */

/** Nameplate figures of a two-winding transformer. */
export interface TransformerNameplate {
  /** rated capacity S_N, kVA */
  ratedKva: number;
  /** no-load loss P0, kW */
  p0Kw: number;
  /** load loss at rated current Pk, kW */
  pkKw: number;
  /** no-load current I0, % of rated */
  i0Pct: number;
  /** short-circuit impedance Uk, % */
  ukPct: number;
}

/** Reactive economic equivalent K_Q, kW per kvar (DOMAIN §5: ~0.1 by default; site configuration). */
export const DEFAULT_KQ_KW_PER_KVAR = 0.1;

/** Load rate β = S / S_N with S = √(P² + Q²); 0 for a non-positive rating. */
export function loadRate(pKw: number, qKvar: number, ratedKva: number): number {
  if (!(ratedKva > 0)) return 0;
  return Math.hypot(pKw, qKvar) / ratedKva;
}

/** Active loss ΔP = P0 + β² Pk (kW). */
export function activeLossKw(np: TransformerNameplate, beta: number): number {
  return np.p0Kw + beta * beta * np.pkKw;
}

/** No-load reactive loss Q0 = I0 % · S_N / 100 and load reactive loss at rated load Qk = Uk % · S_N / 100 (kvar). */
export function reactiveLossParams(np: TransformerNameplate): { q0Kvar: number; qkKvar: number } {
  return { q0Kvar: (np.i0Pct * np.ratedKva) / 100, qkKvar: (np.ukPct * np.ratedKva) / 100 };
}

/** Reactive loss ΔQ = Q0 + β² Qk (kvar). */
export function reactiveLossKvar(np: TransformerNameplate, beta: number): number {
  const { q0Kvar, qkKvar } = reactiveLossParams(np);
  return q0Kvar + beta * beta * qkKvar;
}

/** Comprehensive active loss ΔP_Z = P0 + K_Q Q0 + β² (Pk + K_Q Qk) (kW, GB/T 13462 concept). */
export function comprehensiveLossKw(np: TransformerNameplate, beta: number, kq = DEFAULT_KQ_KW_PER_KVAR): number {
  const { q0Kvar, qkKvar } = reactiveLossParams(np);
  return np.p0Kw + kq * q0Kvar + beta * beta * (np.pkKw + kq * qkKvar);
}

/**
 * Efficiency η = β S_N cosφ / (β S_N cosφ + P0 + β² Pk), as a fraction; 0 at β = 0 (all loss, no
 * output).
 */
export function efficiency(np: TransformerNameplate, beta: number, cosPhi: number): number {
  const out = beta * np.ratedKva * cosPhi;
  if (!(out > 0)) return 0;
  return out / (out + activeLossKw(np, beta));
}

/** The load rate of maximum efficiency, where P0 = β² Pk: β_opt = √(P0 / Pk); null without Pk. */
export function optimumLoadRate(np: TransformerNameplate): number | null {
  return np.pkKw > 0 ? Math.sqrt(np.p0Kw / np.pkKw) : null;
}

/** Comprehensive economic load rate β_JZ = √((P0 + K_Q Q0) / (Pk + K_Q Qk)); null without load losses. */
export function economicLoadRate(np: TransformerNameplate, kq = DEFAULT_KQ_KW_PER_KVAR): number | null {
  const { q0Kvar, qkKvar } = reactiveLossParams(np);
  const den = np.pkKw + kq * qkKvar;
  return den > 0 ? Math.sqrt((np.p0Kw + kq * q0Kvar) / den) : null;
}

/**
 * Operating zone of a load rate (GB/T 13462-2008, DOMAIN §5) [V]:
 * - `optimal`: 1.33 β_JZ² ≤ β ≤ 0.75 (inside the economic zone);
 * - `economic`: β_JZ² ≤ β ≤ 1, outside the optimal band;
 * - `light`: β < β_JZ² (non-economic, lightly loaded);
 * - `over`: β > 1 (non-economic, overloaded).
 */
export type LoadZone = 'optimal' | 'economic' | 'light' | 'over';
export const LOAD_ZONES: readonly LoadZone[] = ['light', 'economic', 'optimal', 'over'];

/** The zone bounds of a β_JZ: economic [lower, 1], optimal [optimalLower, 0.75]. */
export function zoneBounds(betaJz: number): { economicLower: number; optimalLower: number; optimalUpper: number; economicUpper: number } {
  const economicLower = betaJz * betaJz;
  return { economicLower, optimalLower: Math.min(1.33 * economicLower, 0.75), optimalUpper: 0.75, economicUpper: 1 };
}

export function loadZone(beta: number, betaJz: number): LoadZone {
  const b = zoneBounds(betaJz);
  if (beta > b.economicUpper) return 'over';
  if (beta < b.economicLower) return 'light';
  if (beta >= b.optimalLower && beta <= b.optimalUpper) return 'optimal';
  return 'economic';
}

/** One interval of operation: its load rate and length in hours (null β: not measured, skipped). */
export interface LoadInterval {
  beta: number | null;
  hours: number;
}

/**
 * Loss energy over intervals (DOMAIN §5): no-load E0 = P0 · t over the measured hours (the unit is
 * energised throughout), load E_k = Pk · Σ β² Δt; kWh.
 */
export function lossEnergyKwh(np: TransformerNameplate, intervals: readonly LoadInterval[]): { noLoadKwh: number; loadKwh: number; hours: number } {
  let hours = 0;
  let b2h = 0;
  for (const iv of intervals) {
    if (iv.beta === null || !Number.isFinite(iv.beta)) continue;
    hours += iv.hours;
    b2h += iv.beta * iv.beta * iv.hours;
  }
  return { noLoadKwh: np.p0Kw * hours, loadKwh: np.pkKw * b2h, hours };
}

/** Hours spent in each zone. */
export function zoneHours(intervals: readonly LoadInterval[], betaJz: number): Record<LoadZone, number> {
  const out: Record<LoadZone, number> = { light: 0, economic: 0, optimal: 0, over: 0 };
  for (const iv of intervals) if (iv.beta !== null && Number.isFinite(iv.beta)) out[loadZone(iv.beta, betaJz)] += iv.hours;
  return out;
}

/** Efficiency over a period from energies: E_out / (E_out + E_loss); null without output. */
export function periodEfficiency(outputKwh: number, lossKwh: number): number | null {
  return outputKwh > 0 ? outputKwh / (outputKwh + lossKwh) : null;
}

/** Transformer insulation: oil-immersed or dry-type. */
export type Insulation = 'oil' | 'dry';

/** Maximum P0 and Pk (kW) of grades 1, 2 and 3 at one rating. */
export interface GradeRow {
  insulation: Insulation;
  ratedKva: number;
  /** [grade 1, grade 2, grade 3] limits */
  limits: readonly [{ p0Kw: number; pkKw: number }, { p0Kw: number; pkKw: number }, { p0Kw: number; pkKw: number }];
}

const row = (insulation: Insulation, ratedKva: number, g3: [number, number], g2: [number, number], g1: [number, number]): GradeRow => ({
  insulation,
  ratedKva,
  limits: [
    { p0Kw: g1[0], pkKw: g1[1] },
    { p0Kw: g2[0], pkKw: g2[1] },
    { p0Kw: g3[0], pkKw: g3[1] },
  ],
});

/**
 * GB 20052-2020 limits for 10 kV distribution transformers at the common ratings [V]: grade 3 of
 * the dry type is the demo plant's SCB13 nameplate (the standard's minimum); the grade 2 and 1 rows
 * and the oil-immersed rows are domain-knowledge values not checked against the official text
 * (DOMAIN.md lists the full table as a verification risk). Data, not code: pass another table to
 * `efficiencyGrade` to use the verified one.
 */
export const DEFAULT_GRADE_TABLE: readonly GradeRow[] = [
  row('dry', 630, [1.04, 5.96], [0.88, 5.66], [0.7, 5.37]),
  row('dry', 800, [1.21, 6.96], [1.03, 6.61], [0.82, 6.26]),
  row('dry', 1000, [1.41, 8.13], [1.2, 7.72], [0.96, 7.32]),
  row('dry', 1250, [1.67, 9.69], [1.42, 9.21], [1.14, 8.72]),
  row('dry', 1600, [1.96, 11.73], [1.67, 11.14], [1.33, 10.56]),
  row('dry', 2000, [2.44, 14.45], [2.07, 13.73], [1.66, 13.01]),
  row('dry', 2500, [2.88, 17.17], [2.45, 16.31], [1.96, 15.45]),
  row('oil', 630, [0.81, 6.2], [0.67, 5.89], [0.48, 5.58]),
  row('oil', 800, [0.98, 7.5], [0.81, 7.13], [0.58, 6.75]),
  row('oil', 1000, [1.15, 10.3], [0.95, 9.79], [0.7, 9.27]),
  row('oil', 1250, [1.36, 12.0], [1.13, 11.4], [0.83, 10.8]),
  row('oil', 1600, [1.64, 14.5], [1.36, 13.78], [1.0, 13.05]),
];

/**
 * Energy-efficiency grade (GB 20052, DOMAIN §5): the best grade g whose P0 and Pk limits the unit
 * both meets (≤); `below` when it fails grade 3 (the minimum allowed); `unrated` when the table has
 * no row for its insulation and rating.
 */
export function efficiencyGrade(np: Pick<TransformerNameplate, 'ratedKva' | 'p0Kw' | 'pkKw'>, insulation: Insulation, table: readonly GradeRow[] = DEFAULT_GRADE_TABLE): 1 | 2 | 3 | 'below' | 'unrated' {
  const r = table.find((x) => x.insulation === insulation && Math.abs(x.ratedKva - np.ratedKva) < 1e-9);
  if (!r) return 'unrated';
  const eps = 1e-9;
  for (let g = 0; g < 3; g++) {
    const l = r.limits[g] as { p0Kw: number; pkKw: number };
    if (np.p0Kw <= l.p0Kw + eps && np.pkKw <= l.pkKw + eps) return (g + 1) as 1 | 2 | 3;
  }
  return 'below';
}

/** Fleet-table advice: `overloaded` when the peak β exceeds 1, `lightLoad` (merge or disconnect) when the mean β is below β_JZ², else null. */
export function transformerAdvice(betaAvg: number | null, betaMax: number | null, betaJz: number | null): 'overloaded' | 'lightLoad' | null {
  if (betaMax !== null && betaMax > 1) return 'overloaded';
  if (betaAvg !== null && betaJz !== null && betaAvg < betaJz * betaJz) return 'lightLoad';
  return null;
}
