import { ErrorCode, SENSOR_LABELS, type HazardSource, type HazardSourceInput } from '@ems/contract';
import { DEFAULT_OFFLINE_AFTER_MS, worstLevel } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { environmentRepository, type HazardRow } from './repository.js';
import { gridOf } from './sensors.js';
import { plantTree } from './tree.js';

const TEXT = {
  node: ['节点不存在或不属于该项目', 'the node does not exist or is not in the project'],
  pair: ['节点与模型标签须同时填写或同时为空', 'nodeId and modelLabel go together'],
  sensor: ['不是该项目的气体探测器或环境传感器', 'not a gas detector or environment sensor of the project'],
  duplicate: ['该项目已有同名危险源', 'the project already has a hazard source of this name'],
} as const;

const invalid = (lang: Lang, field: string, k: keyof typeof TEXT) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, TEXT[k][lang === 'en' ? 1 : 0]]);

/** The register of the caller's projects, each with its node's name and its linked sensors' current levels. */
export async function listHazards(ems: Ems, scope: readonly number[]): Promise<HazardSource[]> {
  const repo = environmentRepository(ems.db);
  const rows = await repo.hazards(scope);
  const out: HazardSource[] = [];
  for (const projectId of new Set(rows.map((r) => r.project_id))) {
    const nodes = await repo.nodes(projectId);
    const tree = plantTree(nodes);
    // the sensors' levels only: the whole project's nodes would also lay out a tile per room (issue 12)
    const sensorLabels: readonly string[] = SENSOR_LABELS.all;
    const grid = await gridOf(ems, repo, tree, nodes.filter((n) => sensorLabels.includes(n.modelLabel)), 'all', DEFAULT_OFFLINE_AFTER_MS);
    const level = new Map(grid.sensors.map((s) => [s.id, s.level]));
    for (const r of rows.filter((x) => x.project_id === projectId)) {
      const sensors = (JSON.parse(r.sensor_ids) as number[]).flatMap((id) => {
        const n = tree.byId.get(id);
        return n ? [{ id, name: n.name, level: level.get(id) ?? 'offline' }] : [];
      });
      out.push({
        id: r.id,
        projectId: r.project_id,
        name: r.name,
        grade: r.grade,
        nodeId: r.node_id,
        modelLabel: r.model_label,
        nodeName: r.node_id !== null ? (tree.byId.get(r.node_id)?.name ?? '') : '',
        location: r.location,
        responsible: r.responsible,
        phone: r.phone,
        sensors,
        level: sensors.length ? worstLevel(sensors.map((s) => s.level)) : null,
        note: r.note,
        updateTime: r.update_time,
      });
    }
  }
  return out;
}

/** 400 naming the first bad field: the node pair, a node or sensor outside the project, a duplicate name. */
async function validate(ems: Ems, lang: Lang, input: HazardSourceInput, selfId?: number): Promise<Omit<HazardRow, 'id'>> {
  const repo = environmentRepository(ems.db);
  if ((input.nodeId === null) !== (input.modelLabel === null)) throw invalid(lang, input.nodeId === null ? 'nodeId' : 'modelLabel', 'pair');
  // only the nodes the form names, not the whole project's
  const named = [...(input.nodeId !== null ? [input.nodeId] : []), ...input.sensorIds];
  const nodes = new Map((await repo.nodesIn(input.projectId, named)).map((n) => [n.id, n]));
  if (input.nodeId !== null && nodes.get(input.nodeId)?.modelLabel !== input.modelLabel) throw invalid(lang, 'nodeId', 'node');
  const labels: readonly string[] = SENSOR_LABELS.all;
  input.sensorIds.forEach((id, i) => {
    if (!labels.includes(nodes.get(id)?.modelLabel ?? '')) throw invalid(lang, `sensorIds.${i}`, 'sensor');
  });
  const name = input.name.trim();
  const same = await repo.hazardByName(input.projectId, name);
  if (same !== undefined && same !== selfId) throw invalid(lang, 'name', 'duplicate');
  return {
    project_id: input.projectId,
    name,
    grade: input.grade,
    node_id: input.nodeId,
    model_label: input.modelLabel,
    location: input.location.trim(),
    responsible: input.responsible.trim(),
    phone: input.phone.trim(),
    sensor_ids: JSON.stringify(input.sensorIds),
    note: input.note.trim(),
    update_time: ems.config.now(),
  };
}

async function one(ems: Ems, scope: readonly number[], id: number): Promise<HazardSource> {
  const found = (await listHazards(ems, scope)).find((h) => h.id === id);
  if (!found) throw noPermission();
  return found;
}

export async function createHazard(ems: Ems, lang: Lang, scope: readonly number[], input: HazardSourceInput): Promise<HazardSource> {
  if (!scope.includes(input.projectId)) throw noPermission();
  const id = await environmentRepository(ems.db).insertHazard(await validate(ems, lang, input));
  return one(ems, scope, id);
}

export async function updateHazard(ems: Ems, lang: Lang, scope: readonly number[], id: number, input: HazardSourceInput): Promise<HazardSource> {
  const repo = environmentRepository(ems.db);
  const row = await repo.hazard(id);
  if (!row || !scope.includes(row.project_id) || row.project_id !== input.projectId) throw noPermission();
  await repo.updateHazard(id, await validate(ems, lang, input, id));
  return one(ems, scope, id);
}

export async function removeHazard(ems: Ems, scope: readonly number[], id: number): Promise<number> {
  const repo = environmentRepository(ems.db);
  const row = await repo.hazard(id);
  if (!row || !scope.includes(row.project_id)) throw noPermission();
  return repo.removeHazard(id);
}
