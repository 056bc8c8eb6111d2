import type { RuleCondition } from '@ems/contract';
import { compareByCode } from '@ems/domain';

/** Comparison by the spec's codes: 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 != (one definition in packages/domain, shared with the equipment states). */
export const compare = compareByCode;

/**
 * Whether a condition still holds for an active event: the limit is moved back by the hysteresis
 * (an upper limit down, a lower limit up), so the event finishes only once the value is back inside
 * by at least that much. = and != have no direction and ignore it.
 */
export function holdsWithHysteresis(op: number, value: number, limit: number, hysteresis: number): boolean {
  switch (op) {
    case 1:
    case 4:
      return compare(op, value, limit - hysteresis);
    case 2:
    case 5:
      return compare(op, value, limit + hysteresis);
    default:
      return compare(op, value, limit);
  }
}

/** A rule's conditions on the latest known values (a condition on an unknown value is false); 1 and, 2 or. */
export function ruleHolds(conditions: readonly RuleCondition[], combinator: number, values: ReadonlyMap<number, number>, hysteresis?: number): boolean {
  const one = (c: RuleCondition) => {
    const v = values.get(c.dataId);
    if (v === undefined) return false;
    return hysteresis === undefined ? compare(c.operator, v, c.limit) : holdsWithHysteresis(c.operator, v, c.limit, hysteresis);
  };
  return combinator === 2 ? conditions.some(one) : conditions.every(one);
}

/** Whether `next` is worse than `worst` for the operator: higher for upper limits, lower for lower limits. */
export function isWorse(op: number, next: number, worst: number): boolean {
  if (op === 1 || op === 4) return next > worst;
  if (op === 2 || op === 5) return next < worst;
  return false;
}

/** What a tracked condition asks for after one evaluation. */
export type Step = { kind: 'none' } | { kind: 'raise'; since: number } | { kind: 'finish' } | { kind: 'worse' };

/** State of one limit condition of one device: pending since, active, worst value. */
export interface TrackState {
  pendingSince: number | undefined;
  active: boolean;
  worst: number | undefined;
}

export const newTrack = (): TrackState => ({ pendingSince: undefined, active: false, worst: undefined });

/**
 * One step of a limit condition (pure; mutates the state it is given): the condition must hold
 * without a break for `minDurationMs` (measured on reading times) before the event is raised; an
 * active event finishes when the condition no longer holds with the hysteresis; meanwhile a worse
 * value is reported once per change. So a value hovering at the limit raises one event.
 */
export function step(s: TrackState, ts: number, holds: boolean, holdsRelaxed: boolean, minDurationMs: number, value: number | undefined, op: number): Step {
  if (s.active) {
    if (!holdsRelaxed) {
      s.active = false;
      s.pendingSince = undefined;
      s.worst = undefined;
      return { kind: 'finish' };
    }
    if (value !== undefined && (s.worst === undefined || isWorse(op, value, s.worst))) {
      s.worst = value;
      return { kind: 'worse' };
    }
    return { kind: 'none' };
  }
  if (!holds) {
    s.pendingSince = undefined;
    return { kind: 'none' };
  }
  if (s.pendingSince === undefined || ts < s.pendingSince) s.pendingSince = ts;
  if (ts - s.pendingSince >= minDurationMs) {
    s.active = true;
    s.worst = value;
    return { kind: 'raise', since: s.pendingSince };
  }
  return { kind: 'none' };
}

/**
 * Sliding-window demand (DOMAIN.md §4) from power samples: the window of `n` subintervals of
 * `subMs` ending at the start of the subinterval holding `now`; each subinterval's demand is the
 * mean of its samples. `demandKw` is the mean of the complete subintervals present in the window;
 * `forecastKw` is the window that will close at the end of the current subinterval, its current
 * part assumed to run at the newest power × k: (Σ last n−1 subintervals + P_now·k) / (count + 1).
 * Missing subintervals are left out of both sums. Null without samples.
 */
export function slidingDemand(samples: readonly { ts: number; value: number }[], now: number, pNow: number, o: { n: number; subMs: number; k: number }): { demandKw: number | null; forecastKw: number } {
  const cur = Math.floor(now / o.subMs) * o.subMs;
  const subs = new Map<number, { sum: number; count: number }>();
  for (const s of samples) {
    if (s.ts >= cur || s.ts < cur - o.n * o.subMs) continue;
    const b = Math.floor(s.ts / o.subMs) * o.subMs;
    const x = subs.get(b) ?? { sum: 0, count: 0 };
    x.sum += s.value;
    x.count++;
    subs.set(b, x);
  }
  let all = 0;
  let allN = 0;
  let recent = 0;
  let recentN = 0;
  for (const [b, x] of subs) {
    const avg = x.sum / x.count;
    all += avg;
    allN++;
    if (b >= cur - (o.n - 1) * o.subMs) {
      recent += avg;
      recentN++;
    }
  }
  return { demandKw: allN > 0 ? all / allN : null, forecastKw: (recent + pNow * o.k) / (recentN + 1) };
}

/** Loss rate λ = (E_parent − Σ E_children) / E_parent × 100 (DOMAIN.md §2); null when the parent is 0. */
export function lossRatePercent(parent: number, children: readonly number[]): number | null {
  if (parent === 0) return null;
  return ((parent - children.reduce((s, c) => s + c, 0)) / parent) * 100;
}

/** Month-end projection of a month-to-date figure by elapsed time (null before a day has passed). */
export function monthEndProjection(monthToDate: number, monthStart: number, monthEnd: number, now: number): number | null {
  const elapsed = now - monthStart;
  if (elapsed < 86_400_000) return null;
  return (monthToDate * (monthEnd - monthStart)) / Math.min(elapsed, monthEnd - monthStart);
}

/**
 * The efficiency grade of a value (1 best): COP against falling bounds (grade k when value ≥ bound k),
 * specific power against rising bounds (grade k when value ≤ bound k); past the last bound, the grade
 * after it.
 */
export function efficiencyGrade(value: number, bounds: readonly number[], indicator: 'cop' | 'specificPower'): number {
  const i = bounds.findIndex((b) => (indicator === 'cop' ? value >= b : value <= b));
  return i === -1 ? bounds.length + 1 : i + 1;
}

/** Whether grade bounds run the indicator's way: strictly falling for COP, strictly rising for specific power. */
export function gradeBoundsOrdered(bounds: readonly number[], indicator: 'cop' | 'specificPower'): boolean {
  return bounds.every((b, i) => i === 0 || (indicator === 'cop' ? b < (bounds[i - 1] as number) : b > (bounds[i - 1] as number)));
}
