import type { Key } from 'react';
import { Button, Flex, theme } from 'antd';
import { CheckOutlined, DownloadOutlined, FileDoneOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../lib/permission';
import { useTableActions } from '../../../widgets';
import { CLOSE_ORDER_PERMISSION } from './order-dialog';

/** Permission that confirming events needs (the server checks it too). */
export const CONFIRM_PERMISSION = 'event_confirm';

export interface EventToolbarProps {
  selectedKeys: readonly Key[];
  /** called with the selection when it is not empty (otherwise 至少选中一行数据！ shows) */
  onBatchConfirm: (keys: readonly Key[]) => void;
  /** inspection-order pages: close the selected orders (removed without workorder_update) */
  onBatchClose?: (keys: readonly Key[]) => void;
  onExport: () => void;
  exporting?: boolean;
  onRefresh: () => void;
}

/** Refresh, batch confirm (removed without event_confirm) and Excel export. */
export function EventToolbar({ selectedKeys, onBatchConfirm, onBatchClose, onExport, exporting = false, onRefresh }: EventToolbarProps) {
  const { t } = useTranslation('events');
  const { token } = theme.useToken();
  const actions = useTableActions();
  return (
    <Flex gap={token.marginXS} justify="flex-end" data-testid="event-toolbar">
      <Button icon={<ReloadOutlined />} data-testid="event-refresh" onClick={onRefresh}>
        {t('action.refresh')}
      </Button>
      <Permission code={CONFIRM_PERMISSION}>
        <Button
          icon={<CheckOutlined />}
          data-testid="event-batch-confirm"
          onClick={() => {
            if (actions.requireSelection(selectedKeys)) onBatchConfirm(selectedKeys);
          }}
        >
          {t('action.batchConfirm')}
        </Button>
      </Permission>
      {onBatchClose && (
        <Permission code={CLOSE_ORDER_PERMISSION}>
          <Button
            icon={<FileDoneOutlined />}
            data-testid="order-batch-close"
            onClick={() => {
              if (actions.requireSelection(selectedKeys)) onBatchClose(selectedKeys);
            }}
          >
            {t('order.batchClose')}
          </Button>
        </Permission>
      )}
      <Button icon={<DownloadOutlined />} data-testid="event-export" loading={exporting} onClick={onExport}>
        {t('action.export')}
      </Button>
    </Flex>
  );
}
