import { Button, Flex, Result, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { NoAccessIllustration } from '../../widgets/illustrations';

/**
 * Outside the layout: shown when a user has no home page or a route is forbidden. Offers the way
 * back: home for a signed-in user, else the login page.
 */
export function NoPermissionPage() {
  const { t } = useTranslation('no-permission');
  const { token: design } = theme.useToken();
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: design.colorBgLayout }} data-testid="no-permission">
      <Result
        icon={
          <div style={{ width: 320, margin: '0 auto' }}>
            <NoAccessIllustration />
          </div>
        }
        title={t('title')}
        subTitle={t('hint')}
        extra={
          <Flex gap={8} justify="center">
            {token && (
              <Button type="primary" data-testid="no-permission-home" onClick={() => navigate('/')}>
                {t('home')}
              </Button>
            )}
            <Button
              data-testid="no-permission-login"
              onClick={() => {
                navigate('/login');
              }}
            >
              {t('login')}
            </Button>
          </Flex>
        }
      />
    </Flex>
  );
}
