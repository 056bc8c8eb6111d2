import { Alert, Card, Col, Row, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MonthProjection } from '@ems/contract';
import { displayUnit, formatFen } from '@ems/domain';
import { formatFigure } from '../forecast-view';

const yuan = (fen: number) => formatFen(fen);

/**
 * Month-end projection: consumption to date and projected (with its band) and, for electricity, the
 * projected bill of the billing period priced by the node's tariff scheme, labelled a projection,
 * with a link to the cost analysis page.
 */
export function MonthCard({ month, unit, electricity }: { month: MonthProjection; unit: string; electricity: boolean }) {
  const { t } = useTranslation('forecast');
  const { token } = theme.useToken();
  const u = displayUnit(unit);
  const b = month.bill;
  return (
    <Card size="small" title={t('month.title')} data-testid="forecast-month" extra={electricity && <Link to="/energyCostAnalysis" data-testid="forecast-cost-link">{t('month.costLink')}</Link>}>
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={12} xl={6}>
          <Statistic title={`${t('month.toDate')} (${u})`} value={0} formatter={() => <span data-testid="forecast-month-to-date">{formatFigure(month.actualToDate)}</span>} />
        </Col>
        <Col xs={12} xl={6}>
          <Statistic title={`${t('month.projected')} (${u})`} value={0} formatter={() => <span data-testid="forecast-month-projected">{formatFigure(month.p50)}</span>} />
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>{`${t('month.band')}: ${formatFigure(month.p10)} ~ ${formatFigure(month.p90)}`}</Typography.Text>
        </Col>
        {b && b.billed && (
          <>
            <Col xs={12} xl={6}>
              <Statistic title={`${t('month.billToDate')} (¥)`} value={0} formatter={() => <span data-testid="forecast-bill-to-date">{yuan(b.toDateFen)}</span>} />
            </Col>
            <Col xs={12} xl={6}>
              <Statistic title={`${t('month.bill')} (¥)`} value={0} formatter={() => <span data-testid="forecast-bill-projected">{yuan(b.p50Fen)}</span>} valueStyle={{ color: token.colorWarning }} />
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>{`${t('month.band')}: ${yuan(b.p10Fen)} ~ ${yuan(b.p90Fen)}`}</Typography.Text>
            </Col>
          </>
        )}
      </Row>
      {b && b.billed && (
        <>
          <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM, margin: `${token.marginXS}px 0 0` }}>
            {`${b.schemeName ?? ''} · ${t('month.composition', { energy: yuan(b.energyFen), basic: yuan(b.basicFen), pf: yuan(b.pfFen), surcharge: yuan(b.surchargeFen) })}`}
          </Typography.Paragraph>
          <Alert type="info" showIcon title={t('month.billNote')} data-testid="forecast-bill-note" style={{ marginTop: token.marginXS }} />
        </>
      )}
      {electricity && b && !b.billed && <Alert type="warning" showIcon title={t('month.noScheme')} style={{ marginTop: token.marginXS }} />}
      {!electricity && (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('month.notElectricity')}
        </Typography.Text>
      )}
    </Card>
  );
}
