import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '@ems/domain';
import type { TreeNodeRef } from '../../lib/api/model-tree';
import { formatTime, useProjectZone } from '../../lib/time';
import { EChart } from '../../widgets';
import { billQuery } from './api/get-bill';
import { demandQuery } from './api/get-demand';
import { yearQuery } from './api/get-year';
import { demandOption } from './cost-charts';
import { contractNote, fixed, yearMonthOf, yuan } from './cost-view';
import { CostShell } from './components/cost-shell';
import { KpiRow } from './components/kpi-card';
import { YearTable } from './components/year-table';

function BasicFee({ node, range }: { node: TreeNodeRef; range: DateRange }) {
  const { t } = useTranslation('cost');
  const { token } = theme.useToken();
  const zone = useProjectZone();
  const time = (ts: number | null) => formatTime(ts, zone, 'YYYY-MM-DD HH:mm');
  const { year, month } = yearMonthOf(range, zone);
  const ref = { nodeId: node.id, modelLabel: node.modelLabel };
  const y = useQuery({ ...yearQuery({ ...ref, year }), placeholderData: keepPreviousData });
  const b = useQuery({ ...billQuery({ ...ref, year, month }), placeholderData: keepPreviousData });
  const d = useQuery({ ...demandQuery({ ...ref, year, month }), placeholderData: keepPreviousData });
  const option = useMemo(
    () =>
      d.data
        ? demandOption(
            d.data.points,
            d.data.contractKw,
            { demand: t('chart.demandSeries'), contract: t('chart.contract'), tolerance: t('chart.tolerance'), kw: t('chart.kw') },
            { line: token.colorPrimary, limit: token.colorError, tolerance: token.colorWarning },
            (ts) => formatTime(ts, zone, 'MM-DD HH:mm'),
            d.data.contractSteps,
          )
        : null,
    [d.data, t, token, zone],
  );
  if (y.isError || b.isError || d.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  if (!y.data || !b.data || !option) return <Skeleton active />;
  const bill = b.data;
  const cheaper = (basis: 'capacity' | 'demand') => (bill.cheaper === basis ? <Tag color="success">{t('basic.cheaper')}</Tag> : null);
  return (
    <>
      {bill.schemeId === null && <Alert type="warning" showIcon title={t('noScheme')} />}
      <KpiRow
        items={[
          { key: 'basic', title: t('kpi.basic'), value: yuan(bill.basicFen), unit: t('chart.yuan'), note: bill.basis ? `${t('basic.billed')}: ${t(bill.basis === 'capacity' ? 'basic.byCapacity' : 'basic.byDemand')}` : undefined },
          { key: 'md', title: t('basic.md'), value: fixed(bill.mdKw), unit: 'kW', note: `${t('basic.mdTime')} ${time(bill.mdTime)}` },
          { key: 'contract', title: t('basic.contract'), value: fixed(bill.contractKw), unit: 'kW', note: contractNote(bill, t) },
        ]}
      />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('basic.compare')}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('basic.byCapacity')}>
                <span data-testid="cost-capacity-fee">{yuan(bill.capacityFeeFen)}</span> {cheaper('capacity')}
              </Descriptions.Item>
              <Descriptions.Item label={t('basic.byDemand')}>
                <span data-testid="cost-demand-fee">{yuan(bill.demandFeeFen)}</span> {cheaper('demand')}
              </Descriptions.Item>
              {bill.demandLines.map((l, i) => (
                <Descriptions.Item key={`${l.key}-${i}`} label={t(`lines.${l.key}`)}>
                  {`${fixed(l.quantity)} kW × ${l.unitPriceYuan ?? ''}${l.days === undefined ? '' : ` × ${l.days}/${l.daysInPeriod ?? ''}`} = ${yuan(l.fen)}`}
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Typography.Paragraph type="secondary" style={{ margin: `${token.marginXS}px 0 0` }} data-testid="cost-compare-note">
              {t('basic.likeWithLike')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('chart.demand')}>
            <EChart option={option} height={320} loading={d.isFetching} />
          </Card>
        </Col>
      </Row>
      <YearTable
        title={t('basic.mdTable')}
        months={y.data.months}
        query={{ ...ref, year, view: 'basic' }}
        columns={[
          { title: t('table.md'), dataIndex: 'mdKw', align: 'right', render: (v: number | null) => fixed(v) },
          { title: t('table.mdTime'), dataIndex: 'mdTime', render: time },
          { title: t('table.byCapacity'), dataIndex: 'capacityFeeFen', align: 'right', render: yuan },
          { title: t('table.byDemand'), dataIndex: 'demandFeeFen', align: 'right', render: yuan },
          { title: t('table.basic'), dataIndex: 'basicFen', align: 'right', render: yuan },
        ]}
      />
    </>
  );
}

/** /baseEnergyFee: capacity vs demand basis, the month's MD with its time, the demand curve with the contract line, the monthly MD table. */
export function BasicFeePage() {
  const { t } = useTranslation('cost');
  return (
    <CostShell pageKey="basic" title={t('pages.basic')} types={[3]} defaultType={3}>
      {(node, range) => <BasicFee node={node} range={range} />}
    </CostShell>
  );
}
