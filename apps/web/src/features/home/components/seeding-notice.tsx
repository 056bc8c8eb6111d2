import { Alert, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SimStatus } from '@ems/contract';
import { formatNumber } from '@ems/domain';

/** Shown while the demo simulator still writes history: comparisons with earlier periods may be incomplete. */
export function SeedingNotice({ sim }: { sim: SimStatus }) {
  const { t } = useTranslation('home');
  return (
    <Alert
      type="info"
      showIcon
      data-testid="dash-seeding"
      title={t('dashboard.seeding', { progress: formatNumber(sim.progress, 1) })}
      description={<Progress percent={sim.progress} showInfo={false} size="small" />}
    />
  );
}
