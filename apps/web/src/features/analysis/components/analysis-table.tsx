import { Button, Card, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ConsumptionAnalysis } from '@ems/contract';
import { displayUnit, formatNumber } from '@ems/domain';
import { DataTable } from '../../../widgets';
import type { AnalysisColumnName } from '../definitions';
import { formatChange, formatFigure } from '../analysis-view';

/** A table row: the node's total first, then each child, then the part metered at the node itself. */
export interface AnalysisRow {
  key: string;
  name: string;
  value: number | null;
  yoyPct: number | null;
  momPct: number | null;
  sharePct: number | null;
  intensityPerM2: number | null;
  output: number | null;
  intensityPerOutput: number | null;
  qualityPct: number | null;
  total?: boolean;
}

export function tableRows(a: ConsumptionAnalysis, totalLabel: string, unassignedLabel: string): AnalysisRow[] {
  const k = a.kpi;
  const u = a.unassigned;
  return [
    { key: 'total', name: `${a.name} (${totalLabel})`, value: k.total, yoyPct: k.yoyPct, momPct: k.momPct, sharePct: k.total === null ? null : 100, intensityPerM2: k.intensityPerM2, output: k.output ?? null, intensityPerOutput: k.intensityPerOutput ?? null, qualityPct: k.qualityPct, total: true },
    ...a.children.map((c) => ({ key: `${c.modelLabel}_${c.nodeId}`, name: c.name, value: c.value, yoyPct: c.yoyPct, momPct: c.momPct, sharePct: c.sharePct, intensityPerM2: c.intensityPerM2, output: c.output ?? null, intensityPerOutput: c.intensityPerOutput ?? null, qualityPct: c.qualityPct })),
    ...(u ? [{ key: 'unassigned', name: unassignedLabel, value: u.value, yoyPct: null, momPct: null, sharePct: u.sharePct, intensityPerM2: null, output: null, intensityPerOutput: null, qualityPct: null }] : []),
  ];
}

const pctText = (v: number | null) => (v === null ? '--' : `${formatNumber(v, 1)}%`);

/** The definition's columns over the node and its children, with an Excel export of the same query. */
export function AnalysisTable({ data, columns, onExport, exporting }: { data: ConsumptionAnalysis; columns: readonly AnalysisColumnName[]; onExport: () => void; exporting: boolean }) {
  const { t } = useTranslation('analysis');
  const unit = displayUnit(data.unit);
  const all: Record<AnalysisColumnName, ColumnsType<AnalysisRow>[number]> = {
    name: { title: t('col.name'), dataIndex: 'name', render: (v: string, r) => (r.total ? <Typography.Text strong>{v}</Typography.Text> : v) },
    value: { title: `${t('col.value')} (${unit})`, dataIndex: 'value', align: 'right', render: (v: number | null) => formatFigure(v) },
    yoy: { title: t('col.yoy'), dataIndex: 'yoyPct', align: 'right', render: (v: number | null) => formatChange(v) },
    mom: { title: t('col.mom'), dataIndex: 'momPct', align: 'right', render: (v: number | null) => formatChange(v) },
    share: { title: t('col.share'), dataIndex: 'sharePct', align: 'right', render: pctText },
    intensity: { title: `${t('col.intensity')} (${unit}/m²)`, dataIndex: 'intensityPerM2', align: 'right', render: (v: number | null) => formatFigure(v, 4) },
    output: { title: `${t('col.output')} (${data.kpi.outputUnit ?? ''})`, dataIndex: 'output', align: 'right', render: (v: number | null) => formatFigure(v) },
    outputIntensity: { title: `${t('col.outputIntensity')} (${unit}/${data.kpi.outputUnit ?? ''})`, dataIndex: 'intensityPerOutput', align: 'right', render: (v: number | null) => formatFigure(v, 4) },
    quality: { title: t('col.quality'), dataIndex: 'qualityPct', align: 'right', render: pctText },
  };
  // output columns only where the node has output counters
  const shown = columns.filter((c) => (c !== 'output' && c !== 'outputIntensity') || data.kpi.outputUnit);
  return (
    <Card
      size="small"
      title={t('table.title')}
      data-testid="analysis-table"
      extra={
        <Button size="small" icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="analysis-export">
          {t('table.export')}
        </Button>
      }
    >
      <DataTable<AnalysisRow> rowKey="key" columns={shown.map((c) => ({ ...all[c], key: c }))} dataSource={tableRows(data, t('table.total'), t('ranking.unassigned'))} pagination={false} />
    </Card>
  );
}
