import { DATA_ID, ErrorCode, MONITOR_CONTAINER_LABELS, type EquipmentScheme, type EquipmentSchemeInput, type EquipmentStatusOptions } from '@ems/contract';
import type { Ems } from '../../context.js';
import { ApiError, conflict, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { equipmentStatusRepository, type NodeRow, type SchemeRow } from './repository.js';

/** 400 naming the field, with the reason in the request's language. */
const invalid = (lang: Lang, field: string, zh: string, en: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, lang === 'en' ? en : zh]);

/** Structure nodes: never a data source of a condition. */
const CONTAINERS = new Set<string>([...MONITOR_CONTAINER_LABELS, 'cabinet', 'generatrix']);
/** An electricity meter: its kWh counter (data point 1) gives a classified device's energy and mean power. */
export const isElectricityMeter = (n: NodeRow) => n.label === 'meter' && Number(n.attrs.energyType) === 2;

/** The data points a condition may compare: the instantaneous and status points of the catalogue. */
async function pointsOf(ems: Ems, lang: Lang) {
  const rows = await equipmentStatusRepository(ems.db).catalogue();
  return rows
    .filter((r) => r.kind === 'instant' || r.kind === 'status')
    .map((r) => ({ dataId: Number(r.data_id), name: lang === 'en' ? r.name_en : r.name_zh, unit: r.unit }));
}

/** The project in scope (else 404 'no operation permission', as a foreign project is answered). */
export async function projectIn(ems: Ems, scope: readonly number[], projectId: number) {
  if (!scope.includes(projectId)) throw noPermission();
  const project = await equipmentStatusRepository(ems.db).project(projectId);
  if (!project) throw noPermission();
  return project;
}

function pathOf(byId: ReadonlyMap<number, NodeRow>, n: NodeRow): string {
  const names: string[] = [];
  for (let p = n.parentId === null ? undefined : byId.get(n.parentId); p; p = p.parentId === null ? undefined : byId.get(p.parentId)) names.unshift(p.name);
  return names.join('/');
}

/** The devices a programme may classify (electricity meters), the nodes a condition may read, and the comparable data points. */
export async function statusOptions(ems: Ems, lang: Lang, scope: readonly number[], projectId: number): Promise<EquipmentStatusOptions> {
  const project = await projectIn(ems, scope, projectId);
  const nodes = await equipmentStatusRepository(ems.db).nodes(project.id);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return {
    devices: nodes.filter(isElectricityMeter).map((n) => ({ id: n.id, name: n.name, path: pathOf(byId, n) })),
    sources: nodes.filter((n) => !CONTAINERS.has(n.label)).map((n) => ({ id: n.id, name: n.name, modelLabel: n.label })),
    dataPoints: await pointsOf(ems, lang),
  };
}

/** A stored programme with the names of its devices and data points resolved in the language. */
function toScheme(r: SchemeRow, names: ReadonlyMap<number, string>, points: ReadonlyMap<number, { name: string; unit: string }>): EquipmentScheme {
  return {
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    description: r.description,
    updateTime: r.updateTime,
    devices: r.devices.map((d) => ({
      deviceId: d.deviceId,
      deviceName: names.get(d.deviceId) ?? '',
      expressions: d.expressions.map((e) => ({
        state: e.state as EquipmentScheme['devices'][number]['expressions'][number]['state'],
        combinator: e.combinator,
        conditions: e.conditions.map((c) => ({ ...c, deviceName: names.get(c.deviceId) ?? '', dataName: points.get(c.dataId)?.name ?? String(c.dataId), unit: points.get(c.dataId)?.unit ?? '' })),
      })),
    })),
  };
}

async function resolve(ems: Ems, lang: Lang, rows: readonly SchemeRow[]): Promise<EquipmentScheme[]> {
  const repo = equipmentStatusRepository(ems.db);
  const projects = [...new Set(rows.map((r) => r.projectId))];
  const [nodeLists, points] = await Promise.all([Promise.all(projects.map((p) => repo.nodes(p))), pointsOf(ems, lang)]);
  const names = new Map(nodeLists.flat().map((n) => [n.id, n.name]));
  const pointMap = new Map(points.map((p) => [p.dataId, p]));
  return rows.map((r) => toScheme(r, names, pointMap));
}

export async function listSchemes(ems: Ems, lang: Lang, scope: readonly number[], projectId: number): Promise<EquipmentScheme[]> {
  const project = await projectIn(ems, scope, projectId);
  return resolve(ems, lang, await equipmentStatusRepository(ems.db).schemes([project.id]));
}

/** A programme of a project in scope, else 404. */
export async function schemeRow(ems: Ems, scope: readonly number[], id: number): Promise<SchemeRow> {
  const row = await equipmentStatusRepository(ems.db).scheme(id);
  if (!row || !scope.includes(row.projectId)) throw noPermission();
  return row;
}

export async function schemeDetail(ems: Ems, lang: Lang, scope: readonly number[], id: number): Promise<EquipmentScheme> {
  return (await resolve(ems, lang, [await schemeRow(ems, scope, id)]))[0] as EquipmentScheme;
}

/**
 * Checks a programme against its project: each classified device an electricity meter of the
 * project, listed once; each state at most once per device; each condition's device a node of the
 * project with data and its data point an instantaneous or status point. 400 naming the first problem.
 */
async function validated(ems: Ems, lang: Lang, input: EquipmentSchemeInput) {
  const repo = equipmentStatusRepository(ems.db);
  const [nodes, points] = await Promise.all([repo.nodes(input.projectId), pointsOf(ems, lang)]);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pointIds = new Set(points.map((p) => p.dataId));
  const name = input.name.trim();
  if (name === '') throw invalid(lang, 'name', '名称不能为空', 'the name is empty');
  const seen = new Set<number>();
  for (const [i, d] of input.devices.entries()) {
    const node = byId.get(d.deviceId);
    if (!node || !isElectricityMeter(node)) throw invalid(lang, `devices[${i}].deviceId`, `设备 ${d.deviceId} 不是本项目的电表`, `device ${d.deviceId} is not an electricity meter of the project`);
    if (seen.has(d.deviceId)) throw invalid(lang, `devices[${i}].deviceId`, `设备 ${node.name} 重复`, `device ${node.name} is listed twice`);
    seen.add(d.deviceId);
    const states = new Set<string>();
    for (const [j, e] of d.expressions.entries()) {
      if (states.has(e.state)) throw invalid(lang, `devices[${i}].expressions[${j}].state`, `${node.name} 的状态 ${e.state} 重复定义`, `${node.name} defines state ${e.state} twice`);
      states.add(e.state);
      for (const [k, c] of e.conditions.entries()) {
        const field = `devices[${i}].expressions[${j}].conditions[${k}]`;
        const src = byId.get(c.deviceId);
        if (!src || CONTAINERS.has(src.label)) throw invalid(lang, `${field}.deviceId`, `设备 ${c.deviceId} 不在本项目中`, `device ${c.deviceId} is not a device of the project`);
        if (!pointIds.has(c.dataId)) throw invalid(lang, `${field}.dataId`, `数据点 ${c.dataId} 不是瞬时量或状态量`, `data point ${c.dataId} is not an instantaneous or status point`);
      }
    }
  }
  return {
    projectId: input.projectId,
    name,
    description: (input.description ?? '').trim(),
    devices: input.devices.map((d) => ({ deviceId: d.deviceId, expressions: d.expressions.map((e) => ({ state: e.state, combinator: e.combinator, conditions: e.conditions.map((c) => ({ deviceId: c.deviceId, dataId: c.dataId, operator: c.operator, limit: c.limit })) })) })),
  };
}

export async function createScheme(ems: Ems, lang: Lang, scope: readonly number[], input: EquipmentSchemeInput): Promise<EquipmentScheme> {
  await projectIn(ems, scope, input.projectId);
  const v = await validated(ems, lang, input);
  const repo = equipmentStatusRepository(ems.db);
  if (await repo.nameTaken(v.projectId, v.name)) throw conflict('nameTaken');
  const id = await repo.insert({ ...v, updateTime: ems.config.now() });
  return schemeDetail(ems, lang, scope, id);
}

export async function updateScheme(ems: Ems, lang: Lang, scope: readonly number[], id: number, input: EquipmentSchemeInput): Promise<EquipmentScheme> {
  const row = await schemeRow(ems, scope, id);
  if (row.projectId !== input.projectId) throw invalid(lang, 'projectId', '方案不属于该项目', 'the programme belongs to another project');
  const v = await validated(ems, lang, input);
  const repo = equipmentStatusRepository(ems.db);
  if (await repo.nameTaken(v.projectId, v.name, id)) throw conflict('nameTaken');
  await repo.update(id, { ...v, updateTime: ems.config.now() });
  return schemeDetail(ems, lang, scope, id);
}

export async function removeScheme(ems: Ems, scope: readonly number[], id: number): Promise<number> {
  await schemeRow(ems, scope, id);
  await equipmentStatusRepository(ems.db).remove(id);
  return id;
}

/** Data points read from the counter rollups rather than raw readings: active power is the interval's kWh × 4. */
export const DERIVED_POWER = DATA_ID.activePower;
