import { Alert, Descriptions, Divider, Form, Input, Typography } from 'antd';
import { API, type ChangePasswordBody } from '@ems/contract';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/auth';
import { http } from '../../lib/http/client';
import { useSession } from '../../lib/session';
// direct module paths, not the widgets index: the index also registers the ECharts charts, which
// must not ride in the start-up chunk the frame belongs to
import { EditDialog } from '../../widgets/edit-dialog/edit-dialog';
import { VALIDATE_ON_BLUR, trimValues, useFormRules } from '../../widgets/form-rules';

type PasswordForm = {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/** PUT /eem-service/v1/auth/common/password; resolves true when the code is 0. */
export async function changePassword(body: ChangePasswordBody): Promise<boolean> {
  try {
    await http.put(API.changePassword, body);
    return true;
  } catch {
    // the client has shown the server's msg; the dialog stays open
    return false;
  }
}

/**
 * User-info dialog: user name, nick name and role name, and the password change form (spec
 * section 5 rules, on blur and again on submit). Success logs the user out; a non-zero reply
 * keeps the dialog open. `mandatory` (an initial or one-time password, issue 13): no cancel and no
 * close until the password is changed, with a line saying why.
 */
export function UserInfoDialog({
  open,
  onClose,
  onLoggedOut = logout,
  mandatory = false,
}: {
  open: boolean;
  onClose: () => void;
  onLoggedOut?: () => unknown;
  mandatory?: boolean;
}) {
  const { t } = useTranslation('frame');
  const user = useSession((s) => s.user);
  const rules = useFormRules();
  const [form] = Form.useForm<PasswordForm>();

  const submit = async (): Promise<boolean> => {
    if (!user) return false;
    let values: PasswordForm;
    try {
      values = trimValues(await form.validateFields());
    } catch {
      return false;
    }
    return changePassword({ id: user.id, name: user.name, oldPassword: values.oldPassword, newPassword: values.newPassword });
  };

  return (
    <EditDialog
      open={open}
      width={560}
      title={<span data-testid="user-info-title">{t('user.title')}</span>}
      beforeConfirm={submit}
      closable={!mandatory}
      onConfirm={() => void onLoggedOut()}
      onClose={() => {
        form.resetFields();
        onClose();
      }}
    >
      <div data-testid="user-info-dialog">
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: t('user.name'), children: <span data-testid="user-info-name">{user?.name}</span> },
            { key: 'nicName', label: t('user.nicName'), children: <span data-testid="user-info-nicname">{user?.nicName}</span> },
            { key: 'role', label: t('user.roleName'), children: <span data-testid="user-info-role">{user?.roles[0]?.name ?? ''}</span> },
          ]}
        />
        <Divider />
        <Typography.Title level={5}>{t('user.changePassword')}</Typography.Title>
        {mandatory && <Alert type="warning" showIcon data-testid="password-must-change" title={t('user.mustChangePassword')} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" {...VALIDATE_ON_BLUR} autoComplete="off">
          <Form.Item name="oldPassword" label={t('user.oldPassword')} rules={rules.oldPassword()} required>
            <Input.Password data-testid="password-old" autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label={t('user.newPassword')} rules={rules.newPassword()} required>
            <Input.Password data-testid="password-new" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('user.confirmPassword')} dependencies={['newPassword']} rules={rules.confirmPassword('newPassword')}>
            <Input.Password data-testid="password-confirm" autoComplete="new-password" />
          </Form.Item>
        </Form>
      </div>
    </EditDialog>
  );
}
