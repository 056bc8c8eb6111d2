import { attrsOf, numOrNull } from '../common/attrs.js';
import { classifyMeters, meterLinks, type ClassifiedMeter, type MeterLink, type MeterRow } from '../common/meters.js';
import type { NodeRow } from './repository.js';

/**
 * A project's nodes by id and by parent (null: the project's top-level nodes), in sort order.
 * Shared between calls that read the same nodes (see buildTree): read it, never change it.
 */
export interface NodeTree {
  readonly byId: ReadonlyMap<number, NodeRow>;
  readonly children: ReadonlyMap<number | null, readonly NodeRow[]>;
}

/** Trees built lately, by their first node's id, with the rows they were built from. */
const recentTrees = new Map<number, { nodes: readonly NodeRow[]; tree: NodeTree }>();
const RECENT_TREES_MAX = 64;
/** Each tree's subtree meter lists and their classes, by root (null: the whole project). */
const subtreeMeterLists = new WeakMap<NodeTree, Map<number | null, readonly MeterRow[]>>();
const subtreeClasses = new WeakMap<NodeTree, Map<number | null, readonly ClassifiedMeter[]>>();
/** Each tree's metering structure (all its meters). */
const treeLinks = new WeakMap<NodeTree, ReadonlyMap<number, MeterLink>>();

const sameNodes = (a: readonly NodeRow[], b: readonly NodeRow[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as NodeRow;
    const y = b[i] as NodeRow;
    if (x.id !== y.id || x.parentId !== y.parentId || x.modelLabel !== y.modelLabel || x.name !== y.name || x.attrs !== y.attrs) return false;
  }
  return true;
};

/**
 * The tree of a project's nodes. Every analysis call reads the project's nodes and works out its
 * tree, subtrees and meter classes again; when the rows just read equal, field by field, the rows a
 * recent tree was built from, that tree (with the subtree lists worked out on it) is returned
 * instead: a comparison of the fresh read, so an edited, added, moved or removed node builds anew.
 */
export function buildTree(nodes: readonly NodeRow[]): NodeTree {
  const key = nodes[0]?.id ?? -1;
  const recent = recentTrees.get(key);
  if (recent !== undefined && sameNodes(recent.nodes, nodes)) return recent.tree;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, NodeRow[]>();
  for (const n of nodes) {
    const parent = n.parentId !== null && byId.has(n.parentId) ? n.parentId : null;
    const list = children.get(parent);
    if (list) list.push(n);
    else children.set(parent, [n]);
  }
  const tree: NodeTree = { byId, children };
  if (recentTrees.size >= RECENT_TREES_MAX && !recentTrees.has(key)) recentTrees.delete(recentTrees.keys().next().value as number);
  recentTrees.set(key, { nodes: nodes.slice(), tree });
  return tree;
}

/** The meter nodes of the subtree under `rootId` (itself included; null: the whole project), by id. Shared per tree: read it, never change it. */
export function subtreeMeters(tree: NodeTree, rootId: number | null): readonly MeterRow[] {
  let lists = subtreeMeterLists.get(tree);
  if (lists === undefined) subtreeMeterLists.set(tree, (lists = new Map()));
  let list = lists.get(rootId);
  if (list === undefined) lists.set(rootId, (list = collectMeters(tree, rootId)));
  return list;
}

/** The project's metering structure (common/meters.ts meterLinks over all the tree's meters). Shared per tree: read it, never change it. */
export function treeMeterLinks(tree: NodeTree): ReadonlyMap<number, MeterLink> {
  let links = treeLinks.get(tree);
  if (links === undefined) treeLinks.set(tree, (links = meterLinks(subtreeMeters(tree, null))));
  return links;
}

/**
 * classifyMeters of the subtree's meters, the parent chains followed through the whole project's
 * meters (a meter is top-level when no meter up its chain lies in the subtree). Shared per tree:
 * read it, never change it.
 */
export function subtreeCounters(tree: NodeTree, rootId: number | null): readonly ClassifiedMeter[] {
  let lists = subtreeClasses.get(tree);
  if (lists === undefined) subtreeClasses.set(tree, (lists = new Map()));
  let list = lists.get(rootId);
  if (list === undefined) lists.set(rootId, (list = classifyMeters(subtreeMeters(tree, rootId), treeMeterLinks(tree))));
  return list;
}

function collectMeters(tree: NodeTree, rootId: number | null): MeterRow[] {
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
  const x = numOrNull(attrsOf(node.attrs).areaM2);
  return x !== null && x > 0 ? x : null;
}

/** attrs.outputUnit of a node when it is a non-empty string: the node carries a production-output counter. */
export function outputUnitOf(node: NodeRow): string | null {
  const v = attrsOf(node.attrs).outputUnit;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
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
