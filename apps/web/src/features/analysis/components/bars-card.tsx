import { useMemo, useState } from 'react';
import { Card, Segmented, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsumptionAnalysis } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import { PERIODS, periodColors, type Period } from '../../../lib/theme/tou-periods';
import { EChart } from '../../../widgets';
import { barsOption, hasTou, touBarsOption } from '../analysis-view';

type Split = 'node' | 'tou';

/**
 * Bars per bucket (stacked by child node when the definition asks and the children partition the
 * node) with last year's line; for electricity under a tariff scheme, a switch to the bars stacked by
 * time-of-use period.
 */
export function BarsCard({ data, stacked, lastYearLine, loading }: { data: ConsumptionAnalysis; stacked: boolean; lastYearLine: boolean; loading: boolean }) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const [split, setSplit] = useState<Split>('node');
  const tou = hasTou(data);
  const shown: Split = tou ? split : 'node';
  const option = useMemo(() => {
    const texts = { total: t('chart.total'), lastYear: t('chart.lastYear'), other: t('chart.other'), unit: displayUnit(data.unit) };
    if (shown === 'node') return barsOption(data, stacked, lastYearLine, texts);
    const periods = Object.fromEntries(PERIODS.map((p) => [p, t(`tou.${p}`)])) as Record<Period, string>;
    return touBarsOption(data, lastYearLine, { ...texts, periods, unclassified: t('tou.unclassified') }, periodColors(token));
  }, [data, stacked, lastYearLine, t, shown, token]);
  return (
    <Card
      size="small"
      title={shown === 'tou' ? t('chart.touBars', { scheme: data.tou?.schemeName ?? '' }) : t('chart.bars')}
      data-testid="analysis-bars"
      data-split={shown}
      extra={
        tou && (
          <Segmented<Split>
            size="small"
            data-testid="analysis-bars-split"
            value={shown}
            onChange={setSplit}
            options={[
              { value: 'node', label: t('chart.byNode') },
              { value: 'tou', label: t('chart.byTou') },
            ]}
          />
        )
      }
    >
      <EChart option={option} height={340} loading={loading} />
    </Card>
  );
}
