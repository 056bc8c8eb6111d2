import { Card, Flex, Statistic, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AirManager } from '@ems/contract';
import { fmt, leakColor, pctText } from '../view';

/** The leakage estimate from the idle hours' load/unload behaviour (DOMAIN §7): share, flow, rating, what it cost, each machine's T/(T+t). */
export function LeakCard({ data }: { data: AirManager }) {
  const { t } = useTranslation('efficiency-compressor');
  const { token } = theme.useToken();
  const l = data.leak;
  return (
    <Card size="small" title={t('leak.title')} data-testid="air-leak" style={{ height: '100%' }}>
      <Flex vertical gap={token.marginXS}>
        <Flex align="center" gap={token.margin} wrap>
          <Statistic title={t('leak.share')} value={pctText(l.sharePct, 1)} data-testid="air-leak-share" />
          {l.rating && (
            <Tag color={leakColor(l.rating)} data-testid="air-leak-rating">
              {t(`leak.rating.${l.rating}`)}
            </Tag>
          )}
        </Flex>
        <Typography.Text data-testid="air-leak-flow">{t('leak.flow', { flow: fmt(l.flowM3min, 2) })}</Typography.Text>
        {l.kwh !== null && (
          <Typography.Text data-testid="air-leak-cost">
            {l.yuan === null ? t('leak.costNoTariff', { kwh: fmt(l.kwh, 0) }) : t('leak.cost', { kwh: fmt(l.kwh, 0), yuan: fmt(l.yuan, 0) })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('leak.basis', { from: l.idleFromHour, to: l.idleToHour, hours: fmt(l.idleH, 0), rated: fmt(data.station.ratedFlowM3min, 0) })}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('leak.unitsTitle')}: {l.units.map((u) => `${u.name} ${pctText(u.leakTestPct, 0)}`).join(' · ')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
