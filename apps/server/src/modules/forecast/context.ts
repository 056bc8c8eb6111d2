import { ENERGY_COUNTER_DATA_ID, ENERGY_TYPE_VALUES, ErrorCode } from '@ems/contract';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { analysisRepository } from '../analysis/repository.js';
import { buildTree, subtreeCounters } from '../analysis/tree.js';

const FIELD_TEXT = {
  energyType: ['没有累计量测点的能源类型', 'an energy type without a counter data point'],
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过93天', 'the range is longer than 93 days'],
} as const;

/** 400 naming the field, in the request's language. */
export const invalid = (lang: Lang, field: string, text: keyof typeof FIELD_TEXT) =>
  new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, FIELD_TEXT[text][lang === 'en' ? 1 : 0]]);

/** The node a forecast is about: its project, name, and the meters summed for its consumption. */
export interface NodeContext {
  projectId: number;
  name: string;
  timezone: string;
  unit: string;
  dataId: number;
  /** top-level counter meters of the energy type in the node's subtree (as /energyConsumption sums them) */
  meterIds: number[];
  energyTypes: number[];
}

/**
 * Resolves the node in the caller's scope (404 'no operation permission' otherwise, as the analysis
 * page does) and classifies its subtree's meters with the analysis page's rule.
 */
export async function nodeContext(ems: Ems, lang: Lang, scope: readonly number[], q: { nodeId: number; modelLabel: string; energyType: number }): Promise<NodeContext> {
  const dataId = ENERGY_COUNTER_DATA_ID[q.energyType];
  if (dataId === undefined) throw invalid(lang, 'energyType', 'energyType');
  const repo = analysisRepository(ems.db);
  const projectId = q.modelLabel === 'project' ? q.nodeId : await repo.nodeProject(q.nodeId, q.modelLabel);
  if (projectId === undefined || !scope.includes(projectId)) throw noPermission();
  const project = await repo.project(projectId);
  if (!project) throw noPermission();
  const tree = buildTree(await repo.nodes(projectId));
  const root = q.modelLabel === 'project' ? null : (tree.byId.get(q.nodeId) ?? null);
  if (q.modelLabel !== 'project' && root === null) throw noPermission();
  const own = subtreeCounters(tree, root?.id ?? null);
  return {
    projectId,
    name: root?.name ?? (lang === 'en' && project.enName ? project.enName : project.name),
    timezone: project.timezone,
    unit: ENERGY_TYPE_VALUES.find((t) => t.value === q.energyType)?.unit ?? '',
    dataId,
    meterIds: own.filter((m) => m.topLevel && m.energyType === q.energyType).map((m) => m.id),
    energyTypes: [...new Set(own.map((m) => m.energyType))].sort((a, b) => a - b),
  };
}

/** What both forecast replies say of the node: which it is, its name, unit and zone, its energy types and how many meters were summed. */
export const nodeHeader = (q: { nodeId: number; modelLabel: string; energyType: number }, ctx: NodeContext) => ({
  nodeId: q.nodeId,
  modelLabel: q.modelLabel,
  name: ctx.name,
  energyType: q.energyType,
  unit: ctx.unit,
  timezone: ctx.timezone,
  energyTypes: ctx.energyTypes,
  meterCount: ctx.meterIds.length,
});
