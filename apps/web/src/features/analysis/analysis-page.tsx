import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Col, Empty, Flex, Row, Select, Skeleton, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENERGY_TYPE, type ConsumptionQuery } from '@ems/contract';
import { rangeOf, type DateRange } from '@ems/domain';
import { useModelTreeNodes, type TreeNodeRef } from '../../lib/api/model-tree';
import { energyTypeOptions } from '../../lib/model-label';
import { useSession } from '../../lib/session';
import { DateRangeSelector, ModelTree, SidePanel, type ModelTreeNode } from '../../widgets';
import { METRICS } from './api/metrics';
import { AnalysisTable } from './components/analysis-table';
import { BarsCard } from './components/bars-card';
import { EXTRA_PANELS } from './components/extra-panels';
import { GrainSelect } from './components/grain-select';
import { KpiCards } from './components/kpi-cards';
import { RankingCard } from './components/ranking-card';
import type { AnalysisPageDefinition } from './definitions';
import { grainAllowed, type GrainChoice } from './analysis-view';
import { useFormatTime, useProjectZone } from '../../lib/time';

/**
 * The generic analysis page (spec section 2, issue 5): the project's node tree, an energy type, the
 * shared date-range selector; KPI cards, bars per bucket with last year's line, the children ranked
 * and a table with export, all as the route's definition says. It never looks at the route key.
 */
export function AnalysisPage({ definition }: { definition: AnalysisPageDefinition }) {
  const { t, i18n } = useTranslation('analysis');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const tree = useModelTreeNodes(projectId);
  const [picked, setPicked] = useState<TreeNodeRef | null>(null);
  const [energyType, setEnergyType] = useState<number>(ENERGY_TYPE.electricity);
  const zone = useProjectZone();
  const time = useFormatTime();
  const [range, setRange] = useState<DateRange>(() => rangeOf(definition.defaultDateType, Date.now(), zone));
  const [grain, setGrain] = useState<GrainChoice>('auto');
  // a grain the new range is too long for goes back to automatic
  const onRange = (next: DateRange) => {
    setRange(next);
    if (!grainAllowed(grain, next, zone)) setGrain('auto');
  };
  const [exporting, setExporting] = useState(false);
  const metric = METRICS[definition.metric];

  // the tree's root is the project itself: ask for its figures at once, beside the tree (not after it)
  const rootNode = (tree.data?.[0]?.data as TreeNodeRef | undefined) ?? (projectId !== null ? { id: projectId, modelLabel: 'project', name: '' } : undefined);
  const node = picked ?? rootNode ?? null;
  const body: ConsumptionQuery | null = node
    ? { nodeId: node.id, modelLabel: node.modelLabel, energyType, startTime: range.startTime, endTime: range.endTime, dateType: range.type, ...(grain === 'auto' ? {} : { grain }) }
    : null;
  const result = useQuery({ ...metric.query(body as ConsumptionQuery), enabled: body !== null, placeholderData: keepPreviousData });
  const data = result.data;

  const english = i18n.language.startsWith('en');
  const typeOptions = useMemo(() => {
    const codes = new Set([...(data?.energyTypes ?? []), energyType]);
    return energyTypeOptions(codes, english);
  }, [data?.energyTypes, energyType, english]);

  const onExport = async () => {
    if (!body) return;
    setExporting(true);
    try {
      await metric.exportTable(body);
    } finally {
      setExporting(false);
    }
  };

  if (projectId === null) return <Empty />;
  const Extra = definition.extraPanel ? EXTRA_PANELS[definition.extraPanel] : null;
  return (
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="analysis-page" data-ready={data !== undefined && !result.isFetching}>
      <SidePanel title={t('tree')} storageKey={`analysis.${definition.key}.sidePanel`}>
        {tree.isLoading ? (
          <Skeleton active />
        ) : (
          <div data-testid="analysis-tree">
            <ModelTree
              treeData={tree.data ?? []}
              defaultExpandedKeys={(tree.data ?? []).map((n) => n.key)}
              selectedKey={node ? `${node.modelLabel}_${node.id}` : undefined}
              onSelect={(n: ModelTreeNode) => setPicked(n.data as TreeNodeRef)}
            />
          </div>
        )}
      </SidePanel>
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Flex wrap align="center" gap={token.margin} data-testid="analysis-toolbar">
          <Typography.Text strong data-testid="analysis-title">
            {t(definition.titleKey)}
            {data ? ` · ${data.name}` : ''}
          </Typography.Text>
          <Flex align="center" gap={token.marginXS}>
            <span>{t('energyType')}</span>
            <Select<number> data-testid="analysis-energy-type" value={energyType} onChange={setEnergyType} style={{ width: 140 }} options={typeOptions} />
          </Flex>
          <DateRangeSelector value={range} onChange={onRange} />
          <GrainSelect value={grain} range={range} timeZone={zone} onChange={setGrain} />
          {result.isFetching && <Spin size="small" />}
        </Flex>
        {result.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        {!data ? (
          <Skeleton active />
        ) : (
          <>
            {data.meterCount === 0 && <Alert type="info" showIcon title={t('noMeters')} data-testid="analysis-no-meters" />}
            <KpiCards kpi={data.kpi} unit={data.unit} names={definition.kpis} />
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid="analysis-footnote">
              {`${t('kpi.compared', { until: time(data.comparedUntil, 'YYYY-MM-DD HH:mm') })}; ${t('kpi.co2')} / ${t('kpi.tce')}: ${t('kpi.purchasedOnly')}; ${t('meters', { count: data.meterCount })}`}
            </Typography.Text>
            <BarsCard data={data} stacked={definition.chart === 'stackedBar'} lastYearLine={definition.lastYearLine} loading={result.isFetching} />
            <Row gutter={[12, 12]}>
              <Col xs={24} xl={Extra ? 16 : 24}>
                <RankingCard data={data} loading={result.isFetching} />
              </Col>
              {Extra && (
                <Col xs={24} xl={8}>
                  <Extra data={data} />
                </Col>
              )}
            </Row>
            <AnalysisTable data={data} columns={definition.columns} onExport={() => void onExport()} exporting={exporting} />
          </>
        )}
      </Flex>
    </Flex>
  );
}
