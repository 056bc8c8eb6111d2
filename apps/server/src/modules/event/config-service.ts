import {
  DATA_ID,
  ErrorCode,
  type AlgorithmConfig,
  type AlgorithmConfigInput,
  type AlgorithmKind,
  type AlgorithmListQuery,
  type AlgorithmParams,
  type ChangeStatesBody,
  type RuleConfig,
  type RuleConfigInput,
  type RuleListQuery,
} from '@ems/contract';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { configRepository, type AlgorithmRow, type RuleRow } from './config-repository.js';
import { demandContract } from './demand-contract.js';
import { engineOf } from './engine.js';
import { gradeBoundsOrdered } from './logic.js';
import { limitPoints, ruleKind } from './rule-kind.js';

/** 400 naming the field, with the reason in the request's language. */
export const fieldError = (lang: Lang, field: string, zh: string, en: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, lang === 'en' ? en : zh]);

const page = (p: { index: number; limit: number } | undefined) => ({ index: p?.index ?? 0, limit: p?.limit ?? 100 });

/** The catalogue's names and units in the language, and its points as the rule kind reads them. */
async function pointNames(ems: Ems, lang: Lang) {
  const catalogue = await configRepository(ems.db).catalogue();
  const map = new Map(catalogue.map((d) => [Number(d.data_id), { name: lang === 'en' ? d.name_en : d.name_zh, unit: d.unit }]));
  const point = (dataId: number) => map.get(dataId);
  return Object.assign(point, { kinds: limitPoints(catalogue) });
}

type PointOf = Awaited<ReturnType<typeof pointNames>>;

function toRule(r: RuleRow, nodeName: string, point: PointOf): RuleConfig {
  const conditions = JSON.parse(r.conditions) as { dataId: number; operator: number; limit: number }[];
  // the kind of every event the rule raises, whichever condition holds (the engine asks the same)
  const kind = ruleKind(Number(r.level), conditions, point.kinds);
  return {
    id: Number(r.id),
    projectId: Number(r.project_id),
    name: r.name,
    nodeId: Number(r.node_id),
    modelLabel: r.model_label,
    nodeName,
    conditions: conditions.map((c) => ({ ...c, dataName: point(c.dataId)?.name ?? String(c.dataId), unit: point(c.dataId)?.unit ?? '' })),
    combinator: Number(r.combinator),
    minDurationSec: Number(r.min_duration_sec),
    hysteresis: Number(r.hysteresis),
    level: Number(r.level),
    eventType: kind.eventType,
    logType: kind.logType,
    enabled: Number(r.enabled) === 1,
    description: r.description,
    updateTime: Number(r.update_time),
  };
}

/** The parameters of a kind with their defaults filled in. */
export function withDefaults(kind: AlgorithmKind, p: AlgorithmParams): AlgorithmParams {
  switch (kind) {
    case 'demand':
      return { preAlarmPercent: 90, windowMinutes: 15, subintervalMinutes: 1, predictionFactor: 1, dataId: DATA_ID.activePower, ...p };
    case 'switch':
      return { dataId: DATA_ID.switchStatus, deviceIds: [], ...p };
    case 'offline':
      return { deviceIds: [], ...p };
    case 'efficiency': {
      const indicator = p.indicator ?? 'cop';
      return { indicator, dataId: DATA_ID.activeEnergyImport, outputDataId: indicator === 'cop' ? DATA_ID.coolingEnergy : DATA_ID.compressedAirVolume, ...p };
    }
    case 'balance':
      return { dataId: DATA_ID.activeEnergyImport, childIds: [], ...p };
    case 'quota':
      return { dataId: DATA_ID.activeEnergyImport, deviceIds: [], ...p };
    case 'baseLoad':
      return { dataId: DATA_ID.activeEnergyImport, nightStartHour: 0, nightEndHour: 5, ...p };
  }
}

/** Parameters each kind cannot do without. */
const REQUIRED: Record<AlgorithmKind, (keyof AlgorithmParams)[]> = {
  // without an administrator's contractKw, the tariff's contracted demand applies
  demand: [],
  offline: ['offlineMinutes'],
  switch: [],
  efficiency: ['threshold', 'outputDeviceId'],
  balance: ['tolerancePercent'],
  quota: ['quotaMonthly'],
  baseLoad: ['nightLimit'],
};

async function toAlgorithm(ems: Ems, a: AlgorithmRow, nodeName: string): Promise<AlgorithmConfig> {
  const kind = a.kind as AlgorithmKind;
  const params = JSON.parse(a.params) as AlgorithmParams;
  // a demand algorithm says which contracted demand it judges against now, and where it comes from
  const contract = kind === 'demand' ? { contract: await demandContract(ems, { nodeId: Number(a.node_id), modelLabel: a.model_label, params }, ems.config.now()) } : {};
  return {
    id: Number(a.id),
    projectId: Number(a.project_id),
    name: a.name,
    kind,
    nodeId: Number(a.node_id),
    modelLabel: a.model_label,
    nodeName,
    params: withDefaults(kind, params),
    level: Number(a.level),
    enabled: Number(a.enabled) === 1,
    description: a.description,
    updateTime: Number(a.update_time),
    ...contract,
  };
}

const reload = (ems: Ems) => engineOf(ems)?.reload();

/**
 * A list's node filter names a node of the caller's projects (`modelLabel` 'project': one of the
 * projects; another label: any node, as the filters read it), else 404 'no operation permission'
 * (docs/events.md): a foreign project or node is refused, not answered with an empty list.
 */
export async function requireVisibleNode(ems: Ems, scope: readonly number[], nodeId: number | undefined, modelLabel?: string): Promise<void> {
  if (nodeId === undefined) return;
  const visible = modelLabel === 'project' ? scope.includes(nodeId) : await configRepository(ems.db).nodeIn(nodeId, scope);
  if (!visible) throw noPermission();
}

export async function listRules(ems: Ems, lang: Lang, scope: readonly number[], q: RuleListQuery): Promise<{ list: RuleConfig[]; total: number }> {
  await requireVisibleNode(ems, scope, q.nodeId, q.modelLabel);
  const repo = configRepository(ems.db);
  const { rows, total } = await repo.listRules({ projectIds: scope, keyword: q.keyword, nodeId: q.nodeId, modelLabel: q.modelLabel, enabled: q.enabled, ...page(q.page) });
  const [names, point] = await Promise.all([repo.nodeNames(rows.map((r) => Number(r.node_id))), pointNames(ems, lang)]);
  return { list: rows.map((r) => toRule(r, names.get(Number(r.node_id)) ?? '', point)), total };
}

export async function ruleDetail(ems: Ems, lang: Lang, scope: readonly number[], id: number): Promise<RuleConfig> {
  const repo = configRepository(ems.db);
  const r = await repo.rule(id, scope);
  if (!r) throw noPermission();
  const [names, point] = await Promise.all([repo.nodeNames([Number(r.node_id)]), pointNames(ems, lang)]);
  return toRule(r, names.get(Number(r.node_id)) ?? '', point);
}

/** Creates (no id) or updates a rule of the node's project; the node must be a device of a project in scope. */
export async function saveRule(ems: Ems, lang: Lang, scope: readonly number[], input: RuleConfigInput): Promise<RuleConfig> {
  const repo = configRepository(ems.db);
  const name = input.name.trim();
  if (name === '') throw fieldError(lang, 'name', '名称不能为空', 'must not be blank');
  if (input.modelLabel === 'project') throw fieldError(lang, 'modelLabel', '规则须针对设备或节点', 'a rule watches a device or node, not the project');
  const projectId = await repo.nodeProject(input.nodeId, input.modelLabel, scope);
  if (projectId === undefined) throw noPermission();
  const point = await pointNames(ems, lang);
  input.conditions.forEach((c, i) => {
    if (!point(c.dataId)) throw fieldError(lang, `conditions.${i}.dataId`, '数据点不存在', 'unknown data point');
  });
  const kind = ruleKind(input.level, input.conditions, point.kinds);
  if (input.level === 4 && kind.logType === 702) {
    throw fieldError(
      lang,
      'level',
      '能耗量（电量、有功功率、水量、流量等）的越限是告警（能耗事件 702），预警等级用于电压、温度、湿度、气体等其他量',
      'a limit on consumption (energy, active power, water, flow, …) is an alarm (energy-consumption event 702); early warning is for other quantities (voltage, temperature, humidity, gas, …)',
    );
  }
  if (input.eventType !== undefined && input.eventType !== kind.eventType) {
    throw fieldError(
      lang,
      'eventType',
      '事件类型由数据点决定（能耗量 3，温度 2，电压、湿度等其他量无）',
      'follows the data points (consumption 3, temperature 2, none for voltage, humidity and other quantities)',
    );
  }
  const row = {
    project_id: projectId,
    name,
    node_id: input.nodeId,
    model_label: input.modelLabel,
    conditions: JSON.stringify(input.conditions.map((c) => ({ dataId: c.dataId, operator: c.operator, limit: c.limit }))),
    combinator: input.combinator,
    min_duration_sec: input.minDurationSec,
    hysteresis: input.hysteresis,
    level: input.level,
    // the column predates derived types: 0 stands for none
    event_type: kind.eventType ?? 0,
    enabled: input.enabled ? 1 : 0,
    description: input.description ?? '',
    update_time: ems.config.now(),
  };
  let id = input.id;
  if (id === undefined) id = await repo.insertRule(row);
  else {
    if (!(await repo.rule(id, scope))) throw noPermission();
    await repo.updateRule(id, row);
  }
  await reload(ems);
  return ruleDetail(ems, lang, scope, id);
}

export async function listAlgorithms(ems: Ems, scope: readonly number[], q: AlgorithmListQuery): Promise<{ list: AlgorithmConfig[]; total: number }> {
  await requireVisibleNode(ems, scope, q.nodeId, q.modelLabel);
  const repo = configRepository(ems.db);
  const { rows, total } = await repo.listAlgorithms({ projectIds: scope, keyword: q.keyword, kind: q.kind, nodeId: q.nodeId, modelLabel: q.modelLabel, enabled: q.enabled, ...page(q.page) });
  const names = await repo.nodeNames(rows.map((r) => Number(r.node_id)));
  return { list: await Promise.all(rows.map((r) => toAlgorithm(ems, r, names.get(Number(r.node_id)) ?? ''))), total };
}

export async function algorithmDetail(ems: Ems, scope: readonly number[], id: number): Promise<AlgorithmConfig> {
  const repo = configRepository(ems.db);
  const a = await repo.algorithm(id, scope);
  if (!a) throw noPermission();
  const names = await repo.nodeNames([Number(a.node_id)]);
  return toAlgorithm(ems, a, names.get(Number(a.node_id)) ?? '');
}

/** Creates or updates an algorithm; the parameters its kind needs must be there, and the devices it names in its project. */
export async function saveAlgorithm(ems: Ems, lang: Lang, scope: readonly number[], input: AlgorithmConfigInput): Promise<AlgorithmConfig> {
  const repo = configRepository(ems.db);
  const name = input.name.trim();
  if (name === '') throw fieldError(lang, 'name', '名称不能为空', 'must not be blank');
  const projectId = await repo.nodeProject(input.nodeId, input.modelLabel, scope);
  if (projectId === undefined) throw noPermission();
  const p = input.params;
  for (const key of REQUIRED[input.kind]) if (p[key] === undefined) throw fieldError(lang, `params.${key}`, '此类算法必须填写', 'required for this kind');
  if (input.kind !== 'offline' && input.kind !== 'switch' && input.kind !== 'quota' && input.modelLabel === 'project') {
    throw fieldError(lang, 'modelLabel', '须选择表计或设备', 'choose a meter or device, not the project');
  }
  if (p.gradeBounds !== undefined && !gradeBoundsOrdered(p.gradeBounds, p.indicator ?? 'cop')) {
    throw fieldError(lang, 'params.gradeBounds', '须按能效由好到差排列（COP 递减，比功率递增）', 'must run from the best grade to the worst (COP falling, specific power rising)');
  }
  if ((p.windowMinutes ?? 15) % (p.subintervalMinutes ?? 1) !== 0) throw fieldError(lang, 'params.subintervalMinutes', '须整除需量窗口', 'must divide the window');
  if ((p.nightEndHour ?? 5) <= (p.nightStartHour ?? 0)) throw fieldError(lang, 'params.nightEndHour', '须晚于夜间开始时刻', 'must be after nightStartHour');
  for (const field of ['deviceIds', 'childIds'] as const) {
    const ids = p[field] ?? [];
    const found = await repo.projectNodes(projectId, ids);
    if (ids.some((d) => !found.has(d))) throw fieldError(lang, `params.${field}`, '含有不属于本项目的节点', 'names a node outside the project');
  }
  if (p.outputDeviceId !== undefined && !(await repo.projectNodes(projectId, [p.outputDeviceId])).has(p.outputDeviceId)) {
    throw fieldError(lang, 'params.outputDeviceId', '不属于本项目', 'is not a node of the project');
  }
  const row = {
    project_id: projectId,
    name,
    kind: input.kind,
    node_id: input.nodeId,
    model_label: input.modelLabel,
    params: JSON.stringify(p),
    level: input.level ?? 2,
    enabled: input.enabled ? 1 : 0,
    description: input.description ?? '',
    update_time: ems.config.now(),
  };
  let id = input.id;
  if (id === undefined) id = await repo.insertAlgorithm(row);
  else {
    if (!(await repo.algorithm(id, scope))) throw noPermission();
    await repo.updateAlgorithm(id, row);
  }
  await reload(ems);
  return algorithmDetail(ems, scope, id);
}

/** Deletes rules or algorithms of the scope; ids outside it are refused as a whole (404). */
export async function removeConfigs(ems: Ems, table: 'event_rule' | 'event_algorithm', scope: readonly number[], ids: readonly number[]): Promise<number[]> {
  const repo = configRepository(ems.db);
  const unique = [...new Set(ids)];
  for (const id of unique) if (!(await (table === 'event_rule' ? repo.rule(id, scope) : repo.algorithm(id, scope)))) throw noPermission();
  const deleted = await repo.remove(table, unique, scope);
  await reload(ems);
  return deleted;
}

/** Enables or disables rules or algorithms of the scope (ids outside it: 404, nothing changed). */
export async function changeStates(ems: Ems, table: 'event_rule' | 'event_algorithm', scope: readonly number[], body: ChangeStatesBody): Promise<number> {
  const repo = configRepository(ems.db);
  const unique = [...new Set(body.ids)];
  for (const id of unique) if (!(await (table === 'event_rule' ? repo.rule(id, scope) : repo.algorithm(id, scope)))) throw noPermission();
  const n = await repo.setEnabled(table, unique, scope, body.enabled, ems.config.now());
  await reload(ems);
  return n;
}
