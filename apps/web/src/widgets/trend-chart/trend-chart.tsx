import { useMemo, useState } from 'react';
import { Flex, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatNumber, type TrendSeries } from '@ems/domain';
import { notify } from '../../lib/notify';
import { useProjectZone } from '../../lib/time';
import { DataTable } from '../data-table/data-table';
import { EChart } from '../echart/echart';
import { EmptyState } from '../empty-state/empty-state';
import { buildTrendOption, trendExtremesText, type TrendLabels } from './trend-option';
import { exportTrendTable } from './trend-export';
import { buildTrendTable, type TrendTableViewRow } from './trend-table';
import { DEFAULT_EXPORT_NAME, DEFAULT_TREND_TOGGLES, type TrendToggles, type TrendView } from './trend-toggles';
import { TrendToolbar } from './trend-toolbar';

export interface TrendChartProps {
  /** The lines: parameter (device, data point, unit, limits) and points in ascending time. */
  series: TrendSeries[];
  loading?: boolean;
  /** Height of the chart or table area in px (default 400); the toolbar sits above it. */
  height?: number;
  /** Overlays switched on at first (all off by default). */
  options?: Partial<TrendToggles>;
  /** The view shown first (default 'curve'). */
  defaultView?: TrendView;
  /** Export file name without extension (default 表格导出). */
  exportName?: string;
  /** Chart renderer (default canvas). */
  renderer?: 'canvas' | 'svg';
  /** The zone whose wall clock the axis, tooltip and table show (default: the current project's). */
  timeZone?: string;
}

/**
 * Trend chart (spec section 4): curve or table of several lines with max/min markers, average
 * line, limit lines, point markers, raw-data marks and the difference view; exports the table to
 * .xlsx in the browser.
 */
export function TrendChart({ series, loading = false, height = 400, options, defaultView = 'curve', exportName, renderer, timeZone }: TrendChartProps) {
  const { t } = useTranslation('widgets');
  const projectZone = useProjectZone();
  const zone = timeZone ?? projectZone;
  const { token } = theme.useToken();
  const [view, setView] = useState<TrendView>(defaultView);
  const [toggles, setToggles] = useState<TrendToggles>({ ...DEFAULT_TREND_TOGGLES, ...options });
  const [exporting, setExporting] = useState(false);
  const hasData = series.some((s) => s.data.length > 0);

  const labels: TrendLabels = useMemo(
    () => ({
      max: t('trendChart.max'),
      min: t('trendChart.min'),
      average: t('trendChart.average'),
      upperLimit: t('trendChart.upperLimit'),
      lowerLimit: t('trendChart.lowerLimit'),
      rawMark: t('trendChart.rawMark'),
    }),
    [t],
  );
  const option = useMemo(() => buildTrendOption(series, toggles, token, labels, zone), [series, toggles, token, labels, zone]);
  const extremes = useMemo(() => trendExtremesText(series, toggles, zone, (v) => t('trendChart.extremes', v)), [series, toggles, zone, t]);
  const table = useMemo(() => buildTrendTable(series, toggles.diff, t('trendChart.time'), zone), [series, toggles.diff, t, zone]);
  const columns: ColumnsType<TrendTableViewRow> = useMemo(
    () => [
      { key: 'time', dataIndex: 'time', title: table.titles[0], width: 180, fixed: 'left' },
      ...series.map((_, i) => ({
        key: `line${i}`,
        title: table.titles[i + 1],
        align: 'right' as const,
        render: (_: unknown, row: TrendTableViewRow) => formatNumber(row.values[i]),
      })),
    ],
    [series, table.titles],
  );

  const onExport = async () => {
    setExporting(true);
    try {
      await exportTrendTable(table, exportName ?? DEFAULT_EXPORT_NAME);
    } catch {
      notify.error(t('trendChart.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const body =
    !hasData && !loading ? (
      <div style={{ height }}>
        <EmptyState description={t('chart.noData')} size={120} />
      </div>
    ) : view === 'curve' ? (
      <EChart option={option} height={height} loading={loading} empty={!hasData} renderer={renderer} ariaLabel={extremes || undefined} />
    ) : (
      <DataTable<TrendTableViewRow> rowKey="key" columns={columns} dataSource={table.rows} loading={loading} scroll={{ x: 'max-content', y: Math.max(120, height - 110) }} />
    );

  return (
    <Flex vertical gap={token.marginSM}>
      <TrendToolbar
        view={view}
        onViewChange={setView}
        toggles={toggles}
        onTogglesChange={setToggles}
        onExport={() => void onExport()}
        exporting={exporting}
        canExport={hasData && !loading}
      />
      {body}
    </Flex>
  );
}
