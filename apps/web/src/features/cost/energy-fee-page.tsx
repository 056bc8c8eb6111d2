import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '@ems/domain';
import type { TreeNodeRef } from '../../lib/api/model-tree';
import { formatInZone, useProjectZone } from '../../lib/time';
import { EChart } from '../../widgets';
import { periodQuery } from './api/get-period';
import { yearQuery } from './api/get-year';
import { donutOption, periodStackOption } from './cost-charts';
import { PERIODS, fixed, periodColors, yearMonthOf, yuan, type Period } from './cost-view';
import { CostShell } from './components/cost-shell';
import { KpiRow } from './components/kpi-card';
import { YearTable } from './components/year-table';

const CYCLE = { 1: 12, 2: 13, 3: 14 } as const;

function EnergyFee({ node, range }: { node: TreeNodeRef; range: DateRange }) {
  const { t } = useTranslation('cost');
  const { token } = theme.useToken();
  const zone = useProjectZone();
  const { year } = yearMonthOf(range, zone);
  const ref = { nodeId: node.id, modelLabel: node.modelLabel };
  const cycle = range.type === 1 || range.type === 2 || range.type === 3 ? CYCLE[range.type] : null;
  const y = useQuery({ ...yearQuery({ ...ref, year }), placeholderData: keepPreviousData });
  const p = useQuery({ ...periodQuery({ ...ref, cycle: cycle ?? 14, startTime: range.startTime + Math.floor((range.endTime - range.startTime) / 2) }), enabled: cycle !== null, placeholderData: keepPreviousData });
  const names = Object.fromEntries(PERIODS.map((k) => [k, t(`period.${k}`)])) as Record<Period, string>;
  const colors = periodColors(token);
  const view = useMemo(() => {
    if (cycle !== null) {
      if (!p.data) return null;
      const fmt = p.data.grain === 'hour' ? 'HH:mm' : 'MM-DD';
      return { x: p.data.buckets.map((b) => formatInZone(b.time, zone, fmt)), rows: p.data.buckets, kwh: p.data.kwhByPeriod, energyFen: p.data.energyFen, allocated: p.data.allocatedBasic.fen, total: p.data.kwh };
    }
    if (!y.data) return null;
    const billed = y.data.months.filter((m) => m.billed);
    const kwh = Object.fromEntries(PERIODS.map((k) => [k, billed.reduce((a, m) => a + (m.kwhByPeriod[k] ?? 0), 0)]));
    return { x: billed.map((m) => String(m.month).padStart(2, '0')), rows: billed, kwh, energyFen: billed.reduce((a, m) => a + m.energyFen, 0), allocated: null, total: y.data.totalKwh };
  }, [cycle, p.data, y.data, zone]);
  const stack = useMemo(() => (view ? periodStackOption(view.x, view.rows, names, colors, t('chart.yuan')) : null), [view, names, colors, t]);
  const donut = useMemo(() => (view ? donutOption(view.kwh, names, colors) : null), [view, names, colors]);
  if (p.isError || y.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  if (!view || !stack || !donut || !y.data) return <Skeleton active />;
  return (
    <>
      <KpiRow
        items={[
          { key: 'energy', title: t('kpi.energy'), value: yuan(view.energyFen), unit: t('chart.yuan') },
          { key: 'kwh', title: t('kpi.kwh'), value: fixed(view.total), unit: 'kWh' },
          ...PERIODS.filter((k) => (view.kwh[k] ?? 0) > 0).map((k) => ({ key: `kwh-${k}`, title: names[k], value: fixed(view.kwh[k]), unit: 'kWh' })),
          ...(view.allocated === null ? [] : [{ key: 'allocated', title: t('kpi.allocated'), value: yuan(view.allocated), unit: t('chart.yuan'), note: t('kpi.allocatedNote') }]),
        ]}
      />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={9}>
          <Card size="small" title={t('chart.tou')}>
            <EChart option={donut} height={320} />
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card size="small" title={t('chart.feeByPeriod')}>
            <EChart option={stack} height={320} loading={p.isFetching || y.isFetching} />
          </Card>
        </Col>
      </Row>
      <YearTable
        title={t('table.energy')}
        months={y.data.months}
        query={{ ...ref, year, view: 'energy' }}
        columns={[
          ...PERIODS.slice(0, 4).flatMap((k) => [
            { title: `${names[k]} kWh`, key: `kwh-${k}`, align: 'right' as const, render: (_: unknown, m: (typeof y.data.months)[number]) => fixed(m.kwhByPeriod[k]) },
            { title: `${names[k]} ${t('chart.yuan')}`, key: `fen-${k}`, align: 'right' as const, render: (_: unknown, m: (typeof y.data.months)[number]) => yuan(m.energyFenByPeriod[k]) },
          ]),
          { title: t('table.energyFee'), dataIndex: 'energyFen', align: 'right', render: yuan },
        ]}
      />
    </>
  );
}

/** /dudianEnergyFee: the time-of-use split (donut), energy charge stacked by period per hour/day/month, the year's table. */
export function EnergyFeePage() {
  const { t } = useTranslation('cost');
  return (
    <CostShell pageKey="energy" title={t('pages.energy')} types={[1, 2, 3, 5]} defaultType={3}>
      {(node, range) => <EnergyFee node={node} range={range} />}
    </CostShell>
  );
}
