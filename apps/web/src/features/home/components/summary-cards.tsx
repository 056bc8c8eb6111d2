import { Card, Flex, Progress, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectDashboard } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';
import { useFormatTime } from '../../../lib/time';

function Big({ value, unit, testId }: { value: string; unit: string; testId: string }) {
  const { token } = theme.useToken();
  return (
    <span>
      <span style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong }} data-testid={testId}>
        {value}
      </span>{' '}
      <Typography.Text type="secondary">{unit}</Typography.Text>
    </span>
  );
}

/** Present total load of the top-level electricity meters, with the time of the reading. */
export function LoadCard({ load }: { load: ProjectDashboard['load'] }) {
  const { t } = useTranslation('home');
  const time = useFormatTime();
  return (
    <Card size="small" title={t('dashboard.load')} data-testid="dash-load" style={{ height: '100%' }}>
      <Flex vertical>
        <Big value={formatThousands(load.kw, 2)} unit="kW" testId="dash-load-kw" />
        <Typography.Text type="secondary" data-testid="dash-load-time">
          {t('dashboard.readingTime')}: {time(load.ts)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** Month-to-date standard coal and CO₂ with the default factors. */
export function CarbonCard({ tce, co2T }: { tce: number | null; co2T: number | null }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  return (
    <Card size="small" title={t('dashboard.carbon')} data-testid="dash-carbon" style={{ height: '100%' }}>
      <Flex gap={token.marginLG} wrap>
        <Flex vertical>
          <Typography.Text type="secondary">{t('dashboard.tce')}</Typography.Text>
          <Big value={formatThousands(tce, 2)} unit="tce" testId="dash-tce" />
        </Flex>
        <Flex vertical>
          <Typography.Text type="secondary">{t('dashboard.co2')}</Typography.Text>
          <Big value={formatThousands(co2T, 2)} unit="tCO₂" testId="dash-co2" />
        </Flex>
      </Flex>
    </Card>
  );
}

/** Data completeness this month: good 15-min intervals of the counter meters / expected. */
export function CompletenessCard({ completeness }: { completeness: ProjectDashboard['completeness'] }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  // floored to 0.1 so a few missing intervals never read as 100 %
  const pct = completeness.pct === null ? null : Math.floor(completeness.pct * 10) / 10;
  const color = pct === null ? token.colorTextDisabled : pct >= 95 ? token.colorSuccess : pct >= 80 ? token.colorWarning : token.colorError;
  return (
    <Card size="small" title={t('dashboard.completeness')} data-testid="dash-completeness" style={{ height: '100%' }}>
      <Flex align="center" gap={token.margin}>
        <Progress type="circle" size={64} percent={pct ?? 0} strokeColor={color} format={() => `${formatNumber(pct, 1)}%`} />
        <Typography.Text type="secondary" data-testid="dash-completeness-detail">
          {t('dashboard.completenessDetail', {
            good: formatThousands(completeness.goodIntervals, 0),
            expected: formatThousands(completeness.expectedIntervals, 0),
            meters: completeness.meterCount,
          })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
