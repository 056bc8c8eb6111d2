import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonthSummary } from '@ems/contract';
import type { DateRange } from '@ems/domain';
import type { TreeNodeRef } from '../../lib/api/model-tree';
import { useProjectZone } from '../../lib/time';
import { EChart } from '../../widgets';
import { billQuery } from './api/get-bill';
import { yearQuery } from './api/get-year';
import { compositionOption } from './cost-charts';
import { fixed, yearMonthOf, yuan } from './cost-view';
import { BillLines } from './components/bill-lines';
import { CostShell } from './components/cost-shell';
import { KpiRow } from './components/kpi-card';
import { YearTable } from './components/year-table';
import { SchemesButton } from './schemes/schemes-button';

function Summary({ node, range }: { node: TreeNodeRef; range: DateRange }) {
  const { t } = useTranslation('cost');
  const zone = useProjectZone();
  const { year, month } = yearMonthOf(range, zone);
  const ref = { nodeId: node.id, modelLabel: node.modelLabel };
  const y = useQuery({ ...yearQuery({ ...ref, year }), placeholderData: keepPreviousData });
  const monthly = range.type === 3;
  const b = useQuery({ ...billQuery({ ...ref, year, month }), enabled: monthly, placeholderData: keepPreviousData });
  const option = useMemo(
    () =>
      compositionOption(y.data?.months ?? [], {
        energy: t('chart.energy'),
        basic: t('chart.basic'),
        pf: t('chart.pf'),
        surcharge: t('chart.surcharge'),
        average: t('chart.average'),
        yuan: t('chart.yuan'),
        yuanPerKwh: t('chart.yuanPerKwh'),
      }),
    [y.data, t],
  );
  if (y.isError || b.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  if (!y.data || (monthly && !b.data)) return <Skeleton active />;
  const months = y.data.months;
  const sum = (pick: (m: MonthSummary) => number) => months.reduce((a, m) => a + pick(m), 0);
  const fig = monthly && b.data ? b.data : { totalFen: y.data.totalFen, energyFen: sum((m) => m.energyFen), basicFen: sum((m) => m.basicFen), pfFen: sum((m) => m.pfFen), kwh: y.data.totalKwh };
  const avg = fig.kwh > 0 ? fig.totalFen / 100 / fig.kwh : null;
  return (
    <>
      {monthly && b.data && b.data.schemeId === null && <Alert type="warning" showIcon title={t('noScheme')} />}
      <KpiRow
        items={[
          { key: 'total', title: t('kpi.total'), value: yuan(fig.totalFen), unit: t('chart.yuan'), note: monthly && b.data?.schemeName ? t('kpi.scheme', { name: b.data.schemeName }) : undefined },
          { key: 'energy', title: t('kpi.energy'), value: yuan(fig.energyFen), unit: t('chart.yuan') },
          { key: 'basic', title: t('kpi.basic'), value: yuan(fig.basicFen), unit: t('chart.yuan') },
          { key: 'pf', title: t('kpi.pf'), value: yuan(fig.pfFen), unit: t('chart.yuan') },
          { key: 'kwh', title: t('kpi.kwh'), value: fixed(fig.kwh), unit: 'kWh' },
          { key: 'average', title: t('kpi.average'), value: fixed(avg, 4), unit: t('chart.yuanPerKwh') },
        ]}
      />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={monthly ? 14 : 24}>
          <EChart option={option} height={360} loading={y.isFetching} />
        </Col>
        {monthly && b.data && (
          <Col xs={24} xl={10}>
            <BillLines lines={b.data.lines} totalFen={b.data.totalFen} />
          </Col>
        )}
      </Row>
      <YearTable
        title={t('table.summary')}
        months={months}
        query={{ ...ref, year, view: 'summary' }}
        columns={[
          { title: t('table.kwh'), dataIndex: 'kwh', align: 'right', render: (v: number) => fixed(v) },
          { title: t('chart.energy'), dataIndex: 'energyFen', align: 'right', render: yuan },
          { title: t('chart.basic'), dataIndex: 'basicFen', align: 'right', render: yuan },
          { title: t('chart.pf'), dataIndex: 'pfFen', align: 'right', render: yuan },
          { title: t('chart.surcharge'), dataIndex: 'surchargeFen', align: 'right', render: yuan },
          { title: t('table.total'), dataIndex: 'totalFen', align: 'right', render: yuan },
          { title: t('table.average'), dataIndex: 'averagePriceYuanPerKwh', align: 'right', render: (v: number | null) => fixed(v, 4) },
        ]}
      />
    </>
  );
}

/** /energyCostAnalysis: KPI cards, monthly bill composition with the average price, the month's bill lines and the year's table. */
export function CostSummaryPage() {
  const { t } = useTranslation('cost');
  return (
    <CostShell pageKey="summary" title={t('pages.summary')} types={[3, 5]} defaultType={3} extra={<SchemesButton />}>
      {(node, range) => <Summary node={node} range={range} />}
    </CostShell>
  );
}
