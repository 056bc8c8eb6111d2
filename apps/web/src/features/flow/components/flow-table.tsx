import { Button, Card, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { EnergyFlowReply } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import { DataTable } from '../../../widgets';
import { flowRows, formatPct, type FlowRow } from '../flow-view';

const KIND_COLOR = { flow: 'blue', loss: 'red', unmetered: 'orange' } as const;

/** One row per link: from, to, kind, value, share of the source and of the supply, loss rate; Excel export of the same query. */
export function FlowTable({ flow, onExport, exporting }: { flow: EnergyFlowReply; onExport: () => void; exporting: boolean }) {
  const { t } = useTranslation('flow');
  const unit = displayUnit(flow.unit);
  const rows = flowRows(flow, { supply: t('supply'), loss: t('loss'), unmetered: t('unmetered') });
  const columns: ColumnsType<FlowRow> = [
    { title: t('from'), dataIndex: 'from', key: 'from', ellipsis: true },
    { title: t('to'), dataIndex: 'to', key: 'to', ellipsis: true },
    { title: t('kind'), dataIndex: 'kind', key: 'kind', width: 110, render: (k: FlowRow['kind']) => <Tag color={KIND_COLOR[k]}>{t(`kindText.${k}`)}</Tag> },
    { title: `${t('value')} (${unit})`, dataIndex: 'value', key: 'value', align: 'right', width: 150, render: (v: number) => <span data-testid="flow-row-value">{formatThousands(v, 2)}</span> },
    { title: t('shareOfSource'), dataIndex: 'sharePct', key: 'share', align: 'right', width: 120, render: formatPct },
    { title: t('shareOfSupply'), dataIndex: 'supplySharePct', key: 'supplyShare', align: 'right', width: 120, render: formatPct },
    { title: t('lossRate'), dataIndex: 'lossRatePct', key: 'rate', align: 'right', width: 110, render: formatPct },
  ];
  return (
    <Card
      size="small"
      title={t('table')}
      data-testid="flow-table"
      extra={
        <Button size="small" icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="flow-export">
          {t('export')}
        </Button>
      }
    >
      <DataTable<FlowRow> rowKey="key" columns={columns} dataSource={rows} pagination={false} scroll={{ y: 420 }} />
    </Card>
  );
}
