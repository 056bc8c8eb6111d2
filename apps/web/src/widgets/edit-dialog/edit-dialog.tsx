import { useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { EDIT_DIALOG_WIDTH } from '../constants';

export interface EditDialogProps {
  open: boolean;
  title?: ReactNode;
  /** Default 960 px. */
  width?: number | string;
  children?: ReactNode;
  /**
   * Pre-confirm check run by OK. A truthy result (or a promise resolving truthy) closes the dialog,
   * shows 'operation succeeded!' and fires onConfirm; falsy or a rejection keeps it open. While a
   * promise is pending the OK button shows a loading indicator. Default: always truthy.
   */
  beforeConfirm?: () => unknown;
  onConfirm?: () => void;
  /** Asked to close: after a successful confirm or on cancel. */
  onClose: () => void;
  onCancel?: () => void;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /**
   * The message shown after a successful confirm; default 'operation succeeded!'. A page that shows
   * its own outcome (保存成功!) passes that text, or false for none.
   */
  successMessage?: string | false;
  /** Replace the footer (e.g. `null` for a read-only dialog). */
  footer?: ReactNode;
  /** false: no close button and no cancel (a step the user must finish, e.g. a forced password change). Default true. */
  closable?: boolean;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

/**
 * Edit dialog (spec section 4): confirm runs a pre-confirm check; cancel closes; the backdrop and
 * Escape do not close it.
 */
export function EditDialog(props: EditDialogProps) {
  const { open, title, width = EDIT_DIALOG_WIDTH, children, beforeConfirm, onConfirm, onClose, onCancel } = props;
  const { t } = useTranslation('widgets');
  const [loading, setLoading] = useState(false);

  const succeed = () => {
    onClose();
    const text = props.successMessage ?? t('dialog.operationSucceeded');
    if (text !== false) notify.success(text);
    onConfirm?.();
  };

  const handleOk = () => {
    if (loading) return;
    const result = beforeConfirm ? beforeConfirm() : true;
    if (!isThenable(result)) {
      if (result) succeed();
      return;
    }
    setLoading(true);
    Promise.resolve(result).then(
      (ok) => {
        setLoading(false);
        if (ok) succeed();
      },
      () => setLoading(false),
    );
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      mask={{ closable: false }}
      keyboard={false}
      confirmLoading={loading}
      okText={props.okText ?? t('dialog.ok')}
      cancelText={props.cancelText ?? t('dialog.cancel')}
      onOk={handleOk}
      onCancel={() => {
        onCancel?.();
        onClose();
      }}
      {...(props.footer !== undefined ? { footer: props.footer } : {})}
      {...(props.closable === false ? { closable: false, cancelButtonProps: { style: { display: 'none' } } } : {})}
    >
      {children}
    </Modal>
  );
}
