import type { ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Card, Col, Row, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsumptionKpi } from '@ems/contract';
import { displayUnit, formatNumber } from '@ems/domain';
import type { AnalysisKpiName } from '../definitions';
import { changeTone, formatChange, formatFigure, partialReference } from '../analysis-view';

function Figure({ children, testId, color }: { children: ReactNode; testId: string; color?: string }) {
  const { token } = theme.useToken();
  return (
    <span style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color, whiteSpace: 'nowrap' }} data-testid={testId}>
      {children}
    </span>
  );
}

/** A card title with the unit after it, secondary. */
function Title({ text, unit }: { text: string; unit?: string }) {
  return (
    <span>
      {text}
      {unit && <Typography.Text type="secondary">{` (${unit})`}</Typography.Text>}
    </span>
  );
}

function Change({ pct, coveragePct, testId }: { pct: number | null; coveragePct: number | null; testId: string }) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const tone = changeTone(pct);
  const color = tone === 'up' ? token.colorError : tone === 'down' ? token.colorSuccess : token.colorTextSecondary;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Figure testId={testId} color={color}>
        <span data-tone={tone}>
          {tone === 'up' && <ArrowUpOutlined />}
          {tone === 'down' && <ArrowDownOutlined />} {formatChange(pct)}
        </span>
      </Figure>
      {pct !== null && partialReference(coveragePct) && (
        <Tooltip title={t('kpi.partialReference', { pct: formatNumber(coveragePct, 1) })}>
          <ExclamationCircleOutlined style={{ color: token.colorWarning, marginLeft: token.marginXS }} data-testid={`${testId}-partial`} aria-label={t('kpi.partialReference', { pct: formatNumber(coveragePct, 1) })} />
        </Tooltip>
      )}
    </span>
  );
}

/** The KPI cards a definition names, in its order: total, tce, CO₂ (purchased supplies), 同比, 环比 with up/down colours. */
export function KpiCards({ kpi, unit, names }: { kpi: ConsumptionKpi; unit: string; names: readonly AnalysisKpiName[] }) {
  const { t } = useTranslation('analysis');
  const cards: Record<AnalysisKpiName, { title: ReactNode; body: ReactNode }> = {
    total: { title: <Title text={t('kpi.total')} unit={displayUnit(unit)} />, body: <Figure testId="kpi-total-value">{formatFigure(kpi.total)}</Figure> },
    tce: { title: <Title text={t('kpi.tce')} unit="tce" />, body: <Figure testId="kpi-tce-value">{formatFigure(kpi.tce)}</Figure> },
    co2: { title: <Title text={t('kpi.co2')} unit="tCO₂" />, body: <Figure testId="kpi-co2-value">{formatFigure(kpi.co2T)}</Figure> },
    yoy: { title: <Title text={t('kpi.yoy')} />, body: <Change pct={kpi.yoyPct} coveragePct={kpi.yoyCoveragePct} testId="kpi-yoy-value" /> },
    mom: { title: <Title text={t('kpi.mom')} />, body: <Change pct={kpi.momPct} coveragePct={kpi.momCoveragePct} testId="kpi-mom-value" /> },
  };
  return (
    <Row gutter={[12, 12]} data-testid="analysis-kpis">
      {names.map((name) => (
        <Col key={name} flex="1 1 140px" style={{ minWidth: 0 }}>
          <Card size="small" title={cards[name].title} data-testid={`kpi-${name}`} style={{ height: '100%' }}>
            {cards[name].body}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
