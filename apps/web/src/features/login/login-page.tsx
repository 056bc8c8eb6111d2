import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadSession } from '../../lib/auth';
import { getSystemConfig } from '../../lib/config';
import { setSessionToken } from '../../lib/session';
import { LoginIllustration } from '../../widgets/illustrations';
import { login } from './api/login';

interface LoginForm {
  userName: string;
  password: string;
}

/**
 * Login: project name from the configuration (enProjectName in English), user name and password.
 * Then token check, user load, and the home page. Single sign-on is off: no button for it.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation('login');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const config = getSystemConfig();
  const productName = i18n.language === 'en-US' ? config.enProjectName : config.projectName;

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await login(values.userName.trim(), values.password);
      setSessionToken(reply.token, reply.user.id);
      await loadSession(true);
      navigate('/', { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex style={{ minHeight: '100vh', background: token.colorBgLayout }} align="center" justify="center" gap={64} wrap>
      <div style={{ width: 'min(560px, 90vw)' }} aria-hidden>
        <LoginIllustration />
      </div>
      <Card style={{ width: 380 }} data-testid="login-card">
        <Typography.Title level={3} data-testid="login-product-name" style={{ marginTop: 0 }}>
          {productName}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('title')}</Typography.Paragraph>
        <Form<LoginForm> layout="vertical" onFinish={submit} data-testid="login-form" requiredMark={false}>
          <Form.Item name="userName" label={t('userName')} rules={[{ required: true, whitespace: true, message: t('userNameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" aria-label={t('userName')} />
          </Form.Item>
          <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" aria-label={t('password')} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: token.marginMD }} />}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
