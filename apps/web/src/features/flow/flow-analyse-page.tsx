import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Skeleton, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowQuery } from '@ems/contract';
import { rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { DateRangeSelector, EChart } from '../../widgets';
import { exportFlow } from './api/export-flow';
import { periodFlowQuery } from './api/get-period-flow';
import { EnergyTypeSelect, NodeTreePanel, useFlowNode } from './components/flow-filters';
import { FlowFaults } from './components/flow-faults';
import { FlowKpis } from './components/flow-kpis';
import { FlowTable } from './components/flow-table';
import { sankeyHeight, sankeyOption } from './sankey-view';
import { useProjectZone } from '../../lib/time';

/**
 * Energy flow analysis (/energyFlowAnalyse, DOMAIN §1, §2): for a node, energy type and range, the
 * Sankey from the supply through the distribution levels to the end uses and equipment, each
 * parent's loss as its own branch; totals, metering faults, and the table of flows with export.
 */
export default function FlowAnalysePage() {
  const { t } = useTranslation('flow');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const flowNode = useFlowNode(projectId);
  const { node, energyType, setEnergyType } = flowNode;
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const [exporting, setExporting] = useState(false);
  const body: FlowQuery | null = node ? { nodeId: node.id, modelLabel: node.modelLabel, energyType, startTime: range.startTime, endTime: range.endTime, dateType: range.type } : null;
  const result = useQuery({ ...periodFlowQuery(body as FlowQuery), enabled: body !== null, placeholderData: keepPreviousData });
  const data = result.data;
  const option = useMemo(
    () =>
      data
        ? sankeyOption(
            data,
            { supply: t('supply'), loss: t('loss'), unmetered: t('unmetered'), shareOfSource: t('shareOfSource'), shareOfSupply: t('shareOfSupply'), lossRate: t('lossRate') },
            { loss: token.colorError, unmetered: token.colorWarning, fault: token.colorError, text: token.colorText },
          )
        : null,
    [data, t, token],
  );

  const onExport = async () => {
    if (!body) return;
    setExporting(true);
    try {
      await exportFlow(body);
    } finally {
      setExporting(false);
    }
  };

  if (projectId === null) return <Empty description={t('noProject')} />;
  return (
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="flow-analyse-page" data-ready={data !== undefined && !result.isFetching}>
      <NodeTreePanel flowNode={flowNode} storageKey="flow.analyse.sidePanel" />
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Flex wrap align="center" gap={token.margin} data-testid="flow-toolbar">
          <Typography.Text strong data-testid="flow-title">
            {data ? data.name : ''}
          </Typography.Text>
          <EnergyTypeSelect value={energyType} available={data?.energyTypes} onChange={setEnergyType} />
          <DateRangeSelector value={range} onChange={setRange} />
          {result.isFetching && <Spin size="small" />}
        </Flex>
        {result.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        {!data || !option ? (
          <Skeleton active />
        ) : (
          <>
            {data.meterCount === 0 && <Alert type="info" showIcon title={t('noMeters')} />}
            <FlowKpis flow={data} />
            <FlowFaults graph={data} unit={data.unit} />
            <Card size="small" title={t('sankey')} data-testid="flow-sankey">
              {/* a new height remounts the chart: the canvas takes the new size at once */}
              <EChart key={sankeyHeight(data)} option={option} height={sankeyHeight(data)} loading={result.isFetching} />
            </Card>
            <FlowTable flow={data} onExport={() => void onExport()} exporting={exporting} />
          </>
        )}
      </Flex>
    </Flex>
  );
}
