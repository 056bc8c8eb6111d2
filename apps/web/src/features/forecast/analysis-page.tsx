import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForecastAnalysisQuery } from '@ems/contract';
import { displayUnit, rangeOf, type DateRange, type DateRangeType } from '@ems/domain';
import { DateRangeSelector } from '../../widgets';
import { exportForecastAnalysis } from './api/export-forecast';
import { forecastAnalysisQuery } from './api/get-analysis';
import { BandCard } from './components/band-card';
import { Candidates } from './components/candidates';
import { ExportButton } from './components/export-button';
import { ForecastFrame, useForecastControls } from './components/forecast-frame';
import { AnalysisTable } from './components/forecast-table';
import { MetricCards } from './components/metric-cards';
import { analysisRows, formatFigure } from './forecast-view';
import { useProjectZone } from '../../lib/time';

/** Day, week, month and custom dates: up to 93 days (quarter and year are too long to forecast day by day). */
const TYPES: readonly DateRangeType[] = [1, 2, 3, 6];

/**
 * /energyPredictionAndAnalysis (DOMAIN §12, §1): over a past range, the node's actual consumption
 * against the day-ahead forecast with the P10–P90 band, the accuracy cards against Guideline 14,
 * each method compared, and the table with export.
 */
export default function ForecastAnalysisPage() {
  const { t } = useTranslation('forecast');
  const c = useForecastControls();
  const zone = useProjectZone();
  const [range, setRange] = useState<DateRange>(() => rangeOf(2, Date.now(), zone));
  const body: ForecastAnalysisQuery | null = c.node
    ? { nodeId: c.node.id, modelLabel: c.node.modelLabel, energyType: c.energyType, method: c.method, startTime: range.startTime, endTime: range.endTime, dateType: range.type }
    : null;
  const q = useQuery({ ...forecastAnalysisQuery(body as ForecastAnalysisQuery), enabled: body !== null, placeholderData: keepPreviousData });
  const a = q.data;
  if (c.projectId === null) return <Empty />;
  return (
    <ForecastFrame
      pageKey="analysis"
      title={t('pages.analysis')}
      c={c}
      energyTypes={a?.energyTypes ?? []}
      fetching={q.isFetching}
      ready={a !== undefined && !q.isFetching}
      extra={<DateRangeSelector value={range} onChange={setRange} types={TYPES} />}
    >
      {q.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
      {!a ? (
        <Skeleton active />
      ) : (
        <>
          {a.meterCount === 0 && <Alert type="info" showIcon title={t('noMeters')} data-testid="forecast-no-meters" />}
          <MetricCards
            metrics={a.metrics}
            judgement={a.judgement}
            note={t('metric.range', { method: t(`methods.${a.model}`), n: a.metrics.n, resolution: t(`metric.${a.judgement.resolution}`) })}
          />
          {a.candidates.length > 0 && <Candidates candidates={a.candidates} used={a.model} />}
          <BandCard
            rows={analysisRows(a)}
            grain={a.grain}
            unit={a.unit}
            forecastName={t('chart.dayAhead')}
            loading={q.isFetching}
            extra={
              <Typography.Text type="secondary" data-testid="forecast-totals">
                {`${t('table.totalActual')} ${formatFigure(a.totalActual)} · ${t('table.totalForecast')} ${formatFigure(a.totalForecast)} ${displayUnit(a.unit)}`}
              </Typography.Text>
            }
          />
          {body && <AnalysisTable points={a.points} grain={a.grain} unit={a.unit} extra={<ExportButton testId="forecast-export" onExport={() => exportForecastAnalysis(body)} />} />}
        </>
      )}
    </ForecastFrame>
  );
}
