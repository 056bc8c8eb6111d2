import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Spin, Typography, theme } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginReply } from '@ems/contract';
import { loadSession } from '../../lib/auth';
import { getSystemConfig } from '../../lib/config';
import { setSessionToken } from '../../lib/session';
import { LoginIllustration } from '../../widgets/illustrations';
import { login } from './api/login';
import { useSsoLogin, type SsoView } from './use-sso-login';

interface LoginForm {
  userName: string;
  password: string;
}

/**
 * Login: project name from the configuration (enProjectName in English), user name and password.
 * Then token check, user load, and the home page. With single sign-on on (the server says so), the
 * page goes to the identity provider instead, or finishes the sign-in the provider sent back
 * (use-sso-login.ts); `#/login?local=1` keeps the password form for local accounts.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation('login');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const config = getSystemConfig();
  const productName = i18n.language === 'en-US' ? config.enProjectName : config.projectName;

  const signedIn = useCallback(
    async (reply: LoginReply) => {
      setSessionToken(reply.token, reply.user.id);
      await loadSession(true);
      navigate('/', { replace: true });
    },
    [navigate],
  );
  const texts = useMemo(() => ({ failed: t('failed'), signedOut: t('ssoSignedOut'), providerError: (e: string) => t('ssoProviderError', { error: e }) }), [t]);
  const goHome = useCallback(() => navigate('/', { replace: true }), [navigate]);
  const sso = useSsoLogin(params.get('local') === '1', texts, signedIn, goHome);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      await signedIn(await login(values.userName.trim(), values.password));
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
        {sso.view.phase !== 'password' ? (
          <SsoPanel view={sso.view} onSso={() => void sso.redirect()} onPassword={sso.usePassword} />
        ) : (
          <PasswordForm busy={busy} error={error} onSubmit={(v) => void submit(v)} onSso={sso.view.sso ? () => void sso.redirect() : undefined} />
        )}
      </Card>
    </Flex>
  );
}

/** Single sign-on under way, or a notice (signed out, a refusal) with the ways to sign in again. */
function SsoPanel({ view, onSso, onPassword }: { view: Exclude<SsoView, { phase: 'password' }>; onSso: () => void; onPassword: () => void }) {
  const { t } = useTranslation('login');
  const { token } = theme.useToken();
  if (view.phase !== 'notice') {
    return (
      <Flex vertical align="center" gap={token.marginSM} style={{ padding: token.paddingLG }} data-testid="login-sso-busy">
        <Spin />
        {view.phase !== 'checking' && <Typography.Text type="secondary">{t(view.phase === 'completing' ? 'ssoCompleting' : 'ssoRedirecting')}</Typography.Text>}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={token.marginSM} data-testid="login-sso-notice">
      <Alert type={view.error ? 'error' : 'info'} showIcon title={view.message} data-testid={view.error ? 'login-error' : 'login-signed-out'} />
      <Button type="primary" block onClick={onSso} data-testid="login-sso">
        {t('ssoSignIn')}
      </Button>
      <Button type="link" block onClick={onPassword} data-testid="login-use-password">
        {t('usePassword')}
      </Button>
    </Flex>
  );
}

/** User name and password; the single-sign-on button when it is on. */
function PasswordForm({ busy, error, onSubmit, onSso }: { busy: boolean; error: string | null; onSubmit: (values: LoginForm) => void; onSso: (() => void) | undefined }) {
  const { t } = useTranslation('login');
  const { token } = theme.useToken();
  return (
    <Form<LoginForm> layout="vertical" onFinish={onSubmit} data-testid="login-form" requiredMark={false}>
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
      {onSso && (
        <Button block style={{ marginTop: token.marginSM }} onClick={onSso} data-testid="login-sso">
          {t('ssoSignIn')}
        </Button>
      )}
    </Form>
  );
}
