import type { ReactNode } from 'react';
import { Button, Card, Flex, Select, theme } from 'antd';
import type { DateRange, DateRangeType } from '@ems/domain';
import { DateRangeSelector } from '../date-range-selector/date-range-selector';

/** The labelled pick of one item (a transformer, a boiler) the page analyses. */
export interface AnalysisToolbarPicker {
  /** The text before the dropdown. */
  label: ReactNode;
  testId: string;
  value: number | undefined;
  /** The items offered, by id and name. */
  items: readonly { id: number; name: string }[];
  onChange: (value: number) => void;
  loading?: boolean;
  /** Width of the dropdown in px (default 180). */
  width?: number;
}

export interface AnalysisToolbarProps {
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  /** The range types offered (the selector's default: all). */
  types?: readonly DateRangeType[];
  picker?: AnalysisToolbarPicker;
  /** Where the picker stands: before the range (default) or after it. */
  pickerPlacement?: 'start' | 'afterRange';
  /** The export button's text, in the page's own words. */
  exportLabel: ReactNode;
  onExport: () => void;
  exportDisabled?: boolean;
  exportTestId: string;
  /** What follows the export button (a nameplate, the standard, the tariff). */
  children?: ReactNode;
}

/**
 * The bar above an analysis page: a small card holding the optional item picker, the date-range
 * selector, the export button and whatever the page adds after it, wrapped on a narrow screen.
 */
export function AnalysisToolbar({ range, onRangeChange, types, picker, pickerPlacement = 'start', exportLabel, onExport, exportDisabled, exportTestId, children }: AnalysisToolbarProps) {
  const { token } = theme.useToken();
  const pick = picker && (
    <Flex align="center" gap={token.marginXS}>
      <span>{picker.label}</span>
      <Select<number>
        data-testid={picker.testId}
        value={picker.value}
        style={{ width: picker.width ?? 180 }}
        loading={picker.loading}
        options={picker.items.map((x) => ({ value: x.id, label: x.name }))}
        onChange={picker.onChange}
      />
    </Flex>
  );
  return (
    <Card size="small">
      <Flex wrap align="center" gap={token.margin}>
        {pickerPlacement === 'start' && pick}
        <DateRangeSelector value={range} onChange={onRangeChange} types={types} />
        {pickerPlacement === 'afterRange' && pick}
        <Button onClick={onExport} disabled={exportDisabled} data-testid={exportTestId}>
          {exportLabel}
        </Button>
        {children}
      </Flex>
    </Card>
  );
}
