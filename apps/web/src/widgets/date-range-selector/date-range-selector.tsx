import { useState, type CSSProperties } from 'react';
import { Button, DatePicker, Select, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DATE_RANGE_TYPES,
  DEFAULT_DATE_RANGE_TYPE,
  blocksFuture,
  changeType,
  hasArrows,
  isNextDisabled,
  isUnitType,
  rangeOf,
  selectWidth,
  shift,
  type DateRange,
  type DateRangeType,
} from '@ems/domain';
import { fromPickerValue, toPickerValue, useProjectZone } from '../../lib/time';
import { pickerLocale } from './picker-locale';
import { SeasonPicker } from './season-picker';
import { CustomRangePicker } from './range-picker';

export interface DateRangeSelectorProps {
  /** Controlled range; omit to let the selector keep its own. */
  value?: DateRange;
  /** Initial type when uncontrolled (default 3, month); the range is that unit holding now. */
  defaultType?: DateRangeType;
  /** The types offered in the dropdown (default all seven, in order). */
  types?: readonly DateRangeType[];
  /** Fired with {startTime, endTime, type} in ms on every change, including a change of type. */
  onChange?: (range: DateRange) => void;
  /** Disabled-date rule (ms of the day, now, the zone's name); default blocks future dates. Pass `false` to allow every date. */
  disabledDate?: ((dateMs: number, nowMs: number, timeZone: string) => boolean) | false;
  /** The zone whose calendar the selector shows and picks in (default: the current project's). */
  timeZone?: string;
  style?: CSSProperties;
  className?: string;
}

const PICKER = { 1: 'date', 2: 'week', 3: 'month', 5: 'year' } as const;
const FORMAT = { 1: 'YYYY-MM-DD', 2: undefined, 3: 'YYYY-MM', 5: 'YYYY' } as const;

/**
 * Shared date-range selector (spec sections 2 and 4): type dropdown, a picker per type, previous/next
 * arrows for the unit types, next disabled at the present, weeks from Monday, future dates blocked.
 * Days, weeks, months and "now" are the project's (its time zone), whatever the browser's zone.
 */
export function DateRangeSelector(props: DateRangeSelectorProps) {
  const { value, defaultType = DEFAULT_DATE_RANGE_TYPE, types = DATE_RANGE_TYPES, onChange, disabledDate = blocksFuture } = props;
  const { t, i18n } = useTranslation('widgets');
  const projectZone = useProjectZone();
  const zone = props.timeZone ?? projectZone;
  const [inner, setInner] = useState<DateRange>(() => rangeOf(defaultType, Date.now(), zone));
  const range = value ?? inner;
  const { type } = range;
  const blocked = disabledDate ? (ms: number) => disabledDate(ms, Date.now(), zone) : undefined;

  const emit = (next: DateRange) => {
    setInner(next);
    onChange?.(next);
  };

  const picker = (() => {
    if (type === 4) return <SeasonPicker value={range.startTime} onChange={emit} blockFuture={disabledDate !== false} timeZone={zone} />;
    if (type === 6 || type === 7) return <CustomRangePicker type={type} value={range} onChange={emit} disabledDate={blocked} timeZone={zone} />;
    return (
      <DatePicker
        picker={PICKER[type]}
        format={FORMAT[type]}
        locale={pickerLocale(i18n.language)}
        allowClear={false}
        value={toPickerValue(range.startTime, zone)}
        disabledDate={blocked ? (d) => blocked(fromPickerValue(d, zone)) : undefined}
        onChange={(d) => d && emit(rangeOf(type, fromPickerValue(d, zone), zone))}
      />
    );
  })();

  return (
    <Space size={4} className={props.className} style={props.style}>
      <Select<DateRangeType>
        aria-label={t('dateRange.type')}
        // the spec's 65 px fits the one-character Chinese types (日 周 月 季 年); English words take the 90 px box
        style={{ width: selectWidth(types.some((x) => !isUnitType(x)) || i18n.language === 'en-US') }}
        popupMatchSelectWidth={false}
        value={type}
        options={types.map((x) => ({ value: x, label: t(`dateRange.type${x}`) }))}
        onChange={(next) => emit(changeType(range, next, Date.now(), zone))}
      />
      {hasArrows(type) && (
        <Button aria-label={t('dateRange.previous')} icon={<LeftOutlined />} onClick={() => emit(shift(range, -1, zone))} />
      )}
      {picker}
      {hasArrows(type) && (
        <Button
          aria-label={t('dateRange.next')}
          icon={<RightOutlined />}
          disabled={disabledDate !== false && isNextDisabled(range, Date.now())}
          onClick={() => emit(shift(range, 1, zone))}
        />
      )}
    </Space>
  );
}
