/**
 * Energy balance and line/pipe loss (DOMAIN.md §2): a parent meter against the sum of its child
 * meters over the same period. Energies in the carrier's unit (kWh, m³, t); rates in %.
 */

/**
 * Default loss tolerance |λ| in % per energy-type code (ENERGY_TYPE of the contract) [V], the upper
 * ends of DOMAIN's ranges: electricity LV feeder 3–5 % → 5; water 5–8 % → 8; steam 8–10 % → 10.
 * Data: each node may carry its own tolerance.
 */
export const DEFAULT_LOSS_TOLERANCE_PCT: Readonly<Record<number, number>> = { 2: 5, 3: 8, 16: 10 };

/**
 * Default accuracy class of a meter, % of reading, per energy-type code [V]: GB 17167-2006 (用能单位
 * 能源计量器具配备和管理通则) table 3, the classes required of energy meters — electricity 1.0 (a
 * class III sub-meter; incomers and transformer mains are 0.5S, set per meter), water 2.5 (pipes up
 * to DN250), natural gas 2.0, steam 2.5, diesel (oil) 0.5; compressed air 2.0 as other gases; heat and
 * cooling 2.0 (class 2 heat meters). Data: each meter may carry its own `accuracyClass`.
 */
export const DEFAULT_ACCURACY_CLASS_PCT: Readonly<Record<number, number>> = { 2: 1, 3: 2.5, 15: 2, 16: 2.5, 17: 2, 18: 2, 19: 0.5, 45: 2 };
/** Accuracy class when neither the meter nor the defaults name one, %. */
export const FALLBACK_ACCURACY_CLASS_PCT = 2;

/** A meter's accuracy class, %: its own when positive, else its energy type's default, else {@link FALLBACK_ACCURACY_CLASS_PCT}. */
export function meterAccuracyPct(own: number | null | undefined, energyType: number): number {
  return own !== null && own !== undefined && Number.isFinite(own) && own > 0 ? own : (DEFAULT_ACCURACY_CLASS_PCT[energyType] ?? FALLBACK_ACCURACY_CLASS_PCT);
}

/**
 * How far a parent and its children may disagree from meter error alone, in % of the parent: the
 * sum of the largest errors each meter's class allows, (a_p·E_p + Σ a_c·E_c) / E_p (accuracy classes
 * in %). A gap L = E_p − Σ E_c with |L| within it is no evidence of a fault: pass it as
 * `faultBelowPct` to {@link balanceOf}. Null when the parent has no positive value or a child none.
 * E.g. a class 0.5 main reading 10 000 kWh over class 1 feeders reading 6 000 and 4 032 kWh:
 * (0.5 · 10 000 + 1 · 6 000 + 1 · 4 032) / 10 000 = 1.503 %, so their −0.32 % gap is within the meters'
 * accuracy, not a metering fault.
 */
export function balanceAccuracyPct(parent: { value: number | null; accuracyPct: number }, children: readonly { value: number | null; accuracyPct: number }[]): number | null {
  if (parent.value === null || !Number.isFinite(parent.value) || parent.value <= 0) return null;
  let err = parent.accuracyPct * parent.value;
  for (const c of children) {
    if (c.value === null || !Number.isFinite(c.value)) return null;
    err += c.accuracyPct * Math.abs(c.value);
  }
  return err / parent.value;
}

/**
 * - pass: 0 ≤ λ ≤ tolerance
 * - fail: λ > tolerance (an energy alarm: leak, bypass, theft)
 * - meteringFault: λ < 0, children exceed the parent (CT ratio, a missing or duplicate child, time
 *   misalignment) — a data-quality alarm, not an energy alarm
 * - incomplete: the parent or a child has no value for the period; no loss is computed
 * - noLoad: parent and children all 0
 */
export type BalanceStatus = 'pass' | 'fail' | 'meteringFault' | 'incomplete' | 'noLoad';

export interface Balance {
  parent: number | null;
  /** Σ children when all children have a value, else null */
  childrenSum: number | null;
  /** Σ of the children that do have a value (for display next to 'incomplete') */
  knownChildrenSum: number;
  /** number of children without a value */
  missingChildren: number;
  /** L = E_p − Σ E_c; null when incomplete */
  loss: number | null;
  /** λ = L / E_p × 100; null when incomplete or E_p = 0 */
  lossRatePct: number | null;
  tolerancePct: number;
  status: BalanceStatus;
}

const known = (x: number | null | undefined): x is number => x !== null && x !== undefined && Number.isFinite(x);

/**
 * Balance of one node: loss, loss rate and status against its tolerance. A child without data makes
 * the node incomplete (no silent partial sum). `faultBelowPct` (default 0) is how far below zero λ
 * may go before it counts as a metering fault (meter accuracy), e.g. 0.5 accepts −0.5 %.
 */
export function balanceOf(parent: number | null | undefined, children: readonly (number | null | undefined)[], tolerancePct: number, faultBelowPct = 0): Balance {
  let knownChildrenSum = 0;
  let missingChildren = 0;
  for (const c of children) {
    if (known(c)) knownChildrenSum += c;
    else missingChildren++;
  }
  // literal objects, no spread of a shared base: this runs once per node and day (a year of days on
  // the balance pages), and object spread took a slow path here (bench/analysis.ts)
  if (!known(parent) || missingChildren > 0) {
    const p = known(parent) ? parent : null;
    return { knownChildrenSum, missingChildren, tolerancePct, parent: p, childrenSum: missingChildren > 0 ? null : knownChildrenSum, loss: null, lossRatePct: null, status: 'incomplete' };
  }
  const loss = parent - knownChildrenSum;
  if (parent === 0) {
    return { knownChildrenSum, missingChildren, tolerancePct, parent, childrenSum: knownChildrenSum, loss, lossRatePct: null, status: knownChildrenSum === 0 ? 'noLoad' : 'meteringFault' };
  }
  const lossRatePct = (loss / parent) * 100;
  const status: BalanceStatus = lossRatePct < -faultBelowPct ? 'meteringFault' : lossRatePct > tolerancePct ? 'fail' : 'pass';
  return { knownChildrenSum, missingChildren, tolerancePct, parent, childrenSum: knownChildrenSum, loss, lossRatePct, status };
}

/** Daily λ trend: the balance of each period (e.g. day) of aligned parent and children series. */
export function balanceSeries(
  periods: readonly { ts: number; parent: number | null; children: readonly (number | null)[] }[],
  tolerancePct: number,
  faultBelowPct = 0,
): (Balance & { ts: number })[] {
  return periods.map((p) => ({ ts: p.ts, ...balanceOf(p.parent, p.children, tolerancePct, faultBelowPct) }));
}

/**
 * Worst nodes first: metering faults (by |λ|), then failures, then passes, each by how far λ is
 * past the tolerance (|λ| − tolerance, descending). Incomplete and no-load nodes are left out:
 * they have no rate to rank.
 */
export function worstBalances<T extends { balance: Balance }>(nodes: readonly T[], limit = Infinity): T[] {
  const rank: Record<BalanceStatus, number> = { meteringFault: 0, fail: 1, pass: 2, incomplete: 3, noLoad: 3 };
  const excess = (b: Balance) => Math.abs(b.lossRatePct ?? 0) - b.tolerancePct;
  return nodes
    .filter((n) => n.balance.lossRatePct !== null)
    .slice()
    .sort((a, b) => rank[a.balance.status] - rank[b.balance.status] || excess(b.balance) - excess(a.balance))
    .slice(0, limit);
}

/** Three-phase line technical loss ΔP = 3 I² R, in kW for I in A and R in Ω per phase (cross-check). */
export function lineLossKw(currentA: number, resistanceOhm: number): number {
  return (3 * currentA * currentA * resistanceOhm) / 1000;
}
