import type { Dayjs } from 'dayjs';
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRID_SHORTCUT_KEYS, blocksFuture, gridShortcut, startOfDay, type GridRange } from '@ems/domain';
import { fromPickerValue, toPickerValue, useProjectZone } from '../../lib/time';
import { pickerLocale } from '../date-range-selector/picker-locale';

export interface GridDateFilterProps {
  value: GridRange;
  /** Start-of-day timestamps of the first and last chosen day. */
  onChange: (range: GridRange) => void;
}

/** Day-range picker of the query grid: not clearable, future days blocked, the six grid shortcuts; the project's days. */
export function GridDateFilter({ value, onChange }: GridDateFilterProps) {
  const { t, i18n } = useTranslation('widgets');
  const zone = useProjectZone();
  const now = Date.now();
  const shown = (ms: number) => toPickerValue(ms, zone);
  const picked = (d: Dayjs) => fromPickerValue(d, zone);
  const presets = GRID_SHORTCUT_KEYS.map((key) => {
    const r = gridShortcut(key, now, zone);
    return { label: t(`grid.${key}`), value: [shown(r.startTime), shown(r.endTime)] as [Dayjs, Dayjs] };
  });
  return (
    <DatePicker.RangePicker
      locale={pickerLocale(i18n.language)}
      allowClear={false}
      value={[shown(value.startTime), shown(value.endTime)]}
      format="YYYY-MM-DD"
      presets={presets}
      placeholder={[t('dateRange.startDate'), t('dateRange.endDate')]}
      disabledDate={(d) => blocksFuture(picked(d), Date.now(), zone)}
      onChange={(dates) => {
        const [a, b] = dates ?? [];
        if (a && b) onChange({ startTime: startOfDay(picked(a), zone), endTime: startOfDay(picked(b), zone) });
      }}
    />
  );
}
