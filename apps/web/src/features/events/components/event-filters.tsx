import { Button, Flex, Input, Select, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVENT_LEVEL } from '@ems/contract';
import { DateRangeSelector } from '../../../widgets';
import type { EventFilterName } from '../definitions';
import type { EventFilters } from '../query-body';

export interface EventFilterBarProps {
  offers: readonly EventFilterName[];
  /** the page's log types: the kinds the type filter offers */
  logTypes: readonly number[];
  value: EventFilters;
  onChange: (next: EventFilters) => void;
  /** the keyword is applied on search (Enter or the button), not on every key */
  keyword: string;
  onKeywordChange: (text: string) => void;
  onSearch: () => void;
  onReset: () => void;
}

/** Date range, type, level, status, confirm state and keyword: whichever the page's definition offers. */
export function EventFilterBar({ offers, logTypes, value, onChange, keyword, onKeywordChange, onSearch, onReset }: EventFilterBarProps) {
  const { t } = useTranslation('events');
  const { token } = theme.useToken();
  const has = (name: EventFilterName) => offers.includes(name);
  const set = (patch: Partial<EventFilters>) => onChange({ ...value, ...patch });
  const label = (text: string) => <span style={{ color: token.colorTextSecondary }}>{text}</span>;
  return (
    <Flex wrap align="center" gap={token.marginSM} data-testid="event-filters">
      <DateRangeSelector value={value.range} onChange={(range) => set({ range })} />
      {has('eventType') && (
        <Flex align="center" gap={token.marginXXS}>
          {label(t('filter.eventType'))}
          <Select<number[]>
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            data-testid="filter-event-type"
            style={{ minWidth: 150 }}
            placeholder={t('filter.all')}
            value={value.logTypes}
            onChange={(chosen) => set({ logTypes: chosen })}
            options={logTypes.map((v) => ({ value: v, label: t(`kind.${v}`, { defaultValue: String(v) }) }))}
          />
        </Flex>
      )}
      {has('level') && (
        <Flex align="center" gap={token.marginXXS}>
          {label(t('filter.level'))}
          <Select<number[]>
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            data-testid="filter-level"
            style={{ minWidth: 130 }}
            placeholder={t('filter.all')}
            value={value.levels}
            onChange={(levels) => set({ levels })}
            options={Object.values(EVENT_LEVEL).map((v) => ({ value: v, label: t(`level.${v}`) }))}
          />
        </Flex>
      )}
      {has('status') && (
        <Flex align="center" gap={token.marginXXS}>
          {label(t('filter.status'))}
          <Select<0 | 1 | -1>
            data-testid="filter-status"
            style={{ width: 100 }}
            value={value.status ?? -1}
            onChange={(v) => set({ status: v === -1 ? null : v })}
            options={[
              { value: -1, label: t('filter.all') },
              { value: 0, label: t('status.0') },
              { value: 1, label: t('status.1') },
            ]}
          />
        </Flex>
      )}
      {has('confirmState') && (
        <Flex align="center" gap={token.marginXXS}>
          {label(t('filter.confirmState'))}
          <Select<1 | 3 | -1>
            data-testid="filter-confirm-state"
            style={{ width: 110 }}
            value={value.confirmState ?? -1}
            onChange={(v) => set({ confirmState: v === -1 ? null : v })}
            options={[
              { value: -1, label: t('filter.all') },
              { value: 1, label: t('confirmState.1') },
              { value: 3, label: t('confirmState.3') },
            ]}
          />
        </Flex>
      )}
      {has('keyword') && (
        <Input
          allowClear
          data-testid="filter-keyword"
          style={{ width: 200 }}
          aria-label={t('filter.keyword')}
          placeholder={t('filter.keywordPlaceholder')}
          value={keyword}
          onChange={(e) => onKeywordChange(e.target.value)}
          onPressEnter={onSearch}
        />
      )}
      <Button type="primary" data-testid="event-search" onClick={onSearch}>
        {t('filter.query')}
      </Button>
      <Button onClick={onReset}>{t('filter.reset')}</Button>
    </Flex>
  );
}
