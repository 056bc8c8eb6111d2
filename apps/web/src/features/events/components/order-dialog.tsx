import { useEffect, useState } from 'react';
import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDialog, UserPicker } from '../../../widgets';
import { useOrderActions } from '../api/orders';

/** Permissions of the inspection-order actions (the server checks them too). */
export const RAISE_ORDER_PERMISSION = 'workorder_create';
export const CLOSE_ORDER_PERMISSION = 'workorder_update';

/** Longest raise instructions (RaiseOrderBody) and close comment (CloseOrdersBody). */
const RAISE_MAX = 200;
const CLOSE_MAX = 255;

/** What the dialog does: raise an order from an event, or close orders; null: closed. */
export type OrderAction = { kind: 'raise'; eventId: number } | { kind: 'close'; ids: number[] } | null;

export interface OrderDialogProps {
  action: OrderAction;
  onClose: () => void;
  onDone?: () => void;
}

/** Raises an inspection order with instructions, or closes orders with what was found (required). */
export function OrderDialog({ action, onClose, onDone }: OrderDialogProps) {
  const { t } = useTranslation('events');
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [assignee, setAssignee] = useState<{ id: number; name: string } | null>(null);
  const orders = useOrderActions();
  useEffect(() => {
    setComment('');
    setMissing(false);
    setAssignee(null);
  }, [action]);
  // the assignee (from the user tree, spec section 7) leads the order's instructions: "for whom" (RaiseOrderBody.comment)
  const assignedText = assignee ? t('order.assignedTo', { name: assignee.name }) : '';
  const closing = action?.kind === 'close';
  const submit = async () => {
    if (!action) return false;
    if (action.kind === 'raise') return orders.raise.mutateAsync({ eventId: action.eventId, comment: `${assignedText}${comment.trim()}`.slice(0, RAISE_MAX) }).then(() => true);
    if (comment.trim() === '') {
      setMissing(true);
      return false;
    }
    return orders.close.mutateAsync({ ids: action.ids, comment: comment.trim() }).then(() => true);
  };
  return (
    <EditDialog open={action !== null} width={520} title={t(closing ? 'order.closeTitle' : 'order.raiseTitle')} onClose={onClose} onConfirm={onDone} beforeConfirm={submit}>
      <div data-testid="order-dialog" data-kind={action?.kind}>
        <Typography.Paragraph type="secondary">{closing ? t('order.closeCount', { count: action.ids.length }) : t('order.raiseHint')}</Typography.Paragraph>
        {!closing && (
          <div style={{ marginBottom: 12 }}>
            <Typography.Text>{t('order.assignee')}</Typography.Text>
            <UserPicker
              data-testid="order-assignee"
              value={assignee?.id ?? null}
              placeholder={t('order.assigneePlaceholder')}
              onChange={(id, name) => setAssignee(id === null ? null : { id, name: name ?? '' })}
            />
          </div>
        )}
        <Typography.Text>{t(closing ? 'order.closeComment' : 'order.raiseComment')}</Typography.Text>
        <Input.TextArea
          data-testid="order-comment"
          rows={3}
          maxLength={closing ? CLOSE_MAX : RAISE_MAX - assignedText.length}
          showCount
          status={missing ? 'error' : undefined}
          value={comment}
          placeholder={closing ? t('order.closeCommentPlaceholder') : undefined}
          onChange={(e) => {
            setComment(e.target.value);
            setMissing(false);
          }}
        />
        {missing && <Typography.Text type="danger">{t('order.closeCommentRequired')}</Typography.Text>}
      </div>
    </EditDialog>
  );
}
