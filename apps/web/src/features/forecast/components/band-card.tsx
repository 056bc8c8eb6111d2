import { useMemo, type ReactNode } from 'react';
import { Card, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayUnit } from '@ems/domain';
import { useProjectZone } from '../../../lib/time';
import { EChart } from '../../../widgets';
import { bandOption, type BandRow } from '../forecast-view';

/** Actual bars, forecast line and the P10–P90 band (theme colours). */
export function BandCard({ rows, grain, unit, forecastName, loading, extra }: { rows: readonly BandRow[]; grain: 'hour' | 'day'; unit: string; forecastName: string; loading: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('forecast');
  const { token } = theme.useToken();
  const zone = useProjectZone();
  const option = useMemo(
    () =>
      bandOption(rows, grain, { actual: t('chart.actual'), forecast: forecastName, band: t('chart.band'), unit: displayUnit(unit) }, { actual: token.colorPrimary, forecast: token.colorWarning, band: token.colorWarning }, zone),
    [rows, grain, unit, forecastName, t, token, zone],
  );
  return (
    <Card size="small" title={t('chart.title')} extra={extra} data-testid="forecast-chart">
      <EChart option={option} height={340} loading={loading} />
    </Card>
  );
}
