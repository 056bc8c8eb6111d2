import { Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantTempBucket } from '@ems/contract';
import { fmt } from '../chiller-view';

/** The range's means: chilled and condenser water supply/return with their ΔT, outdoor dry bulb and RH, wet bulb (Stull) and the towers' approach. */
export function TemperatureFigures({ temps }: { temps: PlantTempBucket }) {
  const { t } = useTranslation('efficiency-chiller');
  const { token } = theme.useToken();
  const d = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
  const items: [string, string, string, string][] = [
    ['chws', t('temp.chws'), fmt(temps.chws, 1), '°C'],
    ['chwr', t('temp.chwr'), fmt(temps.chwr, 1), '°C'],
    ['chwDelta', t('temp.chwDelta'), fmt(d(temps.chws, temps.chwr), 2), 'K'],
    ['cws', t('temp.cws'), fmt(temps.cws, 1), '°C'],
    ['cwr', t('temp.cwr'), fmt(temps.cwr, 1), '°C'],
    ['cwDelta', t('temp.cwDelta'), fmt(d(temps.cws, temps.cwr), 2), 'K'],
    ['outdoor', t('temp.outdoor'), fmt(temps.outdoorC, 1), '°C'],
    ['outdoorRh', t('temp.outdoorRh'), fmt(temps.outdoorRh, 0), '%'],
    ['wetBulb', t('temp.wetBulb'), fmt(temps.wetBulbC, 1), '°C'],
    ['approach', t('temp.approach'), fmt(temps.approachK, 2), 'K'],
  ];
  return (
    <Row gutter={[token.marginSM, token.marginSM]}>
      {items.map(([key, title, value, unit]) => (
        <Col key={key} xs={12} md={8} xl={4} flex="1 1 120px">
          <Statistic title={title} value={value} suffix={value === '--' ? undefined : unit} valueStyle={{ fontSize: token.fontSizeLG }} data-testid={`chiller-temp-${key}`} />
        </Col>
      ))}
    </Row>
  );
}
