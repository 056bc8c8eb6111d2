import { Card, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyFlowReply } from '@ems/contract';
import { displayUnit, formatThousands } from '@ems/domain';
import { formatPct } from '../flow-view';

/** Supply, end use, loss (with its share of the supply) and the unmetered remainder of the period. */
export function FlowKpis({ flow }: { flow: EnergyFlowReply }) {
  const { t } = useTranslation('flow');
  const { token } = theme.useToken();
  const unit = displayUnit(flow.unit);
  const tot = flow.totals;
  const items = [
    { key: 'supply', title: t('supply'), value: formatThousands(tot.supply, 2), suffix: unit },
    { key: 'end-use', title: t('endUse'), value: formatThousands(tot.endUse, 2), suffix: unit },
    { key: 'loss', title: `${t('totalLoss')} · ${formatPct(tot.lossRatePct)}`, value: formatThousands(tot.loss, 2), suffix: unit, color: token.colorError },
    { key: 'unmetered', title: t('totalUnmetered'), value: formatThousands(tot.unmetered, 2), suffix: unit, color: token.colorWarning },
  ];
  return (
    <Row gutter={[token.marginSM, token.marginSM]}>
      {items.map((i) => (
        <Col key={i.key} xs={12} xl={6}>
          <Card size="small" data-testid={`flow-kpi-${i.key}`}>
            <Statistic title={i.title} value={i.value} suffix={i.suffix} valueStyle={i.color ? { color: i.color } : undefined} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
