import type { BalanceDay, BalanceFigures, StepChange } from '@ems/contract';
import { alignedSums, coveredBalance, raggedPeriods, type CoveredBalance, type MemberCells, type SubPeriods } from '@ems/domain';

/**
 * The balance figures of the balance and pipe pages from day rollups, each parent compared with its
 * children over the days (and, on a day whose interval counts differ, the hours) every member
 * covers; the rest is unmetered (@ems/domain balance-coverage.ts), as the flow pages draw it.
 */

/** Per meter: its cells (value, 15-min intervals) by day start (a day without a bucket is absent). */
export type DayCells = ReadonlyMap<number, MemberCells>;

/** The hours of some days, per meter (cells by hour start), with the hour starts of each such day. */
export interface HourCells {
  cells: ReadonlyMap<number, MemberCells>;
  hours: ReadonlyMap<number, readonly number[]>;
}

/** A balance node: its parent meter(s), its children, tolerance and the meters' accuracy classes. */
export interface BalanceGroup {
  parents: readonly number[];
  children: readonly number[];
  tolerancePct: number;
  /** accuracy classes, %: the parent's (the largest of several) and each child's */
  accuracy?: { parent: number; children: readonly number[] };
}

const figures = (b: CoveredBalance): BalanceFigures => ({
  parent: b.parent,
  childrenSum: b.childrenSum,
  parentTotal: b.parentTotal,
  childrenTotal: b.childrenTotal,
  knownChildrenSum: b.knownChildrenSum,
  missingChildren: b.missingChildren,
  loss: b.loss,
  lossRatePct: b.lossRatePct,
  tolerancePct: b.tolerancePct,
  status: b.status,
  unmetered: b.unmetered,
});

const valueOn = (s: DayCells, id: number, day: number): number | null => {
  const v = s.get(id)?.get(day)?.value;
  return v === undefined || v === null || !Number.isFinite(v) ? null : v;
};

/** Σ of a meter's days; null when it has none. */
export function meterTotal(s: DayCells, id: number, days: readonly number[]): number | null {
  let total: number | null = null;
  for (const d of days) {
    const v = valueOn(s, id, d);
    if (v !== null) total = (total ?? 0) + v;
  }
  return total;
}

/** The days of a group worth reading in hours: every member has a value, their interval counts differ. */
export function raggedDaysOf(s: DayCells, g: Pick<BalanceGroup, 'parents' | 'children'>, days: readonly number[]): number[] {
  return raggedPeriods(
    [...g.parents, ...g.children].map((id) => s.get(id)),
    days,
  );
}

const hoursOf = (h: HourCells | undefined, g: BalanceGroup) =>
  h === undefined
    ? undefined
    : (day: number): SubPeriods | undefined => {
        const periods = h.hours.get(day);
        return periods === undefined ? undefined : { parents: g.parents.map((id) => h.cells.get(id)), children: g.children.map((id) => h.cells.get(id)), periods };
      };

/**
 * The balance of a group over the days (see the module): loss over the covered parts, unmetered beside
 * it, and the members' consumption over all the days (parentTotal, childrenTotal: the Σ of
 * {@link meterTotal} of each), so that parentTotal − childrenTotal = loss + unmetered.
 */
export function groupBalance(s: DayCells, h: HourCells | undefined, g: BalanceGroup, days: readonly number[]): BalanceFigures {
  const sums = alignedSums(
    g.parents.map((id) => s.get(id)),
    g.children.map((id) => s.get(id)),
    days,
    hoursOf(h, g),
  );
  return figures(coveredBalance(sums, g.tolerancePct, g.accuracy));
}

/** The balance of a group on each day (the daily λ trend), by the same rule. */
export function dailyBalance(s: DayCells, h: HourCells | undefined, g: BalanceGroup, days: readonly number[]): BalanceDay[] {
  const parents = g.parents.map((id) => s.get(id));
  const children = g.children.map((id) => s.get(id));
  const sub = hoursOf(h, g);
  return days.map((day) => ({ time: day, ...figures(coveredBalance(alignedSums(parents, children, [day], sub), g.tolerancePct, g.accuracy)) }));
}

/** Smallest shift of the daily λ mean that counts as a step, percentage points. */
export const STEP_MIN_PCT = 2;
/** Days needed on each side of a step. */
export const STEP_MIN_DAYS = 3;

/**
 * A level shift in a daily λ series (DOMAIN §2: a step change points to a leak or a bypass): the
 * split with at least {@link STEP_MIN_DAYS} rated days on each side whose means differ most, kept
 * when that difference is at least {@link STEP_MIN_PCT} points and at least 3 × the larger
 * within-side standard deviation (day-to-day noise). Days without a rate are skipped. One pass
 * over running sums (Σx, Σx²), so a year of days costs a year, not a year squared.
 */
export function detectStep(days: readonly { time: number; lossRatePct: number | null }[]): StepChange | null {
  const pts = days.filter((d): d is { time: number; lossRatePct: number } => d.lossRatePct !== null);
  const n = pts.length;
  // prefix sums: s[k] = Σ of the first k rates, q[k] = Σ of their squares
  const s = new Float64Array(n + 1);
  const q = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const x = (pts[i] as { lossRatePct: number }).lossRatePct;
    s[i + 1] = (s[i] as number) + x;
    q[i + 1] = (q[i] as number) + x * x;
  }
  // sample standard deviation of m values with sum `sum` and sum of squares `sq` (n − 1, as before; 0 for one value)
  const sd = (sum: number, sq: number, m: number) => Math.sqrt(Math.max(0, sq - (sum * sum) / m) / Math.max(1, m - 1));
  let best: StepChange | null = null;
  for (let k = STEP_MIN_DAYS; k <= n - STEP_MIN_DAYS; k++) {
    const [sb, qb] = [s[k] as number, q[k] as number];
    const [sa, qa] = [(s[n] as number) - sb, (q[n] as number) - qb];
    const [mb, ma] = [sb / k, sa / (n - k)];
    const delta = ma - mb;
    const noise = Math.max(sd(sb, qb, k), sd(sa, qa, n - k));
    if (Math.abs(delta) < STEP_MIN_PCT || Math.abs(delta) < 3 * noise) continue;
    if (!best || Math.abs(delta) > Math.abs(best.deltaPct)) best = { time: (pts[k] as { time: number }).time, beforePct: mb, afterPct: ma, deltaPct: delta };
  }
  return best;
}
