import { Card, Col, Flex, Progress, Row, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PqIndex } from '@ems/contract';
import { formatNumber } from '@ems/domain';

const limitText = (i: PqIndex) => {
  const f = (v: number) => formatNumber(v, i.unit === 'Hz' ? 1 : 0);
  if (i.lower !== null && i.upper !== null) return i.lower === -i.upper ? `±${f(i.upper)} ${i.unit}` : `${f(i.lower)} … ${f(i.upper)} ${i.unit}`;
  if (i.upper !== null) return `≤ ${f(i.upper)} ${i.unit}`;
  return null;
};

/** One card per PQ index: compliance (limited indices), limit, CP95, range, worst phase. */
export function PqCards({ indices }: { indices: readonly PqIndex[] }) {
  const { t } = useTranslation('power');
  const { token } = theme.useToken();
  return (
    <Row gutter={[token.margin, token.margin]}>
      {indices.map((i) => {
        const limit = limitText(i);
        const rate = i.compliancePct;
        const status = rate === null ? 'normal' : rate >= 95 ? 'success' : rate >= 80 ? 'normal' : 'exception';
        return (
          <Col key={i.key} xs={24} sm={12} xl={8} xxl={4}>
            <Card size="small" title={t(`index.${i.key}`)} data-testid={`pq-card-${i.key}`} style={{ height: '100%' }}>
              <Flex vertical gap={token.marginXS}>
                {limit ? (
                  <Flex align="center" gap={token.marginSM}>
                    <Progress type="circle" size={64} percent={rate ?? 0} status={status} format={() => (rate === null ? '--' : `${formatNumber(rate, 1)}%`)} />
                    <Statistic title={t('analysis.compliance')} value={rate === null ? '--' : formatNumber(rate, 2)} suffix={rate === null ? undefined : '%'} valueStyle={{ fontSize: 18 }} data-testid={`pq-rate-${i.key}`} />
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('analysis.noLimit')}</Typography.Text>
                )}
                <Typography.Text type="secondary">
                  {limit ? `${t('analysis.limit')}: ${limit} · ` : ''}
                  {t('analysis.cp95')}: <span data-testid={`pq-cp95-${i.key}`}>{i.cp95 === null ? '--' : formatNumber(i.cp95, 2)}</span> {i.unit}
                </Typography.Text>
                <Typography.Text type="secondary">
                  max {i.max === null ? '--' : formatNumber(i.max, 2)} · min {i.min === null ? '--' : formatNumber(i.min, 2)} · {t('analysis.samples', { n: i.measured })}
                </Typography.Text>
                {i.worstPhase && <Typography.Text strong data-testid={`pq-phase-${i.key}`}>{t('analysis.worstPhase', { phase: t(`phase.${i.worstPhase}`) })}</Typography.Text>}
              </Flex>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
