import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SensorRow } from '@ems/contract';
import { useProjectZone } from '../../../lib/time';
import { EChart } from '../../../widgets/echart/echart';
import { trendQuery } from '../api/get-trend';
import { sensorTrendOption } from '../trend-option';

/** The sensor's last 24 h with its pre-alarm and alarm lines. */
export function TrendDialog({ sensor, onClose }: { sensor: SensorRow | null; onClose: () => void }) {
  const { t } = useTranslation('environment');
  const { token } = theme.useToken();
  const zone = useProjectZone();
  const trend = useQuery({ ...trendQuery(sensor?.id ?? -1), enabled: sensor !== null });
  const option = useMemo(
    () => (trend.data ? sensorTrendOption(trend.data, { colorWarning: token.colorWarning, colorError: token.colorError }, { preAlarm: t('level.preAlarm'), alarm: t('level.alarm') }, zone) : null),
    [trend.data, token.colorWarning, token.colorError, t, zone],
  );
  return (
    <Modal open={sensor !== null} title={sensor ? t('trendTitle', { name: sensor.name }) : ''} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <div data-testid="env-trend">{trend.isLoading || !option ? <Skeleton active /> : <EChart option={option} height={380} />}</div>
    </Modal>
  );
}
