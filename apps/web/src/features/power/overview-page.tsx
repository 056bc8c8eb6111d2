import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TransformerRow } from '@ems/contract';
import { formatNumber, formatThousands, rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { DataTable, DateRangeSelector } from '../../widgets';
import { exportFleet } from './api/export-power';
import { fleetQuery } from './api/get-fleet';
import { byNumber, gradeColor, worstIndex, zoneColor } from './power-view';
import { suggestionText, suggestionTone } from './suggestion-text';
import { useProjectZone } from '../../lib/time';

const pct = (v: number | null, d = 1) => (v === null ? '--' : `${formatNumber(v, d)}%`);
const kwh = (v: number | null) => (v === null ? '--' : formatThousands(v, 1));

/** Transformer overview (/powertransformerOverview, DOMAIN §5 and §9): the fleet over the range, sortable, with grade and zone tags and its export. */
export default function OverviewPage() {
  const { t } = useTranslation('power');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const navigate = useNavigate();
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(3, Date.now(), zone));
  const body = { projectId: projectId ?? 1, startTime: range.startTime, endTime: range.endTime };
  const fleet = useQuery({ ...fleetQuery(body), enabled: projectId !== null, placeholderData: keepPreviousData });
  if (projectId === null) return <Empty description={t('noProject')} />;
  const columns: ColumnsType<TransformerRow> = [
    {
      title: t('col.name'),
      dataIndex: 'name',
      key: 'name',
      fixed: 'left',
      width: 130,
      sorter: (a, b) => a.name.localeCompare(b.name),
      // opens the transformer on the analysis page
      render: (_, r) => (
        <Typography.Link onClick={() => void navigate(`/powertransformerAnalysis?transformerId=${r.id}`)} data-testid={`fleet-open-${r.id}`}>
          {r.name}
        </Typography.Link>
      ),
    },
    { title: `${t('col.rated')} (kVA)`, key: 'rated', align: 'right', width: 110, sorter: byNumber((r: TransformerRow) => r.ratedKva), render: (_, r) => (r.ratedKva === null ? '--' : formatThousands(r.ratedKva, 0)) },
    { title: t('col.avg'), key: 'avg', align: 'right', width: 110, sorter: byNumber((r: TransformerRow) => r.loadRateAvgPct), render: (_, r) => <span data-testid={`fleet-avg-${r.id}`}>{pct(r.loadRateAvgPct)}</span> },
    { title: t('col.max'), key: 'max', align: 'right', width: 110, sorter: byNumber((r: TransformerRow) => r.loadRateMaxPct), render: (_, r) => pct(r.loadRateMaxPct) },
    { title: t('col.efficiency'), key: 'eff', align: 'right', width: 100, sorter: byNumber((r: TransformerRow) => r.efficiencyPct), render: (_, r) => <span data-testid={`fleet-eff-${r.id}`}>{pct(r.efficiencyPct, 2)}</span> },
    { title: t('col.zone'), key: 'zone', width: 100, render: (_, r) => (r.zone ? <Tag color={zoneColor(r.zone)}>{t(`zone.${r.zone}`)}</Tag> : '--') },
    { title: t('col.grade'), key: 'grade', width: 110, render: (_, r) => <Tag color={gradeColor(r.grade)} data-testid={`fleet-grade-${r.id}`}>{t(`grade.${r.grade}`)}</Tag> },
    {
      title: t('col.pq'),
      key: 'pq',
      align: 'right',
      width: 130,
      sorter: byNumber((r: TransformerRow) => r.pq?.overallCompliancePct ?? null),
      render: (_, r) => <span data-testid={`fleet-pq-${r.id}`}>{pct(r.pq?.overallCompliancePct ?? null, 2)}</span>,
    },
    {
      title: t('col.worst'),
      key: 'worst',
      width: 150,
      render: (_, r) => {
        const w = worstIndex(r);
        return w ? `${t(`index.${w.key}`)}${w.worstPhase ? ` (${t(`phase.${w.worstPhase}`)})` : ''}` : '--';
      },
    },
    { title: `${t('col.energy')} (kWh)`, key: 'energy', align: 'right', width: 130, sorter: byNumber((r: TransformerRow) => r.energyKwh), render: (_, r) => kwh(r.energyKwh) },
    { title: `${t('col.noLoadLoss')} (kWh)`, key: 'nl', align: 'right', width: 120, render: (_, r) => kwh(r.noLoadLossKwh) },
    { title: `${t('col.loadLoss')} (kWh)`, key: 'll', align: 'right', width: 120, render: (_, r) => kwh(r.loadLossKwh) },
    { title: `${t('col.loss')} (kWh)`, key: 'loss', align: 'right', width: 120, sorter: byNumber((r: TransformerRow) => r.lossKwh), render: (_, r) => <span data-testid={`fleet-loss-${r.id}`}>{kwh(r.lossKwh)}</span> },
    { title: t('col.optimum'), key: 'opt', align: 'right', width: 110, render: (_, r) => pct(r.optimumLoadRatePct) },
    { title: t('col.economic'), key: 'jz', align: 'right', width: 110, render: (_, r) => pct(r.economicLoadRatePct) },
    {
      title: t('col.advice'),
      key: 'advice',
      width: 360,
      render: (_, r) =>
        r.suggestions.length > 0 ? (
          <Typography.Text type={suggestionTone(r.suggestions)} data-testid={`fleet-advice-${r.id}`}>
            {r.suggestions.map((x) => suggestionText(x, t)).join('; ')}
          </Typography.Text>
        ) : (
          '--'
        ),
    },
  ];
  return (
    <Flex vertical gap={token.margin} data-testid="transformer-overview">
      <Card size="small">
        <Flex wrap align="center" gap={token.margin}>
          <DateRangeSelector value={range} onChange={setRange} types={[1, 2, 3, 5]} />
          <Button onClick={() => void exportFleet(body)} disabled={!fleet.data} data-testid="fleet-export">
            {t('export')}
          </Button>
        </Flex>
      </Card>
      <Card size="small">
        {fleet.isLoading || !fleet.data ? (
          <Skeleton active />
        ) : fleet.data.rows.length === 0 ? (
          <Empty description={t('noTransformer')} />
        ) : (
          <DataTable<TransformerRow> rowKey="id" columns={columns} dataSource={fleet.data.rows} pagination={false} size="small" scroll={{ x: 2100 }} loading={fleet.isFetching} data-testid="fleet-table" />
        )}
      </Card>
    </Flex>
  );
}
