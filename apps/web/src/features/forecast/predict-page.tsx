import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Tabs, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENERGY_TYPE, type ForecastHorizonKey, type ForecastQuery } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import { exportForecast } from './api/export-forecast';
import { forecastQuery } from './api/get-forecast';
import { BandCard } from './components/band-card';
import { Candidates } from './components/candidates';
import { ExportButton } from './components/export-button';
import { ForecastFrame, useForecastControls } from './components/forecast-frame';
import { ForecastTable } from './components/forecast-table';
import { MetricCards } from './components/metric-cards';
import { MonthCard } from './components/month-card';
import { formatFigure, formatPct, horizonOf, horizonRows } from './forecast-view';

const HORIZONS: readonly ForecastHorizonKey[] = ['day', 'week', 'month'];

/**
 * /energyPredict (DOMAIN §12): per node and energy type, the next 24 h, 7 days or the rest of the
 * month with the P10–P90 band, the back-test's metrics against Guideline 14, the forecast table with
 * export, and the month-end projection with the projected bill.
 */
export default function PredictPage() {
  const { t } = useTranslation('forecast');
  const { token } = theme.useToken();
  const c = useForecastControls();
  const [tab, setTab] = useState<ForecastHorizonKey>('day');
  const body: ForecastQuery | null = c.node ? { nodeId: c.node.id, modelLabel: c.node.modelLabel, energyType: c.energyType, method: c.method } : null;
  const q = useQuery({ ...forecastQuery(body as ForecastQuery), enabled: body !== null, placeholderData: keepPreviousData });
  const f = q.data;
  const h = horizonOf(f, tab);
  if (c.projectId === null) return <Empty />;
  return (
    <ForecastFrame pageKey="predict" title={t('pages.predict')} c={c} energyTypes={f?.energyTypes ?? []} fetching={q.isFetching} ready={f !== undefined && !q.isFetching}>
      {q.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
      {!f ? (
        <Skeleton active />
      ) : (
        <>
          {f.meterCount === 0 && <Alert type="info" showIcon title={t('noMeters')} data-testid="forecast-no-meters" />}
          {f.meterCount > 0 && f.horizons.length === 0 && <Alert type="warning" showIcon title={t('noHistory')} data-testid="forecast-no-history" />}
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as ForecastHorizonKey)}
            items={HORIZONS.map((k) => ({ key: k, label: <span data-testid={`forecast-tab-${k}`}>{t(`horizons.${k}`)}</span>, disabled: !horizonOf(f, k) }))}
            style={{ marginBottom: -token.marginSM }}
          />
          {h && (
            <>
              <MetricCards
                metrics={h.backtest}
                judgement={h.judgement}
                note={t(h.key === 'month' ? 'metric.backtestTotals' : 'metric.backtest', { method: t(`methods.${h.method}`), folds: h.folds, n: h.backtest.n, resolution: t(`metric.${h.judgement.resolution}`) })}
              />
              <Candidates candidates={h.candidates} used={h.method} daily={h.key === 'month'} />
              {f.dayAhead && (
                <Typography.Text data-testid="forecast-day-ahead">
                  {`${t('metric.dayAhead', { target: f.dayAhead.judgement.mapeTargetPct ?? 10 })}: `}
                  <Typography.Text strong style={{ color: f.dayAhead.judgement.mapePass ? token.colorSuccess : token.colorError }} data-testid="forecast-day-ahead-value">
                    {formatPct(f.dayAhead.metrics.mapePct)}
                  </Typography.Text>
                  {` (${t(`methods.${f.dayAhead.method}`)})`}
                </Typography.Text>
              )}
              <BandCard
                rows={horizonRows(h)}
                grain={h.grain}
                unit={f.unit}
                forecastName={t('chart.forecast')}
                loading={q.isFetching}
                extra={
                  <Typography.Text type="secondary" data-testid="forecast-total">
                    {`${t('total.title')}: ${t('total.value', { p50: formatFigure(h.total.p50), p10: formatFigure(h.total.p10), p90: formatFigure(h.total.p90) })} ${displayUnit(f.unit)}`}
                  </Typography.Text>
                }
              />
            </>
          )}
          {f.month && <MonthCard month={f.month} unit={f.unit} electricity={f.energyType === ENERGY_TYPE.electricity} />}
          {h && body && (
            <ForecastTable points={h.points} grain={h.grain} unit={f.unit} extra={<ExportButton testId="forecast-export" onExport={() => exportForecast({ ...body, horizon: tab })} />} />
          )}
        </>
      )}
    </ForecastFrame>
  );
}
