import { quantile } from './forecast-backtest.js';

/**
 * Power quality (DOMAIN.md §9): voltage deviation, frequency deviation, unbalance and voltage THD
 * with their limits as data, compliance rate (time within limits / time measured) per index, the
 * worst phase, and the 95th-percentile statistic. Values from 10-min aggregates.
 */

/** A band on a quantity: within when lower ≤ v ≤ upper (either bound optional). */
export interface Band {
  lower?: number;
  upper?: number;
}

/**
 * Voltage deviation limits in % (GB 12325) by supply class:
 * - ≥ 35 kV: |+δ| + |−δ| ≤ 10 % [S]; the split into an upper and lower bound is site configuration,
 *   ±5 % by default [V].
 * - ≤ 20 kV three-phase (incl. 380 V): ±7 % [S for ≤ 10 kV; 20 kV from the 2008 edition, V].
 * - 220 V single-phase: +7 % / −10 % [S].
 */
export const DEFAULT_VOLTAGE_DEVIATION_LIMITS = {
  hv35kvAndAbove: { lower: -5, upper: 5 },
  threePhaseUpTo20kv: { lower: -7, upper: 7 },
  singlePhase220v: { lower: -10, upper: 7 },
} as const satisfies Record<string, Band>;

/** Frequency deviation limits in Hz (GB/T 15945): ±0.2 normal [S], ±0.5 small systems [V]. */
export const DEFAULT_FREQUENCY_LIMITS = {
  normal: { lower: -0.2, upper: 0.2 },
  smallSystem: { lower: -0.5, upper: 0.5 },
} as const satisfies Record<string, Band>;

/** Voltage unbalance limits in % (GB/T 15543-2008) [V]: at the PCC 2 % normal / 4 % short-time; one user 1.3 / 2.6. */
export const DEFAULT_UNBALANCE_LIMITS = {
  pcc: { normal: { upper: 2 }, shortTime: { upper: 4 } },
  singleUser: { normal: { upper: 1.3 }, shortTime: { upper: 2.6 } },
} as const;

/** Voltage THD and odd/even individual harmonic limits in % by nominal kV (GB/T 14549-93) [V]. */
export const DEFAULT_THD_LIMITS: readonly { upToKv: number; thdPct: number; oddPct: number; evenPct: number }[] = [
  { upToKv: 0.38, thdPct: 5, oddPct: 4, evenPct: 2 },
  { upToKv: 10, thdPct: 4, oddPct: 3.2, evenPct: 1.6 },
  { upToKv: 66, thdPct: 3, oddPct: 2.4, evenPct: 1.2 },
  { upToKv: 110, thdPct: 2, oddPct: 1.6, evenPct: 0.8 },
];

/** The voltage-deviation band for a nominal voltage: ≥ 35 kV, single-phase 220 V, else three-phase. */
export function voltageDeviationLimit(nominalKv: number, singlePhase = false, limits = DEFAULT_VOLTAGE_DEVIATION_LIMITS): Band {
  if (nominalKv >= 35) return limits.hv35kvAndAbove;
  return singlePhase ? limits.singlePhase220v : limits.threePhaseUpTo20kv;
}

/** The THD row for a nominal voltage: the first row whose upToKv ≥ it (the last row above 110 kV; 20 kV, absent from the 1993 table, takes the 35/66 kV row). */
export function thdLimit(nominalKv: number, rows = DEFAULT_THD_LIMITS): { thdPct: number; oddPct: number; evenPct: number } {
  const row = rows.find((r) => nominalKv <= r.upToKv + 1e-9) ?? rows[rows.length - 1];
  if (!row) throw new RangeError('empty THD limit table');
  return row;
}

/** δU = (U − U_N) / U_N × 100. */
export function voltageDeviationPct(u: number, nominal: number): number {
  return ((u - nominal) / nominal) * 100;
}

/** Δf = f − f_N (Hz), nominal 50 Hz. */
export function frequencyDeviationHz(f: number, nominalHz = 50): number {
  return f - nominalHz;
}

/** ε_U = U₂ / U₁ × 100 from negative- and positive-sequence voltages. */
export function sequenceUnbalancePct(negativeSeq: number, positiveSeq: number): number {
  return (negativeSeq / positiveSeq) * 100;
}

/** Unbalance approximation from three phase (or line) voltages: max |U_x − mean| / mean × 100. */
export function unbalancePct(ua: number, ub: number, uc: number): number {
  const mean = (ua + ub + uc) / 3;
  return (Math.max(Math.abs(ua - mean), Math.abs(ub - mean), Math.abs(uc - mean)) / mean) * 100;
}

/** THD_u = √(Σ U_h²) / U₁ × 100 over harmonic RMS values U_2, U_3, … */
export function thdPct(harmonics: readonly number[], fundamental: number): number {
  return (Math.sqrt(harmonics.reduce((s, h) => s + h * h, 0)) / fundamental) * 100;
}

/** Orders whose individual content U_h / U₁ × 100 exceeds the odd or even limit; harmonics[0] is order 2. */
export function harmonicsOverLimit(harmonics: readonly number[], fundamental: number, limit: { oddPct: number; evenPct: number }): number[] {
  const over: number[] = [];
  harmonics.forEach((h, i) => {
    const order = i + 2;
    if ((h / fundamental) * 100 > (order % 2 ? limit.oddPct : limit.evenPct)) over.push(order);
  });
  return over;
}

const within = (v: number, b: Band) => (b.lower === undefined || v >= b.lower) && (b.upper === undefined || v <= b.upper);

export interface Compliance {
  /** samples within / samples measured × 100; null without samples */
  ratePct: number | null;
  within: number;
  measured: number;
  /** samples with no value (not counted as either) */
  missing: number;
}

/**
 * Compliance rate = time within limits / total time, over equal-length aggregates (10 min): the
 * share of measured samples inside the band. Missing samples are reported, not counted.
 */
export function complianceRate(values: readonly (number | null)[], band: Band): Compliance {
  let inside = 0;
  let measured = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    measured++;
    if (within(v, band)) inside++;
  }
  return { ratePct: measured ? (inside / measured) * 100 : null, within: inside, measured, missing: values.length - measured };
}

export type Phase = 'a' | 'b' | 'c';

/** The phase with the lowest compliance rate; on a tie the one reaching furthest from 0 (|v| max). */
export function worstPhase(phases: Readonly<Record<Phase, readonly (number | null)[]>>, band: Band): { phase: Phase; compliance: Compliance } | null {
  let best: { phase: Phase; compliance: Compliance; extreme: number } | null = null;
  for (const phase of ['a', 'b', 'c'] as const) {
    const compliance = complianceRate(phases[phase], band);
    if (compliance.ratePct === null) continue;
    const extreme = Math.max(...phases[phase].map((v) => (v === null || !Number.isFinite(v) ? 0 : Math.abs(v))));
    if (best === null || compliance.ratePct < (best.compliance.ratePct ?? 100) || (compliance.ratePct === best.compliance.ratePct && extreme > best.extreme)) {
      best = { phase, compliance, extreme };
    }
  }
  return best && { phase: best.phase, compliance: best.compliance };
}

/** The 95th-percentile value (CP95) used by the GB assessments; null without values. */
export function cp95(values: readonly (number | null)[]): number | null {
  return quantile(values.filter((v): v is number => v !== null), 0.95);
}
