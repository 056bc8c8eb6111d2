import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@ems/domain';
import { useSession } from '../../lib/session';
import { DataTable, usePeriodicTask } from '../../widgets';
import { exportBusbar } from './api/export-power';
import { busbarQuery } from './api/get-busbar';
import { SingleLine } from './components/single-line';
import { bayRows, byNumber, type BayRow } from './power-view';
import { formatTime, useProjectZone } from '../../lib/time';

const num = (v: number | null | undefined, d = 1) => (v === null || v === undefined ? '--' : formatNumber(v, d));

/**
 * Busbar monitoring (/generatrixMonitor): the single-line diagram drawn from the model with each
 * bay's breaker and live P, I, U, PF, refreshed by the periodic task runner (15 s), and the live
 * feeder table with its export.
 */
export default function BusbarPage() {
  const { t } = useTranslation('power');
  const { token } = theme.useToken();
  const projectId = useSession((s) => s.projectId);
  const zone = useProjectZone();
  const body = { projectId: projectId ?? 1 };
  const view = useQuery({ ...busbarQuery(body), enabled: projectId !== null, placeholderData: keepPreviousData });
  usePeriodicTask(async () => {
    await view.refetch();
  }, { enabled: projectId !== null });
  const rows = useMemo(() => (view.data ? bayRows(view.data) : []), [view.data]);
  if (projectId === null) return <Empty description={t('noProject')} />;
  const sw = (s: 0 | 1 | null) => (s === null ? <Tag>{t('unknown')}</Tag> : s === 1 ? <Tag color="error">{t('closed')}</Tag> : <Tag color="success">{t('open')}</Tag>);
  const columns: ColumnsType<BayRow> = [
    { title: t('busbar.transformer'), dataIndex: 'transformer', key: 't', width: 130, render: (v: string | null) => v ?? '' },
    { title: t('busbar.busbar'), dataIndex: 'busbar', key: 'b', width: 140, render: (v: string | null) => v ?? '' },
    { title: t('busbar.feeder'), key: 'name', ellipsis: true, render: (_, r) => r.bay.name },
    { title: t('busbar.breaker'), key: 'sw', width: 90, render: (_, r) => (r.bay.modelLabel === 'meter' && r.bay.switchState === null ? '' : sw(r.bay.switchState)) },
    { title: 'P (kW)', key: 'p', align: 'right', width: 100, sorter: byNumber((r: BayRow) => r.bay.meter?.p ?? null), render: (_, r) => <span data-testid={`bay-p-${r.bay.id}`}>{num(r.bay.meter?.p)}</span> },
    { title: 'Q (kvar)', key: 'q', align: 'right', width: 100, render: (_, r) => num(r.bay.meter?.q) },
    { title: 'Ua (V)', key: 'ua', align: 'right', width: 90, render: (_, r) => num(r.bay.meter?.ua) },
    { title: 'Ia (A)', key: 'ia', align: 'right', width: 90, sorter: byNumber((r: BayRow) => r.bay.meter?.ia ?? null), render: (_, r) => num(r.bay.meter?.ia) },
    { title: 'PF', key: 'pf', align: 'right', width: 80, render: (_, r) => num(r.bay.meter?.pf, 3) },
    { title: t('busbar.time'), key: 'ts', width: 150, render: (_, r) => formatTime(r.bay.meter?.ts ?? r.bay.switchTs, zone, 'YYYY-MM-DD HH:mm') },
    {
      title: t('busbar.status'),
      key: 'online',
      width: 90,
      render: (_, r) => (r.bay.meter ? r.bay.meter.online ? <Tag color="success">{t('online')}</Tag> : <Tag>{t('offline')}</Tag> : null),
    },
  ];
  const empty = view.data && view.data.supplies.length === 0;
  return (
    <Flex vertical gap={token.margin} data-testid="busbar-page">
      <Card
        size="small"
        title={t('busbar.diagram')}
        extra={
          <Flex align="center" gap={token.margin}>
            <Flex gap={token.marginXS} data-testid="sld-legend">
              <Tag color="error">■ {t('closed')}</Tag>
              <Tag color="success">□ {t('open')}</Tag>
              <Tag>M {t('busbar.meter')}</Tag>
              <Tag style={{ color: token.colorTextDisabled }}>{t('offline')}</Tag>
            </Flex>
            {view.data && <Typography.Text type="secondary">{t('busbar.updated', { time: formatTime(view.data.now, zone, 'YYYY-MM-DD HH:mm') })}</Typography.Text>}
            <Button onClick={() => void exportBusbar(body)} disabled={!view.data} data-testid="busbar-export">
              {t('export')}
            </Button>
          </Flex>
        }
      >
        {view.isLoading || !view.data ? (
          <Skeleton active />
        ) : empty ? (
          <Empty description={t('busbar.noTopology')} />
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <SingleLine supplies={view.data.supplies} />
          </div>
        )}
      </Card>
      <Card size="small" title={t('busbar.table')}>
        <DataTable<BayRow> rowKey="key" columns={columns} dataSource={rows} pagination={false} size="small" scroll={{ x: 1200 }} data-testid="busbar-table" />
      </Card>
    </Flex>
  );
}
