import { describe, expect, it } from 'vitest';
import { userTree } from './user-tree-picker';

describe('the user tree of a mail scheme', () => {
  it('groups hold their sub-groups and users; users in no group at the top; empty groups left out; users without an address disabled', () => {
    const tree = userTree({
      groups: [
        { id: 1, parentId: null, name: 'Plant' },
        { id: 2, parentId: 1, name: 'Shift A' },
        { id: 3, parentId: null, name: 'Empty' },
      ],
      users: [
        { id: 7, name: 'a', nicName: 'Anna', email: 'anna@x.cn', groupId: 2 },
        { id: 8, name: 'b', nicName: '', email: 'b@x.cn', groupId: 1 },
        { id: 9, name: 'c', nicName: 'Chen', email: '', groupId: null },
      ],
    });
    expect(tree).toEqual([
      {
        value: 'g1',
        title: 'Plant',
        children: [
          { value: 'g2', title: 'Shift A', children: [{ value: 'u7', title: 'Anna <anna@x.cn>', disabled: false, children: [] }] },
          { value: 'u8', title: 'b <b@x.cn>', disabled: false, children: [] },
        ],
      },
      { value: 'u9', title: 'Chen', disabled: true, children: [] },
    ]);
  });
});
