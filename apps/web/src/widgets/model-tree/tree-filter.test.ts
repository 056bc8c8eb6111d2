import { describe, expect, it } from 'vitest';
import { filterTree, searchTree, type ModelTreeNode } from './tree-filter';

const tree: ModelTreeNode[] = [
  {
    key: 'project_1',
    title: 'Plant',
    children: [
      { key: 'room_1', title: 'Pump room', children: [{ key: 'pump_1', title: 'Pump 1' }, { key: 'fan_1', title: 'Fan 1' }] },
      { key: 'room_2', title: 'Boiler room', children: [{ key: 'boiler_1', title: 'Boiler 1' }] },
    ],
  },
];

describe('tree filter expands the matches', () => {
  it('keeps matches with their ancestors and expands the ancestors', () => {
    const r = filterTree(tree, 'boiler 1');
    expect(r.nodes).toEqual([{ ...tree[0], children: [{ key: 'room_2', title: 'Boiler room', children: [{ key: 'boiler_1', title: 'Boiler 1' }] }] }]);
    expect(r.expandedKeys.sort()).toEqual(['project_1', 'room_2']);
  });
  it('a matching parent keeps all its children', () => {
    expect(filterTree(tree, 'PUMP ROOM').nodes[0]?.children?.[0]?.children).toHaveLength(2);
  });
  it('empty text keeps everything, nothing found gives an empty tree', () => {
    expect(filterTree(tree, ' ').nodes).toEqual(tree);
    expect(filterTree(tree, 'chiller').nodes).toEqual([]);
  });
  it('search keeps the tree and lists matches and ancestors to expand', () => {
    const r = searchTree(tree, 'pump');
    expect(r.matchedKeys).toEqual(['room_1', 'pump_1']);
    expect(r.expandedKeys).toEqual(['project_1', 'room_1']);
  });
});
