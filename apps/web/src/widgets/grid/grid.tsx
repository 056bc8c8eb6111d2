import { useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { Flex, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { gridRangeForRequest, gridShortcut, type GridRange, type GridShortcutKey } from '@ems/domain';
import { DataTable, type SelectionMode } from '../data-table/data-table';
import { pagingDefaults } from '../data-table/paging';
import { GRID_PAGE_SIZE, GRID_PAGE_SIZES } from '../constants';
import { useProjectZone } from '../../lib/time';
import { GridDateFilter } from './grid-date-filter';
import { loadGridRange, saveGridRange } from './grid-range-storage';

/** What the grid asks for: end already has one day added; index is the offset of the first row. */
export interface GridQuery {
  startTime: number;
  endTime: number;
  index: number;
  limit: number;
}

export interface GridProps<T> {
  /** Identifies the grid; its last range is kept in session storage under this id. */
  gridId: string;
  columns: TableProps<T>['columns'];
  rowKey: TableProps<T>['rowKey'];
  load: (query: GridQuery) => Promise<{ rows: T[]; total: number }>;
  /** Range when none is kept yet (default today). */
  defaultShortcut?: GridShortcutKey;
  /** Extra controls right of the date filter. */
  toolbar?: ReactNode;
  selectionMode?: SelectionMode;
  selectedRowKeys?: Key[];
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
  /** Change to reload with the same range and page. */
  reloadKey?: unknown;
}

/** Query grid with a date filter (spec sections 3, 5, 9): 20 a page of 10/20/50. */
export function Grid<T extends object>(props: GridProps<T>) {
  const { gridId, load, defaultShortcut = 'today', reloadKey } = props;
  const { t } = useTranslation('widgets');
  const zone = useProjectZone();
  const [range, setRange] = useState<GridRange>(() => loadGridRange(gridId) ?? gridShortcut(defaultShortcut, Date.now(), zone));
  const [page, setPage] = useState({ current: 1, pageSize: GRID_PAGE_SIZE });
  const [data, setData] = useState<{ rows: T[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  // The latest `load` is used; a new function identity alone does not query again.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let live = true;
    setLoading(true);
    const sent = gridRangeForRequest(range);
    loadRef.current({ ...sent, index: (page.current - 1) * page.pageSize, limit: page.pageSize })
      .then((reply) => live && setData(reply))
      .catch(() => live && setData({ rows: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [range, page, reloadKey]);

  const changeRange = (next: GridRange) => {
    saveGridRange(gridId, next);
    setRange(next);
    setPage((p) => ({ ...p, current: 1 }));
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <GridDateFilter value={range} onChange={changeRange} />
        {props.toolbar}
      </Flex>
      <DataTable<T>
        rowKey={props.rowKey}
        columns={props.columns}
        dataSource={data.rows}
        loading={loading}
        selectionMode={props.selectionMode}
        selectedRowKeys={props.selectedRowKeys}
        onSelectionChange={props.onSelectionChange}
        pagination={{
          ...pagingDefaults((total) => t('grid.total', { total }), GRID_PAGE_SIZE, GRID_PAGE_SIZES),
          current: page.current,
          pageSize: page.pageSize,
          total: data.total,
          onChange: (current, pageSize) => setPage({ current: pageSize === page.pageSize ? current : 1, pageSize }),
        }}
      />
    </Flex>
  );
}
