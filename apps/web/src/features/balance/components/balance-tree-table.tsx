import { useMemo, useState, type Key } from 'react';
import { Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { BalanceTree } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import { DataTable } from '../../../widgets';
import { expandedKeys, formatPct, toTreeRows, type TreeRow } from '../balance-view';
import { StatusTag } from './status-tag';

export interface BalanceTreeTableProps {
  tree: BalanceTree;
  selected: number | null;
  onSelect: (row: TreeRow) => void;
}

/**
 * The meter tree with consumption, Σ children (the Σ of the child rows), loss, λ, the unmetered part
 * (when any), tolerance and status on each parent meter: consumption − Σ children = loss + unmetered;
 * λ is the loss over the periods every meter covered (the column's hover says so).
 */
export function BalanceTreeTable({ tree, selected, onSelect }: BalanceTreeTableProps) {
  const { t } = useTranslation('balance');
  const unit = displayUnit(tree.unit);
  const data = useMemo(() => toTreeRows(tree.rows), [tree.rows]);
  const [expanded, setExpanded] = useState<readonly Key[]>(() => expandedKeys(tree.rows));
  const hasUnmetered = tree.rows.some((r) => r.balance?.unmetered != null);
  const columns: ColumnsType<TreeRow> = [
    { title: t('meter'), dataIndex: 'name', key: 'name', ellipsis: true },
    { title: `${t('consumption')} (${unit})`, key: 'value', align: 'right', width: 150, render: (_, r) => <span data-testid="balance-value">{formatThousands(r.value, 2)}</span> },
    {
      title: `${t('childrenSum')} (${unit})`,
      key: 'childrenSum',
      align: 'right',
      width: 150,
      render: (_, r) =>
        r.balance ? (
          <>
            <span data-testid="balance-children">{formatThousands(r.balance.childrenTotal, 2)}</span>
            {r.balance.missingChildren > 0 ? (
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {t('missing', { n: r.balance.missingChildren })}
              </Typography.Text>
            ) : null}
          </>
        ) : null,
    },
    { title: `${t('loss')} (${unit})`, key: 'loss', align: 'right', width: 130, render: (_, r) => (r.balance ? <span data-testid="balance-loss">{formatThousands(r.balance.loss, 2)}</span> : null) },
    {
      title: (
        <Tooltip title={t('lossRateHint')}>
          <span data-testid="balance-rate-title">{t('lossRate')}</span>
        </Tooltip>
      ),
      key: 'rate', align: 'right', width: 110, render: (_, r) => (r.balance ? <span data-testid="balance-rate">{formatPct(r.balance.lossRatePct)}</span> : null) },
    // what the parent metered where a child did not (a meter offline): not loss, the flow pages' 未计量 branch
    ...(hasUnmetered
      ? [{ title: `${t('unmetered')} (${unit})`, key: 'unmetered', align: 'right' as const, width: 130, render: (_: unknown, r: TreeRow) => (r.balance?.unmetered == null ? null : <span data-testid="balance-unmetered">{formatThousands(r.balance.unmetered, 2)}</span>) }]
      : []),
    { title: t('tolerance'), key: 'tol', align: 'right', width: 100, render: (_, r) => (r.balance ? formatPct(r.balance.tolerancePct) : null) },
    { title: t('status'), key: 'status', width: 130, render: (_, r) => (r.balance ? <StatusTag status={r.balance.status} /> : null) },
  ];
  return (
    <DataTable<TreeRow>
      rowKey="key"
      columns={columns}
      dataSource={data}
      pagination={false}
      scroll={{ y: 420 }}
      expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys), indentSize: 16 }}
      currentRowKey={selected ?? undefined}
      onCurrentRowChange={(r) => r.balance && onSelect(r)}
      data-testid="balance-tree"
    />
  );
}
