import type { PlaceRef } from '@ems/contract';
import type { EnvNode } from './repository.js';

/** Labels a room tile stands for (rooms and distribution rooms). */
export const ROOM_LABELS = new Set(['room', 'distributionroom']);

/** The plant tree of a project, indexed: subtree walks and the containers above a node. */
export function plantTree(nodes: readonly EnvNode[]) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, EnvNode[]>();
  for (const n of nodes) {
    const list = children.get(n.parentId) ?? [];
    list.push(n);
    children.set(n.parentId, list);
  }
  const place = (n: EnvNode): PlaceRef => ({ id: n.id, modelLabel: n.modelLabel, name: n.name });
  /** The nearest ancestor (or the node itself when `self`) whose label passes. */
  const nearest = (id: number, test: (label: string) => boolean, self = false): EnvNode | undefined => {
    let n = self ? byId.get(id) : byId.get(byId.get(id)?.parentId ?? -1);
    while (n) {
      if (test(n.modelLabel)) return n;
      n = n.parentId === null ? undefined : byId.get(n.parentId);
    }
    return undefined;
  };
  return {
    byId,
    /** The node and everything below it in tree order; the whole project for null. */
    subtree(rootId: number | null): EnvNode[] {
      const out: EnvNode[] = [];
      const visit = (list: readonly EnvNode[]) => {
        for (const n of list) {
          out.push(n);
          visit(children.get(n.id) ?? []);
        }
      };
      if (rootId === null) visit(children.get(null) ?? []);
      else {
        const root = byId.get(rootId);
        if (root) visit([root]);
      }
      return out;
    },
    /** Room, floor and building above a node (a room or floor node is its own). */
    places(id: number, self = false) {
      const room = nearest(id, (l) => ROOM_LABELS.has(l), self);
      const floor = nearest(id, (l) => l === 'floor', self);
      const building = nearest(id, (l) => l === 'building', self);
      return { room: room ? place(room) : null, floor: floor ? place(floor) : null, building: building ? place(building) : null };
    },
  };
}
