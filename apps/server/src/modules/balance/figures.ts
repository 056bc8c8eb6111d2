import type { BalanceDay, BalanceFigures, StepChange } from '@ems/contract';
import { balanceOf, balanceSeries, type Balance } from '@ems/domain';

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
  const periods = days.map((ts) => {
    const ps = parent.map((id) => valueOn(s, id, ts));
    const p = ps.some((v) => v === null) ? null : ps.reduce<number>((a, v) => a + (v ?? 0), 0);
    return { ts, parent: p, children: children.map((id) => valueOn(s, id, ts)) };
  });
  return balanceSeries(periods, tolerancePct).map(({ ts, ...b }) => ({ time: ts, ...figures(b) }));
}

/** Smallest shift of the daily λ mean that counts as a step, percentage points. */
export const STEP_MIN_PCT = 2;
/** Days needed on each side of a step. */
export const STEP_MIN_DAYS = 3;

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const sd = (xs: readonly number[], m: number) => Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));

/**
 * A level shift in a daily λ series (DOMAIN §2: a step change points to a leak or a bypass): the
 * split with at least {@link STEP_MIN_DAYS} rated days on each side whose means differ most, kept
 * when that difference is at least {@link STEP_MIN_PCT} points and at least 3 × the larger
 * within-side standard deviation (day-to-day noise). Days without a rate are skipped.
 */
export function detectStep(days: readonly { time: number; lossRatePct: number | null }[]): StepChange | null {
  const pts = days.filter((d): d is { time: number; lossRatePct: number } => d.lossRatePct !== null);
  let best: StepChange | null = null;
  for (let k = STEP_MIN_DAYS; k <= pts.length - STEP_MIN_DAYS; k++) {
    const before = pts.slice(0, k).map((p) => p.lossRatePct);
    const after = pts.slice(k).map((p) => p.lossRatePct);
    const [mb, ma] = [mean(before), mean(after)];
    const delta = ma - mb;
    const noise = Math.max(sd(before, mb), sd(after, ma));
    if (Math.abs(delta) < STEP_MIN_PCT || Math.abs(delta) < 3 * noise) continue;
    if (!best || Math.abs(delta) > Math.abs(best.deltaPct)) best = { time: (pts[k] as { time: number }).time, beforePct: mb, afterPct: ma, deltaPct: delta };
  }
  return best;
}
