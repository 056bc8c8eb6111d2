import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The one-time password of a reset, shown once with a copy button; closing forgets it. */
export function OneTimePasswordDialog({ shown, onClose }: { shown: { name: string; password: string } | null; onClose: () => void }) {
  const { t } = useTranslation('admin-user');
  return (
    <Modal
      open={shown !== null}
      title={t('otpTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common:ok')}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('otpText', { name: shown?.name ?? '' })} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: shown?.password ?? '' }} style={{ fontSize: 20, textAlign: 'center' }}>
        <Typography.Text code data-testid="otp-value">
          {shown?.password}
        </Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}
