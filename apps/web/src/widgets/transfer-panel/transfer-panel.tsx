import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { Transfer } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRANSFER_FILTER_DEBOUNCE_MS } from '../constants';
import { debounce } from '../hooks/timing';

export interface TransferItem {
  key: string;
  title: string;
  description?: string;
  disabled?: boolean;
}

export interface TransferPanelProps {
  dataSource: TransferItem[];
  /** Keys of the chosen items (right list). */
  targetKeys: Key[];
  onChange: (targetKeys: Key[]) => void;
  /** Default: translated 'Available' / 'Chosen'. */
  titles?: [string, string];
  /** Height of each list in px (default 320). */
  listHeight?: number;
  /** Default true. */
  showSearch?: boolean;
}

type Side = 'left' | 'right';

/** Transfer between two lists, each with a filter box applied 200 ms after typing stops. */
export function TransferPanel({ dataSource, targetKeys, onChange, titles, listHeight = 320, showSearch = true }: TransferPanelProps) {
  const { t } = useTranslation('widgets');
  const [filters, setFilters] = useState<Record<Side, string>>({ left: '', right: '' });
  const applyFilter = useMemo(
    () => debounce((side: Side, value: string) => setFilters((f) => ({ ...f, [side]: value })), TRANSFER_FILTER_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => applyFilter.cancel(), [applyFilter]);

  // antd hands over the undebounced text; the debounced one per side decides.
  const filterOption = useCallback(
    (_input: string, item: TransferItem, side: Side) => {
      const needle = filters[side].trim().toLowerCase();
      return !needle || `${item.title} ${item.description ?? ''}`.toLowerCase().includes(needle);
    },
    [filters],
  );

  return (
    <Transfer<TransferItem>
      dataSource={dataSource}
      targetKeys={targetKeys}
      onChange={(keys) => onChange(keys)}
      titles={titles ?? [t('transfer.available'), t('transfer.chosen')]}
      render={(item) => item.title}
      showSearch={showSearch ? { placeholder: t('transfer.filterPlaceholder') } : false}
      onSearch={(side, value) => applyFilter(side, value)}
      filterOption={filterOption}
      styles={{ section: { width: '100%', height: listHeight } }}
    />
  );
}
