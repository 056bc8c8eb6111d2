import type { Key } from 'react';

/** A node of the model tree (a model node: modelLabel_id as key, its name as title). */
export interface ModelTreeNode {
  key: Key;
  title: string;
  children?: ModelTreeNode[];
  disabled?: boolean;
  /** Anything else the page needs back on selection (modelLabel, id, …). */
  data?: unknown;
}

const matches = (node: ModelTreeNode, text: string) => node.title.toLowerCase().includes(text.toLowerCase());

/**
 * Tree filter: keeps nodes whose title contains `text` (case-insensitive) with all their descendants,
 * plus the ancestors leading to them. `expandedKeys` are those ancestors, so every match is visible.
 * An empty text keeps the whole tree and expands nothing.
 */
export function filterTree(nodes: readonly ModelTreeNode[], text: string): { nodes: ModelTreeNode[]; expandedKeys: Key[] } {
  const needle = text.trim();
  if (!needle) return { nodes: [...nodes], expandedKeys: [] };
  const expandedKeys: Key[] = [];
  const walk = (list: readonly ModelTreeNode[]): ModelTreeNode[] =>
    list.flatMap((node) => {
      if (matches(node, needle)) return [node];
      const kept = walk(node.children ?? []);
      if (kept.length === 0) return [];
      expandedKeys.push(node.key);
      return [{ ...node, children: kept }];
    });
  return { nodes: walk(nodes), expandedKeys };
}

/**
 * Tree search: the whole tree stays; returns the keys of matching nodes and of the ancestors to
 * expand so each match shows.
 */
export function searchTree(nodes: readonly ModelTreeNode[], text: string): { matchedKeys: Key[]; expandedKeys: Key[] } {
  const needle = text.trim();
  const matchedKeys: Key[] = [];
  const expanded = new Set<Key>();
  if (!needle) return { matchedKeys, expandedKeys: [] };
  const walk = (list: readonly ModelTreeNode[], path: Key[]) => {
    for (const node of list) {
      if (matches(node, needle)) {
        matchedKeys.push(node.key);
        path.forEach((k) => expanded.add(k));
      }
      walk(node.children ?? [], [...path, node.key]);
    }
  };
  walk(nodes, []);
  return { matchedKeys, expandedKeys: [...expanded] };
}

/** The keys of the ancestors of `key`, root first; null when the key is not in the tree. */
export function ancestorKeys(nodes: readonly ModelTreeNode[], key: Key): Key[] | null {
  for (const node of nodes) {
    if (node.key === key) return [];
    const below = ancestorKeys(node.children ?? [], key);
    if (below) return [node.key, ...below];
  }
  return null;
}
