import {
  ABNORMAL_MAX_RANGE_MS,
  ABNORMAL_RULE_PERMISSIONS,
  ErrorCode,
  type AbnormalEvaluateBody,
  type AbnormalEvaluation,
  type AbnormalFindingRecord,
  type AbnormalFindingsQuery,
  type AbnormalOptions,
  type AbnormalResults,
  type AbnormalResultsQuery,
  type AbnormalRule,
  type AbnormalRuleInput,
  type AbnormalRuleKind,
  type FindingStatus,
  type WasteAnalysis,
  type WasteAnalysisQuery,
} from '@ems/contract';
import { bucketEnd, bucketStart, usableKwh, wasteByLocalDay, wasteOf } from '@ems/domain';
import type { Ems, Session } from '../../context.js';
import { ApiError, conflict, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { holds } from '../auth/session-service.js';
import { DAY_MS, Q, evaluateMeter, evaluateRules, meterOf, priceFor, projectCtx, readFrom, type ProjectCtx } from './evaluate.js';
import { abnormalRepository, type FindingRow, type MeterNode, type RuleRow, type RuleValues } from './repository.js';

/** 400 naming the field, with the reason in the request's language. */
const invalid = (lang: Lang, field: string, zh: string, en: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, lang === 'en' ? en : zh]);

/** The project in scope (else 404 'no operation permission', as a foreign project is answered). */
export async function projectIn(ems: Ems, scope: readonly number[], projectId: number) {
  if (!scope.includes(projectId)) throw noPermission();
  const project = await abnormalRepository(ems.db).project(projectId);
  if (!project) throw noPermission();
  return project;
}

/** The caller must hold the kind's custom permission (spec section 6), else 404 like a route's permission. */
export function requireKindPermission(session: Session, kind: AbnormalRuleKind, op: 'update' | 'remove') {
  if (!holds(session, ABNORMAL_RULE_PERMISSIONS[kind][op])) throw noPermission();
}

function pathOf(byId: ReadonlyMap<number, MeterNode>, n: MeterNode): string {
  const names: string[] = [];
  for (let p = n.parentId === null ? undefined : byId.get(n.parentId); p; p = p.parentId === null ? undefined : byId.get(p.parentId)) names.unshift(p.name);
  return names.join('/');
}

export async function abnormalOptions(ems: Ems, scope: readonly number[], projectId: number): Promise<AbnormalOptions> {
  const project = await projectIn(ems, scope, projectId);
  const ctx = await projectCtx(ems, project);
  const meters = [...ctx.nodes.values()].flatMap((n) => {
    const m = meterOf(n, ctx.units);
    return m ? [{ id: m.id, name: m.name, path: pathOf(ctx.nodes, n), energyType: m.energyType, unit: m.unit }] : [];
  });
  return { meters, priced: ctx.versions.length > 0 };
}

function toRule(r: RuleRow, ctx: Pick<ProjectCtx, 'nodes' | 'units'>): AbnormalRule {
  return {
    id: r.id,
    projectId: r.projectId,
    kind: r.kind,
    name: r.name,
    meters: r.meterIds.map((id) => {
      const n = ctx.nodes.get(id);
      return { id, name: n?.name ?? '', unit: meterOf(n, ctx.units)?.unit ?? '' };
    }),
    params: r.params,
    level: r.level,
    minDurationMin: r.minDurationMin,
    enabled: r.enabled,
    description: r.description,
    evaluatedTo: r.evaluatedTo,
    updateTime: r.updateTime,
  };
}

export async function listRules(ems: Ems, scope: readonly number[], projectId: number, kind?: AbnormalRuleKind): Promise<AbnormalRule[]> {
  const project = await projectIn(ems, scope, projectId);
  const repo = abnormalRepository(ems.db);
  const [rows, nodes, units] = await Promise.all([repo.rules([project.id], kind), repo.nodes(project.id), repo.units()]);
  const ctx = { nodes: new Map(nodes.map((n) => [n.id, n])), units };
  return rows.map((r) => toRule(r, ctx));
}

/** A rule of a project in scope, else 404. */
export async function ruleRow(ems: Ems, scope: readonly number[], id: number): Promise<RuleRow> {
  const row = await abnormalRepository(ems.db).rule(id);
  if (!row || !scope.includes(row.projectId)) throw noPermission();
  return row;
}

export async function ruleDetail(ems: Ems, scope: readonly number[], id: number): Promise<AbnormalRule> {
  const row = await ruleRow(ems, scope, id);
  const repo = abnormalRepository(ems.db);
  const [nodes, units] = await Promise.all([repo.nodes(row.projectId), repo.units()]);
  return toRule(row, { nodes: new Map(nodes.map((n) => [n.id, n])), units });
}

const PERCENT_FIELDS = ['warnPct', 'alarmPct', 'weeks', 'minExcess'];
const PERIOD_FIELDS = ['nights', 'weekendDays', 'holidays', 'breaks', 'limitPerHour', 'limitPerWindow'];
const USAGE_FIELDS = ['quota', 'quotaPeriod'];
const FIELDS: Record<AbnormalRuleKind, string[]> = { percent: PERCENT_FIELDS, period: PERIOD_FIELDS, usage: USAGE_FIELDS };

const hhmmOk = (t: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(t);
  return !!m && Number(m[1]) <= 24 && Number(m[2]) < 60 && Number(m[1]) * 60 + Number(m[2]) <= 1440;
};

/** Checks a rule against its kind and project; 400 naming the first problem. */
async function validated(ems: Ems, lang: Lang, input: AbnormalRuleInput): Promise<Omit<RuleValues, 'updateTime'>> {
  const repo = abnormalRepository(ems.db);
  const [nodes, units] = await Promise.all([repo.nodes(input.projectId), repo.units()]);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const name = input.name.trim();
  if (name === '') throw invalid(lang, 'name', '名称不能为空', 'the name is empty');
  const seen = new Set<number>();
  for (const [i, id] of input.meterIds.entries()) {
    if (!meterOf(byId.get(id), units)) throw invalid(lang, `meterIds[${i}]`, `节点 ${id} 不是本项目的计量表`, `node ${id} is not a meter of the project`);
    if (seen.has(id)) throw invalid(lang, `meterIds[${i}]`, `计量表 ${byId.get(id)?.name ?? id} 重复`, `meter ${byId.get(id)?.name ?? id} is listed twice`);
    seen.add(id);
  }
  const p = input.params;
  const allowed = new Set([...FIELDS[input.kind], 'unitPrice']);
  for (const k of Object.keys(p)) if (!allowed.has(k)) throw invalid(lang, `params.${k}`, `${k} 不适用于该规则类型`, `${k} does not apply to a ${input.kind} rule`);
  if (input.kind === 'percent') {
    const warn = p.warnPct ?? 20;
    const alarm = p.alarmPct ?? 40;
    if (alarm < warn) throw invalid(lang, 'params.alarmPct', '报警阈值不能低于预警阈值', 'the alarm level is below the warning level');
  }
  if (input.kind === 'period') {
    const ranges = [...(p.nights ?? []).map((r, i) => ['nights', i, r] as const), ...(p.breaks ?? []).map((r, i) => ['breaks', i, r] as const)];
    for (const [f, i, r] of ranges) {
      if (!hhmmOk(r.start)) throw invalid(lang, `params.${f}[${i}].start`, '时间格式应为 HH:mm', 'the time must be HH:mm');
      if (!hhmmOk(r.end)) throw invalid(lang, `params.${f}[${i}].end`, '时间格式应为 HH:mm', 'the time must be HH:mm');
      if (r.start === r.end) throw invalid(lang, `params.${f}[${i}]`, '开始与结束时间相同', 'starts and ends at the same time');
    }
    for (const [i, d] of (p.holidays ?? []).entries()) if (Number.isNaN(Date.parse(`${d}T00:00:00Z`))) throw invalid(lang, `params.holidays[${i}]`, `日期 ${d} 不存在`, `${d} is not a date`);
    if (!p.nights?.length && !p.weekendDays?.length && !p.holidays?.length && !p.breaks?.length)
      throw invalid(lang, 'params.nights', '至少设置一个非工作时段（夜间、周末、节假日或休息）', 'set at least one non-working period (nights, weekend days, holidays or breaks)');
    if (p.limitPerHour === undefined && p.limitPerWindow === undefined) throw invalid(lang, 'params.limitPerHour', '请设置每小时或每时段的用量限值', 'set a limit per hour or per window');
  }
  if (input.kind === 'usage' && p.quota === undefined) throw invalid(lang, 'params.quota', '请设置定额', 'set the quota');
  const minDurationMin = input.minDurationMin ?? 15;
  if (minDurationMin % 15 !== 0) throw invalid(lang, 'minDurationMin', '最短持续时间须为15分钟的整数倍', 'the minimum duration must be a multiple of 15 minutes');
  return {
    projectId: input.projectId,
    kind: input.kind,
    name,
    meterIds: input.meterIds,
    params: p,
    level: input.level ?? 'alarm',
    minDurationMin,
    enabled: input.enabled,
    description: (input.description ?? '').trim(),
  };
}

export async function createRule(ems: Ems, lang: Lang, scope: readonly number[], session: Session, input: AbnormalRuleInput): Promise<AbnormalRule> {
  await projectIn(ems, scope, input.projectId);
  requireKindPermission(session, input.kind, 'update');
  const v = await validated(ems, lang, input);
  const repo = abnormalRepository(ems.db);
  if (await repo.nameTaken(v.projectId, v.name)) throw conflict('nameTaken');
  const id = await repo.insertRule({ ...v, updateTime: ems.config.now() });
  return ruleDetail(ems, scope, id);
}

const judged = (r: Pick<RuleRow, 'kind' | 'meterIds' | 'params' | 'level' | 'minDurationMin'>) => JSON.stringify([r.kind, r.meterIds, r.params, r.level, r.minDurationMin]);

export async function updateRule(ems: Ems, lang: Lang, scope: readonly number[], session: Session, id: number, input: AbnormalRuleInput): Promise<AbnormalRule> {
  const row = await ruleRow(ems, scope, id);
  requireKindPermission(session, row.kind, 'update');
  requireKindPermission(session, input.kind, 'update');
  if (row.projectId !== input.projectId) throw invalid(lang, 'projectId', '规则不属于该项目', 'the rule belongs to another project');
  const v = await validated(ems, lang, input);
  const repo = abnormalRepository(ems.db);
  if (await repo.nameTaken(v.projectId, v.name, id)) throw conflict('nameTaken');
  await repo.updateRule(id, { ...v, updateTime: ems.config.now() }, judged(row) !== judged(v));
  return ruleDetail(ems, scope, id);
}

export async function removeRule(ems: Ems, scope: readonly number[], session: Session, id: number): Promise<number> {
  const row = await ruleRow(ems, scope, id);
  requireKindPermission(session, row.kind, 'remove');
  await abnormalRepository(ems.db).removeRule(id);
  return id;
}

/** The range [from, to): local day starts of startTime and of the day after endTime; 400 when reversed or over 400 days. */
export function rangeOf(lang: Lang, timezone: string, q: { startTime: number; endTime: number }) {
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', '结束时间早于开始时间', 'ends before it starts');
  if (q.endTime - q.startTime > ABNORMAL_MAX_RANGE_MS) throw invalid(lang, 'endTime', '时间跨度超过400天', 'the range is longer than 400 days');
  const from = bucketStart(q.startTime, 'day', timezone);
  const to = bucketEnd(bucketStart(q.endTime, 'day', timezone), 'day', timezone);
  return { from, to };
}

/** Evaluates now the project's enabled rules (or the one named, enabled or not) over the range. */
export async function evaluateNow(ems: Ems, lang: Lang, scope: readonly number[], q: AbnormalEvaluateBody): Promise<AbnormalEvaluation> {
  const project = await projectIn(ems, scope, q.projectId);
  const { from, to } = rangeOf(lang, project.timezone, q);
  const repo = abnormalRepository(ems.db);
  let rules: RuleRow[];
  if (q.ruleId !== undefined) {
    const r = await ruleRow(ems, scope, q.ruleId);
    if (r.projectId !== project.id) throw invalid(lang, 'ruleId', '规则不属于该项目', 'the rule belongs to another project');
    rules = [r];
  } else rules = (await repo.rules([project.id])).filter((r) => r.enabled);
  const ctx = await projectCtx(ems, project);
  const c = await evaluateRules(ems, ctx, rules, from, to);
  return { rules: rules.length, ...c };
}

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

/** The chart's bucket: 15 min up to 3 days, hour up to 31 days, else day. */
const chartBucket = (span: number): AbnormalResults['bucket'] => (span <= 3 * DAY_MS ? '15m' : span <= 31 * DAY_MS ? 'hour' : 'day');

/**
 * A rule's results on one of its meters over a range: actual vs expected per chart bucket (the
 * expected: the weekday baseline, the limit of the abnormal off-work intervals, or the pro-rated
 * quota), the abnormal spans as evaluated now, the intervals left out as suspect or reset, the waste
 * per local day and in total (amount, fen, tce, CO₂), and the stored findings with their status.
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
  const ev = evaluateMeter(rule, series, from, until, project.timezone, now, false);
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
    findings: stored.rows.map((r) => toRecord(r, new Map([[rule.id, rule]]), rc)),
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

