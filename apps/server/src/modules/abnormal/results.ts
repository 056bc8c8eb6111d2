import {
  type AbnormalFindingRecord,
  type AbnormalFindingsQuery,
  type AbnormalResults,
  type AbnormalResultsQuery,
  type FindingStatus,
  type WasteAnalysis,
  type WasteAnalysisQuery,
} from '@ems/contract';
import { bucketEnd, bucketStart, findingFen, localSlot, usableKwh, wasteByLocalDay, wasteOf, type BaseLoadDay, type RegressionDay, type RegressionDrivers } from '@ems/domain';
import type { Ems, Session } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { driversReader } from './drivers.js';
import { DAY_MS, Q, evaluateMeter, meterOf, needsDrivers, priceFor, projectCtx, readFrom, type ProjectCtx } from './evaluate.js';
import { abnormalRepository, type FindingRow, type RuleRow } from './repository.js';
import { invalid, projectIn, rangeOf, ruleRow } from './service.js';

/** Findings, their status, a rule's results (chart, spans, heat-map) and the waste ranking (DOMAIN §10 UI). */

function toRecord(f: FindingRow, rules: ReadonlyMap<number, RuleRow>, ctx: Pick<ProjectCtx, 'nodes' | 'units'>): AbnormalFindingRecord {
  const n = ctx.nodes.get(f.meterId);
  const rule = rules.get(f.ruleId);
  return {
    id: f.id,
    ruleId: f.ruleId,
    ruleName: rule?.name ?? '',
    kind: rule?.kind ?? 'percent',
    meterId: f.meterId,
    meterName: n?.name ?? '',
    unit: meterOf(n, ctx.units)?.unit ?? '',
    start: f.start,
    end: f.end,
    level: f.level,
    actual: f.actual,
    expected: f.expected,
    excess: f.excess,
    fen: f.fen,
    status: f.status,
    eventId: f.eventId,
    statusUser: f.statusUser,
    statusTime: f.statusTime,
  };
}

async function recordCtx(ems: Ems, projectId: number) {
  const repo = abnormalRepository(ems.db);
  const [nodes, units, rules] = await Promise.all([repo.nodes(projectId), repo.units(), repo.rules([projectId])]);
  return { nodes: new Map(nodes.map((n) => [n.id, n])), units, rules: new Map(rules.map((r) => [r.id, r])) };
}

export async function listFindings(ems: Ems, lang: Lang, scope: readonly number[], q: AbnormalFindingsQuery): Promise<{ list: AbnormalFindingRecord[]; total: number }> {
  const project = await projectIn(ems, scope, q.projectId);
  const { from, to } = rangeOf(lang, project.timezone, q);
  const limit = q.limit ?? 100;
  const { rows, total } = await abnormalRepository(ems.db).findings({
    projectIds: [project.id],
    ...(q.ruleId !== undefined ? { ruleId: q.ruleId } : {}),
    ...(q.meterId !== undefined ? { meterId: q.meterId } : {}),
    ...(q.status !== undefined ? { status: q.status } : {}),
    from,
    to,
    offset: (q.index ?? 0) * limit,
    limit,
  });
  const ctx = await recordCtx(ems, project.id);
  return { list: rows.map((r) => toRecord(r, ctx.rules, ctx)), total };
}

/** Acknowledges, closes or reopens a finding of a project in scope. */
export async function setFindingStatus(ems: Ems, scope: readonly number[], session: Session, id: number, status: FindingStatus): Promise<{ before: AbnormalFindingRecord; after: AbnormalFindingRecord }> {
  const repo = abnormalRepository(ems.db);
  const f = await repo.finding(id);
  if (!f || !scope.includes(f.projectId)) throw noPermission();
  const ctx = await recordCtx(ems, f.projectId);
  const before = toRecord(f, ctx.rules, ctx);
  await repo.setStatus(id, status, session.name, ems.config.now());
  const after = toRecord((await repo.finding(id)) as FindingRow, ctx.rules, ctx);
  return { before, after };
}

/** The regression baseline over the range's days: drivers found, days with a baseline, the others by reason, the last fit. */
function regressionSummary(days: readonly RegressionDay[], drivers: RegressionDrivers, from: number): NonNullable<AbnormalResults['regression']> {
  const inRange = days.filter((d) => d.start >= from);
  const gaps = { noDrivers: 0, tooFewDays: 0, noDayDrivers: 0 };
  for (const d of inRange) if (d.gap) gaps[d.gap]++;
  const last = [...inRange].reverse().find((d) => d.fit !== null);
  const fit = last?.fit;
  return {
    weather: (drivers.temperatures?.length ?? 0) > 0,
    production: (drivers.production?.length ?? 0) > 0,
    fittedDays: inRange.filter((d) => d.expectedKwh !== null).length,
    gaps,
    model: last && fit ? { date: last.date, n: fit.n, r2: fit.r2, cvRmsePct: fit.cvRmsePct, intercept: fit.intercept, hdd: fit.hdd, cdd: fit.cdd, production: fit.production, saturday: fit.saturday, sunday: fit.sunday } : null,
  };
}

/** The base-load ratio of the range's working days. */
function baseLoadSummary(days: readonly BaseLoadDay[], maxRatioPct: number, from: number, timezone: string): NonNullable<AbnormalResults['baseLoad']> {
  return {
    maxRatioPct,
    days: days.filter((d) => d.start >= from).map((d) => ({ date: formatDate(d.start, timezone), ratioPct: d.ratioPct, min: d.minKwh, mean: d.meanKwh, abnormal: d.abnormal })),
  };
}

/** The local date 'YYYY-MM-DD' of an instant. */
const formatDate = (ts: number, timeZone: string) => new Date(localSlot(ts, timeZone).day * DAY_MS).toISOString().slice(0, 10);

/** The chart's bucket: 15 min up to 3 days, hour up to 31 days, else day. */
const chartBucket = (span: number): AbnormalResults['bucket'] => (span <= 3 * DAY_MS ? '15m' : span <= 31 * DAY_MS ? 'hour' : 'day');

/**
 * A rule's results on one of its meters over a range: actual vs expected per chart bucket (the
 * expected: the weekday baseline, the limit of the abnormal off-work intervals, or the pro-rated
 * quota), the abnormal spans as evaluated now, the intervals left out as suspect or reset, the waste
 * per local day and in total (amount, fen, tce, CO₂), and the findings as evaluated now with the status
 * of their stored run (id 0: not stored yet; the background pass or 'diagnose now' stores it). A
 * non-working window still open now is not a finding yet.
 */
export async function ruleResults(ems: Ems, lang: Lang, scope: readonly number[], q: AbnormalResultsQuery): Promise<AbnormalResults> {
  const project = await projectIn(ems, scope, q.projectId);
  const rule = await ruleRow(ems, scope, q.ruleId);
  if (rule.projectId !== project.id) throw invalid(lang, 'ruleId', '规则不属于该项目', 'the rule belongs to another project');
  const meterId = q.meterId ?? rule.meterIds[0];
  if (meterId === undefined || !rule.meterIds.includes(meterId)) throw invalid(lang, 'meterId', `计量表 ${meterId ?? ''} 不在该规则中`, `meter ${meterId ?? ''} is not watched by the rule`);
  const { from, to } = rangeOf(lang, project.timezone, q);
  const ctx = await projectCtx(ems, project);
  const meter = meterOf(ctx.nodes.get(meterId), ctx.units);
  if (!meter) throw invalid(lang, 'meterId', `节点 ${meterId} 不是计量表`, `node ${meterId} is not a meter`);
  const now = ems.config.now();
  const until = Math.max(from, Math.min(to, Math.floor(now / Q) * Q));
  const repo = abnormalRepository(ems.db);
  const read = await repo.rollups([{ deviceId: meter.id, dataId: meter.dataId }], readFrom(rule, from, project.timezone), until);
  const series = read.get(`${meter.id}:${meter.dataId}`) ?? [];
  const drivers = needsDrivers(rule) ? await driversReader(ems, ctx, readFrom(rule, from, project.timezone), until)(meter.id) : {};
  const ev = evaluateMeter(rule, series, from, until, project.timezone, now, true, drivers);
  const findings = ev.findings.filter((f) => f.end > from && f.start < to);
  const priceAt = priceFor(ctx, rule, meter);
  const inRange = series.filter((iv) => iv.start >= from && iv.start < until);

  const bucket = chartBucket(to - from);
  const grain = bucket === '15m' ? '15m' : bucket;
  const buckets = new Map<number, { actual: number | null; expected: number | null }>();
  for (let b = from; b < until; b = bucketEnd(b, grain, project.timezone)) buckets.set(b, { actual: null, expected: null });
  const flagged: AbnormalResults['flagged'] = [];
  for (const iv of inRange) {
    const b = buckets.get(bucketStart(iv.start, grain, project.timezone));
    if (!b) continue;
    const kwh = usableKwh(iv);
    if (kwh === null) {
      if (iv.status === 3 || iv.status === 4) flagged.push({ start: iv.start, status: iv.status, value: iv.kwh });
      continue;
    }
    b.actual = (b.actual ?? 0) + kwh;
    const e = ev.expected.get(iv.start);
    if (e !== undefined && e !== null) b.expected = (b.expected ?? 0) + e;
  }
  const w = wasteOf(findings, priceAt ?? (() => null), meter.energyType);
  const stored = await repo.findings({ projectIds: [project.id], ruleId: rule.id, meterId: meter.id, from, to });
  const rc = { nodes: ctx.nodes, units: ctx.units };
  return {
    ruleId: rule.id,
    meterId: meter.id,
    meterName: meter.name,
    unit: meter.unit,
    timezone: project.timezone,
    from,
    to,
    bucket,
    series: [...buckets].map(([start, b]) => ({ start, actual: b.actual, expected: b.expected })),
    spans: findings.map((f) => ({ start: f.start, end: f.end, level: f.level })),
    flagged,
    days: wasteByLocalDay(findings, priceAt ?? (() => null), project.timezone).map((d) => ({ date: d.date, excess: d.kwh, fen: d.fen })),
    totals: { excess: w.kwh, fen: w.fen, unpriced: priceAt ? w.unpricedKwh : w.kwh, tce: w.tce, co2T: w.co2T, findings: findings.length },
    findings: [...findings].reverse().map((f) => {
      // the stored finding of the same run (same start, or one late data moved) gives the id, the status and the event
      const s = stored.rows.find((x) => x.start === f.start) ?? stored.rows.find((x) => x.start < f.end && f.start < x.end);
      const fen = priceAt ? findingFen(f, priceAt) : null;
      const values = { start: f.start, end: f.end, level: f.level, actual: f.actualKwh, expected: f.expectedKwh, excess: f.excessKwh, fen };
      const row: FindingRow = s ? { ...s, ...values } : { id: 0, projectId: project.id, ruleId: rule.id, meterId: meter.id, status: 'open', eventId: null, statusUser: null, statusTime: null, ...values };
      return toRecord(row, new Map([[rule.id, rule]]), rc);
    }),
    ...(ev.regression ? { regression: regressionSummary(ev.regression, drivers, from) } : {}),
    ...(ev.baseLoad && rule.params.baseLoadRatioPct !== undefined ? { baseLoad: baseLoadSummary(ev.baseLoad, rule.params.baseLoadRatioPct, from, project.timezone) } : {}),
  };
}

/** The meters of a project ranked by the waste of their stored findings over a range (¥, then amount). */
export async function wasteAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: WasteAnalysisQuery): Promise<WasteAnalysis> {
  const project = await projectIn(ems, scope, q.projectId);
  const { from, to } = rangeOf(lang, project.timezone, q);
  const repo = abnormalRepository(ems.db);
  const { rows } = await repo.findings({ projectIds: [project.id], from, to, ...(q.kind ? { kind: q.kind } : {}) });
  const ctx = await recordCtx(ems, project.id);
  const by = new Map<number, { excess: number; fen: number; findings: number }>();
  for (const f of rows) {
    const m = by.get(f.meterId) ?? { excess: 0, fen: 0, findings: 0 };
    m.excess += f.excess;
    m.fen += f.fen ?? 0;
    m.findings++;
    by.set(f.meterId, m);
  }
  const totalFen = [...by.values()].reduce((a, m) => a + m.fen, 0);
  const list = [...by]
    .sort((a, b) => b[1].fen - a[1].fen || b[1].excess - a[1].excess || a[0] - b[0])
    .slice(0, q.limit ?? 20)
    .map(([nodeId, m], i) => {
      const n = ctx.nodes.get(nodeId);
      return { rank: i + 1, nodeId, nodeName: n?.name ?? '', unit: meterOf(n, ctx.units)?.unit ?? '', excess: m.excess, fen: m.fen, findings: m.findings, sharePct: totalFen > 0 ? (m.fen / totalFen) * 100 : 0 };
    });
  return { from, to, totalFen, list };
}

