// The public door of the shared widgets. Features import from here only.
export * from './constants';
export { DateRangeSelector, type DateRangeSelectorProps } from './date-range-selector/date-range-selector';
export { SeasonPicker, type SeasonPickerProps } from './date-range-selector/season-picker';
export { AnalysisToolbar, type AnalysisToolbarPicker, type AnalysisToolbarProps } from './analysis-toolbar/analysis-toolbar';
export { usePickedItem } from './analysis-toolbar/use-picked-item';
export { KpiCard, KpiRow, type KpiCardProps, type KpiItem, type KpiRowProps } from './kpi-card/kpi-card';
export { EditDialog, type EditDialogProps } from './edit-dialog/edit-dialog';
export { DataTable, type DataTableProps, type SelectionMode } from './data-table/data-table';
export { useEditableRows, removeRows, visibleRows, type EditableRow } from './data-table/editable-rows';
export { useTableActions } from './data-table/table-actions';
export { EmptyState, type EmptyStateKind, type EmptyStateProps } from './empty-state/empty-state';
export * from './illustrations';
export { VALIDATE_ON_BLUR, trimValues, useFormRules } from './form-rules';
export { usePeriodicTask, type UsePeriodicTaskOptions } from './hooks/use-periodic-task';
export { useDebouncedValue } from './hooks/use-debounced-value';
export { EChart, type EChartProps } from './echart/echart';
export { applyChartDefaults, hasChartData } from './echart/chart-defaults';
export { chartPalette, type ChartPalette } from './echart/chart-palette';
export { echarts } from './echart/echarts-setup';
export { Grid, type GridProps, type GridQuery } from './grid/grid';
export { ModelTree, type ModelTreeProps } from './model-tree/model-tree';
export { filterTree, searchTree, type ModelTreeNode } from './model-tree/tree-filter';
export { TransferPanel, type TransferPanelProps, type TransferItem } from './transfer-panel/transfer-panel';
export { UserPicker, type UserPickerProps } from './user-picker/user-picker';
export { SidePanel, type SidePanelProps } from './side-panel/side-panel';
export { Scroller, type ScrollerProps } from './scroller/scroller';
export { MessageText } from './message-text/message-text';
export { PermissionTabs, type PermissionTabItem, type PermissionTabsProps } from './permission-tabs/permission-tabs';
export { TrendChart, type TrendChartProps } from './trend-chart/trend-chart';
export { buildTrendOption, type TrendChartTokens, type TrendLabels } from './trend-chart/trend-option';
export { buildTrendTable, trendColumnTitle, trendRowTexts, type TrendTable, type TrendTableViewRow } from './trend-chart/trend-table';
export { buildTrendWorkbook, exportTrendTable } from './trend-chart/trend-export';
export {
  DEFAULT_EXPORT_NAME,
  DEFAULT_TREND_TOGGLES,
  TREND_OPTIONS,
  type TrendOption,
  type TrendToggles,
  type TrendView,
} from './trend-chart/trend-toggles';
