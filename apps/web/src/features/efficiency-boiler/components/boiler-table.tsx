import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoilerAnalysis, BoilerFigures } from '@ems/contract';
import { formatTime } from '../../../lib/time';
import { bucketPattern, fig, overLimit } from '../boiler-view';

type Row = BoilerFigures & { key: string; time: number | null };

/** The bucket table with a total row; flue gas over its limit is tagged. */
export function BoilerTable({ data, zone }: { data: BoilerAnalysis; zone: string }) {
  const { t } = useTranslation('efficiency-boiler');
  const rows: Row[] = [...data.buckets.map((b) => ({ ...b, key: String(b.time) })), { ...data.total, key: 'total', time: null }];
  const over = (r: Row, which: 'flue' | 'o2', text: string) =>
    overLimit(r, data.limits)[which] ? (
      <span>
        {text} <Tag color="error">{t('overLimit')}</Tag>
      </span>
    ) : (
      text
    );
  return (
    <Table<Row>
      size="small"
      data-testid="boiler-table"
      rowKey="key"
      pagination={false}
      scroll={{ x: 1500, y: 420 }}
      dataSource={rows}
      columns={[
        { title: t('table.time'), dataIndex: 'time', fixed: 'left', width: 110, render: (v: number | null) => (v === null ? <Typography.Text strong>{t('table.total')}</Typography.Text> : formatTime(v, zone, data.grain === 'hour' ? 'MM-DD HH:mm' : bucketPattern(data.grain))) },
        { title: t('table.steam'), dataIndex: 'steamT', align: 'right', render: (v: number | null) => fig(v, 2) },
        { title: t('table.gas'), dataIndex: 'gasM3', align: 'right', render: (v: number | null) => fig(v, 0) },
        { title: t('table.direct'), dataIndex: 'directEfficiencyPct', align: 'right', render: (v: number | null) => fig(v, 2) },
        { title: t('table.indirect'), dataIndex: 'indirectEfficiencyPct', align: 'right', render: (v: number | null) => fig(v, 2) },
        { title: t('table.q2'), key: 'q2', align: 'right', render: (_: unknown, r) => fig(r.losses.q2, 2) },
        { title: t('table.q5'), key: 'q5', align: 'right', render: (_: unknown, r) => fig(r.losses.q5, 2) },
        { title: t('table.load'), dataIndex: 'loadPct', align: 'right', render: (v: number | null) => fig(v, 1) },
        { title: t('table.pressure'), dataIndex: 'pressureMpa', align: 'right', render: (v: number | null) => fig(v, 3) },
        { title: t('table.feed'), dataIndex: 'feedWaterC', align: 'right', render: (v: number | null) => fig(v, 1) },
        { title: t('table.flue'), dataIndex: 'flueTempC', align: 'right', render: (v: number | null, r) => over(r, 'flue', fig(v, 1)) },
        { title: t('table.o2'), dataIndex: 'o2Pct', align: 'right', render: (v: number | null, r) => over(r, 'o2', fig(v, 2)) },
        { title: t('table.ratio'), dataIndex: 'steamPerGas', align: 'right', render: (v: number | null) => fig(v, 1) },
        { title: t('table.kgce'), dataIndex: 'kgcePerSteamT', align: 'right', render: (v: number | null) => fig(v, 2) },
        { title: t('table.cost'), dataIndex: 'fuelCostYuanPerSteamT', align: 'right', render: (v: number | null) => fig(v, 1) },
      ]}
    />
  );
}
