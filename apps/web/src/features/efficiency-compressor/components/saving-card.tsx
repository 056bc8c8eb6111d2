import { Card, Flex, InputNumber, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AirManager } from '@ems/contract';
import { fmt } from '../view';

/** The saving of lowering the pressure set-point by Δp bar (≈ 7 %/bar of the station's energy, DOMAIN §7), priced at the tariff. */
export function SavingCard({ data, lowerBar, onLowerBar }: { data: AirManager; lowerBar: number; onLowerBar: (bar: number) => void }) {
  const { t } = useTranslation('efficiency-compressor');
  const { token } = theme.useToken();
  const s = data.saving;
  return (
    <Card size="small" title={t('saving.title')} data-testid="air-saving" style={{ height: '100%' }}>
      <Flex vertical gap={token.marginXS}>
        <Flex align="center" gap={token.marginXS}>
          <span>{t('saving.lower')}</span>
          <InputNumber<number>
            data-testid="air-lower-bar"
            min={0.1}
            max={3}
            step={0.1}
            precision={1}
            value={lowerBar}
            onChange={(v) => v !== null && onLowerBar(v)}
            style={{ width: 90 }}
          />
          <span>{t('saving.bar')}</span>
        </Flex>
        <Statistic title={t('saving.kwh', { kwh: fmt(s.kwh, 0), pct: fmt(s.pct, 1) })} value={s.yuan === null ? fmt(s.kwh, 0) : fmt(s.yuan, 0)} prefix={s.yuan === null ? undefined : '¥'} suffix={s.yuan === null ? 'kWh' : undefined} data-testid="air-saving-value" />
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('saving.basis')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
