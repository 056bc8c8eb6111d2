import type { BalanceDay, BalanceFigures, StepChange } from '@ems/contract';
import { balanceOf, type Balance } from '@ems/domain';

/** Per meter: value by day start (a day without a bucket is absent). */
export type DaySeries = ReadonlyMap<number, ReadonlyMap<number, number | null>>;

const figures = (b: Balance): BalanceFigures => ({
  parent: b.parent,
  childrenSum: b.childrenSum,
  knownChildrenSum: b.knownChildrenSum,
  missingChildren: b.missingChildren,
  loss: b.loss,
  lossRatePct: b.lossRatePct,
  tolerancePct: b.tolerancePct,
  status: b.status,
});

const valueOn = (s: DaySeries, id: number, day: number): number | null => {
  const v = s.get(id)?.get(day);
  return v === undefined || v === null || !Number.isFinite(v) ? null : v;
};

/** Σ of a meter's days; null when it has none. */
export function meterTotal(s: DaySeries, id: number, days: readonly number[]): number | null {
  let total: number | null = null;
  for (const d of days) {
    const v = valueOn(s, id, d);
    if (v !== null) total = (total ?? 0) + v;
  }
  return total;
}

/**
 * Balance of a parent against its children over the days: only the days on which any member has a
 * value count, and a member that lacks one of those days has no total (so the node is incomplete,
 * never a partial sum). No day with data at all: incomplete.
 */
export function rangeBalance(s: DaySeries, parent: readonly number[], children: readonly number[], days: readonly number[], tolerancePct: number): BalanceFigures {
  const members = [...parent, ...children];
  const live = days.filter((d) => members.some((id) => valueOn(s, id, d) !== null));
  const total = (id: number) => (live.length > 0 && live.every((d) => valueOn(s, id, d) !== null) ? meterTotal(s, id, live) : null);
  const sumOf = (ids: readonly number[]) => {
    let t = 0;
    for (const id of ids) {
      const v = total(id);
      if (v === null) return null;
      t += v;
    }
    return t;
  };
  return figures(balanceOf(sumOf(parent), children.map(total), tolerancePct));
}

/** The daily balance of a parent group (one or more supply meters) against its children. */
export function dailyBalance(s: DaySeries, parent: readonly number[], children: readonly number[], days: readonly number[], tolerancePct: number): BalanceDay[] {
  // balanceSeries day by day, each day's figures built once (a year of days is on the speed bench's path)
  const parentSeries = parent.map((id) => s.get(id));
  const childSeries = children.map((id) => s.get(id));
  const at = (m: ReadonlyMap<number, number | null> | undefined, day: number) => {
    const v = m?.get(day);
    return v === undefined || v === null || !Number.isFinite(v) ? null : v;
  };
  const out: BalanceDay[] = new Array(days.length);
  const values: (number | null)[] = new Array(children.length);
  for (let i = 0; i < days.length; i++) {
    const day = days[i] as number;
    let p: number | null = 0;
    for (const m of parentSeries) {
      const v = at(m, day);
      if (v === null) {
        p = null;
        break;
      }
      p += v;
    }
    for (let j = 0; j < childSeries.length; j++) values[j] = at(childSeries[j], day);
    const b = balanceOf(p, values, tolerancePct);
    out[i] = {
      time: day,
      parent: b.parent,
      childrenSum: b.childrenSum,
      knownChildrenSum: b.knownChildrenSum,
      missingChildren: b.missingChildren,
      loss: b.loss,
      lossRatePct: b.lossRatePct,
      tolerancePct: b.tolerancePct,
      status: b.status,
    };
  }
  return out;
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
