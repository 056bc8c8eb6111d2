import type { HierarchyResult } from '@ems/contract';
import type { ModelRepository, NewNodeRow, NodeChange } from './repository.js';

/*
 * The writes of a hierarchy write, kept and written a few hundred rows to a statement: one statement
 * per node held the event loop for hundreds of ms on SQLite (issue 12).
 */

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

/** The changes to existing nodes not yet written, the last one of each node (it carries all its columns). */
export class NodeUpdates {
  private readonly pending = new Map<number, { change: NodeChange; moved: boolean }>();
  private moves = 0;

  set(change: NodeChange, moved: boolean): void {
    const before = this.pending.get(change.id);
    this.pending.set(change.id, { change, moved: moved || before?.moved === true });
    if (moved) this.moves++;
  }

  /** whether a change not yet written moves a node (so subtrees and sibling lists read from the store are stale) */
  get moving(): boolean {
    return this.moves > 0;
  }

  async flush(repo: ModelRepository, now: number): Promise<void> {
    if (this.pending.size === 0) return;
    const all = [...this.pending.values()];
    // the parent column only where it changed: setting it costs its index and foreign key on every row
    await repo.updateNodes(
      all.filter((u) => u.moved).map((u) => u.change),
      now,
      true,
    );
    await repo.updateNodes(
      all.filter((u) => !u.moved).map((u) => u.change),
      now,
      false,
    );
    this.pending.clear();
    this.moves = 0;
  }
}
