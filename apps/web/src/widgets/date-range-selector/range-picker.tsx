import type { Dayjs } from 'dayjs';
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_RANGE_SHORTCUT_DAYS, customDateRange, customDateTimeRange, customRangeShortcut, type DateRange } from '@ems/domain';
import { fromPickerValue, toPickerValue } from '../../lib/time';
import { DEFAULT_DATE_FORMAT } from '../constants';
import { pickerLocale } from './picker-locale';

export interface CustomRangePickerProps {
  value: DateRange;
  /** 6 picks whole days, 7 exact date-times. */
  type: 6 | 7;
  onChange: (range: DateRange) => void;
  disabledDate?: (dateMs: number) => boolean;
  /** The zone whose days and times are shown and picked. */
  timeZone: string;
}

/** RangePicker of the two custom types, with the 7/30/90/180/365-day shortcuts for type 6. */
export function CustomRangePicker({ value, type, onChange, disabledDate, timeZone }: CustomRangePickerProps) {
  const { t, i18n } = useTranslation('widgets');
  const now = Date.now();
  const shown = (ms: number) => toPickerValue(ms, timeZone);
  const picked = (d: Dayjs) => fromPickerValue(d, timeZone);
  const presets =
    type === 6
      ? CUSTOM_RANGE_SHORTCUT_DAYS.map((days) => {
          const r = customRangeShortcut(days, now, timeZone);
          return { label: t(`dateRange.last${days}Days`), value: [shown(r.startTime), shown(r.endTime)] as [Dayjs, Dayjs] };
        })
      : undefined;
  return (
    <DatePicker.RangePicker
      locale={pickerLocale(i18n.language)}
      allowClear={false}
      value={[shown(value.startTime), shown(value.endTime)]}
      showTime={type === 7}
      // 'now' would be the browser's clock read as the project's wall clock
      showNow={false}
      format={type === 7 ? DEFAULT_DATE_FORMAT : 'YYYY-MM-DD'}
      presets={presets}
      placeholder={[t('dateRange.startDate'), t('dateRange.endDate')]}
      disabledDate={disabledDate ? (d) => disabledDate(picked(d)) : undefined}
      onChange={(dates) => {
        const [a, b] = dates ?? [];
        if (!a || !b) return;
        onChange(type === 6 ? customDateRange(picked(a), picked(b), timeZone) : customDateTimeRange(picked(a), picked(b)));
      }}
    />
  );
}
