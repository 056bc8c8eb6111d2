/**
 * A balance over the intervals every meter of the node covers (DOMAIN §2): one rule for the balance
 * page (range, days, night and day), the pipe page and the flow.
 *
 * A parent is compared with its children over the periods in which all of them metered the same
 * 15-min intervals; there L = E_p − Σ E_c is the loss. Where a child (or the parent) lacks intervals
 * — a meter offline, added during the range — what the parent metered less what the children
 * metered then is 'unmetered' (未计量): not called a loss, never mixed into λ. A period counts as
 * covered when every member has a value and the same number of intervals in it; a period where the
 * counts differ may be looked at in finer periods (hours of a day) when the caller has them; a
 * period no member metered counts neither way.
 *
 * Beside the covered sums stand each member's own consumption over the whole period (its Σ over
 * every period it metered), the figures a balance row shows: the parent's consumption less the Σ of
 * the children's is the loss plus the unmetered part, to the last digit (E − Σ E_c = L + 未计量),
 * while λ = L / E_p stays a rate over the covered part.
 */

import { balanceAccuracyPct, balanceOf, type Balance } from './balance.js';

/** One meter's figure over one period: its value (null: none) and the 15-min intervals it holds. */
export interface CoverageCell {
  value: number | null;
  intervals: number;
}

/** A meter's cells by period start. */
export type MemberCells = ReadonlyMap<number, CoverageCell>;

/** The members' cells of finer periods (hours) inside one period: parents' and children's, by sub-period start. */
export interface SubPeriods {
  parents: readonly (MemberCells | undefined)[];
  children: readonly (MemberCells | undefined)[];
  periods: readonly number[];
}

export interface AlignedSums {
  /** Σ of the parents over the covered periods; null when no period is covered */
  parent: number | null;
  /** each child's Σ over the same periods; null each when no period is covered */
  children: (number | null)[];
  /** Σ of the parents over every period they metered, covered or not (their consumption); null when they metered none */
  parentTotal: number | null;
  /** each child's Σ over every period it metered (its consumption); null for a child that metered none */
  childTotals: (number | null)[];
  /**
   * what the parents metered outside the covered periods less what the children metered there
   * (signed; 0 when all is covered), taken as the totals less the covered sums, so that
   * parentTotal − Σ childTotals = (parent − Σ children) + unmetered holds to the last digit
   */
  unmetered: number;
  /** periods (and sub-periods) covered */
  covered: number;
  /** periods (and sub-periods) not covered */
  uncovered: number;
  /** 15-min intervals of the covered periods (the first parent's count): the time the balance spans */
  coveredIntervals: number;
}

const valued = (c: CoverageCell | undefined): c is CoverageCell & { value: number } => c !== undefined && c.value !== null && Number.isFinite(c.value);

/** Every member has a value in the period and all hold the same number of intervals. */
function coveredAt(members: readonly (MemberCells | undefined)[], period: number): boolean {
  let n = -1;
  for (const m of members) {
    const c = m?.get(period);
    if (!valued(c)) return false;
    if (n === -1) n = c.intervals;
    else if (c.intervals !== n) return false;
  }
  return true;
}

/**
 * The periods worth reading in finer periods: every member has a value in them but their interval
 * counts differ (a member with no value at all stays uncovered whatever the grain).
 */
export function raggedPeriods(members: readonly (MemberCells | undefined)[], periods: readonly number[]): number[] {
  return periods.filter((p) => members.every((m) => valued(m?.get(p))) && !coveredAt(members, p));
}

/**
 * The parents' and children's sums over the covered periods, and the unmetered remainder of the
 * rest (see the module). A period not covered is replaced by its sub-periods when `sub` gives them:
 * the covered hours count, the others go to the remainder; the sub-periods must partition the period.
 */
export function alignedSums(
  parents: readonly (MemberCells | undefined)[],
  children: readonly (MemberCells | undefined)[],
  periods: readonly number[],
  sub?: (period: number) => SubPeriods | undefined,
): AlignedSums {
  let parent = 0;
  const kids = children.map(() => 0);
  let unmetered = 0;
  let covered = 0;
  let uncovered = 0;
  let coveredIntervals = 0;
  const members = [...parents, ...children];
  const add = (ps: readonly (MemberCells | undefined)[], cs: readonly (MemberCells | undefined)[], ms: readonly (MemberCells | undefined)[], p: number, finer: ((p: number) => SubPeriods | undefined) | undefined) => {
    if (coveredAt(ms, p)) {
      covered++;
      coveredIntervals += ps[0]?.get(p)?.intervals ?? 0;
      for (const m of ps) parent += (m?.get(p)?.value as number) ?? 0;
      cs.forEach((m, i) => (kids[i] = (kids[i] as number) + ((m?.get(p)?.value as number) ?? 0)));
      return;
    }
    const s = finer?.(p);
    if (s !== undefined) {
      const sm = [...s.parents, ...s.children];
      for (const q of s.periods) add(s.parents, s.children, sm, q, undefined);
      return;
    }
    // nobody metered the period (not begun yet, before the meters): neither covered nor a gap
    if (!ms.some((m) => valued(m?.get(p)))) return;
    uncovered++;
    for (const m of ps) {
      const c = m?.get(p);
      if (valued(c)) unmetered += c.value;
    }
    for (const m of cs) {
      const c = m?.get(p);
      if (valued(c)) unmetered -= c.value;
    }
  };
  for (const p of periods) add(parents, children, members, p, sub);
  // the members' own consumption over every period, at the periods' grain (as a meter's row sums its days)
  const totalOf = (m: MemberCells | undefined): number | null => {
    let t: number | null = null;
    for (const p of periods) {
      const c = m?.get(p);
      if (valued(c)) t = (t ?? 0) + c.value;
    }
    return t;
  };
  const parentTotals = parents.map(totalOf);
  const parentTotal = parentTotals.some((t) => t !== null) ? parentTotals.reduce<number>((x, t) => x + (t ?? 0), 0) : null;
  const childTotals = children.map(totalOf);
  const childrenTotal = childTotals.reduce<number>((x, t) => x + (t ?? 0), 0);
  // the remainder outside the covered parts: the totals less the covered sums (equal to the period by
  // period account above when a day's hours add up to the day, and exact against the totals shown)
  const coveredGap = covered === 0 ? 0 : parent - kids.reduce((x, k) => x + k, 0);
  const remainder = uncovered === 0 ? unmetered : (parentTotal ?? 0) - childrenTotal - coveredGap;
  return covered === 0
    ? { parent: null, children: children.map(() => null), parentTotal, childTotals, unmetered: remainder, covered, uncovered, coveredIntervals }
    : { parent, children: kids, parentTotal, childTotals, unmetered: remainder, covered, uncovered, coveredIntervals };
}

/**
 * A balance over the covered periods, with the unmetered remainder beside it (null when every period
 * is covered) and the consumption of the parent and of the children over the whole period, so that
 * parentTotal − childrenTotal = (loss ?? 0) + (unmetered ?? 0): the figures a balance row shows add up,
 * while λ = loss / parent stays a rate over the covered part.
 */
export interface CoveredBalance extends Balance {
  unmetered: number | null;
  /** the parents' consumption over the whole period (Σ of every period they metered); null: none */
  parentTotal: number | null;
  /** Σ of the children's consumption over the whole period (each child's own figure); null when no child metered */
  childrenTotal: number | null;
}

/**
 * The balance of aligned sums (DOMAIN §2, {@link balanceOf}) against the tolerance; a negative gap
 * within the meters' accuracy ({@link balanceAccuracyPct}: the parents' class and each child's) is no
 * metering fault.
 */
export function coveredBalance(sums: AlignedSums, tolerancePct: number, accuracy?: { parent: number; children: readonly number[] }): CoveredBalance {
  const band =
    accuracy === undefined
      ? null
      : balanceAccuracyPct(
          { value: sums.parent, accuracyPct: accuracy.parent },
          sums.children.map((value, i) => ({ value, accuracyPct: accuracy.children[i] ?? accuracy.parent })),
        );
  const known = sums.childTotals.filter((t): t is number => t !== null);
  return {
    ...balanceOf(sums.parent, sums.children, tolerancePct, band ?? 0),
    // children that metered nothing in the whole period (a child missing only some periods is in the unmetered part)
    missingChildren: sums.childTotals.length - known.length,
    unmetered: sums.uncovered > 0 ? sums.unmetered : null,
    parentTotal: sums.parentTotal,
    childrenTotal: known.length === 0 ? null : known.reduce((x, t) => x + t, 0),
  };
}
