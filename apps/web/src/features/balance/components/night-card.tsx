import { Card, Col, Row, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { BalanceTree, MeterNight, NightFigures } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import { formatPct } from '../balance-view';

const METERS_SHOWN = 8;

/** Night (00:00–06:00) against day loss per parent meter, and the meters with the highest night share (a leak runs all night). */
export function NightCard({ tree }: { tree: BalanceTree }) {
  const { t } = useTranslation('balance');
  const unit = displayUnit(tree.unit);
  const perHour = `${unit}/h`;
  const nodes: ColumnsType<NightFigures> = [
    { title: t('meter'), dataIndex: 'name', key: 'name', ellipsis: true },
    { title: t('nightRate'), key: 'nr', align: 'right', render: (_, r) => formatPct(r.nightLossRatePct) },
    { title: t('dayRate'), key: 'dr', align: 'right', render: (_, r) => formatPct(r.dayLossRatePct) },
    { title: `${t('nightLoss')} (${perHour})`, key: 'nh', align: 'right', render: (_, r) => formatThousands(r.nightLossPerHour, 2) },
    { title: `${t('dayLoss')} (${perHour})`, key: 'dh', align: 'right', render: (_, r) => formatThousands(r.dayLossPerHour, 2) },
    // the parts a child did not meter, beside the rates taken over the rest
    ...(tree.night.some((r) => r.nightUnmetered != null || r.dayUnmetered != null)
      ? [
          { title: `${t('nightUnmetered')} (${unit})`, key: 'nu', align: 'right' as const, render: (_: unknown, r: NightFigures) => (r.nightUnmetered == null ? null : formatThousands(r.nightUnmetered, 2)) },
          { title: `${t('dayUnmetered')} (${unit})`, key: 'du', align: 'right' as const, render: (_: unknown, r: NightFigures) => (r.dayUnmetered == null ? null : formatThousands(r.dayUnmetered, 2)) },
        ]
      : []),
  ];
  const meters: ColumnsType<MeterNight> = [
    { title: t('meter'), dataIndex: 'name', key: 'name', ellipsis: true },
    { title: `${t('nightPerHour')} (${perHour})`, key: 'n', align: 'right', render: (_, r) => formatThousands(r.nightPerHour, 2) },
    { title: `${t('dayPerHour')} (${perHour})`, key: 'd', align: 'right', render: (_, r) => formatThousands(r.dayPerHour, 2) },
    { title: t('nightShare'), key: 's', align: 'right', render: (_, r) => formatPct(r.nightSharePct) },
  ];
  return (
    <Card size="small" title={t('night')} data-testid="balance-night">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={13}>
          <Table<NightFigures> size="small" rowKey="meterId" columns={nodes} dataSource={tree.night} pagination={false} scroll={{ y: 260 }} />
        </Col>
        <Col xs={24} xl={11}>
          <Table<MeterNight>
            size="small"
            rowKey="meterId"
            title={() => t('meterNight')}
            columns={meters}
            dataSource={tree.meterNight.slice(0, METERS_SHOWN)}
            pagination={false}
            data-testid="balance-meter-night"
          />
        </Col>
      </Row>
    </Card>
  );
}
