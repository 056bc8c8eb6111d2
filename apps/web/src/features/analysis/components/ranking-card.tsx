import { useMemo } from 'react';
import { Card, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsumptionAnalysis } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import { EChart } from '../../../widgets';
import { rankingOption } from '../analysis-view';

/** The child nodes ranked by their own consumption, each bar labelled with its share of the node's total, then the part metered at the node itself. */
export function RankingCard({ data, loading }: { data: ConsumptionAnalysis; loading: boolean }) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const option = useMemo(
    () => rankingOption(data, t('chart.total'), displayUnit(data.unit), token.colorText, { unassigned: t('ranking.unassigned'), noMeter: t('ranking.noMeter') }),
    [data, t, token.colorText],
  );
  const rows = data.children.length + (data.unassigned ? 1 : 0);
  const height = Math.max(240, Math.min(600, 40 + rows * 30));
  return (
    <Card size="small" title={t('ranking.title')} data-testid="analysis-ranking" style={{ height: '100%' }}>
      <EChart option={option} height={height} loading={loading} emptyText={t('ranking.empty')} />
    </Card>
  );
}
