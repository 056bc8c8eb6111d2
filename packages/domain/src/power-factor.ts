import { percentOfFen, sumFen, type Fen } from './money.js';
import { POWER_FACTOR_ADJUSTMENT_TABLE_1983, type PowerFactorTableRow } from './power-factor-table.js';

/**
 * Power-factor adjustment of the bill (力调, DOMAIN.md §3) per the 1983 功率因数调整电费办法: the
 * month's cosφ from active and reactive energy, the rate r% looked up in a table passed in (the
 * 1983 table by default), the adjustment in fen, and the compensation needed to reach a target.
 */
export { POWER_FACTOR_ADJUSTMENT_TABLE_1983, type PowerFactorTableRow } from './power-factor-table.js';

/**
 * The standard that applies to a user [S, wgbc]: '0.90' HV-supplied industrial users ≥ 160 kVA and
 * HV users with on-load tap changers; '0.85' other users ≥ 100 kVA/kW; '0.80' agricultural users.
 */
export type PfStandard = '0.90' | '0.85' | '0.80';
export const PF_STANDARDS: readonly PfStandard[] = ['0.90', '0.85', '0.80'];

const COLUMN: Record<PfStandard, 1 | 2 | 3> = { '0.90': 1, '0.85': 2, '0.80': 3 };

export interface MonthlyEnergyForPf {
  /** P: the month's active energy, kWh */
  kwh: number;
  /** the month's forward (inductive, import) reactive energy, kvarh */
  kvarh: number;
  /** the month's reverse (capacitive, export) reactive energy, kvarh, where it is metered (0 or omitted: none) */
  reverseKvarh?: number;
  /**
   * Whether reverse kvarh counts into Q. Default true: the 1983 功率因数调整电费办法 takes the
   * month's reactive energy as |Q forward| + |Q reverse| where reverse reactive energy is metered
   * (a capacitor bank left on at light load is penalised, not rewarded); false only where a
   * province's rule leaves it out (DOMAIN §3: a flag).
   */
  addReverseKvarh?: boolean;
}

/**
 * Monthly cosφ = P / √(P² + Q²) with Q = |Q forward| + |Q reverse| (the reverse part unless
 * `addReverseKvarh` is false), rounded half-up to 2 decimals (the rule: 取小数后二位, 四舍五入).
 * Null when both P and Q are 0 or an input is missing or P is negative.
 */
export function monthlyCosPhi(e: MonthlyEnergyForPf): number | null {
  const q = Math.abs(e.kvarh) + (e.addReverseKvarh ?? true ? Math.abs(e.reverseKvarh ?? 0) : 0);
  const p = e.kwh;
  if (!Number.isFinite(p) || !Number.isFinite(q) || p < 0 || p + q === 0) return null;
  return Math.round((p / Math.hypot(p, q)) * 100) / 100;
}

/**
 * r% for a cosφ (rounded to 2 decimals first) and a standard, from the table. Throws when the
 * table has no row for that cosφ.
 */
export function pfAdjustmentPct(cosPhi: number, standard: PfStandard, table: readonly PowerFactorTableRow[] = POWER_FACTOR_ADJUSTMENT_TABLE_1983): number {
  const hundredths = Math.round(cosPhi * 100);
  const row = table.find((r) => Math.round(r[0] * 100) === hundredths);
  if (!row) throw new RangeError(`no power-factor table row for cosφ ${cosPhi}`);
  return row[COLUMN[standard]];
}

export interface PfAdjustment {
  cosPhi: number;
  standard: PfStandard;
  /** r%, > 0 penalty, < 0 reward */
  ratePct: number;
  /** (basic + energy fee) in fen, the base the rate applies to */
  baseFen: Fen;
  /** base × r%, rounded half-up to the fen */
  fen: Fen;
}

/** 力调 = (basic fee + energy fee) × r%, rounded half-up to the fen (one bill line). */
export function powerFactorAdjustment(
  input: { basicFen: Fen; energyFeeFen: Fen; cosPhi: number; standard: PfStandard },
  table: readonly PowerFactorTableRow[] = POWER_FACTOR_ADJUSTMENT_TABLE_1983,
): PfAdjustment {
  const ratePct = pfAdjustmentPct(input.cosPhi, input.standard, table);
  const baseFen = sumFen([input.basicFen, input.energyFeeFen]);
  return { cosPhi: input.cosPhi, standard: input.standard, ratePct, baseFen, fen: percentOfFen(baseFen, ratePct) };
}

const tanOf = (cos: number) => Math.sqrt(1 - cos * cos) / cos;

/**
 * Compensation needed to raise cosφ₁ to the target cosφ₂: Q_c = P · (tanφ₁ − tanφ₂), kvar for P in
 * kW (use the load's average or peak kW; with the month's kWh it gives the kvarh to offset). 0 when
 * cosφ₁ already reaches the target. Both cosines in (0, 1].
 */
export function compensationKvar(pKw: number, cosPhiFrom: number, cosPhiTarget: number): number {
  for (const c of [cosPhiFrom, cosPhiTarget]) if (!(c > 0 && c <= 1)) throw new RangeError(`cosφ out of (0, 1]: ${c}`);
  if (cosPhiFrom >= cosPhiTarget) return 0;
  return pKw * (tanOf(cosPhiFrom) - tanOf(cosPhiTarget));
}
