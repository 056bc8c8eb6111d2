import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayUnit, formatFen, formatNumber, type DateRange } from '@ems/domain';
import type { WasteAnalysis } from '@ems/contract';
import { wasteAnalysisQuery } from '../api/abnormal-api';

type Row = WasteAnalysis['list'][number];

/** The project's meters ranked by the waste of their findings over the range (wasteAnalysis). */
export function WasteRanking({ projectId, range }: { projectId: number; range: DateRange }) {
  const { t } = useTranslation('abnormal');
  const ranking = useQuery(wasteAnalysisQuery({ projectId, startTime: range.startTime, endTime: range.endTime, limit: 10 }));
  return (
    <Card size="small" title={t('ranking.title')} extra={ranking.data ? `${t('ranking.total')} ¥${formatFen(ranking.data.totalFen)}` : null} data-testid="waste-ranking">
      <Table<Row>
        rowKey="nodeId"
        size="small"
        loading={ranking.isLoading}
        dataSource={ranking.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
        columns={[
          { title: t('ranking.rank'), dataIndex: 'rank', width: 60 },
          { title: t('result.meter'), dataIndex: 'nodeName' },
          { title: t('result.waste'), dataIndex: 'excess', align: 'right', render: (v: number, r) => `${formatNumber(v, 2)} ${displayUnit(r.unit)}` },
          { title: t('result.cost'), dataIndex: 'fen', align: 'right', render: (v: number) => formatFen(v) },
          { title: t('ranking.share'), dataIndex: 'sharePct', align: 'right', width: 90, render: (v: number) => `${formatNumber(v, 1)}%` },
          { title: t('result.findings'), dataIndex: 'findings', align: 'right', width: 90 },
        ]}
      />
    </Card>
  );
}
