import { queryOptions } from '@tanstack/react-query';
import { MODEL_API, MODEL_LABELS, type ModelNode } from '@ems/contract';
import { http } from '../http/client';
import type { ModelTreeNode } from '../../widgets/model-tree/tree-filter';

/** What a tree node carries back on selection. */
export interface TreeNodeRef {
  id: number;
  modelLabel: string;
  name: string;
}

/** Model node → tree node (key modelLabel_id), children in order. */
export function toTreeNode(n: ModelNode): ModelTreeNode {
  const name = typeof n.name === 'string' ? n.name : String(n.id);
  return {
    key: `${n.modelLabel}_${n.id}`,
    title: name,
    data: { id: n.id, modelLabel: n.modelLabel, name } satisfies TreeNodeRef,
    children: (n.children ?? []).map(toTreeNode),
  };
}

/** POST /model/v1/query: the project with its whole node tree (treeReturnEnable over every label). */
export async function fetchModelTree(projectId: number): Promise<ModelTreeNode[]> {
  const reply = await http.post<ModelNode[]>(MODEL_API.query, {
    rootLabel: 'project',
    rootID: projectId,
    rootCondition: { props: ['name'] },
    subLayerConditions: MODEL_LABELS.filter((l) => l !== 'project').map((modelLabel) => ({ modelLabel, props: ['name'] })),
    treeReturnEnable: true,
  });
  return (reply.data ?? []).map(toTreeNode);
}

/** The project's model tree for pickers (device monitor, equipment trends); one cache entry per project. */
export const modelTreeQuery = (projectId: number) => queryOptions({ queryKey: ['model-tree', projectId], queryFn: () => fetchModelTree(projectId) });
