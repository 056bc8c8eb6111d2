import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { EventRecord } from '@ems/contract';
import { formatFen, formatWithUnit } from '@ems/domain';
import { formatTime } from '../../../lib/time';
import { DEFAULT_DATE_FORMAT } from '../../../widgets';
import type { EventColumnName } from '../definitions';
import { durationParts, eventDurationMs, eventKindLabel, quantityLabel } from '../event-format';
import { ClassTag, ConfirmTag, LevelTag, StatusTag } from './event-tags';

export function formatDuration(t: TFunction, ms: number): string {
  return durationParts(ms)
    .map((p) => t(`duration.${p.unit}`, { n: p.n }))
    .join(' ');
}

type Column = ColumnsType<EventRecord>[number];

const COLUMNS: Record<EventColumnName, (t: TFunction, o: EventColumnOptions) => Column> = {
  eventClass: () => ({ dataIndex: 'eventClass', width: 80, render: (v: number) => <ClassTag value={v} /> }),
  level: () => ({ dataIndex: 'level', width: 80, render: (_: number | null, r) => <LevelTag event={r} /> }),
  eventType: (t) => ({ dataIndex: 'eventType', width: 130, ellipsis: { showTitle: true }, render: (_: number | null, r) => eventKindLabel(r, t) }),
  status: () => ({ dataIndex: 'status', width: 80, render: (v: number) => <StatusTag value={v} /> }),
  confirmState: () => ({ dataIndex: 'confirmState', width: 100, render: (v: number) => <ConfirmTag value={v} /> }),
  node: () => ({ dataIndex: 'nodeName', width: 140, ellipsis: true }),
  dataPoint: (t) => ({ dataIndex: 'dataName', width: 130, ellipsis: { showTitle: true }, render: (_: string | null, r) => quantityLabel(r, t) }),
  value: () => ({ dataIndex: 'value', width: 100, align: 'right', render: (v: number | null, r) => formatWithUnit(v, r.unit) }),
  limit: () => ({ dataIndex: 'limit', width: 100, align: 'right', render: (v: number | null, r) => formatWithUnit(v, r.unit) }),
  waste: () => ({ dataIndex: 'wasteAmount', width: 110, align: 'right', render: (v: number | null | undefined, r) => formatWithUnit(v ?? null, r.wasteUnit ?? null) }),
  wasteCost: () => ({ dataIndex: 'wasteFen', width: 110, align: 'right', render: (v: number | null | undefined) => (v === null || v === undefined ? '--' : formatFen(v, { symbol: '¥' })) }),
  startTime: (_, o) => ({ dataIndex: 'startTime', width: 170, render: (v: number | null) => formatTime(v, o.timeZone, DEFAULT_DATE_FORMAT) }),
  endTime: (_, o) => ({ dataIndex: 'endTime', width: 170, render: (v: number | null) => formatTime(v, o.timeZone, DEFAULT_DATE_FORMAT) }),
  duration: (t, o) => ({ key: 'duration', width: 120, render: (_: unknown, r) => formatDuration(t, eventDurationMs(r, o.now)) }),
  message: () => ({ dataIndex: 'message', width: 260, ellipsis: { showTitle: true } }),
  confirmer: () => ({ dataIndex: 'confirmUser', width: 110, render: (v: string | null) => v ?? '--' }),
};

export interface EventColumnOptions {
  now: number;
  /** The project's zone, in which the start and end times are written. */
  timeZone: string;
  onDetail: (row: EventRecord) => void;
  /** absent: the confirm link is not offered (no permission) */
  onConfirm?: (row: EventRecord) => void;
}

/** The definition's columns in order, then the row actions (details, confirm while unconfirmed). */
export function eventColumns(names: readonly EventColumnName[], t: TFunction, o: EventColumnOptions): ColumnsType<EventRecord> {
  const columns: ColumnsType<EventRecord> = names.map((name) => ({ key: name, title: t(`column.${name}`), ...COLUMNS[name](t, o) }));
  columns.push({
    key: 'actions',
    title: t('column.actions'),
    width: 120,
    fixed: 'right',
    render: (_: unknown, row) => (
      <Space size={0}>
        <Button type="link" size="small" data-testid="event-detail-open" onClick={() => o.onDetail(row)}>
          {t('action.detail')}
        </Button>
        {o.onConfirm && row.confirmState !== 3 && (
          <Button type="link" size="small" data-testid="event-confirm-one" onClick={() => o.onConfirm?.(row)}>
            {t('action.confirm')}
          </Button>
        )}
      </Space>
    ),
  });
  return columns;
}

