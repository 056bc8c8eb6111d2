import type { ModelInfo, ModelNode } from '@ems/contract';
import type { ModelTreeNode } from '../../widgets';

/** A node's identity in the tree: `${modelLabel}_${id}` (the project is `project_${projectId}`). */
export const nodeKey = (n: { modelLabel: string; id: number }): string => `${n.modelLabel}_${n.id}`;

export interface IndexedNode {
  node: ModelNode;
  /** null for the project (the root) */
  parent: ModelNode | null;
}

/** Every node of the tree by key, with its parent. */
export function indexTree(root: ModelNode | undefined): Map<string, IndexedNode> {
  const index = new Map<string, IndexedNode>();
  const walk = (node: ModelNode, parent: ModelNode | null) => {
    index.set(nodeKey(node), { node, parent });
    for (const child of node.children ?? []) walk(child, node);
  };
  if (root) walk(root, null);
  return index;
}

/** Number of nodes under `node` (not counting itself). */
export function descendantCount(node: ModelNode): number {
  return (node.children ?? []).reduce((sum, c) => sum + 1 + descendantCount(c), 0);
}

/** The display name of a node: the English name of a project in English, else its name. */
export type NameOf = (node: ModelNode) => string;

/** The model tree as the ModelTree widget takes it; `data` holds the model node. */
export function toTreeNodes(root: ModelNode | undefined, nameOf: NameOf): ModelTreeNode[] {
  const convert = (node: ModelNode): ModelTreeNode => ({
    key: nodeKey(node),
    title: nameOf(node),
    data: node,
    ...(node.children?.length ? { children: node.children.map(convert) } : {}),
  });
  return root ? [convert(root)] : [];
}

export interface MoveTarget {
  value: string;
  title: string;
  disabled: boolean;
  children?: MoveTarget[];
}

/**
 * Where `moving` may go: the tree without `moving`'s own subtree; a node is selectable when its
 * label allows `moving`'s label under it and it is not the current parent.
 */
export function moveTargets(root: ModelNode | undefined, moving: ModelNode, parent: ModelNode | null, meta: ReadonlyMap<string, ModelInfo>, nameOf: NameOf): MoveTarget[] {
  const movingKey = nodeKey(moving);
  const parentKey = parent ? nodeKey(parent) : null;
  const convert = (node: ModelNode): MoveTarget | null => {
    const key = nodeKey(node);
    if (key === movingKey) return null;
    const allowed = meta.get(node.modelLabel)?.children.includes(moving.modelLabel) ?? false;
    const children = (node.children ?? []).map(convert).filter((c): c is MoveTarget => c !== null);
    return { value: key, title: nameOf(node), disabled: !allowed || key === parentKey, ...(children.length ? { children } : {}) };
  };
  const top = root ? convert(root) : null;
  return top ? [top] : [];
}

/** Labels that may be created under a node of `label`, in model-meta order. */
export function childLabels(label: string, meta: ReadonlyMap<string, ModelInfo>): ModelInfo[] {
  return (meta.get(label)?.children ?? []).flatMap((l) => {
    const info = meta.get(l);
    return info ? [info] : [];
  });
}

/** Nodes grouped by label as select options (for ref attributes such as a meter's parent meter). */
export function optionsByLabel(index: ReadonlyMap<string, IndexedNode>, nameOf: NameOf): Record<string, { value: number; label: string }[]> {
  const out: Record<string, { value: number; label: string }[]> = {};
  for (const { node } of index.values()) {
    if (node.modelLabel === 'project') continue;
    (out[node.modelLabel] ??= []).push({ value: node.id, label: nameOf(node) });
  }
  return out;
}
