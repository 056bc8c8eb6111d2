import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Flex, Skeleton, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from '@ems/contract';
import { formatWithUnit } from '@ems/domain';
import { DEFAULT_DATE_FORMAT, EmptyState } from '../../../widgets';
import { eventDetailQuery } from '../api/get-event-detail';
import { eventDurationMs, eventKindLabel, quantityLabel } from '../event-format';
import { formatDuration } from './event-columns';
import { ConfirmTag, LevelTag, StatusTag } from './event-tags';
import { EventTrend } from './event-trend';
import { DiagnosisExtras } from './diagnosis-extras';
import { Permission } from '../../../lib/permission';
import { formatTime, useProjectZone } from '../../../lib/time';
import { CLOSE_ORDER_PERMISSION, RAISE_ORDER_PERMISSION } from './order-dialog';

const ORDER_LOG_TYPE = 711;

function Fields({ e, now }: { e: EventDetail; now: number }) {
  const { t } = useTranslation('events');
  const zone = useProjectZone();
  const time = (ms: number | null) => formatTime(ms, zone, DEFAULT_DATE_FORMAT);
  const items = [
    { key: 'level', label: t('column.level'), children: <LevelTag event={e} /> },
    { key: 'eventType', label: t('column.eventType'), children: eventKindLabel(e, t) },
    { key: 'status', label: t('column.status'), children: <StatusTag value={e.status} /> },
    { key: 'node', label: t('column.node'), children: e.nodeName },
    { key: 'dataPoint', label: t('column.dataPoint'), children: quantityLabel(e, t) },
    { key: 'value', label: t('column.value'), children: formatWithUnit(e.value, e.unit) },
    { key: 'limit', label: t('column.limit'), children: formatWithUnit(e.limit, e.unit) },
    // the data point's own limits, in its own unit (a loss event's value is in %, its meter's limits in m³)
    { key: 'upperLimit', label: t('detail.upperLimit'), children: formatWithUnit(e.upperLimit, e.pointUnit ?? e.unit) },
    { key: 'lowerLimit', label: t('detail.lowerLimit'), children: formatWithUnit(e.lowerLimit, e.pointUnit ?? e.unit) },
    { key: 'startTime', label: t('column.startTime'), children: time(e.startTime) },
    { key: 'endTime', label: t('column.endTime'), children: time(e.endTime) },
    { key: 'duration', label: t('column.duration'), children: formatDuration(t, eventDurationMs(e, now)) },
    e.logType === ORDER_LOG_TYPE
      ? { key: 'source', label: t('order.source'), children: e.sourceEventId ? `#${e.sourceEventId}` : '--' }
      : { key: 'rule', label: t('detail.rule'), children: e.ruleName ?? '--' },
    { key: 'message', label: t('column.message'), children: e.message, span: 2 },
    { key: 'confirmState', label: t('column.confirmState'), children: <ConfirmTag value={e.confirmState} /> },
    { key: 'confirmer', label: t('column.confirmer'), children: e.confirmUser ?? '--' },
    { key: 'confirmTime', label: t('detail.confirmTime'), children: time(e.confirmTime) },
    { key: 'confirmComment', label: t('detail.confirmComment'), children: e.confirmComment || '--' },
  ];
  return <Descriptions size="small" bordered column={2} items={items} data-testid="event-detail-fields" />;
}

export interface EventDetailDrawerProps {
  /** the event shown; null: closed */
  eventId: number | null;
  /** the page's log types (earlier similar events are of these) */
  logTypes: readonly number[];
  diagnosis: boolean;
  now: number;
  /** absent: no confirm button (no permission) */
  onConfirm?: (ids: number[]) => void;
  /** raise an inspection order from this event (shown to workorder_create holders, not on an order) */
  onRaiseOrder?: (eventId: number) => void;
  /** close this inspection order (shown to workorder_update holders on an open order) */
  onCloseOrder?: (ids: number[]) => void;
  onClose: () => void;
}

/** The event's fields, its data point's trend with limit lines, and on diagnosis pages the extras; confirm from here. */
export function EventDetailDrawer({ eventId, logTypes, diagnosis, now, onConfirm, onRaiseOrder, onCloseOrder, onClose }: EventDetailDrawerProps) {
  const { t } = useTranslation('events');
  const { token } = theme.useToken();
  const detail = useQuery({ ...eventDetailQuery(eventId), staleTime: 0 });
  const e = detail.data;
  const canConfirm = onConfirm && e && e.confirmState !== 3;
  return (
    <Drawer
      open={eventId !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      title={t('detail.title')}
      extra={
        e && (
          <Space>
            {onRaiseOrder && e.logType !== ORDER_LOG_TYPE && (
              <Permission code={RAISE_ORDER_PERMISSION}>
                <Button data-testid="event-raise-order" onClick={() => onRaiseOrder(e.id)}>
                  {t('order.raise')}
                </Button>
              </Permission>
            )}
            {onCloseOrder && e.logType === ORDER_LOG_TYPE && e.status === 0 && (
              <Permission code={CLOSE_ORDER_PERMISSION}>
                <Button data-testid="order-close" onClick={() => onCloseOrder([e.id])}>
                  {t('order.close')}
                </Button>
              </Permission>
            )}
            {canConfirm && (
              <Button type="primary" data-testid="event-detail-confirm" onClick={() => onConfirm([e.id])}>
                {t('action.confirm')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <div data-testid="event-detail">
        {detail.isLoading && <Skeleton active />}
        {detail.isError && <EmptyState description={t('detail.notFound')} />}
        {e && (
          <Flex vertical gap={token.marginSM}>
            <Fields e={e} now={now} />
            <Card size="small" title={t('detail.trend')}>
              <EventTrend detail={e} now={now} />
            </Card>
            {diagnosis && <DiagnosisExtras detail={e} logTypes={logTypes} now={now} />}
          </Flex>
        )}
      </div>
    </Drawer>
  );
}
