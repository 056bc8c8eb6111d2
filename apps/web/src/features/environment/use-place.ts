import { useMemo, useState } from 'react';
import { useModelTreeNodes, type TreeNodeRef } from '../../lib/api/model-tree';
import { useSession } from '../../lib/session';
import { placeTree } from './container-tree';

/** The project's place tree and the picked place (the project until one is picked). */
export function usePlace() {
  const projectId = useSession((s) => s.projectId);
  const tree = useModelTreeNodes(projectId);
  const places = useMemo(() => placeTree(tree.data ?? []), [tree.data]);
  const [picked, setPicked] = useState<TreeNodeRef | null>(null);
  const node: TreeNodeRef | null = picked ?? (projectId === null ? null : { id: projectId, modelLabel: 'project', name: '' });
  return { projectId, places, loading: tree.isLoading, node, setPicked };
}
