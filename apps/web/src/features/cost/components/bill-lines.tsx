import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CostBillLine } from '@ems/contract';
import { yuan } from '../cost-view';

/** The month's bill lines: item, quantity, unit price, amount (fen formatted), and the total row. */
export function BillLines({ lines, totalFen }: { lines: readonly CostBillLine[]; totalFen: number }) {
  const { t } = useTranslation('cost');
  const name = (l: CostBillLine) =>
    l.name !== undefined ? t(`surcharge.${l.key}`, { defaultValue: l.name }) : t(`period.${l.key}`, { defaultValue: '' }) || t(`lines.${l.key}`, { defaultValue: l.key });
  // a monthly fee for part of the month (metering began, or a tariff version started, inside it)
  const label = (l: CostBillLine) => (l.days === undefined ? name(l) : `${name(l)} (${t('lines.proRated', { days: l.days, daysInPeriod: l.daysInPeriod })})`);
  return (
    <Card size="small" title={t('lines.title')}>
      <Table<CostBillLine & { row: number }>
        size="small"
        pagination={false}
        rowKey="row"
        dataSource={lines.map((l, row) => ({ ...l, row }))}
        columns={[
          { title: t('lines.item'), key: 'item', render: (_, l) => label(l) },
          { title: t('lines.quantity'), dataIndex: 'quantity', align: 'right', render: (q?: number) => (q === undefined ? '' : q.toLocaleString('en-US')) },
          { title: t('lines.price'), dataIndex: 'unitPriceYuan', align: 'right' },
          { title: t('lines.amount'), dataIndex: 'fen', align: 'right', render: (f: number) => yuan(f) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              {t('kpi.total')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <span data-testid="cost-lines-total">{yuan(totalFen)}</span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
