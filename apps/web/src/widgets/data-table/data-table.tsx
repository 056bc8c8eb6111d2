import { useMemo, type Key } from 'react';
import { Table, theme, type TableProps } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZES } from '../constants';
import { pagingDefaults } from './paging';

export type SelectionMode = 'none' | 'single' | 'multiple';

export interface DataTableProps<T> extends Omit<TableProps<T>, 'rowSelection' | 'pagination'> {
  /** 'single' keeps one checked row and refuses select-all (当前表格选择为单选方式！). Default 'none'. */
  selectionMode?: SelectionMode;
  selectedRowKeys?: Key[];
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
  /** The highlighted current row (click a row to make it current). */
  currentRowKey?: Key;
  onCurrentRowChange?: (row: T) => void;
  /** Merged over the defaults: 100 a page, 10/20/50/100, total, sizes, prev, pager, next, jumper. `false` hides paging. */
  pagination?: TablePaginationConfig | false;
}

/**
 * Every string header carries its whole text on hover: a header that ends in an ellipsis ('数…')
 * shows what it cut. antd titles a header cell only where its column is set to an ellipsis, and
 * never a group header.
 */
function withHeaderTitles<T>(columns: TableProps<T>['columns']): TableProps<T>['columns'] {
  return columns?.map((c) => ({
    ...c,
    ...(typeof c.title === 'string' ? { title: <span title={c.title}>{c.title}</span> } : {}),
    ...('children' in c && c.children ? { children: withHeaderTitles(c.children) } : {}),
  }));
}

/** Generic table (spec sections 4, 5, 9) on antd Table. */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { selectionMode = 'none', selectedRowKeys = [], onSelectionChange, currentRowKey, onCurrentRowChange, pagination, onRow, ...rest } = props;
  const { t } = useTranslation('widgets');
  const { token } = theme.useToken();
  // once per column list, not per render: live tables re-render every few seconds with the same columns
  const columns = useMemo(() => withHeaderTitles(rest.columns), [rest.columns]);

  const rowSelection: TableProps<T>['rowSelection'] =
    selectionMode === 'none'
      ? undefined
      : {
          type: 'checkbox',
          selectedRowKeys,
          onChange: (keys, rows, info) => {
            if (selectionMode === 'multiple') return onSelectionChange?.(keys, rows);
            if (info.type === 'all') return void notify.warning(t('table.singleSelectOnly'));
            const added = keys.filter((k) => !selectedRowKeys.includes(k));
            const picked = rows.filter((r, i) => r && added.includes(keys[i] as Key));
            onSelectionChange?.(added.slice(-1), picked.slice(-1));
          },
        };

  return (
    <Table<T>
      size="small"
      {...rest}
      columns={columns}
      rowSelection={rowSelection}
      pagination={pagination === false ? false : { ...pagingDefaults((total) => t('table.total', { total }), TABLE_PAGE_SIZE, TABLE_PAGE_SIZES), ...pagination }}
      onRow={(record, index) => {
        const extra = onRow?.(record, index) ?? {};
        const key = typeof rest.rowKey === 'function' ? rest.rowKey(record) : (record as Record<string, unknown>)[String(rest.rowKey ?? 'key')];
        const current = currentRowKey !== undefined && key === currentRowKey;
        return {
          ...extra,
          'aria-current': current || undefined,
          style: current ? { ...extra.style, background: token.controlItemBgActive } : extra.style,
          onClick: (e) => {
            extra.onClick?.(e);
            onCurrentRowChange?.(record);
          },
        };
      }}
    />
  );
}
