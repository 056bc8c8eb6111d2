import { describe, expect, it } from 'vitest';
import type { ModelTreeNode } from '../../widgets/model-tree/tree-filter';
import { placeTree } from './container-tree';

const n = (modelLabel: string, id: number, children: ModelTreeNode[] = []): ModelTreeNode => ({ key: `${modelLabel}_${id}`, title: `${modelLabel} ${id}`, data: { id, modelLabel, name: '' }, children });

describe('placeTree', () => {
  it('keeps project, buildings, floors, rooms and distribution rooms; drops meters, sensors and cameras with their children', () => {
    const tree = [n('project', 1, [n('building', 2, [n('floor', 3, [n('room', 4, [n('gasdetector', 5), n('meter', 6, [n('meter', 7)])])])]), n('distributionroom', 8, [n('transformer', 9)]), n('camera', 10)])];
    const keys = (list: ModelTreeNode[]): unknown[] => list.map((x) => [x.key, keys(x.children ?? [])]);
    expect(keys(placeTree(tree))).toEqual([['project_1', [['building_2', [['floor_3', [['room_4', []]]]]], ['distributionroom_8', []]]]]);
  });
});
