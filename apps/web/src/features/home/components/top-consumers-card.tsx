import { useMemo } from 'react';
import { Card, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardConsumer } from '@ems/contract';
import { EChart } from '../../../widgets';
import { consumersOption } from '../dashboard-view';

/** The five largest electricity sub-meters this month, bars with their share of the project total. */
export function TopConsumersCard({ list }: { list: readonly DashboardConsumer[] }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const option = useMemo(() => consumersOption(list, t('dashboard.monthKwh'), token.colorText), [list, t, token.colorText]);
  return (
    <Card size="small" title={t('dashboard.topConsumers')} data-testid="dash-top" style={{ height: '100%' }}>
      <EChart option={option} height={360} emptyText={t('dashboard.noConsumers')} />
    </Card>
  );
}
