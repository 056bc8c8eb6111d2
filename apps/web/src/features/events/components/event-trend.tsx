import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from '@ems/contract';
import { EmptyState, TrendChart } from '../../../widgets';
import { trendSeriesQuery } from '../../../lib/api/trend-series';
import { useProjectZone } from '../../../lib/time';
import { eventTrendRequestBody } from '../api/get-trend';
import { deviceOf, trendWindow } from '../event-format';
import { eventLine } from '../trend-series';

/** Chart width asked of the server (the drawer's chart area). */
export const DETAIL_CHART_PX = 860;

/** The event's data point from 2 h before its start to 2 h after its end (or now), with its limit lines. */
export function EventTrend({ detail, now }: { detail: EventDetail; now: number }) {
  const { t } = useTranslation('events');
  const zone = useProjectZone();
  const span = trendWindow(detail, now);
  const request = detail.dataId === null ? null : { deviceId: deviceOf(detail), dataIds: [detail.dataId], ...span, pixelWidth: DETAIL_CHART_PX, timeZone: zone };
  const trend = useQuery(trendSeriesQuery(eventTrendRequestBody(request)));
  const series = useMemo(() => eventLine(detail, trend.data ?? []), [detail, trend.data]);
  if (detail.dataId === null) return <EmptyState description={t('detail.noDataPoint')} size={80} />;
  return (
    <div data-testid="event-trend">
      <TrendChart series={series} loading={trend.isFetching} height={280} options={{ limit: true }} exportName={t('detail.trendExportName')} />
    </div>
  );
}
