import { useState, type ReactNode } from 'react';
import { Flex, Select, Skeleton, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENERGY_TYPE, FORECAST_METHOD_VALUES, type ForecastMethod } from '@ems/contract';
import { useModelTreeNodes, type TreeNodeRef } from '../../../lib/api/model-tree';
import { energyTypeOptions } from '../../../lib/model-label';
import { useSession } from '../../../lib/session';
import { ModelTree, SidePanel, type ModelTreeNode } from '../../../widgets';

/**
 * The node, energy type and method a forecast page is about: the project (the tree's root) until one
 * is picked — known from the session, so the page's request goes out with the tree's, not after it.
 */
export function useForecastControls() {
  const projectId = useSession((s) => s.projectId);
  const tree = useModelTreeNodes(projectId);
  const [picked, setPicked] = useState<TreeNodeRef | null>(null);
  const [energyType, setEnergyType] = useState<number>(ENERGY_TYPE.electricity);
  const [method, setMethod] = useState<ForecastMethod>('auto');
  const root = (tree.data?.[0]?.data as TreeNodeRef | undefined) ?? (projectId === null ? null : { id: projectId, modelLabel: 'project', name: '' });
  const node = picked ?? root;
  return { projectId, tree, node, setPicked, energyType, setEnergyType, method, setMethod };
}

export type ForecastControls = ReturnType<typeof useForecastControls>;

/**
 * The forecast pages' frame: the project's node tree, then the title with the node, the energy
 * type (those with meters under the node), the method and the page's own toolbar items. `ready`
 * (data-ready) tells that the page's data for the current choices is drawn.
 */
export function ForecastFrame({
  pageKey,
  title,
  c,
  energyTypes,
  fetching,
  ready,
  extra,
  children,
}: {
  pageKey: string;
  title: string;
  c: ForecastControls;
  energyTypes: readonly number[];
  fetching: boolean;
  ready: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('forecast');
  const { token } = theme.useToken();
  const english = i18n.language.startsWith('en');
  const codes = new Set([...energyTypes, c.energyType]);
  const typeOptions = energyTypeOptions(codes, english);
  return (
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid={`forecast-page-${pageKey}`} data-ready={ready}>
      <SidePanel title={t('tree')} storageKey={`forecast.${pageKey}.sidePanel`}>
        {c.tree.isLoading ? (
          <Skeleton active />
        ) : (
          <div data-testid="forecast-tree">
            <ModelTree
              treeData={c.tree.data ?? []}
              defaultExpandedKeys={(c.tree.data ?? []).map((n) => n.key)}
              selectedKey={c.node ? `${c.node.modelLabel}_${c.node.id}` : undefined}
              onSelect={(n: ModelTreeNode) => c.setPicked(n.data as TreeNodeRef)}
            />
          </div>
        )}
      </SidePanel>
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Flex wrap align="center" gap={token.margin}>
          <Typography.Text strong data-testid="forecast-title">
            {title}
            {c.node?.name ? ` · ${c.node.name}` : ''}
          </Typography.Text>
          <Flex align="center" gap={token.marginXS}>
            <span>{t('energyType')}</span>
            <Select<number> data-testid="forecast-energy-type" value={c.energyType} onChange={c.setEnergyType} style={{ width: 140 }} options={typeOptions} />
          </Flex>
          <Flex align="center" gap={token.marginXS}>
            <span>{t('method')}</span>
            <Select<ForecastMethod>
              data-testid="forecast-method"
              value={c.method}
              onChange={c.setMethod}
              style={{ width: english ? 200 : 170 }}
              options={FORECAST_METHOD_VALUES.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
            />
          </Flex>
          {extra}
          {fetching && <Spin size="small" />}
        </Flex>
        {children}
      </Flex>
    </Flex>
  );
}
