import type { UserGroupInfo } from '@ems/contract';

export interface GroupNode {
  id: number;
  name: string;
  memberCount: number;
  children: GroupNode[];
}

/** The flat list as a tree (roots: groups without a parent, or whose parent is missing). */
export function buildGroupTree(groups: readonly UserGroupInfo[]): GroupNode[] {
  const nodes = new Map<number, GroupNode>(groups.map((g) => [g.id, { id: g.id, name: g.name, memberCount: g.memberCount, children: [] }]));
  const roots: GroupNode[] = [];
  for (const g of groups) {
    const node = nodes.get(g.id)!;
    const parent = g.parentId === null ? undefined : nodes.get(g.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The group and every group below it. */
export function subtreeIds(groups: readonly UserGroupInfo[], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const g of groups) {
      if (g.parentId === null || !out.has(g.parentId) || out.has(g.id)) continue;
      out.add(g.id);
      grew = true;
    }
  }
  return out;
}
