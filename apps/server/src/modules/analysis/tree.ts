import type { MeterRow } from '../common/meters.js';
import type { NodeRow } from './repository.js';

/** A project's nodes by id and by parent (null: the project's top-level nodes), in sort order. */
export interface NodeTree {
  byId: Map<number, NodeRow>;
  children: Map<number | null, NodeRow[]>;
}

export function buildTree(nodes: readonly NodeRow[]): NodeTree {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, NodeRow[]>();
  for (const n of nodes) {
    const parent = n.parentId !== null && byId.has(n.parentId) ? n.parentId : null;
    const list = children.get(parent);
    if (list) list.push(n);
    else children.set(parent, [n]);
  }
  return { byId, children };
}

/** The meter nodes of the subtree under `rootId` (itself included; null: the whole project). */
export function subtreeMeters(tree: NodeTree, rootId: number | null): MeterRow[] {
  const out: MeterRow[] = [];
  const stack: NodeRow[] = rootId === null ? [...(tree.children.get(null) ?? [])] : [tree.byId.get(rootId)].filter((n): n is NodeRow => n !== undefined);
  const seen = new Set<number>();
  while (stack.length > 0) {
    const n = stack.pop() as NodeRow;
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    if (n.modelLabel === 'meter') {
      const parent = n.parentId === null ? undefined : tree.byId.get(n.parentId);
      out.push({ id: n.id, name: n.name, attrs: n.attrs, treeParentMeterId: parent?.modelLabel === 'meter' ? parent.id : null });
    }
    stack.push(...(tree.children.get(n.id) ?? []));
  }
  return out.sort((a, b) => a.id - b.id);
}

/** attrs.areaM2 of a node when it is a positive number, else null. */
export function nodeArea(node: NodeRow): number | null {
  try {
    const a: unknown = JSON.parse(node.attrs || '{}');
    const v = a && typeof a === 'object' ? (a as Record<string, unknown>).areaM2 : undefined;
    const x = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : null;
  } catch {
    return null;
  }
}

/** attrs.outputUnit of a node when it is a non-empty string: the node carries a production-output counter. */
export function outputUnitOf(node: NodeRow): string | null {
  try {
    const a: unknown = JSON.parse(node.attrs || '{}');
    const v = a && typeof a === 'object' ? (a as Record<string, unknown>).outputUnit : undefined;
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  } catch {
    return null;
  }
}

/**
 * The output counters of the subtree under `rootId` (itself included; null: the whole project): nodes
 * with an outputUnit, without one counted above them in the subtree (a line inside a counted workshop
 * is already in the workshop's count).
 */
export function subtreeOutputs(tree: NodeTree, rootId: number | null): { id: number; unit: string }[] {
  const out: { id: number; unit: string }[] = [];
  const roots: NodeRow[] = rootId === null ? [...(tree.children.get(null) ?? [])] : [tree.byId.get(rootId)].filter((n): n is NodeRow => n !== undefined);
  const stack = [...roots];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const n = stack.pop() as NodeRow;
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    const unit = outputUnitOf(n);
    if (unit !== null) {
      out.push({ id: n.id, unit });
      continue;
    }
    stack.push(...(tree.children.get(n.id) ?? []));
  }
  return out.sort((a, b) => a.id - b.id);
}
