import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRID_SHORTCUT_KEYS, blocksFuture, gridShortcut, startOfDay, type GridRange } from '@ems/domain';
import { pickerLocale } from '../date-range-selector/picker-locale';

export interface GridDateFilterProps {
  value: GridRange;
  /** Start-of-day timestamps of the first and last chosen day. */
  onChange: (range: GridRange) => void;
}

/** Day-range picker of the query grid: not clearable, future days blocked, the six grid shortcuts. */
export function GridDateFilter({ value, onChange }: GridDateFilterProps) {
  const { t, i18n } = useTranslation('widgets');
  const now = Date.now();
  const presets = GRID_SHORTCUT_KEYS.map((key) => {
    const r = gridShortcut(key, now);
    return { label: t(`grid.${key}`), value: [dayjs(r.startTime), dayjs(r.endTime)] as [Dayjs, Dayjs] };
  });
  return (
    <DatePicker.RangePicker
      locale={pickerLocale(i18n.language)}
      allowClear={false}
      value={[dayjs(value.startTime), dayjs(value.endTime)]}
      format="YYYY-MM-DD"
      presets={presets}
      placeholder={[t('dateRange.startDate'), t('dateRange.endDate')]}
      disabledDate={(d) => blocksFuture(d.valueOf(), Date.now())}
      onChange={(dates) => {
        const [a, b] = dates ?? [];
        if (a && b) onChange({ startTime: startOfDay(a.valueOf()), endTime: startOfDay(b.valueOf()) });
      }}
    />
  );
}
