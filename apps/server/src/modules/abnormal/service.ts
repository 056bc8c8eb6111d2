import {
  ABNORMAL_MAX_RANGE_MS,
  ABNORMAL_RULE_PERMISSIONS,
  ErrorCode,
  type AbnormalEvaluateBody,
  type AbnormalEvaluation,
  type AbnormalOptions,
  type AbnormalRule,
  type AbnormalRuleInput,
  type AbnormalRuleKind,
} from '@ems/contract';
import { bucketEnd, bucketStart } from '@ems/domain';
import type { Ems, Session } from '../../context.js';
import { ApiError, conflict, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { holds } from '../auth/session-service.js';
import { evaluateRules, meterOf, projectCtx, type ProjectCtx } from './evaluate.js';
import { abnormalRepository, type MeterNode, type RuleRow, type RuleValues } from './repository.js';

/** 400 naming the field, with the reason in the request's language. */
export const invalid = (lang: Lang, field: string, zh: string, en: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, lang === 'en' ? en : zh]);

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

const PERCENT_FIELDS = ['warnPct', 'alarmPct', 'weeks', 'minExcess', 'baseline'];
const PERIOD_FIELDS = ['nights', 'weekendDays', 'holidays', 'breaks', 'limitPerHour', 'limitPerWindow', 'baseLoadRatioPct'];
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
    if (p.baseline === 'regression' && (p.weeks ?? 4) < 2) throw invalid(lang, 'params.weeks', '回归基线至少需要2周历史', 'the regression baseline needs at least 2 weeks');
  }
  if (input.kind === 'period') {
    const ranges = [...(p.nights ?? []).map((r, i) => ['nights', i, r] as const), ...(p.breaks ?? []).map((r, i) => ['breaks', i, r] as const)];
    for (const [f, i, r] of ranges) {
      if (!hhmmOk(r.start)) throw invalid(lang, `params.${f}[${i}].start`, '时间格式应为 HH:mm', 'the time must be HH:mm');
      if (!hhmmOk(r.end)) throw invalid(lang, `params.${f}[${i}].end`, '时间格式应为 HH:mm', 'the time must be HH:mm');
      if (r.start === r.end) throw invalid(lang, `params.${f}[${i}]`, '开始与结束时间相同', 'starts and ends at the same time');
    }
    for (const [i, d] of (p.holidays ?? []).entries()) if (Number.isNaN(Date.parse(`${d}T00:00:00Z`))) throw invalid(lang, `params.holidays[${i}]`, `日期 ${d} 不存在`, `${d} is not a date`);
    // by base-load ratio or by limits, never both: a night's excess and its day's base load are the same kWh
    const limited = p.limitPerHour !== undefined || p.limitPerWindow !== undefined;
    if (p.baseLoadRatioPct !== undefined && limited)
      throw invalid(lang, 'params.baseLoadRatioPct', '基荷率与用量限值不能同时设置（同一电量会重复计为浪费），请另建一条规则', 'set either the base-load ratio or the limits (the same kWh would count twice as waste); make a second rule for the other');
    if (p.baseLoadRatioPct === undefined && !p.nights?.length && !p.weekendDays?.length && !p.holidays?.length && !p.breaks?.length)
      throw invalid(lang, 'params.nights', '至少设置一个非工作时段（夜间、周末、节假日或休息）', 'set at least one non-working period (nights, weekend days, holidays or breaks)');
    if (p.baseLoadRatioPct === undefined && !limited) throw invalid(lang, 'params.limitPerHour', '请设置每小时或每时段的用量限值，或基荷率', 'set a limit per hour or per window, or a base-load ratio');
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
