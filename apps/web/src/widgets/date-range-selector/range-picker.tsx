import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_RANGE_SHORTCUT_DAYS, customDateRange, customDateTimeRange, customRangeShortcut, type DateRange } from '@ems/domain';
import { DEFAULT_DATE_FORMAT } from '../constants';
import { pickerLocale } from './picker-locale';

export interface CustomRangePickerProps {
  value: DateRange;
  /** 6 picks whole days, 7 exact date-times. */
  type: 6 | 7;
  onChange: (range: DateRange) => void;
  disabledDate?: (dateMs: number) => boolean;
}

/** RangePicker of the two custom types, with the 7/30/90/180/365-day shortcuts for type 6. */
export function CustomRangePicker({ value, type, onChange, disabledDate }: CustomRangePickerProps) {
  const { t, i18n } = useTranslation('widgets');
  const now = Date.now();
  const presets =
    type === 6
      ? CUSTOM_RANGE_SHORTCUT_DAYS.map((days) => {
          const r = customRangeShortcut(days, now);
          return { label: t(`dateRange.last${days}Days`), value: [dayjs(r.startTime), dayjs(r.endTime)] as [Dayjs, Dayjs] };
        })
      : undefined;
  return (
    <DatePicker.RangePicker
      locale={pickerLocale(i18n.language)}
      allowClear={false}
      value={[dayjs(value.startTime), dayjs(value.endTime)]}
      showTime={type === 7}
      format={type === 7 ? DEFAULT_DATE_FORMAT : 'YYYY-MM-DD'}
      presets={presets}
      placeholder={[t('dateRange.startDate'), t('dateRange.endDate')]}
      disabledDate={disabledDate ? (d) => disabledDate(d.valueOf()) : undefined}
      onChange={(dates) => {
        const [a, b] = dates ?? [];
        if (!a || !b) return;
        onChange(type === 6 ? customDateRange(a.valueOf(), b.valueOf()) : customDateTimeRange(a.valueOf(), b.valueOf()));
      }}
    />
  );
}
