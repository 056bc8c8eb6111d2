import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODEL_API, MODEL_LABELS, type ModelNode, type ModelQueryBody } from '@ems/contract';
import { http } from '../http/client';
import type { ModelTreeNode } from '../../widgets/model-tree/tree-filter';
import { defineQuery } from './define-query';

/** Spec 7: model queries may take up to 60 s. */
const QUERY_TIMEOUT_MS = 60_000;

/** What a tree node carries back on selection. */
export interface TreeNodeRef {
  id: number;
  modelLabel: string;
  name: string;
}

/**
 * The whole plant in one query: the project with `treeReturnEnable` down every label, every
 * attribute of every node. One round trip for plants of a few thousand nodes, and a tree's filter
 * box needs the whole tree in the browser (lazy loading per level could not find a node below a
 * collapsed branch).
 */
export function modelTreeBody(projectId: number): ModelQueryBody {
  return {
    rootLabel: 'project',
    rootID: projectId,
    treeReturnEnable: true,
    subLayerConditions: MODEL_LABELS.filter((l) => l !== 'project').map((modelLabel) => ({ modelLabel })),
  };
}

/** POST /model/v1/query: the project node with its subtree, or null when the project has none. */
export async function fetchModelTree(projectId: number): Promise<ModelNode | null> {
  const reply = await http.post<ModelNode[]>(MODEL_API.query, modelTreeBody(projectId), { timeoutMs: QUERY_TIMEOUT_MS });
  return reply.data?.[0] ?? null;
}

/**
 * The project's plant tree: the one definition model management and every node picker read. A
 * picker takes its own shape through `select` (`useModelTreeNodes`), never another key.
 */
export const modelTreeQuery = defineQuery(['model-tree'], (projectId: number) => ({ key: [projectId], queryFn: () => fetchModelTree(projectId) }));

/** A node's display name: its English name (`enName`, the project's) in English when it has one, else its name. */
export function nodeName(node: ModelNode, english: boolean): string {
  if (english && typeof node.enName === 'string' && node.enName) return node.enName;
  return typeof node.name === 'string' && node.name ? node.name : String(node.id);
}

/** Model node → picker tree node (key modelLabel_id, children in order). */
export function toTreeNode(node: ModelNode, english = false): ModelTreeNode {
  const name = nodeName(node, english);
  return {
    key: `${node.modelLabel}_${node.id}`,
    title: name,
    data: { id: node.id, modelLabel: node.modelLabel, name } satisfies TreeNodeRef,
    children: (node.children ?? []).map((c) => toTreeNode(c, english)),
  };
}

/** The picker shape of the tree: the project as the one root, or nothing. */
export function toTreeNodes(root: ModelNode | null, english = false): ModelTreeNode[] {
  return root ? [toTreeNode(root, english)] : [];
}

/** The project's tree as pickers show it, names in the current language; idle while there is no project. */
export function useModelTreeNodes(projectId: number | null) {
  const english = useTranslation().i18n.language === 'en-US';
  const select = useCallback((root: ModelNode | null) => toTreeNodes(root, english), [english]);
  return useQuery({ ...modelTreeQuery(projectId ?? -1), enabled: projectId !== null, select });
}
