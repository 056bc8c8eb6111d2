import { Card, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LimitState, MonitorDevice } from '@ems/contract';
import { displayUnit, formatNumber } from '@ems/domain';

type Token = ReturnType<typeof theme.useToken>['token'];

/** Value colour of a limit state, from the antd tokens. */
export function limitColor(state: LimitState, token: Pick<Token, 'colorText' | 'colorError' | 'colorWarning'>): string {
  return state === 'over' ? token.colorError : state === 'under' ? token.colorWarning : token.colorText;
}

/** One device: name, online tag, each data point's latest value with unit and limit state, last-reading time. */
export function DeviceCard({ device }: { device: MonitorDevice }) {
  const { t } = useTranslation('device-monitor');
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      data-testid="monitor-device"
      data-device-id={device.id}
      data-online={device.online}
      title={device.name}
      extra={
        <Tag color={device.online ? 'success' : 'default'} data-testid="monitor-online">
          {t(device.online ? 'online' : 'offline')}
        </Tag>
      }
    >
      <Flex vertical gap={token.marginXXS} style={{ minHeight: 96 }}>
        {device.points.length === 0 && <Typography.Text type="secondary">{t('noReading')}</Typography.Text>}
        {device.points.map((p) => (
          <Flex key={p.dataId} justify="space-between" gap={token.marginXS} data-testid="monitor-point" data-data-id={p.dataId} data-limit={p.limitState}>
            <Typography.Text type="secondary" ellipsis>
              {p.name}
            </Typography.Text>
            <Tooltip title={t(`limit.${p.limitState}`)}>
              <span style={{ color: limitColor(p.limitState, token), fontWeight: p.limitState === 'normal' ? undefined : token.fontWeightStrong, whiteSpace: 'nowrap' }}>
                {formatNumber(p.value)}
                {p.unit ? ` ${displayUnit(p.unit)}` : ''}
              </span>
            </Tooltip>
          </Flex>
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid="monitor-last">
        {t('lastReading')}: {device.lastTs === null ? '--' : dayjs(device.lastTs).format('YYYY-MM-DD HH:mm:ss')}
      </Typography.Text>
    </Card>
  );
}
