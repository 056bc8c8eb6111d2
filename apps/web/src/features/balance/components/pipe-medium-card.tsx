import { useMemo } from 'react';
import { Alert, Card, Col, Descriptions, Row, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PipeMedium } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import { EChart } from '../../../widgets';
import { formatPct, trendOption } from '../balance-view';
import { networkOption } from '../pipe-view';
import { StatusTag } from './status-tag';

/**
 * One medium: the supply and Σ end users over the range, the loss and λ over the periods every meter
 * covered, the unmetered rest (supply − Σ end users = loss + unmetered), a step-change flag, the daily
 * λ and the network of the same figures.
 */
export function PipeMediumCard({ medium, title, dayLabel }: { medium: PipeMedium; title: string; dayLabel: (ts: number) => string }) {
  const { t } = useTranslation('balance');
  const { token } = theme.useToken();
  const unit = displayUnit(medium.unit);
  const b = medium.balance;
  const statusColor = { pass: token.colorSuccess, fail: token.colorWarning, meteringFault: token.colorError, incomplete: token.colorTextDisabled, noLoad: token.colorTextDisabled }[b.status];
  const trend = useMemo(
    () =>
      trendOption(
        medium.days,
        b.tolerancePct,
        { rate: t('pipe.lossRate'), tolerance: t('tolerance') },
        { line: token.colorPrimary, band: token.colorSuccessBg, limit: token.colorWarning, fault: token.colorError },
        dayLabel,
      ),
    [medium.days, b.tolerancePct, t, token, dayLabel],
  );
  const network = useMemo(
    () => networkOption(medium, { loss: t('pipe.lossNode'), supply: t('pipe.supply'), unmetered: t('unmetered') }, { loss: statusColor, unmetered: token.colorWarning }, token.colorText),
    [medium, t, statusColor, token.colorWarning, token.colorText],
  );
  const step = medium.stepChange;
  // room for a label per end user in the network
  const height = Math.max(260, medium.endUsers.length * 26 + 40);
  return (
    <Card size="small" title={title} extra={<StatusTag status={b.status} />} data-testid={`pipe-medium-${medium.energyType}`}>
      <Descriptions size="small" column={{ xs: 1, md: 3, xl: 5 }}>
        <Descriptions.Item label={`${t('pipe.supply')} (${unit})`}>
          <span data-testid="pipe-supply">{formatThousands(b.parentTotal, 2)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={`${t('pipe.endUsers')} (${unit})`}>
          <span data-testid="pipe-end-users">{formatThousands(b.childrenTotal, 2)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={`${t('pipe.loss')} (${unit})`}>
          <span data-testid="pipe-loss">{formatThousands(b.loss, 2)}</span>
        </Descriptions.Item>
        <Descriptions.Item
          label={
            <Tooltip title={t('pipe.lossRateHint')}>
              <span>{t('pipe.lossRate')}</span>
            </Tooltip>
          }
        >
          <span data-testid="pipe-rate">{formatPct(b.lossRatePct)}</span>
        </Descriptions.Item>
        {b.unmetered != null ? (
          <Descriptions.Item label={`${t('unmetered')} (${unit})`}>
            <span data-testid="pipe-unmetered">{formatThousands(b.unmetered, 2)}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('tolerance')}>{formatPct(b.tolerancePct)}</Descriptions.Item>
      </Descriptions>
      {step ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: token.marginSM }}
          title={t('pipe.step', { date: dayLabel(step.time), before: formatPct(step.beforePct), after: formatPct(step.afterPct) })}
          data-testid="pipe-step"
        />
      ) : null}
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} xl={12}>
          <EChart option={trend} height={height} />
        </Col>
        <Col xs={24} xl={12}>
          <EChart option={network} height={height} />
        </Col>
      </Row>
    </Card>
  );
}
