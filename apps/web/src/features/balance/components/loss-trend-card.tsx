import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BalanceTrendQuery } from '@ems/contract';
import { EChart } from '../../../widgets';
import { balanceTrendQuery } from '../api/get-balance-trend';
import { trendOption } from '../balance-view';

/** Daily λ of the selected parent meter with its tolerance band. */
export function LossTrendCard({ query, dayLabel }: { query: BalanceTrendQuery | null; dayLabel: (ts: number) => string }) {
  const { t } = useTranslation('balance');
  const { token } = theme.useToken();
  const trend = useQuery({ ...balanceTrendQuery(query ?? { projectId: 1, meterId: 1, startTime: 0, endTime: 0 }), enabled: query !== null });
  const option = useMemo(
    () =>
      trend.data
        ? trendOption(
            trend.data.days,
            trend.data.tolerancePct,
            { rate: t('lossRate'), tolerance: t('tolerance') },
            { line: token.colorPrimary, band: token.colorSuccessBg, limit: token.colorWarning, fault: token.colorError },
            dayLabel,
          )
        : {},
    [trend.data, t, token, dayLabel],
  );
  return (
    <Card size="small" title={trend.data && query ? t('trendOf', { name: trend.data.name }) : t('trend')} data-testid="balance-trend">
      <EChart option={option} height={300} loading={trend.isFetching} empty={!query || !trend.data} emptyText={t('pickRow')} />
    </Card>
  );
}
