import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from './icons';
import { useFrameModel } from './frame-model';

/** A group title shrinks beside its arrow and, in the side bar, wraps (global.css .ems-side-menu); the horizontal menu keeps one line. */
const GROUP_TITLE = { flex: 'auto', minWidth: 0, overflowWrap: 'anywhere' } as const;

/**
 * The menu built from the navigation tree: groups are sub-menus with icons, pages are items keyed
 * by their path. Vertical in the side bar, horizontal in the top bar.
 */
export function SideMenu({ mode, collapsed = false }: { mode: 'inline' | 'horizontal'; collapsed?: boolean }) {
  const { t } = useTranslation('frame');
  const { menu, findRoute } = useFrameModel();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = findRoute(pathname);
  const items: MenuProps['items'] = menu.map((group) => ({
    key: `group:${group.key}`,
    icon: <MenuIcon name={group.icon} />,
    // antd wraps an element title of a sub-menu in nothing, so it would not shrink (a long English
    // group name ran under its arrow): the span shrinks beside the arrow and wraps to a second line
    label: (
      <span data-testid={`menu-group-${group.key}`} title={group.label} style={GROUP_TITLE}>
        {group.label}
      </span>
    ),
    children: group.children.map((route) => ({
      key: route.path,
      label: (
        // a long (English) name wraps in the side bar; the title still names it on hover in the horizontal menu
        <span data-testid={`menu-item-${route.key}`} data-path={route.path} title={route.label}>
          {route.label}
        </span>
      ),
    })),
  }));
  return (
    <Menu
      aria-label={t('menu.label')}
      data-testid="side-menu"
      className="ems-side-menu"
      mode={mode}
      theme="light"
      items={items}
      selectedKeys={current ? [current.path] : []}
      defaultOpenKeys={mode === 'inline' && !collapsed ? menu.map((g) => `group:${g.key}`) : undefined}
      onClick={({ key }) => navigate(key)}
      style={{ borderInlineEnd: 'none', flex: 1, minWidth: 0 }}
    />
  );
}
