import { useMemo } from 'react';
import { Card, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsumptionAnalysis } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import { EChart } from '../../../widgets';
import { rankingOption } from '../analysis-view';

/** The child nodes ranked by consumption, each bar labelled with its share of the node's total. */
export function RankingCard({ data, loading }: { data: ConsumptionAnalysis; loading: boolean }) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const option = useMemo(() => rankingOption(data, t('chart.total'), displayUnit(data.unit), token.colorText), [data, t, token.colorText]);
  const height = Math.max(240, Math.min(600, 40 + data.children.length * 30));
  return (
    <Card size="small" title={t('ranking.title')} data-testid="analysis-ranking" style={{ height: '100%' }}>
      <EChart option={option} height={height} loading={loading} emptyText={t('ranking.empty')} />
    </Card>
  );
}
