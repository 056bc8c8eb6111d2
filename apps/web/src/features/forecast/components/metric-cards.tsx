import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Card, Col, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForecastJudgement, ForecastMetrics } from '@ems/contract';
import { formatPct, metricCards } from '../forecast-view';

/** MAPE, CV(RMSE) and NMBE cards, green when within the limit, red when not, with the limit printed. */
export function MetricCards({ metrics, judgement, note, testId = 'forecast-metrics' }: { metrics: ForecastMetrics; judgement: ForecastJudgement; note: string; testId?: string }) {
  const { t } = useTranslation('forecast');
  const { token } = theme.useToken();
  const color = { pass: token.colorSuccess, fail: token.colorError, none: token.colorText };
  return (
    <div data-testid={testId}>
      <Row gutter={[12, 12]}>
        {metricCards(metrics, judgement).map((m) => (
          <Col key={m.key} flex="1 1 160px" style={{ minWidth: 0 }}>
            <Card size="small" title={t(`metric.${m.key}`)} style={{ height: '100%' }} data-testid={`metric-${m.key}`} data-verdict={m.verdict}>
              <span style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color: color[m.verdict] }} data-testid={`metric-${m.key}-value`}>
                {formatPct(m.value)}
              </span>
              <div>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {m.verdict === 'pass' && <CheckCircleFilled style={{ color: token.colorSuccess, marginRight: token.marginXXS }} />}
                  {m.verdict === 'fail' && <CloseCircleFilled style={{ color: token.colorError, marginRight: token.marginXXS }} />}
                  {m.limit ? `${t(`metric.${m.verdict}`)} · ${t('metric.limit', { limit: m.limit })}` : t('metric.none')}
                </Typography.Text>
              </div>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid={`${testId}-note`}>
        {note}
      </Typography.Text>
    </div>
  );
}
