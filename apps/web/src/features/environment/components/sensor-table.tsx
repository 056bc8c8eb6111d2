import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SensorChannelValue, SensorGrid, SensorRow, Thresholds } from '@ems/contract';
import { formatNumber } from '@ems/domain';
import { formatTime, useProjectZone } from '../../../lib/time';
import { DataTable } from '../../../widgets/data-table/data-table';
import { LEVEL_STATUS } from '../level';

export interface ChannelRow {
  key: string;
  sensor: SensorRow;
  channel: SensorChannelValue | null;
}

/** One row per channel of each sensor (a sensor without channels: one row). */
export function channelRows(grid: SensorGrid): ChannelRow[] {
  return grid.sensors.flatMap((s): ChannelRow[] => (s.channels.length ? s.channels.map((c) => ({ key: `${s.id}_${c.quantity}`, sensor: s, channel: c })) : [{ key: `${s.id}`, sensor: s, channel: null }]));
}

const setpoints = (t: Thresholds) =>
  [t.lowAlarm !== undefined ? `≤${t.lowAlarm}` : '', t.highPreAlarm ?? '', t.highAlarm ?? ''].filter((x) => x !== '').join(' / ');

/** The real-time value grid: sensor, place, quantity, value, setpoints, level, time; a click opens the trend. */
export function SensorTable({ grid, onPick, testId }: { grid: SensorGrid; onPick: (s: SensorRow) => void; testId: string }) {
  const { t } = useTranslation('environment');
  const zone = useProjectZone();
  const columns: ColumnsType<ChannelRow> = [
    { key: 'sensor', title: t('columns.sensor'), render: (_, r) => r.sensor.name },
    { key: 'place', title: t('columns.place'), render: (_, r) => r.sensor.room?.name ?? r.sensor.building?.name ?? '' },
    { key: 'quantity', title: t('columns.quantity'), render: (_, r) => (r.channel ? t(`quantity.${r.channel.quantity}`) : '') },
    { key: 'value', title: t('columns.value'), align: 'right', render: (_, r) => (r.channel ? `${formatNumber(r.channel.value)} ${r.channel.unit}` : '') },
    { key: 'setpoints', title: t('columns.setpoints'), render: (_, r) => (r.channel ? setpoints(r.channel.thresholds) : '') },
    { key: 'level', title: t('columns.level'), render: (_, r) => { const level = r.channel?.level ?? r.sensor.level; return <Tag color={LEVEL_STATUS[level]}>{t(`level.${level}`)}</Tag>; } },
    { key: 'time', title: t('columns.time'), render: (_, r) => formatTime(r.channel?.ts || null, zone) },
  ];
  return (
    <DataTable<ChannelRow>
      data-testid={testId}
      rowKey="key"
      columns={columns}
      dataSource={channelRows(grid)}
      pagination={false}
      onRow={(r) => ({ onClick: () => onPick(r.sensor), style: { cursor: 'pointer' } })}
    />
  );
}
