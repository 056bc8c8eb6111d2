import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONFIRM_STATE, EVENT_STATUS, type SensorAlarm, type SensorScope } from '@ems/contract';
import { formatNumber } from '@ems/domain';
import type { TreeNodeRef } from '../../../lib/api/model-tree';
import { usePermission } from '../../../lib/permission';
import { formatTime, useProjectZone } from '../../../lib/time';
import { DataTable } from '../../../widgets/data-table/data-table';
import { usePeriodicTask } from '../../../widgets/hooks/use-periodic-task';
import { alarmsQuery } from '../api/get-alarms';
import { exportEnvironment } from '../api/export-environment';
import { eventPageOf } from '../event-route';

/** The sensors' limit and offline events of the last 7 days (every 15 s); an unconfirmed one links to the event page of its log type, for those who may open it. */
export function AlarmLog({ node, scope }: { node: TreeNodeRef; scope: SensorScope }) {
  const { t } = useTranslation('environment');
  const navigate = useNavigate();
  const can = usePermission();
  const zone = useProjectZone();
  const time = (ms: number | null) => formatTime(ms, zone);
  const alarms = useQuery(alarmsQuery(node.id, node.modelLabel, scope));
  usePeriodicTask(() => alarms.refetch().then(() => undefined));
  const columns: ColumnsType<SensorAlarm> = [
    { key: 'start', title: t('alarm.start'), width: 160, fixed: 'left', render: (_, a) => time(a.startTime) },
    { key: 'sensor', title: t('alarm.sensor'), width: 180, render: (_, a) => a.sensorName },
    { key: 'value', title: t('alarm.value'), width: 80, align: 'right', render: (_, a) => formatNumber(a.value) },
    { key: 'limit', title: t('alarm.limit'), width: 80, align: 'right', render: (_, a) => formatNumber(a.limit) },
    { key: 'level', title: t('alarm.level'), width: 110, render: (_, a) => (a.level === null ? '' : <Tag color={a.level === 4 ? 'warning' : 'error'}>{t(`eventLevel.${a.level}`, { defaultValue: String(a.level) })}</Tag>) },
    { key: 'status', title: t('alarm.status'), width: 90, render: (_, a) => (a.status === EVENT_STATUS.active ? t('alarm.active') : t('alarm.finished')) },
    { key: 'message', title: t('alarm.message'), width: 260, ellipsis: true, render: (_, a) => a.message },
    { key: 'end', title: t('alarm.end'), width: 160, render: (_, a) => time(a.endTime) },
    {
      key: 'confirm',
      title: t('alarm.confirmed'),
      width: 120,
      fixed: 'right',
      render: (_, a) =>
        a.confirmState === CONFIRM_STATE.confirmed ? (
          t('alarm.confirmed')
        ) : eventPageOf(a.logType) && can(eventPageOf(a.logType)?.permission) ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void navigate(eventPageOf(a.logType)?.path ?? '/')} data-testid="env-acknowledge">
            {t('acknowledge')}
          </Button>
        ) : (
          t('alarm.unconfirmed')
        ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('alarmLog')}
      extra={
        <Button data-testid="env-alarm-export" onClick={() => void exportEnvironment({ table: 'alarms', nodeId: node.id, modelLabel: node.modelLabel, scope })}>
          {t('export')}
        </Button>
      }
    >
      <DataTable<SensorAlarm> data-testid="env-alarms" rowKey="id" columns={columns} scroll={{ x: 1230 }} dataSource={alarms.data ?? []} loading={alarms.isLoading} pagination={{ pageSize: 10 }} locale={{ emptyText: t('noAlarms') }} />
    </Card>
  );
}
