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
