import { Card, Empty, List, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BalanceTree } from '@ems/contract';
import { formatPct } from '../balance-view';
import { StatusTag } from './status-tag';

/** Worst nodes first: metering faults, failures, then passes by how close λ is to the tolerance. */
export function WorstNodesCard({ worst, onPick }: { worst: BalanceTree['worst']; onPick: (meterId: number) => void }) {
  const { t } = useTranslation('balance');
  const { token } = theme.useToken();
  return (
    <Card size="small" title={t('worst')} data-testid="balance-worst" style={{ height: '100%' }} styles={{ body: { maxHeight: 300, overflow: 'auto' } }}>
      {worst.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noWorst')} />
      ) : (
        <List
          size="small"
          dataSource={worst}
          renderItem={(w, i) => (
            <List.Item key={w.meterId} onClick={() => onPick(w.meterId)} style={{ cursor: 'pointer' }} data-testid="balance-worst-item">
              <Typography.Text ellipsis style={{ flex: 1, marginRight: token.marginSM }}>{`${i + 1}. ${w.name}`}</Typography.Text>
              <span style={{ marginRight: token.marginSM }}>{`${formatPct(w.lossRatePct)} / ${formatPct(w.tolerancePct)}`}</span>
              <StatusTag status={w.status} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
