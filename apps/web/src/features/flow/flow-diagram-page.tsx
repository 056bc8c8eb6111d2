import './echarts-graph';
import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveFlowQuery } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import { useSession } from '../../lib/session';
import { useFormatTime } from '../../lib/time';
import { EChart, usePeriodicTask } from '../../widgets';
import { liveFlowQuery } from './api/get-live-flow';
import { EnergyTypeSelect, NodeTreePanel, useFlowNode } from './components/flow-filters';
import { FlowFaults } from './components/flow-faults';
import { diagramHeight, diagramModel, diagramOption } from './diagram-view';
import { formatPct } from './flow-view';

/**
 * Energy flow diagram (/energyFlowAnalysis): the node's supply structure drawn from the model —
 * supply at the left, levels to the right, edges as wide as the live value — refreshed by the
 * periodic task runner; offline meters greyed; today's total on hover.
 */
export default function FlowDiagramPage() {
  const { t } = useTranslation('flow');
  const { token } = theme.useToken();
  const time = useFormatTime();
  const projectId = useSession((s) => s.projectId);
  const flowNode = useFlowNode(projectId);
  const { node, energyType, setEnergyType } = flowNode;
  const body: LiveFlowQuery | null = node ? { nodeId: node.id, modelLabel: node.modelLabel, energyType } : null;
  const live = useQuery({ ...liveFlowQuery(body as LiveFlowQuery), enabled: body !== null, placeholderData: keepPreviousData });
  usePeriodicTask(
    async () => {
      await live.refetch();
    },
    { enabled: body !== null },
  );
  const data = live.data;
  const option = useMemo(
    () =>
      data
        ? diagramOption(
            data,
            { loss: t('loss'), unmetered: t('unmetered'), offline: t('offlineMark'), today: t('today'), at: t('at'), lossRate: t('lossRate'), source: { power: t('source.power'), flow: t('source.flow'), rate15m: t('source.rate15m'), none: t('source.none') } },
            { node: token.colorPrimary, link: token.colorPrimary, loss: token.colorError, unmetered: token.colorWarning, offline: token.colorTextDisabled, text: token.colorText },
          )
        : null,
    [data, t, token],
  );
  const rows = useMemo(() => (data ? diagramModel(data).rows : 0), [data]);

  if (projectId === null) return <Empty description={t('noProject')} />;
  const rate = displayUnit(data?.rateUnit);
  const offline = data?.meters.filter((m) => !m.online).length ?? 0;
  const sources = [...new Set(data?.meters.filter((m) => m.source !== 'none').map((m) => m.source) ?? [])];
  return (
    // data-ready: the live flow of the current node and energy type is drawn (the periodic refresh keeps it; another node's kept data does not count)
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="flow-diagram-page" data-ready={data !== undefined && !live.isPlaceholderData}>
      <NodeTreePanel flowNode={flowNode} storageKey="flow.diagram.sidePanel" />
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Flex wrap align="center" gap={token.margin} data-testid="flow-toolbar">
          <Typography.Text strong data-testid="flow-title">
            {data ? data.name : ''}
          </Typography.Text>
          <EnergyTypeSelect value={energyType} available={data?.energyTypes} onChange={setEnergyType} />
          {data && (
            <>
              <Typography.Text type="secondary" data-testid="flow-refreshed">
                {t('refreshed', { time: time(data.now) })}
              </Typography.Text>
              <Tag color="success">{t('online', { count: data.meters.length - offline })}</Tag>
              <Tag data-testid="flow-offline-count">{t('offline', { count: offline })}</Tag>
              {sources.map((s) => (
                <Tag key={s} color="processing">
                  {t(`source.${s}`)}
                </Tag>
              ))}
            </>
          )}
        </Flex>
        {live.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        {!data || !option ? (
          <Skeleton active />
        ) : (
          <>
            {data.meters.length === 0 && <Alert type="info" showIcon title={t('noMeters')} />}
            <Flex wrap gap={token.margin}>
              <Typography.Text data-testid="flow-live-supply">
                {t('liveSupply')}: <Typography.Text strong>{`${formatThousands(data.totals.supply, 1)} ${rate}`}</Typography.Text>
              </Typography.Text>
              <Typography.Text data-testid="flow-live-loss">
                {t('liveLoss')}: <Typography.Text strong style={{ color: token.colorError }}>{`${formatThousands(data.totals.loss, 1)} ${rate} · ${formatPct(data.totals.lossRatePct)}`}</Typography.Text>
              </Typography.Text>
              <Typography.Text type="secondary">{t('legend')}</Typography.Text>
            </Flex>
            <FlowFaults graph={data} unit={data.rateUnit} live />
            <Card size="small" title={t('diagram')} data-testid="flow-diagram">
              {/* SVG: each node and label is an element of the page (hover, tests) */}
              <EChart key={diagramHeight(rows)} option={option} height={diagramHeight(rows)} notMerge={false} renderer="svg" />
            </Card>
          </>
        )}
      </Flex>
    </Flex>
  );
}
