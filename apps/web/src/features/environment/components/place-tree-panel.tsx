import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeNodeRef } from '../../../lib/api/model-tree';
import { ModelTree } from '../../../widgets/model-tree/model-tree';
import type { ModelTreeNode } from '../../../widgets/model-tree/tree-filter';
import { SidePanel } from '../../../widgets/side-panel/side-panel';

/** The place tree on the left (project, buildings, floors, rooms), the picked node highlighted. */
export function PlaceTreePanel({ places, loading, node, onPick, storageKey }: { places: ModelTreeNode[]; loading: boolean; node: TreeNodeRef; onPick: (n: TreeNodeRef) => void; storageKey: string }) {
  const { t } = useTranslation('environment');
  return (
    <SidePanel title={t('tree')} storageKey={storageKey}>
      {loading ? (
        <Skeleton active />
      ) : (
        <ModelTree
          treeData={places}
          defaultExpandedKeys={places.flatMap((n) => [n.key, ...(n.children ?? []).map((c) => c.key)])}
          selectedKey={`${node.modelLabel}_${node.id}`}
          onSelect={(n) => onPick(n.data as TreeNodeRef)}
        />
      )}
    </SidePanel>
  );
}
