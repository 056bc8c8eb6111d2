import { ENERGY_COUNTER_DATA_ID } from '@ems/contract';
import {
  baseLoadDays,
  baseLoadFindings,
  bucketEnd,
  bucketStart,
  localParts,
  nonWorkingKind,
  zonedStart,
  percentFindings,
  periodFindings,
  quotaStatus,
  regressionBaseline,
  touPricer,
  weekdayBaseline,
  type AbnormalFinding,
  type BaseLoadDay,
  type EnergyInterval,
  type ExpectedInterval,
  type NonWorkingCalendar,
  type PriceAt,
  type RegressionDay,
  type RegressionDrivers,
  type TouVersion,
} from '@ems/domain';
import type { Ems } from '../../context.js';
import { projectScheme } from '../cost/service.js';
import { driversReader } from './drivers.js';
import { abnormalRepository, type MeterNode, type RuleRow } from './repository.js';
import { storeFindings, type EvaluationCount } from './store-findings.js';

export const Q = 900_000;
export const DAY_MS = 86_400_000;
/** Evaluation starts this much before the range so a window or run crossing its start is judged whole. */
export const PAD_MS = DAY_MS;

/** A meter a rule may watch: a node with an energy type whose counter the rollups hold. */
export interface Meter {
  id: number;
  name: string;
  energyType: number;
  dataId: number;
  unit: string;
}

export function meterOf(n: MeterNode | undefined, units: ReadonlyMap<number, string>): Meter | undefined {
  if (!n || n.energyType === null) return undefined;
  const dataId = ENERGY_COUNTER_DATA_ID[n.energyType];
  if (dataId === undefined) return undefined;
  return { id: n.id, name: n.name, energyType: n.energyType, dataId, unit: units.get(dataId) ?? '' };
}

/** What a project's evaluation needs once: zone, meters, units, the TOU tariff. */
export interface ProjectCtx {
  projectId: number;
  timezone: string;
  nodes: Map<number, MeterNode>;
  units: Map<number, string>;
  versions: readonly TouVersion[];
  tou: PriceAt;
}

export async function projectCtx(ems: Ems, project: { id: number; timezone: string }): Promise<ProjectCtx> {
  const repo = abnormalRepository(ems.db);
  const [nodes, units, scheme] = await Promise.all([repo.nodes(project.id), repo.units(), projectScheme(ems, project.id)]);
  const versions = scheme?.versions ?? [];
  return { projectId: project.id, timezone: project.timezone, nodes: new Map(nodes.map((n) => [n.id, n])), units, versions, tou: touPricer(versions, project.timezone) };
}

/** The price of a rule's waste on a meter: the rule's unit price, else the TOU tariff for electricity, else none. */
export function priceFor(ctx: ProjectCtx, rule: Pick<RuleRow, 'params'>, meter: Meter): PriceAt | null {
  const unit = rule.params.unitPrice;
  if (unit !== undefined) return () => unit;
  return meter.energyType === 2 && ctx.versions.length > 0 ? ctx.tou : null;
}

/** The local month or year holding ts: [start, end). */
export function quotaPeriodOf(ts: number, unit: 'month' | 'year', timezone: string): { start: number; end: number } {
  if (unit === 'month') {
    const start = bucketStart(ts, 'month', timezone);
    return { start, end: bucketEnd(start, 'month', timezone) };
  }
  const y = localParts(ts, timezone).year;
  return { start: zonedStart(y, 1, 1, timezone), end: zonedStart(y + 1, 1, 1, timezone) };
}

/** How far before `from` a rule's evaluation must read. */
export function readFrom(rule: Pick<RuleRow, 'kind' | 'params'>, from: number, timezone: string): number {
  if (rule.kind === 'percent') return from - PAD_MS - (rule.params.weeks ?? 4) * 7 * DAY_MS;
  if (rule.kind === 'usage') return quotaPeriodOf(from - PAD_MS, rule.params.quotaPeriod ?? 'month', timezone).start;
  return from - PAD_MS;
}

export const calendarOf = (p: RuleRow['params']): NonWorkingCalendar => ({
  ...(p.nights ? { nights: p.nights } : {}),
  ...(p.weekendDays ? { weekendDays: p.weekendDays } : {}),
  ...(p.holidays ? { holidays: p.holidays } : {}),
  ...(p.breaks ? { breaks: p.breaks } : {}),
});

/** A rule's findings on one meter over [from, to) and the expected value of each interval (for the chart). */
export interface MeterEvaluation {
  findings: AbnormalFinding[];
  expected: Map<number, number | null>;
  /** percent rule with the regression baseline: each local day's prediction, fit or gap */
  regression?: RegressionDay[];
  /** period rule by base-load ratio: each working day's ratio */
  baseLoad?: BaseLoadDay[];
}

/** Whether a rule needs the weather and production drivers (the percent rule's regression baseline). */
export const needsDrivers = (rule: Pick<RuleRow, 'kind' | 'params'>) => rule.kind === 'percent' && rule.params.baseline === 'regression';

/**
 * Judges one meter's intervals (sorted, read from readFrom(rule, from)) by the rule over [from − PAD,
 * to): percent against the weekday baseline or the regression on `drivers` (weather, production),
 * period inside the non-working calendar or by the base-load ratio of each working day, usage against
 * the quota of each local month or year. `now` bounds the usage rule's elapsed time. With
 * `closedOnly`, a non-working window or a day still open at `to` gives no finding yet (the chart shows it).
 */
export function evaluateMeter(rule: RuleRow, series: readonly EnergyInterval[], from: number, to: number, timezone: string, now: number, closedOnly = true, drivers: RegressionDrivers = {}): MeterEvaluation {
  const p = rule.params;
  const lo = from - PAD_MS;
  const inRange = series.filter((iv) => iv.start >= lo && iv.start < to);
  const minDurationMs = rule.minDurationMin * 60_000;
  const expected = new Map<number, number | null>();
  if (rule.kind === 'percent') {
    const targets = inRange.map((iv) => iv.start);
    const regression = p.baseline === 'regression' ? regressionBaseline(series, targets, timezone, drivers, { intervalMs: Q, weeks: p.weeks ?? 4 }) : null;
    const base: ExpectedInterval[] = regression ? regression.expected : weekdayBaseline(series, targets, timezone, { weeks: p.weeks ?? 4 });
    for (const e of base) expected.set(e.start, e.expected);
    const findings = percentFindings(inRange, base, { intervalMs: Q, warnPct: p.warnPct ?? 20, alarmPct: p.alarmPct ?? 40, minDurationMs, minExcessKwh: p.minExcess ?? 0 });
    return { findings, expected, ...(regression ? { regression: regression.days } : {}) };
  }
  if (rule.kind === 'period' && p.baseLoadRatioPct !== undefined) {
    // by base-load ratio: one finding per working day above the ratio, once the day has closed
    const rule2 = { intervalMs: Q, maxRatioPct: p.baseLoadRatioPct, level: rule.level, calendar: calendarOf(p) };
    const found = baseLoadFindings(inRange, timezone, rule2).filter((f) => !(closedOnly && f.day.end > to));
    for (const f of found) for (const i of f.intervals) expected.set(i.start, i.expectedKwh);
    const rest = { ...(p.weekendDays ? { weekendDays: p.weekendDays } : {}), ...(p.holidays ? { holidays: p.holidays } : {}) };
    const baseLoad = baseLoadDays(inRange, timezone, rule2).filter((d) => nonWorkingKind(d.start, rest, timezone) === null);
    return { findings: found.map(({ day: _d, ...f }) => f), expected, baseLoad };
  }
  if (rule.kind === 'period') {
    const cal = calendarOf(p);
    const perInterval = p.limitPerHour === undefined ? undefined : p.limitPerHour / 4;
    const findings = periodFindings(inRange, cal, timezone, {
      intervalMs: Q,
      ...(perInterval !== undefined ? { limitKwhPerInterval: perInterval } : {}),
      ...(p.limitPerWindow !== undefined ? { limitKwhPerWindow: p.limitPerWindow } : {}),
      level: rule.level,
      minDurationMs,
    });
    for (const f of findings) for (const i of f.intervals) expected.set(i.start, i.expectedKwh);
    // a window still open at `to` is judged once it closes (one finding per window, and the night-use
    // algorithm, which judges closed nights, raises its event first)
    const open = (w: { end: number }) => closedOnly && w.end >= to && nonWorkingKind(to, cal, timezone) !== null;
    return { findings: findings.filter((f) => !open(f.window)).map(({ window: _w, ...f }) => f), expected };
  }
  // usage: each quota period overlapping the range
  const unit = p.quotaPeriod ?? 'month';
  const quota = p.quota ?? 0;
  const findings: AbnormalFinding[] = [];
  for (let ps = quotaPeriodOf(lo, unit, timezone).start; ps < to; ps = quotaPeriodOf(ps, unit, timezone).end) {
    const pe = quotaPeriodOf(ps, unit, timezone).end;
    const until = Math.min(now, to, pe);
    if (until <= ps) continue;
    const intervals = series.filter((iv) => iv.start >= ps && iv.start < until);
    const st = quotaStatus({ periodStart: ps, periodEnd: pe, quotaKwh: quota, now: until, intervals, intervalMs: Q });
    for (const iv of intervals) expected.set(iv.start, (quota * Q) / (pe - ps));
    if (!st.level) continue;
    // the excess: what was used once the quota was crossed (the crossing interval's part above it)
    let cum = 0;
    const excessIntervals = [];
    for (const iv of [...intervals].sort((a, b) => a.start - b.start)) {
      const kwh = iv.kwh !== null && iv.status !== 3 && iv.status !== 4 ? iv.kwh : null;
      if (kwh === null) continue;
      const before = cum;
      cum += kwh;
      if (cum > quota) {
        const over = Math.min(kwh, cum - Math.max(quota, before));
        excessIntervals.push({ start: iv.start, actualKwh: kwh, expectedKwh: kwh - over, excessKwh: over });
      }
    }
    const end = Math.max(ps + Q, Math.ceil(until / Q) * Q);
    if (end - ps < minDurationMs && st.level !== 'alarm') continue;
    findings.push({
      start: ps,
      end,
      level: st.level,
      actualKwh: st.usedKwh,
      expectedKwh: quota,
      excessKwh: Math.max(0, st.usedKwh - quota),
      intervals: excessIntervals,
    });
  }
  return { findings, expected };
}

/**
 * Evaluates rules of one project over [from, to) (to bounded by now, on the 15-min grid): the
 * rollups of every meter of every rule in one query, each rule judged per meter, the findings stored
 * and their events raised. Returns what changed.
 */
export async function evaluateRules(ems: Ems, ctx: ProjectCtx, rules: readonly RuleRow[], from: number, to: number): Promise<EvaluationCount> {
  const repo = abnormalRepository(ems.db);
  const now = ems.config.now();
  const until = Math.min(to, Math.floor(now / Q) * Q);
  const count: EvaluationCount = { created: 0, updated: 0, events: 0 };
  if (until <= from || rules.length === 0) return count;
  const pairs: { deviceId: number; dataId: number }[] = [];
  let lo = from;
  for (const r of rules) {
    lo = Math.min(lo, readFrom(r, from, ctx.timezone));
    for (const id of r.meterIds) {
      const m = meterOf(ctx.nodes.get(id), ctx.units);
      if (m) pairs.push({ deviceId: m.id, dataId: m.dataId });
    }
  }
  const series = await repo.rollups(pairs, lo, until);
  const driversOf = driversReader(ems, ctx, lo, until);
  for (const rule of rules) {
    const stored = await repo.findingsOfRule(rule.id, from - PAD_MS, until);
    // evaluated up to the data: a rule judged while its meters had nothing yet (a seed still arriving) is judged again later
    let dataTo = -Infinity;
    for (const id of rule.meterIds) {
      const meter = meterOf(ctx.nodes.get(id), ctx.units);
      if (!meter) continue;
      const all = series.get(`${meter.id}:${meter.dataId}`) ?? [];
      const last = all[all.length - 1];
      if (last) dataTo = Math.max(dataTo, last.start + Q);
      const rf = readFrom(rule, from, ctx.timezone);
      const drivers = needsDrivers(rule) ? await driversOf(meter.id) : {};
      const ev = evaluateMeter(rule, rf === lo ? all : all.filter((iv) => iv.start >= rf), from, until, ctx.timezone, now, true, drivers);
      const kept = ev.findings.filter((f) => f.end > from);
      await storeFindings(
        ems,
        repo,
        ctx,
        rule,
        meter,
        kept,
        stored.filter((s) => s.meterId === meter.id),
        priceFor(ctx, rule, meter),
        count,
      );
    }
    if (dataTo > from) await repo.setEvaluatedTo(rule.id, Math.min(until, dataTo));
  }
  return count;
}
