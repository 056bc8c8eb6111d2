import type { HierarchyResult } from '@ems/contract';
import type { ModelRepository, NewNodeRow } from './repository.js';

/**
 * A node the write creates. Its row is inserted later with the others (one INSERT per few hundred
 * rows, not one per node: 5,000 single-row inserts held the event loop for 200–700 ms on SQLite), so
 * its id, and the parentId of a child of another new node, are filled in the reply when it is.
 */
export class NewNode {
  id: number | undefined;

  constructor(
    readonly row: Omit<NewNodeRow, 'parent_id'>,
    readonly parent: number | NewNode | null,
    readonly reply: HierarchyResult,
  ) {}
}

/** A node's id: an existing node's, or a new node's once inserted. */
export function idOf(n: number | NewNode): number {
  if (typeof n === 'number') return n;
  if (n.id === undefined) throw new Error('a new node is read before it is inserted');
  return n.id;
}

/**
 * The new nodes not yet inserted, in the order of the request. `flush` inserts them level by level
 * (a parent's level before its children's), each level in the request's order.
 */
export class NewNodes {
  private pending: NewNode[] = [];

  add(n: NewNode): void {
    this.pending.push(n);
  }

  get size(): number {
    return this.pending.length;
  }

  async flush(repo: ModelRepository, now: number): Promise<void> {
    for (const level of levels(this.pending)) {
      const ids = await repo.insertNodes(
        level.map((n) => ({ ...n.row, parent_id: n.parent === null ? null : idOf(n.parent) })),
        now,
      );
      for (const [i, n] of level.entries()) {
        n.id = ids[i] as number;
        n.reply.id = n.id;
        n.reply.parentId = n.parent === null ? null : idOf(n.parent);
      }
    }
    this.pending = [];
  }
}

/** The nodes by depth below the first node not yet inserted; a parent always comes before its children. */
export function levels(nodes: readonly NewNode[]): NewNode[][] {
  const depth = new Map<NewNode, number>();
  const out: NewNode[][] = [];
  for (const n of nodes) {
    const p = n.parent;
    const d = p instanceof NewNode && p.id === undefined ? (depth.get(p) ?? 0) + 1 : 0;
    depth.set(n, d);
    (out[d] ??= []).push(n);
  }
  return out;
}
