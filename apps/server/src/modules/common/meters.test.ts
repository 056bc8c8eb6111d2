import { describe, expect, it } from 'vitest';
import { classifyMeters, meterLinks, meterRowsOf, type MeterRow } from './meters.js';

const row = (id: number, attrs: Record<string, unknown>, treeParentMeterId: number | null = null): MeterRow => ({ id, name: `m${id}`, attrs: JSON.stringify(attrs), treeParentMeterId });

describe('the metering structure: a total is its supply meters\' total, following the parent chains', () => {
  /** incomer 1 → main 2 → feeder 3 → machine 4; a water main 10 with a branch 11; an air header 20 with a compressor's output meter 21 */
  const project = [
    row(1, { energyType: 2 }),
    row(2, { energyType: 2, parentMeterId: 1 }),
    row(3, { energyType: 2, parentMeterId: 2 }),
    row(4, { energyType: 2 }, 3),
    row(10, { energyType: 3 }),
    row(11, { energyType: 3, parentMeterId: 10 }),
    row(20, { energyType: 45 }),
    row(21, { energyType: 45, purpose: 'output' }),
  ];
  const links = meterLinks(project);
  const tops = (ids: number[]) =>
    classifyMeters(
      project.filter((r) => ids.includes(r.id)),
      links,
    )
      .filter((m) => m.topLevel)
      .map((m) => m.id);

  it('the project: one supply per medium; an output meter is no consumption', () => {
    expect(tops(project.map((r) => r.id))).toEqual([1, 10, 20]);
    expect(links.has(21)).toBe(false);
  });

  it('a subset counts a meter once at its highest member, the chain followed through meters outside it', () => {
    // the machine (4) hangs under the feeder (3), which is outside the set, under the main (2), inside it
    expect(tops([2, 4])).toEqual([2]);
    // without the main, the machine is a supply of the set
    expect(tops([3, 4])).toEqual([3]);
    expect(tops([4, 11])).toEqual([4, 11]);
  });

  it('a parent of another energy type, one that is no counter meter, or itself makes a supply; a cycle is cut', () => {
    const l = meterLinks([
      row(1, { energyType: 2 }),
      row(2, { energyType: 3, parentMeterId: 1 }),
      row(3, { energyType: 2, parentMeterId: 99 }),
      row(4, { energyType: 2, parentMeterId: 4 }),
      row(5, { energyType: 2, parentMeterId: 6 }),
      row(6, { energyType: 2, parentMeterId: 5 }),
      row(7, { energyType: 2, parentMeterId: 8 }),
      row(8, { energyType: 2, purpose: 'output' }),
    ]);
    expect([...l.values()].map((m) => [m.id, m.parent])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, null],
      [5, null],
      [6, 5],
      [7, null],
    ]);
  });

  it('accuracy class: the meter\'s own, else its energy type\'s default', () => {
    const l = meterLinks([row(1, { energyType: 2, accuracyClass: 0.5 }), row(2, { energyType: 2 }), row(3, { energyType: 3, accuracyClass: '1.5' })]);
    expect([...l.values()].map((m) => m.accuracyPct)).toEqual([0.5, 1, 1.5]);
  });

  it('meterRowsOf: a meter\'s tree parent counts when it is a meter', () => {
    const rows = meterRowsOf([
      { id: 1, parentId: null, name: 'room', attrs: '{}', modelLabel: 'room' },
      { id: 2, parentId: 1, name: 'main', attrs: JSON.stringify({ energyType: 2 }), modelLabel: 'meter' },
      { id: 3, parentId: 2, name: 'sub', attrs: JSON.stringify({ energyType: 2 }), modelLabel: 'meter' },
    ]);
    expect(rows.map((r) => [r.id, r.treeParentMeterId])).toEqual([
      [2, null],
      [3, 2],
    ]);
    expect(classifyMeters(rows).map((m) => [m.id, m.topLevel, m.endUse])).toEqual([
      [2, true, false],
      [3, false, true],
    ]);
  });
});
