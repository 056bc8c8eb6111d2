import { useState, type ReactNode } from 'react';
import { Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { rangeOf, type DateRange, type DateRangeType } from '@ems/domain';
import { useModelTreeNodes, type TreeNodeRef } from '../../../lib/api/model-tree';
import { useSession } from '../../../lib/session';
import { DateRangeSelector, ModelTree, SidePanel, type ModelTreeNode } from '../../../widgets';
import { useProjectZone } from '../../../lib/time';

export interface CostShellProps {
  pageKey: string;
  title: string;
  types: readonly DateRangeType[];
  defaultType: DateRangeType;
  /** toolbar items after the selector */
  extra?: ReactNode;
  children: (node: TreeNodeRef, range: DateRange) => ReactNode;
}

/** The cost pages' frame: the project's node tree, the title with the node, the date-range selector, then the page body. */
export function CostShell({ pageKey, title, types, defaultType, extra, children }: CostShellProps) {
  const { t } = useTranslation('cost');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const tree = useModelTreeNodes(projectId);
  const [picked, setPicked] = useState<TreeNodeRef | null>(null);
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(defaultType, Date.now(), zone));
  // the tree's root is the project itself: its bills are asked for at once, beside the tree (not after it)
  const node = picked ?? (tree.data?.[0]?.data as TreeNodeRef | undefined) ?? (projectId !== null ? { id: projectId, modelLabel: 'project', name: '' } : null);
  if (projectId === null) return <Empty />;
  return (
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid={`cost-page-${pageKey}`}>
      <SidePanel title={t('tree')} storageKey={`cost.${pageKey}.sidePanel`}>
        {tree.isLoading ? (
          <Skeleton active />
        ) : (
          <ModelTree
            treeData={tree.data ?? []}
            defaultExpandedKeys={(tree.data ?? []).map((n) => n.key)}
            selectedKey={node ? `${node.modelLabel}_${node.id}` : undefined}
            onSelect={(n: ModelTreeNode) => setPicked(n.data as TreeNodeRef)}
          />
        )}
      </SidePanel>
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Flex wrap align="center" gap={token.margin}>
          <Typography.Text strong data-testid="cost-title">
            {title}
            {node?.name ? ` · ${node.name}` : ''}
          </Typography.Text>
          <DateRangeSelector value={range} onChange={setRange} types={types} />
          {extra}
        </Flex>
        {node ? children(node, range) : <Skeleton active />}
      </Flex>
    </Flex>
  );
}
