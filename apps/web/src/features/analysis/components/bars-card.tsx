import { useMemo } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsumptionAnalysis } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import { EChart } from '../../../widgets';
import { barsOption } from '../analysis-view';

/** Bars per bucket (stacked by child node when the definition asks and the children partition the node) with last year's line. */
export function BarsCard({ data, stacked, lastYearLine, loading }: { data: ConsumptionAnalysis; stacked: boolean; lastYearLine: boolean; loading: boolean }) {
  const { t } = useTranslation('analysis');
  const option = useMemo(
    () => barsOption(data, stacked, lastYearLine, { total: t('chart.total'), lastYear: t('chart.lastYear'), other: t('chart.other'), unit: displayUnit(data.unit) }),
    [data, stacked, lastYearLine, t],
  );
  return (
    <Card size="small" title={t('chart.bars')} data-testid="analysis-bars">
      <EChart option={option} height={340} loading={loading} />
    </Card>
  );
}
