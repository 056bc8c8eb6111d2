import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/auth';
import { useSession } from '../../lib/session';
import { NotificationBell } from '../notifications';
import { FavouritesPopover } from './favourites';
import { ReturnToPlatform } from './return-to-platform';
import { SettingsPopover } from './settings-popover';

/** The user-info form loads when first opened, not with the initial route. */
const UserInfoDialog = lazy(() => import('./user-info-dialog').then((m) => ({ default: m.UserInfoDialog })));

/**
 * Header tools: return to platform, current project, the notification bell (frame/notifications),
 * favourites, settings, user info and logout.
 */
export function HeaderTools({ notifications }: { notifications?: ReactNode }) {
  const { t } = useTranslation('frame');
  const { modal } = App.useApp();
  const user = useSession((s) => s.user);
  const project = useSession((s) => s.projectInfo);
  const [userOpen, setUserOpen] = useState(false);
  const [userLoaded, setUserLoaded] = useState(false);
  // an initial or one-time password (issue 13): the password change comes first and cannot be dismissed
  const mustChange = user?.mustChangePassword === true;
  if ((userOpen || mustChange) && !userLoaded) setUserLoaded(true);
  const english = useTranslation().i18n.language === 'en-US';
  return (
    <Flex align="center" gap={4} data-testid="header-tools">
      <ReturnToPlatform />
      {project && (
        <Typography.Text data-testid="current-project" style={{ marginInline: 8 }} ellipsis>
          {english && project.enName ? project.enName : project.name}
        </Typography.Text>
      )}
      <NotificationBell />
      {notifications}
      <FavouritesPopover />
      <SettingsPopover />
      <Button type="text" data-testid="user-info-button" aria-label={t('header.userInfo')} icon={<UserOutlined />} onClick={() => setUserOpen(true)}>
        {user?.nicName || user?.name}
      </Button>
      <Tooltip title={t('header.logout')}>
        <Button
          type="text"
          data-testid="logout-button"
          aria-label={t('header.logout')}
          icon={<LogoutOutlined />}
          onClick={() =>
            modal.confirm({
              title: t('logoutConfirm'),
              okText: t('common:ok'),
              cancelText: t('common:cancel'),
              okButtonProps: { 'data-testid': 'logout-confirm' } as Record<string, string>,
              onOk: () => logout(),
            })
          }
        />
      </Tooltip>
      {userLoaded && (
        <Suspense fallback={null}>
          <UserInfoDialog open={userOpen || mustChange} mandatory={mustChange} onClose={() => setUserOpen(false)} />
        </Suspense>
      )}
    </Flex>
  );
}
