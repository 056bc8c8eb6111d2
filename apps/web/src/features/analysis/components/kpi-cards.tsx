import type { ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsumptionKpi } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import type { AnalysisKpiName } from '../definitions';
import { changeTone, formatChange, formatFigure } from '../analysis-view';

function Figure({ children, unit, testId, color }: { children: ReactNode; unit?: string; testId: string; color?: string }) {
  const { token } = theme.useToken();
  return (
    <span>
      <span style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color }} data-testid={testId}>
        {children}
      </span>
      {unit && <Typography.Text type="secondary">{` ${unit}`}</Typography.Text>}
    </span>
  );
}

function Change({ pct, testId }: { pct: number | null; testId: string }) {
  const { token } = theme.useToken();
  const tone = changeTone(pct);
  const color = tone === 'up' ? token.colorError : tone === 'down' ? token.colorSuccess : token.colorTextSecondary;
  return (
    <Figure testId={testId} color={color}>
      <span data-tone={tone}>
        {tone === 'up' && <ArrowUpOutlined />}
        {tone === 'down' && <ArrowDownOutlined />} {formatChange(pct)}
      </span>
    </Figure>
  );
}

/** The KPI cards a definition names, in its order: total, tce, CO₂ (purchased supplies), 同比, 环比 with up/down colours. */
export function KpiCards({ kpi, unit, names }: { kpi: ConsumptionKpi; unit: string; names: readonly AnalysisKpiName[] }) {
  const { t } = useTranslation('analysis');
  const cards: Record<AnalysisKpiName, { title: string; body: ReactNode }> = {
    total: { title: t('kpi.total'), body: <Figure testId="kpi-total-value" unit={displayUnit(unit)}>{formatFigure(kpi.total)}</Figure> },
    tce: { title: t('kpi.tce'), body: <Figure testId="kpi-tce-value" unit="tce">{formatFigure(kpi.tce)}</Figure> },
    co2: { title: t('kpi.co2'), body: <Figure testId="kpi-co2-value" unit="tCO₂">{formatFigure(kpi.co2T)}</Figure> },
    yoy: { title: t('kpi.yoy'), body: <Change pct={kpi.yoyPct} testId="kpi-yoy-value" /> },
    mom: { title: t('kpi.mom'), body: <Change pct={kpi.momPct} testId="kpi-mom-value" /> },
  };
  return (
    <Row gutter={[12, 12]} data-testid="analysis-kpis">
      {names.map((name) => (
        <Col key={name} flex="1 1 160px">
          <Card size="small" title={cards[name].title} data-testid={`kpi-${name}`}>
            {cards[name].body}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
