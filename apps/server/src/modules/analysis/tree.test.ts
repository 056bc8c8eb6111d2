import { describe, expect, it } from 'vitest';
import type { NodeRow } from './repository.js';
import { buildTree, subtreeCounters, subtreeMeters } from './tree.js';

const meter = (id: number, parentId: number | null, attrs: Record<string, unknown>, name = `m${id}`): NodeRow => ({ id, parentId, modelLabel: 'meter', name, attrs: JSON.stringify(attrs) });
const place = (id: number, parentId: number | null, name = `p${id}`): NodeRow => ({ id, parentId, modelLabel: 'building', name, attrs: '{}' });

/** A plant: a building (1) with an incomer (10), a feeder under it (11) and a workshop (2) holding a water meter (20). */
const plant = (): NodeRow[] => [place(1, null), meter(10, 1, { energyType: 2 }), meter(11, 10, { energyType: 2 }), place(2, 1), meter(20, 2, { energyType: 3 })];
const counters = (rows: NodeRow[], root: number | null) => subtreeCounters(buildTree(rows), root).map((m) => [m.id, m.energyType, m.topLevel]);

describe('the node tree of an analysis call', () => {
  it('subtrees and their counter meters: the feeder under the incomer is not top-level; a workshop holds its own', () => {
    expect(counters(plant(), null)).toEqual([
      [10, 2, true],
      [11, 2, false],
      [20, 3, true],
    ]);
    expect(counters(plant(), 2)).toEqual([[20, 3, true]]);
    expect(subtreeMeters(buildTree(plant()), 10).map((m) => [m.id, m.treeParentMeterId])).toEqual([
      [10, null],
      [11, 10],
    ]);
  });

  it('rows equal to a recent read give that tree and its lists again (fresh arrays, same content)', () => {
    const a = buildTree(plant());
    const b = buildTree(plant());
    expect(b).toBe(a);
    expect(subtreeCounters(b, null)).toBe(subtreeCounters(a, null));
  });

  it('an edited, moved, added or removed node builds anew, and its meters are classified again', () => {
    const before = buildTree(plant());
    expect(subtreeCounters(before, null).map((m) => m.id)).toEqual([10, 11, 20]);

    // the feeder's attrs edited: now a gas meter (still under the incomer in the tree, but an
    // electricity meter is no parent of gas: a gas supply of its own)
    const edited = plant();
    edited[2] = meter(11, 10, { energyType: 15 });
    expect(buildTree(edited)).not.toBe(before);
    expect(counters(edited, null)).toEqual([
      [10, 2, true],
      [11, 15, true],
      [20, 3, true],
    ]);

    // the water meter moved under the building
    const moved = plant();
    moved[4] = meter(20, 1, { energyType: 3 });
    expect(counters(moved, 2)).toEqual([]);

    // renamed
    const renamed = plant();
    renamed[1] = meter(10, 1, { energyType: 2 }, 'incomer 1');
    expect(subtreeMeters(buildTree(renamed), 10)[0]?.name).toBe('incomer 1');

    // a node added, then one removed
    expect(counters([...plant(), meter(21, 2, { energyType: 3 })], 2).map((m) => m[0])).toEqual([20, 21]);
    expect(counters(plant().slice(0, 4), null).map((m) => m[0])).toEqual([10, 11]);

    // and the original rows again: the original classes
    expect(counters(plant(), null).map((m) => m[1])).toEqual([2, 2, 3]);
  });
});
