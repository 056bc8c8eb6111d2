import { DATA_ID, type CostPeriod, type CostPeriodQuery, type CostYear, type DemandCurve, type MonthBill, type MonthSummary, type TariffVersion } from '@ems/contract';
import { allocatedBasicFee, billingPeriod, billingPeriodOf, bucketStart, localParts, sumFen, versionSpans, zonedStart, type BillingPeriod } from '@ems/domain';
import type { Ems } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import { nextTurn, readInPieces } from '../../lib/work-slices.js';
import { resolveRange } from '../analysis/periods.js';
import { analysisRepository } from '../analysis/repository.js';
import { buildTree, subtreeCounters, type NodeTree } from '../analysis/tree.js';
import type { NodeRow } from '../analysis/repository.js';
import { contractLine } from './basic-fee.js';
import { blockDemands, energyPart, headVersion, maxOf, periodBill, type PeriodBill } from './bill.js';
import { costRepository, intervalRepository } from './repository.js';
import { versionsOf } from './schemes.js';

const ELECTRICITY = 2;
const HOUR_MS = 3_600_000;

interface NodeRef {
  nodeId: number;
  modelLabel: string;
}

/** What a bill of a node needs: its project, name, top-level electricity meters and the scheme that applies. */
export interface CostContext {
  projectId: number;
  name: string;
  timezone: string;
  meterIds: number[];
  scheme: { id: number; name: string; versions: TariffVersion[] } | null;
}

/** A node's project and the project's node tree, already read by the caller. */
export interface LocatedNode {
  project: { id: number; name: string; timezone: string };
  tree: NodeTree;
}

/** The node's project (in the caller's scope, 404 'no operation permission' otherwise) and its node tree. */
async function locate(ems: Ems, scope: readonly number[], q: NodeRef): Promise<LocatedNode> {
  const ar = analysisRepository(ems.db);
  const projectId = q.modelLabel === 'project' ? q.nodeId : await ar.nodeProject(q.nodeId, q.modelLabel);
  if (projectId === undefined || !scope.includes(projectId)) throw noPermission();
  const project = await ar.project(projectId);
  if (!project) throw noPermission();
  return { project, tree: buildTree(await ar.nodes(projectId)) };
}

/**
 * Resolves the node in the caller's scope (404 'no operation permission' otherwise) and the scheme
 * attached to it or to its nearest ancestor (the project's own attachment last). A caller that has
 * located the node and read its project's tree passes them as `located` (saving those reads).
 */
export async function costContext(ems: Ems, scope: readonly number[], q: NodeRef, located?: LocatedNode): Promise<CostContext> {
  const { project, tree } = located ?? (await locate(ems, scope, q));
  const projectId = project.id;
  if (!scope.includes(projectId) || (q.modelLabel === 'project' && q.nodeId !== projectId)) throw noPermission();
  const root = q.modelLabel === 'project' ? null : (tree.byId.get(q.nodeId) ?? null);
  if (q.modelLabel !== 'project' && (root === null || root.modelLabel !== q.modelLabel)) throw noPermission();
  const meterIds = subtreeCounters(tree, root?.id ?? null)
    .filter((m) => m.topLevel && m.energyType === ELECTRICITY)
    .map((m) => m.id);

  return { projectId, name: root?.name ?? project.name, timezone: project.timezone, meterIds, scheme: await schemeOf(ems, projectId, tree, root) };
}

/**
 * The scheme attached to the node `root` (null: the project) or to its nearest ancestor (found in
 * `tree`), the project's own attachment last.
 */
export async function schemeOf(ems: Ems, projectId: number, tree: NodeTree, root: NodeRow | null): Promise<CostContext['scheme']> {
  return attachedScheme(ems, projectId, root, (n) => (n.parentId === null ? null : (tree.byId.get(n.parentId) ?? null)));
}

/** The scheme attached to the project itself — what a project-wide figure is priced by — without building its node tree or looking at its meters. */
export async function projectScheme(ems: Ems, projectId: number): Promise<CostContext['scheme']> {
  return attachedScheme(ems, projectId, null, () => null);
}

async function attachedScheme(ems: Ems, projectId: number, root: NodeRow | null, parentOf: (n: NodeRow) => NodeRow | null): Promise<CostContext['scheme']> {
  const repo = costRepository(ems.db);
  const attached = new Map((await repo.attachments([projectId])).map((a) => [`${a.modelLabel}_${a.nodeId}`, a.schemeId]));
  let schemeId: number | undefined;
  for (let n = root; n && schemeId === undefined; n = parentOf(n)) schemeId = attached.get(`${n.modelLabel}_${n.id}`);
  schemeId ??= attached.get(`project_${projectId}`);
  const row = schemeId === undefined ? undefined : await repo.scheme(schemeId);
  return row ? { id: row.id, name: row.name, versions: versionsOf(row) } : null;
}

/** The billing period labelled year-month, with the meter-reading day of the version in force at the calendar month's start. */
export function periodOf(ctx: CostContext, year: number, month: number): BillingPeriod {
  const versions = ctx.scheme?.versions ?? [];
  const calendar = billingPeriod(year, month, ctx.timezone);
  const v = headVersion(versions, calendar, ctx.timezone);
  return billingPeriod(year, month, ctx.timezone, v?.meterReadingDay ?? null);
}

const WEEK_MS = 7 * 86_400_000;

/** [from, to) in spans of at most a week. */
function weeks(from: number, to: number): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (let a = from; a < to; a += WEEK_MS) out.push({ from: a, to: Math.min(to, a + WEEK_MS) });
  return out;
}

async function billOf(ems: Ems, ctx: CostContext, period: BillingPeriod): Promise<PeriodBill> {
  const now = ems.config.now();
  const repo = intervalRepository(ems.db);
  const to = Math.min(period.to, Math.max(period.from, bucketStart(now, '15m', ctx.timezone)));
  // a week at a time, a turn of the event loop between reads (lib/work-slices.ts): a month of 15-min rollups is one long read
  const read = (dataId: number) => readInPieces(weeks(period.from, to).map((w) => () => repo.intervals(ctx.meterIds, dataId, w.from, w.to)));
  const kwhRows = await read(DATA_ID.activeEnergyImport);
  const kvarhRows = await read(DATA_ID.reactiveEnergyImport);
  const reverseRows = await read(DATA_ID.reactiveEnergyExport);
  const kvarhValues = kvarhRows.map((r) => r.value).filter((v): v is number => v !== null);
  const reverseKvarh = reverseRows.reduce((a, r) => a + (r.value ?? 0), 0);
  // the first month of metering: no rollup before the period, the first one after its start
  const first = kwhRows.reduce((a, r) => Math.min(a, r.start), Infinity);
  const meteringFrom = first > period.from && first < Infinity && !(await repo.anyBefore(ctx.meterIds, DATA_ID.activeEnergyImport, period.from)) ? first : null;
  return periodBill({
    period,
    versions: ctx.scheme?.versions ?? [],
    timeZone: ctx.timezone,
    kwhRows,
    kvarh: kvarhValues.length === 0 ? null : Math.round(kvarhValues.reduce((a, b) => a + b, 0) * 1e6) / 1e6,
    reverseKvarh: Math.round(reverseKvarh * 1e6) / 1e6,
    elapsedHours: (to - period.from) / HOUR_MS,
    meteringFrom,
  });
}

/** The true bill of one billing month (DOMAIN §3), computed from the rollups with the versions in force. */
export async function monthBill(ems: Ems, scope: readonly number[], q: NodeRef & { year: number; month: number }): Promise<MonthBill> {
  const ctx = await costContext(ems, scope, q);
  const period = periodOf(ctx, q.year, q.month);
  const b = await billOf(ems, ctx, period);
  const versions = (ctx.scheme?.versions ?? []).filter((v, i, all) => {
    const next = all[i + 1];
    const start = zonedStart(...(v.effectiveFrom.split('-').map(Number) as [number, number, number]), ctx.timezone);
    const end = next ? zonedStart(...(next.effectiveFrom.split('-').map(Number) as [number, number, number]), ctx.timezone) : Infinity;
    return start < period.to && end > period.from;
  });
  return {
    ...b.summary,
    nodeId: q.nodeId,
    modelLabel: q.modelLabel,
    name: ctx.name,
    timezone: ctx.timezone,
    schemeId: ctx.scheme?.id ?? null,
    schemeName: ctx.scheme?.name ?? null,
    versions: versions.map((v) => v.effectiveFrom),
    meterCount: ctx.meterIds.length,
    lines: b.lines,
    demandLines: b.demandLines,
    capacityLine: b.capacityLine,
    averageKw: b.averageKw,
    compensationKvar: b.compensationKvar,
    missingIntervals: b.missingIntervals,
    unpricedKwh: b.unpricedKwh,
  };
}

/** Each month of a year (months not begun are left unbilled), the year's total = Σ months. */
export async function costYear(ems: Ems, scope: readonly number[], q: NodeRef & { year: number }): Promise<CostYear> {
  const ctx = await costContext(ems, scope, q);
  const now = ems.config.now();
  // a month after another, with turns of the event loop between (lib/work-slices.ts)
  const months: MonthSummary[] = [];
  for (let i = 0; i < 12; i++) {
    if (i > 0) await nextTurn();
    const period = periodOf(ctx, q.year, i + 1);
    if (period.from > now) months.push(periodBill({ period, versions: [], timeZone: ctx.timezone, kwhRows: [], kvarh: null, elapsedHours: 0 }).summary);
    else months.push((await billOf(ems, ctx, period)).summary);
  }
  return {
    nodeId: q.nodeId,
    modelLabel: q.modelLabel,
    name: ctx.name,
    timezone: ctx.timezone,
    year: q.year,
    months,
    totalFen: sumFen(months.map((m) => m.totalFen)),
    totalKwh: Math.round(months.reduce((a, m) => a + m.kwh, 0) * 1e6) / 1e6,
  };
}

/**
 * Day (hour buckets), week and month (day buckets): energy fee only, per bucket and period, plus
 * the basic fee allocated to the days of the range (monthly basic fee × days / days in its billing
 * month), labelled allocated. The month's true bill is {@link monthBill}.
 */
export async function costPeriod(ems: Ems, scope: readonly number[], q: CostPeriodQuery): Promise<CostPeriod> {
  const ctx = await costContext(ems, scope, q);
  const tz = ctx.timezone;
  const range =
    q.cycle === 14
      ? (() => {
          const l = localParts(q.startTime, tz);
          const p = periodOf(ctx, l.year, l.month);
          return { from: p.from, to: p.to, grain: 'day' as const };
        })()
      : resolveRange(q.cycle === 12 ? 1 : 2, q.startTime, q.startTime, tz);
  const grain = range.grain === 'hour' ? ('hour' as const) : ('day' as const);
  const repo = intervalRepository(ems.db);
  const rows = await readInPieces(weeks(range.from, range.to).map((w) => () => repo.intervals(ctx.meterIds, DATA_ID.activeEnergyImport, w.from, w.to)));
  const versions = ctx.scheme?.versions ?? [];
  const byBucket = new Map<number, typeof rows>();
  for (const r of rows) {
    const b = Math.max(bucketStart(r.start, grain, tz), range.from);
    const list = byBucket.get(b) ?? [];
    list.push(r);
    byBucket.set(b, list);
  }
  const buckets = [];
  for (let t = range.from; t < range.to; t = grain === 'hour' ? t + HOUR_MS : bucketEndDay(t, tz)) {
    const e = energyPart(byBucket.get(t) ?? [], versions, tz);
    buckets.push({ time: t, kwhByPeriod: e.kwhByPeriod, energyFenByPeriod: e.energyFenByPeriod, energyFen: e.energyFen });
  }
  const total = energyPart(rows, versions, tz);

  // the basic fee of each billing month touched, allocated by the range's days in it
  const days = new Map<string, { period: BillingPeriod; days: number }>();
  for (let t = range.from; t < range.to; t = bucketEndDay(t, tz)) {
    const p = billingPeriodOf(t, tz, headVersion(versions, { from: t, to: t + 1 }, tz)?.meterReadingDay ?? null);
    const key = `${p.year}-${p.month}`;
    const d = days.get(key) ?? { period: p, days: 0 };
    d.days++;
    days.set(key, d);
  }
  const allocatedParts: number[] = [];
  for (const { period, days: n } of days.values()) {
    await nextTurn();
    allocatedParts.push(period.from > ems.config.now() ? 0 : allocatedBasicFee((await billOf(ems, ctx, period)).summary.basicFen, n, period.days).fen);
  }
  const allocatedFen = sumFen(allocatedParts);
  return {
    from: range.from,
    to: range.to,
    grain,
    buckets,
    kwhByPeriod: total.kwhByPeriod,
    energyFenByPeriod: total.energyFenByPeriod,
    energyFen: sumFen(buckets.map((b) => b.energyFen)),
    allocatedBasic: { key: 'basicAllocated', fen: allocatedFen, allocated: true },
    totalFen: sumFen([...buckets.map((b) => b.energyFen), allocatedFen]),
    kwh: Math.round((total.pricedKwh + total.unpricedKwh) * 1e6) / 1e6,
  };
}

const bucketEndDay = (t: number, tz: string) => {
  const l = localParts(t, tz);
  return zonedStart(l.year, l.month, l.day + 1, tz);
};

/** The billing month's 15-min block demand with the contract line and the MD. */
export async function demandCurve(ems: Ems, scope: readonly number[], q: NodeRef & { year: number; month: number }): Promise<DemandCurve> {
  const ctx = await costContext(ems, scope, q);
  const period = periodOf(ctx, q.year, q.month);
  const repo = intervalRepository(ems.db);
  const rows = await readInPieces(weeks(period.from, period.to).map((w) => () => repo.intervals(ctx.meterIds, DATA_ID.activeEnergyImport, w.from, w.to)));
  const points = blockDemands(rows);
  const md = maxOf(points);
  // the contract line follows the version in force; the single figure is the one at the period's end, as the bill's summary
  const steps = contractLine(versionSpans(ctx.scheme?.versions ?? [], period, ctx.timezone));
  const contractKw = steps.length > 0 ? (steps[steps.length - 1]?.contractKw ?? null) : null;
  return { from: period.from, to: period.to, points, contractKw, ...(steps.length > 1 ? { contractSteps: steps } : {}), mdKw: md?.kw ?? null, mdTime: md?.time ?? null };
}
