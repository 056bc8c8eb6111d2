import { GB20052_2024_GRADE_TABLE } from './transformer-grades.js';

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
/** Core: electrical steel strip (电工钢带, the default) or amorphous alloy (非晶合金). */
export type CoreMaterial = 'steel' | 'amorphous';
/** Oil-immersed connection group: Dyn11 (or Yzn11, the default) or Yyn0. */
export type WindingConnection = 'Dyn11' | 'Yyn0';
/** Dry-type insulation (heat) class: B (100 ℃), F (120 ℃, the default), H (145 ℃). */
export type InsulationClass = 'B' | 'F' | 'H';

/** The variant of a rating a grade row is for (GB 20052-2024 表1: core and connection; 表2: core and insulation class). */
export interface TransformerVariant {
  core?: CoreMaterial;
  connection?: WindingConnection;
  insulationClass?: InsulationClass;
}

/** Maximum P0 and Pk (kW) of grades 1, 2 and 3 at one rating and variant. */
export interface GradeRow extends TransformerVariant {
  insulation: Insulation;
  ratedKva: number;
  /** [grade 1, grade 2, grade 3] limits */
  limits: readonly [{ p0Kw: number; pkKw: number }, { p0Kw: number; pkKw: number }, { p0Kw: number; pkKw: number }];
}

/** The published GB 20052-2024 table (transformer-grades.ts), every row of 表1 and 表2. */
export const DEFAULT_GRADE_TABLE: readonly GradeRow[] = GB20052_2024_GRADE_TABLE;

/** The table's row for a unit: its insulation, rating and variant (defaults: steel core, Dyn11, class F); undefined when there is none. */
export function gradeRow(ratedKva: number, insulation: Insulation, variant: TransformerVariant = {}, table: readonly GradeRow[] = DEFAULT_GRADE_TABLE): GradeRow | undefined {
  const core = variant.core ?? 'steel';
  return table.find(
    (x) =>
      x.insulation === insulation &&
      Math.abs(x.ratedKva - ratedKva) < 1e-9 &&
      (x.core ?? 'steel') === core &&
      (insulation === 'oil' ? (x.connection ?? 'Dyn11') === (variant.connection ?? 'Dyn11') : (x.insulationClass ?? 'F') === (variant.insulationClass ?? 'F')),
  );
}

/**
 * Energy-efficiency grade (GB 20052-2024, DOMAIN §5): the best grade g whose P0 and Pk limits the
 * unit both meets (≤); `below` when it fails grade 3 (the minimum allowed); `unrated` when the
 * table has no row for its insulation, rating and variant.
 */
export function efficiencyGrade(
  np: Pick<TransformerNameplate, 'ratedKva' | 'p0Kw' | 'pkKw'>,
  insulation: Insulation,
  table: readonly GradeRow[] = DEFAULT_GRADE_TABLE,
  variant: TransformerVariant = {},
): 1 | 2 | 3 | 'below' | 'unrated' {
  const r = gradeRow(np.ratedKva, insulation, variant, table);
  if (!r) return 'unrated';
  const eps = 1e-9;
  for (let g = 0; g < 3; g++) {
    const l = r.limits[g] as { p0Kw: number; pkKw: number };
    if (np.p0Kw <= l.p0Kw + eps && np.pkKw <= l.pkKw + eps) return (g + 1) as 1 | 2 | 3;
  }
  return 'below';
}
