import type { TablePaginationConfig } from 'antd/es/table';
import './paging.css';

/**
 * Paging of the generic table and the query grid: total, sizes, prev, pager, next, jumper (the CSS
 * puts antd's size changer right after the total), with the given default size and choices.
 */
export function pagingDefaults(showTotal: (total: number) => string, pageSize: number, pageSizes: readonly number[]): TablePaginationConfig {
  return {
    defaultPageSize: pageSize,
    pageSizeOptions: pageSizes.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal,
    className: 'ems-paging',
  };
}
