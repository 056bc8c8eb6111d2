import { Button, Checkbox, Flex, Segmented } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TREND_OPTIONS, type TrendOption, type TrendToggles, type TrendView } from './trend-toggles';

export interface TrendToolbarProps {
  view: TrendView;
  onViewChange: (view: TrendView) => void;
  toggles: TrendToggles;
  onTogglesChange: (toggles: TrendToggles) => void;
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
}

/** Curve/table switch, the overlay options of spec section 9, and the export button. */
export function TrendToolbar({ view, onViewChange, toggles, onTogglesChange, onExport, exporting, canExport }: TrendToolbarProps) {
  const { t } = useTranslation('widgets');
  const checked = TREND_OPTIONS.filter((o) => toggles[o]);
  return (
    <Flex wrap align="center" justify="space-between" gap={8}>
      <Flex wrap align="center" gap={12}>
        <Segmented<TrendView>
          aria-label={t('trendChart.view')}
          value={view}
          onChange={onViewChange}
          options={[
            { value: 'curve', label: t('trendChart.curve') },
            { value: 'table', label: t('trendChart.table') },
          ]}
        />
        <Checkbox.Group<TrendOption>
          aria-label={t('trendChart.options')}
          value={checked}
          onChange={(on) => onTogglesChange(Object.fromEntries(TREND_OPTIONS.map((o) => [o, on.includes(o)])) as TrendToggles)}
          options={TREND_OPTIONS.map((o) => ({ value: o, label: t(`trendChart.${o}`), disabled: o === 'limit' && toggles.diff }))}
        />
      </Flex>
      <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} disabled={!canExport}>
        {t('trendChart.export')}
      </Button>
    </Flex>
  );
}
