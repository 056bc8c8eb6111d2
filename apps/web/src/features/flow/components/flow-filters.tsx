import { useState } from 'react';
import { Flex, Select, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENERGY_TYPE } from '@ems/contract';
import { energyTypeOptions } from '../../../lib/model-label';
import { useModelTreeNodes, type TreeNodeRef } from '../../../lib/api/model-tree';
import { ModelTree, SidePanel, type ModelTreeNode } from '../../../widgets';

/**
 * The node (default the project, the tree's root — known from the session, so the page's request goes
 * out with the tree's, not after it) and energy type both flow pages read.
 */
export function useFlowNode(projectId: number | null) {
  const tree = useModelTreeNodes(projectId);
  const [picked, setPicked] = useState<TreeNodeRef | null>(null);
  const [energyType, setEnergyType] = useState<number>(ENERGY_TYPE.electricity);
  const root = (tree.data?.[0]?.data as TreeNodeRef | undefined) ?? (projectId === null ? null : { id: projectId, modelLabel: 'project', name: '' });
  return { tree, node: picked ?? root, setPicked, energyType, setEnergyType };
}

export function NodeTreePanel({ flowNode, storageKey }: { flowNode: ReturnType<typeof useFlowNode>; storageKey: string }) {
  const { t } = useTranslation('flow');
  const { tree, node, setPicked } = flowNode;
  return (
    <SidePanel title={t('tree')} storageKey={storageKey}>
      {tree.isLoading ? (
        <Skeleton active />
      ) : (
        <div data-testid="flow-tree">
          <ModelTree
            treeData={tree.data ?? []}
            defaultExpandedKeys={(tree.data ?? []).map((n) => n.key)}
            selectedKey={node ? `${node.modelLabel}_${node.id}` : undefined}
            onSelect={(n: ModelTreeNode) => setPicked(n.data as TreeNodeRef)}
          />
        </div>
      )}
    </SidePanel>
  );
}

/** The energy types that have meters under the node (and the current one). */
export function EnergyTypeSelect({ value, available, onChange }: { value: number; available: readonly number[] | undefined; onChange: (v: number) => void }) {
  const { t, i18n } = useTranslation('flow');
  const { token } = theme.useToken();
  const english = i18n.language.startsWith('en');
  const codes = new Set([...(available ?? []), value]);
  const options = energyTypeOptions(codes, english);
  return (
    <Flex align="center" gap={token.marginXS}>
      <span>{t('energyType')}</span>
      <Select<number> data-testid="flow-energy-type" value={value} onChange={onChange} style={{ width: 140 }} options={options} />
    </Flex>
  );
}
