import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BalanceStatusT } from '@ems/contract';
import { STATUS_COLOR } from '../balance-view';

/** The status badge: pass green, over tolerance orange, metering fault red, incomplete grey. */
export function StatusTag({ status }: { status: BalanceStatusT }) {
  const { t } = useTranslation('balance');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="balance-status" data-status={status}>
      {t(`statusText.${status}`)}
    </Tag>
  );
}
