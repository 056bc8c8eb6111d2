import { useEffect, useState } from 'react';
import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '../../../widgets';
import { useConfirmEvents } from '../api/confirm-events';

/** Longest confirm comment (EventConfirmBody). */
const COMMENT_MAX = 255;

export interface ConfirmDialogProps {
  /** the events to confirm; null: closed */
  ids: number[] | null;
  onClose: () => void;
  onConfirmed?: () => void;
}

/** Asks a comment and confirms the events (single or batch); 'operation succeeded!' on success. */
export function ConfirmDialog({ ids, onClose, onConfirmed }: ConfirmDialogProps) {
  const { t } = useTranslation('events');
  const [comment, setComment] = useState('');
  const confirm = useConfirmEvents();
  useEffect(() => {
    if (ids) setComment('');
  }, [ids]);
  return (
    <EditDialog
      open={ids !== null}
      width={520}
      title={t('confirm.title')}
      onClose={onClose}
      onConfirm={onConfirmed}
      beforeConfirm={() => confirm.mutateAsync({ ids: ids ?? [], comment: comment.trim() }).then(() => true)}
    >
      <div data-testid="event-confirm-dialog">
        <Typography.Paragraph>{t('confirm.count', { count: ids?.length ?? 0 })}</Typography.Paragraph>
        <Typography.Text>{t('confirm.comment')}</Typography.Text>
        <Input.TextArea
          data-testid="event-confirm-comment"
          rows={3}
          maxLength={COMMENT_MAX}
          showCount
          value={comment}
          placeholder={t('confirm.commentPlaceholder')}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
    </EditDialog>
  );
}
