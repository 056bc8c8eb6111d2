import { describe, expect, it } from 'vitest';
import type { ModelNode } from '@ems/contract';
import { childLabels, descendantCount, indexTree, moveTargets, nodeKey, optionsByLabel, toTreeNodes, type MoveTarget } from './tree-model';
import { allModelInfo } from './test-utils';

const node = (modelLabel: string, id: number, name: string, children: ModelNode[] = []): ModelNode => ({ modelLabel, id, name, children });

// project 1 → building 2 → floor 3 → room 4 → meter 5 → meter 6; project 1 → distributionroom 7 → transformer 8
const tree = node('project', 1, '示范工厂', [
  node('building', 2, '1#楼', [node('floor', 3, '1F', [node('room', 4, '101', [node('meter', 5, 'M1', [node('meter', 6, 'M2')])])])]),
  node('distributionroom', 7, '配电室', [node('transformer', 8, 'T1')]),
]);
const meta = allModelInfo();
const nameOf = (n: ModelNode) => n.name ?? '';

const flatten = (list: readonly MoveTarget[]): MoveTarget[] => list.flatMap((t) => [t, ...flatten(t.children ?? [])]);

describe('the plant tree in the browser', () => {
  it('keys are label_id; every node is indexed with its parent', () => {
    const index = indexTree(tree);
    expect(index.size).toBe(8);
    expect(index.get('floor_3')?.parent?.id).toBe(2);
    expect(index.get('project_1')?.parent).toBeNull();
    expect(nodeKey({ modelLabel: 'meter', id: 6 })).toBe('meter_6');
  });

  it('ModelTree nodes carry the model node and names', () => {
    const [root] = toTreeNodes(tree, nameOf);
    expect(root).toMatchObject({ key: 'project_1', title: '示范工厂' });
    expect(root?.children?.map((c) => c.key)).toEqual(['building_2', 'distributionroom_7']);
    expect((root?.children?.[1]?.children?.[0]?.data as ModelNode).modelLabel).toBe('transformer');
    expect(toTreeNodes(undefined, nameOf)).toEqual([]);
  });

  it('counts the subtree a delete takes with it', () => {
    expect(descendantCount(tree)).toBe(7);
    expect(descendantCount(tree.children![0]!)).toBe(4);
    expect(descendantCount(node('camera', 9, 'c'))).toBe(0);
  });

  it('add offers the labels model-meta allows under the selected label', () => {
    expect(childLabels('floor', meta).map((i) => i.label)).toContain('room');
    expect(childLabels('floor', meta).map((i) => i.label)).not.toContain('building');
    expect(childLabels('meter', meta).map((i) => i.label)).toEqual(['meter']);
    expect(childLabels('camera', meta)).toEqual([]);
  });

  it('move targets: the moving subtree is left out; other parents are enabled only where the label is allowed', () => {
    const index = indexTree(tree);
    const room = index.get('room_4')!;
    const targets = flatten(moveTargets(tree, room.node, room.parent, meta, nameOf));
    const enabled = targets.filter((t) => !t.disabled).map((t) => t.value);
    expect(targets.map((t) => t.value)).not.toContain('room_4');
    expect(targets.map((t) => t.value)).not.toContain('meter_5'); // inside the room
    expect(enabled).toEqual(['building_2']); // not the project (rooms sit in buildings), floor_3 (current parent), a distribution room or a transformer
  });

  it('a meter may move under another meter, a cabinet-less transformer or the project, not under itself', () => {
    const index = indexTree(tree);
    const m2 = index.get('meter_6')!;
    const enabled = flatten(moveTargets(tree, m2.node, m2.parent, meta, nameOf))
      .filter((t) => !t.disabled)
      .map((t) => t.value);
    expect(enabled).toEqual(['project_1', 'building_2', 'floor_3', 'room_4', 'distributionroom_7', 'transformer_8']);
  });

  it('ref options: nodes of each label of the project', () => {
    expect(optionsByLabel(indexTree(tree), nameOf).meter).toEqual([
      { value: 5, label: 'M1' },
      { value: 6, label: 'M2' },
    ]);
  });
});
