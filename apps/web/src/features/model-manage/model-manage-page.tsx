import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Skeleton, theme } from 'antd';
import type { ModelInfo, ModelNode } from '@ems/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../lib/api/define-query';
import { modelTreeQuery, nodeName } from '../../lib/api/model-tree';
import { useSession } from '../../lib/session';
// module paths rather than the widgets index, which also registers the ECharts charts
import { EmptyState } from '../../widgets/empty-state/empty-state';
import { ModelTree } from '../../widgets/model-tree/model-tree';
import { SidePanel } from '../../widgets/side-panel/side-panel';
import { deleteNode } from './api/delete-node';
import { metaByLabel, modelMetaQuery } from './api/get-model-meta';
import { MoveDialog, type MoveRequest } from './components/move-dialog';
import { NodeDetails } from './components/node-details';
import { NodeFormDialog, type NodeFormTarget } from './components/node-form-dialog';
import { childLabels, descendantCount, indexTree, moveTargets, nodeKey, optionsByLabel, toTreeNodes } from './tree-model';

const NO_META: ReadonlyMap<string, ModelInfo> = new Map();

/**
 * Model management (/modelManage): the project's plant tree on the left; the selected node's
 * details and its actions (add child, edit, move, delete) on the right. Selection and the tree's
 * expanded branches survive every save.
 */
export default function ModelManagePage() {
  const { t, i18n } = useTranslation('model-manage');
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const projectId = useSession((s) => s.projectId);
  const english = i18n.language === 'en-US';
  const meta = useQuery({ ...modelMetaQuery(i18n.language), select: metaByLabel }).data ?? NO_META;
  const treeQuery = useQuery({ ...modelTreeQuery(projectId ?? -1), enabled: projectId !== null });
  const root = treeQuery.data ?? undefined;

  const nameOf = useCallback((n: ModelNode) => nodeName(n, english), [english]);
  const index = useMemo(() => indexTree(root), [root]);
  const treeData = useMemo(() => toTreeNodes(root, nameOf), [root, nameOf]);
  const refOptions = useMemo(() => optionsByLabel(index, nameOf), [index, nameOf]);
  const rootKey = projectId === null ? undefined : nodeKey({ modelLabel: 'project', id: projectId });
  const [picked, setPicked] = useState<string>();
  const selectedKey = picked !== undefined && index.has(picked) ? picked : rootKey;
  const selected = selectedKey === undefined ? undefined : index.get(selectedKey);

  const [formTarget, setFormTarget] = useState<NodeFormTarget | null>(null);
  const [moveRequest, setMoveRequest] = useState<MoveRequest | null>(null);
  const refresh = () => invalidate(queryClient, modelTreeQuery);

  const openMove = (node: ModelNode, parent: ModelNode) =>
    setMoveRequest({
      node,
      name: nameOf(node),
      parent,
      parentName: nameOf(parent),
      targets: moveTargets(root, node, parent, meta, nameOf),
      resolve: (key) => index.get(key)?.node,
    });

  const confirmDelete = (node: ModelNode, parent: ModelNode) => {
    const count = descendantCount(node);
    const name = nameOf(node);
    modal.confirm({
      title: t('common:prompt'),
      content: (
        <div data-testid="delete-confirm">
          <div>{t('common:confirmDelete')}</div>
          <div>{count > 0 ? t('deleteWithSubtree', { name, count }) : t('deleteLeaf', { name })}</div>
        </div>
      ),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteNode(node);
        } catch {
          return; // the client has shown the server's msg
        }
        void message.success(t('common:deleteSucceeded'));
        setPicked(nodeKey(parent));
        await refresh();
      },
      onCancel: () => void message.info(t('common:deleteCancelled')),
    });
  };

  if (projectId === null) return <EmptyState />;
  return (
    <Flex gap={token.padding} style={{ height: '100%' }} data-testid="model-manage">
      <SidePanel title={t('treeTitle')} width={320} storageKey="modelManage.treeCollapsed">
        {treeQuery.isLoading ? (
          <Skeleton active />
        ) : (
          <div data-testid="model-tree" style={{ height: '100%' }}>
            <ModelTree key={projectId} treeData={treeData} selectedKey={selectedKey} defaultExpandedKeys={rootKey ? [rootKey] : []} onSelect={(n) => setPicked(String(n.key))} />
          </div>
        )}
      </SidePanel>
      <div style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        {selected ? (
          <NodeDetails
            node={selected.node}
            name={nameOf(selected.node)}
            info={meta.get(selected.node.modelLabel)}
            childInfos={childLabels(selected.node.modelLabel, meta)}
            descendants={descendantCount(selected.node)}
            refName={(label, id) => {
              const hit = index.get(nodeKey({ modelLabel: label, id }));
              return hit && nameOf(hit.node);
            }}
            onAdd={(info) => setFormTarget({ mode: 'create', info, parent: selected.node, parentName: nameOf(selected.node) })}
            onEdit={() => {
              const info = meta.get(selected.node.modelLabel);
              if (info) setFormTarget({ mode: 'edit', info, node: selected.node });
            }}
            onMove={() => selected.parent && openMove(selected.node, selected.parent)}
            onDelete={() => selected.parent && confirmDelete(selected.node, selected.parent)}
          />
        ) : (
          !treeQuery.isLoading && <EmptyState description={t('noSelection')} />
        )}
      </div>
      <NodeFormDialog
        target={formTarget}
        refOptions={refOptions}
        onClose={() => setFormTarget(null)}
        onSaved={(createdKey) => {
          if (createdKey) setPicked(createdKey);
          void refresh();
        }}
      />
      <MoveDialog request={moveRequest} onClose={() => setMoveRequest(null)} onSaved={() => void refresh()} />
    </Flex>
  );
}
