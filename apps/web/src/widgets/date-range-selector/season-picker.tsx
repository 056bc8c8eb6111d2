import { useState } from 'react';
import { Button, Flex, Popover, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { quarterOf, seasonPicker, type DateRange } from '@ems/domain';

export interface SeasonPickerProps {
  /** Start of the selected quarter (ms). */
  value: number;
  onChange: (range: DateRange) => void;
  /** Block quarters that start after now and years after this one (default true). */
  blockFuture?: boolean;
}

/** Season (quarter) picker: a year header with previous/next year buttons and four quarter buttons. */
export function SeasonPicker({ value, onChange, blockFuture = true }: SeasonPickerProps) {
  const { t } = useTranslation('widgets');
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(() => new Date(value).getFullYear());
  const picker = seasonPicker(year, value, Date.now());
  const label = `${new Date(value).getFullYear()} ${t(`dateRange.quarter${quarterOf(value)}`)}`;

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
        if (next) setYear(new Date(value).getFullYear());
        setOpen(next);
      }}
      content={content}
    >
      <Button style={{ minWidth: 150 }}>{label}</Button>
    </Popover>
  );
}
