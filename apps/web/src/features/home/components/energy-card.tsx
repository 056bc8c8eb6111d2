import { Card, Divider, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardEnergy, DashboardPeriod } from '@ems/contract';
import { energyTitle, formatEnergy } from '../dashboard-view';
import { ChangeFigure } from './change-figure';

function Period({ label, period, testId }: { label: string; period: DashboardPeriod; testId: string }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginXXS}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, lineHeight: 1.2 }} data-testid={`${testId}-value`}>
        {formatEnergy(period.value)}
      </span>
      <Flex gap={token.marginSM} wrap>
        <ChangeFigure label={t('dashboard.yoy')} pct={period.yoyPct} testId={`${testId}-yoy`} />
        <ChangeFigure label={t('dashboard.mom')} pct={period.momPct} testId={`${testId}-mom`} />
      </Flex>
    </Flex>
  );
}

/** One energy type: today and month to date with their 同比/环比, in the type's unit. */
export function EnergyCard({ energy }: { energy: DashboardEnergy }) {
  const { t, i18n } = useTranslation('home');
  const { token } = theme.useToken();
  return (
    <Card size="small" title={energyTitle(energy.energyType, energy.unit, i18n.language === 'en-US')} data-testid={`dash-energy-${energy.energyType}`} style={{ height: '100%' }}>
      <Period label={t('dashboard.today')} period={energy.today} testId="dash-today" />
      <Divider style={{ margin: `${token.marginSM}px 0` }} />
      <Period label={t('dashboard.month')} period={energy.month} testId="dash-month" />
    </Card>
  );
}
