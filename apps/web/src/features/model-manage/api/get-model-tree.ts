import { MODEL_API, MODEL_LABELS, type ModelNode, type ModelQueryBody } from '@ems/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';

/** Spec 7: model queries may take up to 60 s. */
const QUERY_TIMEOUT_MS = 60_000;

/**
 * The whole plant in one query: the project with `treeReturnEnable` down every label. One round
 * trip for plants of a few thousand nodes, and the filter box needs the whole tree in the browser
 * (lazy loading per level could not find a node below a collapsed branch).
 */
export function modelTreeBody(projectId: number): ModelQueryBody {
  return {
    rootLabel: 'project',
    rootID: projectId,
    treeReturnEnable: true,
    subLayerConditions: MODEL_LABELS.filter((l) => l !== 'project').map((modelLabel) => ({ modelLabel })),
  };
}

/** POST /model/v1/query: the project node with its subtree (every attribute of every node). */
export async function fetchModelTree(projectId: number): Promise<ModelNode | null> {
  const reply = await http.post<ModelNode[]>(MODEL_API.query, modelTreeBody(projectId), { timeoutMs: QUERY_TIMEOUT_MS });
  return reply.data?.[0] ?? null;
}

export const modelTreeQuery = (projectId: number) => queryOptions({ queryKey: ['model-tree', projectId], queryFn: () => fetchModelTree(projectId) });
