import { useState } from 'react';
import { Button, Card } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CostExportQuery, MonthSummary } from '@ems/contract';
import { DataTable } from '../../../widgets';
import { exportCost } from '../api/export-cost';

/** The year's billed months as a table with its export (the server writes the same columns). */
export function YearTable({ title, months, columns, query }: { title: string; months: readonly MonthSummary[]; columns: ColumnsType<MonthSummary>; query: CostExportQuery }) {
  const { t } = useTranslation('cost');
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      await exportCost(query);
    } finally {
      setBusy(false);
    }
  };
  const month: ColumnsType<MonthSummary>[number] = { title: t('table.month'), key: 'month', render: (_, m) => `${m.year}-${String(m.month).padStart(2, '0')}`, width: 100 };
  return (
    <Card
      size="small"
      title={title}
      extra={
        <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void onExport()} data-testid="cost-export">
          {t('table.export')}
        </Button>
      }
    >
      <div data-testid="cost-table">
        <DataTable<MonthSummary> rowKey={(m) => `${m.year}-${m.month}`} dataSource={months.filter((m) => m.billed)} columns={[month, ...columns]} pagination={false} />
      </div>
    </Card>
  );
}
