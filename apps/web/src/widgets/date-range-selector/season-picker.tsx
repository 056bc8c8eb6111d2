import { useState } from 'react';
import { Button, Flex, Popover, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { localParts, quarterOf, seasonPicker, type DateRange } from '@ems/domain';

export interface SeasonPickerProps {
  /** Start of the selected quarter (ms). */
  value: number;
  onChange: (range: DateRange) => void;
  /** Block quarters that start after now and years after this one (default true). */
  blockFuture?: boolean;
  /** The zone whose calendar years and quarters are shown. */
  timeZone: string;
}

/** Season (quarter) picker: a year header with previous/next year buttons and four quarter buttons. */
export function SeasonPicker({ value, onChange, blockFuture = true, timeZone }: SeasonPickerProps) {
  const { t } = useTranslation('widgets');
  const [open, setOpen] = useState(false);
  const yearOf = (ms: number) => localParts(ms, timeZone).year;
  const [year, setYear] = useState(() => yearOf(value));
  const picker = seasonPicker(year, value, Date.now(), timeZone);
  const label = `${yearOf(value)} ${t(`dateRange.quarter${quarterOf(value, timeZone)}`)}`;

  const content = (
    <Flex vertical gap={8} style={{ width: 216 }}>
      <Flex justify="space-between" align="center">
        <Button type="text" size="small" aria-label={t('dateRange.previousYear')} icon={<LeftOutlined />} onClick={() => setYear(year - 1)} />
        <Typography.Text strong>{year}</Typography.Text>
        <Button
          type="text"
          size="small"
          aria-label={t('dateRange.nextYear')}
          icon={<RightOutlined />}
          disabled={blockFuture && picker.nextYearDisabled}
          onClick={() => setYear(year + 1)}
        />
      </Flex>
      <Flex wrap gap={8}>
        {picker.quarters.map((q) => (
          <Button
            key={q.quarter}
            style={{ width: 100 }}
            type={q.selected ? 'primary' : 'default'}
            disabled={blockFuture && q.disabled}
            onClick={() => {
              onChange(q.range);
              setOpen(false);
            }}
          >
            {t(`dateRange.quarter${q.quarter}`)}
          </Button>
        ))}
      </Flex>
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      open={open}
      onOpenChange={(next) => {
        if (next) setYear(yearOf(value));
        setOpen(next);
      }}
      content={content}
    >
      <Button style={{ minWidth: 150 }}>{label}</Button>
    </Popover>
  );
}
