import { Card, Col, Row, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatThousands } from '@ems/domain';
import type { StateFigures } from '@ems/contract';
import { STATE_KEYS, wasteSharePct, type StateColours } from '../state-view';

/** KPI cards: hours and kWh per state, and the standby + stopped kWh priced at the TOU tariff. */
export function StateKpis({ totals, priced, colours }: { totals: StateFigures; priced: boolean; colours: StateColours }) {
  const { t } = useTranslation('equipment-status');
  const { token } = theme.useToken();
  const share = wasteSharePct(totals);
  return (
    <Row gutter={[token.margin, token.margin]}>
      {STATE_KEYS.map((s) => (
        <Col key={s} xs={12} md={8} xl={4}>
          <Card size="small" styles={{ body: { borderLeft: `3px solid ${colours[s]}` } }}>
            <Statistic title={`${t(`state.${s}`)} · ${t('energy.hours')}`} value={formatThousands(totals.hours[s], 2)} suffix="h" data-testid={`kpi-hours-${s}`} />
            <Typography.Text type="secondary" data-testid={`kpi-kwh-${s}`}>
              {formatThousands(totals.kwh[s], 1)} kWh
            </Typography.Text>
          </Card>
        </Col>
      ))}
      <Col xs={24} md={16} xl={8}>
        <Card size="small" styles={{ body: { borderLeft: `3px solid ${token.colorError}` } }}>
          <Statistic title={t('energy.waste')} prefix="¥" value={priced ? formatThousands(totals.wasteYuan, 2) : '--'} data-testid="kpi-waste" />
          <Typography.Text type="secondary" data-testid="kpi-waste-kwh">
            {priced ? t('energy.wasteKwh', { kwh: formatThousands(totals.wasteKwh, 1), pct: share === null ? '--' : `${formatNumber(share, 1)}%` }) : t('energy.unpriced')}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
