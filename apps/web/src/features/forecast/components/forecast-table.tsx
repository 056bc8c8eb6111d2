import type { ReactNode } from 'react';
import { Card } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ForecastAnalysisPoint, ForecastPoint } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import { useProjectZone } from '../../../lib/time';
import { DataTable } from '../../../widgets';
import { bucketLabel, formatFigure } from '../forecast-view';

/** The horizon's forecast table (time, actual so far, P10, P50, P90); the server's export writes the same columns. */
export function ForecastTable({ points, grain, unit, extra }: { points: readonly ForecastPoint[]; grain: 'hour' | 'day'; unit: string; extra: ReactNode }) {
  const { t } = useTranslation('forecast');
  const zone = useProjectZone();
  const u = displayUnit(unit);
  const num = (v: number | null) => formatFigure(v);
  const columns: ColumnsType<ForecastPoint> = [
    { title: t('table.time'), dataIndex: 'time', render: (v: number) => bucketLabel(v, grain, zone) },
    { title: `${t('table.actual')} (${u})`, dataIndex: 'actual', align: 'right', render: num },
    { title: `${t('table.p10')} (${u})`, dataIndex: 'p10', align: 'right', render: num },
    { title: `${t('table.p50')} (${u})`, dataIndex: 'p50', align: 'right', render: num },
    { title: `${t('table.p90')} (${u})`, dataIndex: 'p90', align: 'right', render: num },
  ];
  return (
    <Card size="small" title={t('table.title')} extra={extra} data-testid="forecast-table">
      <DataTable<ForecastPoint> rowKey="time" columns={columns} dataSource={[...points]} pagination={false} size="small" />
    </Card>
  );
}

/** The range's table: actual, day-ahead forecast, band, error. */
export function AnalysisTable({ points, grain, unit, extra }: { points: readonly ForecastAnalysisPoint[]; grain: 'hour' | 'day'; unit: string; extra: ReactNode }) {
  const { t } = useTranslation('forecast');
  const zone = useProjectZone();
  const u = displayUnit(unit);
  const num = (v: number | null) => formatFigure(v);
  const columns: ColumnsType<ForecastAnalysisPoint> = [
    { title: t('table.time'), dataIndex: 'time', render: (v: number) => bucketLabel(v, grain, zone) },
    { title: `${t('table.actual')} (${u})`, dataIndex: 'actual', align: 'right', render: num },
    { title: `${t('table.forecast')} (${u})`, dataIndex: 'forecast', align: 'right', render: num },
    { title: `${t('table.p10')} (${u})`, dataIndex: 'p10', align: 'right', render: num },
    { title: `${t('table.p90')} (${u})`, dataIndex: 'p90', align: 'right', render: num },
    { title: `${t('table.error')} (${u})`, dataIndex: 'error', align: 'right', render: num },
    { title: t('table.errorPct'), dataIndex: 'errorPct', align: 'right', render: num },
  ];
  return (
    <Card size="small" title={t('table.analysisTitle')} extra={extra} data-testid="forecast-table">
      <DataTable<ForecastAnalysisPoint> rowKey="time" columns={columns} dataSource={[...points]} pagination={grain === 'hour' ? { pageSize: 24 } : false} size="small" />
    </Card>
  );
}
