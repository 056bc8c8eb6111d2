import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '@ems/domain';
import type { TreeNodeRef } from '../../lib/api/model-tree';
import { useProjectZone } from '../../lib/time';
import { EChart } from '../../widgets';
import { billQuery } from './api/get-bill';
import { yearQuery } from './api/get-year';
import { gaugeOption } from './cost-charts';
import { fixed, yearMonthOf, yuan } from './cost-view';
import { CostShell } from './components/cost-shell';
import { KpiRow } from './components/kpi-card';
import { YearTable } from './components/year-table';

function PowerFactor({ node, range }: { node: TreeNodeRef; range: DateRange }) {
  const { t } = useTranslation('cost');
  const { token } = theme.useToken();
  const zone = useProjectZone();
  const { year, month } = yearMonthOf(range, zone);
  const ref = { nodeId: node.id, modelLabel: node.modelLabel };
  const y = useQuery({ ...yearQuery({ ...ref, year }), placeholderData: keepPreviousData });
  const b = useQuery({ ...billQuery({ ...ref, year, month }), placeholderData: keepPreviousData });
  const standard = b.data?.pfStandard ? Number(b.data.pfStandard) : null;
  const option = useMemo(() => gaugeOption(b.data?.cosPhi ?? null, standard, { bad: token.colorError, good: token.colorSuccess }, t('pf.standard', { value: b.data?.pfStandard ?? '--' })), [b.data, standard, token, t]);
  if (y.isError || b.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  if (!y.data || !b.data) return <Skeleton active />;
  const bill = b.data;
  return (
    <>
      {bill.schemeId === null && <Alert type="warning" showIcon title={t('noScheme')} />}
      {bill.kvarh === null && <Alert type="info" showIcon title={t('pf.noKvarh')} />}
      <KpiRow
        items={[
          { key: 'cosphi', title: t('chart.cosPhi'), value: fixed(bill.cosPhi), note: t('pf.standard', { value: bill.pfStandard ?? '--' }) },
          { key: 'rate', title: t('pf.rate'), value: fixed(bill.pfPct), unit: '%' },
          { key: 'pf', title: t('pf.amount'), value: yuan(bill.pfFen), unit: t('chart.yuan') },
          { key: 'kvarh', title: t('pf.kvarh'), value: fixed(bill.kvarh), unit: 'kvarh' },
          { key: 'compensation', title: t('pf.compensation'), value: fixed(bill.compensationKvar), unit: 'kvar', note: t('pf.compensationNote', { kw: fixed(bill.averageKw) }) },
        ]}
      />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('pf.gauge')}>
            <EChart option={option} height={300} empty={bill.cosPhi === null} />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <YearTable
            title={t('pf.table')}
            months={y.data.months}
            query={{ ...ref, year, view: 'powerFactor' }}
            columns={[
              { title: t('table.kwh'), dataIndex: 'kwh', align: 'right', render: (v: number) => fixed(v) },
              { title: t('table.kvarh'), dataIndex: 'kvarh', align: 'right', render: (v: number | null) => fixed(v) },
              { title: t('table.cosPhi'), dataIndex: 'cosPhi', align: 'right', render: (v: number | null) => fixed(v) },
              { title: t('table.rate'), dataIndex: 'pfPct', align: 'right', render: (v: number | null) => fixed(v) },
              { title: t('table.pf'), dataIndex: 'pfFen', align: 'right', render: yuan },
            ]}
          />
        </Col>
      </Row>
    </>
  );
}

/** /litiaoEnergyFee: the month's cosφ gauge with the standard, the rate r %, the adjustment and the compensation needed. */
export function PowerFactorPage() {
  const { t } = useTranslation('cost');
  return (
    <CostShell pageKey="powerFactor" title={t('pages.powerFactor')} types={[3]} defaultType={3}>
      {(node, range) => <PowerFactor node={node} range={range} />}
    </CostShell>
  );
}
