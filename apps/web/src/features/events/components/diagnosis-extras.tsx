import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventDetail, EventQueryBody } from '@ems/contract';
import { DataTable, EmptyState, TrendChart } from '../../../widgets';
import { dataPointsQuery } from '../../../lib/api/data-points';
import { trendSeriesQuery } from '../../../lib/api/trend-series';
import { useProjectZone } from '../../../lib/time';
import { eventTrendRequestBody } from '../api/get-trend';
import { eventsQuery } from '../api/query-events';
import { deviceOf, trendWindow } from '../event-format';
import { relatedLines } from '../trend-series';
import { eventColumns } from './event-columns';
import { DETAIL_CHART_PX } from './event-trend';

/** Most related lines drawn (the equipment trend page's limit). */
const MAX_RELATED = 8;
/** Earlier similar events listed. */
const SIMILAR_LIMIT = 20;

/** The body asking for the same device's earlier events of the page's log types (before this one started). */
export function similarEventsBody(detail: Pick<EventDetail, 'nodeId' | 'deviceId' | 'startTime'>, logTypes: readonly number[]): EventQueryBody {
  return { startTime: 0, endTime: Math.max(0, detail.startTime - 1), logTypes: [...logTypes], deviceId: deviceOf(detail), page: { index: 0, limit: SIMILAR_LIMIT } };
}

function RelatedMeasurements({ detail, now }: { detail: EventDetail; now: number }) {
  const { t } = useTranslation('events');
  const points = useQuery(dataPointsQuery(deviceOf(detail)));
  const zone = useProjectZone();
  const others = (points.data ?? []).filter((p) => p.dataId !== detail.dataId).slice(0, MAX_RELATED);
  const request = others.length > 0 ? { deviceId: deviceOf(detail), dataIds: others.map((p) => p.dataId), ...trendWindow(detail, now), pixelWidth: DETAIL_CHART_PX, timeZone: zone } : null;
  const trend = useQuery(trendSeriesQuery(eventTrendRequestBody(request)));
  const series = useMemo(() => relatedLines(trend.data ?? []), [trend.data]);
  if (points.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (others.length === 0) return <EmptyState description={t('detail.noRelated')} size={80} />;
  return (
    <div data-testid="event-related">
      <Typography.Text type="secondary">{t('detail.relatedHint')}</Typography.Text>
      <TrendChart series={series} loading={trend.isFetching} height={260} exportName={t('detail.related')} />
    </div>
  );
}

function SimilarEvents({ detail, logTypes, now }: { detail: EventDetail; logTypes: readonly number[]; now: number }) {
  const { t } = useTranslation('events');
  const similar = useQuery(eventsQuery(detail.projectId, similarEventsBody(detail, logTypes)));
  const zone = useProjectZone();
  const columns = useMemo(
    () => eventColumns(['level', 'dataPoint', 'value', 'startTime', 'duration', 'message'], t, { now, timeZone: zone, onDetail: () => undefined }).slice(0, -1),
    [t, now, zone],
  );
  if (!similar.isLoading && (similar.data?.rows.length ?? 0) === 0) return <EmptyState description={t('detail.noSimilar')} size={80} />;
  return (
    <DataTable
      data-testid="event-similar"
      rowKey="id"
      loading={similar.isLoading}
      columns={columns}
      dataSource={similar.data?.rows ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** Event diagnosis: the device's other measurements around the event, and its earlier similar events. */
export function DiagnosisExtras({ detail, logTypes, now }: { detail: EventDetail; logTypes: readonly number[]; now: number }) {
  const { t } = useTranslation('events');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginSM}>
      <Card size="small" title={t('detail.related')}>
        <RelatedMeasurements detail={detail} now={now} />
      </Card>
      <Card size="small" title={t('detail.similar')}>
        <SimilarEvents detail={detail} logTypes={logTypes} now={now} />
      </Card>
    </Flex>
  );
}
