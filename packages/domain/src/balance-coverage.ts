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
  /** what the parents metered outside the covered periods less what the children metered there (signed; 0 when all is covered) */
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
  return covered === 0
    ? { parent: null, children: children.map(() => null), unmetered, covered, uncovered, coveredIntervals }
    : { parent, children: kids, unmetered, covered, uncovered, coveredIntervals };
}

/** A balance over the covered periods, with the unmetered remainder beside it (null when every period is covered). */
export interface CoveredBalance extends Balance {
  unmetered: number | null;
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
  return { ...balanceOf(sums.parent, sums.children, tolerancePct, band ?? 0), unmetered: sums.uncovered > 0 ? sums.unmetered : null };
}
