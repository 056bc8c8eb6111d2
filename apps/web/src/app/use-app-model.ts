import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WHITE_LIST } from '@ems/contract';
import { chooseHomePage, filterMenu, findMenuEntry, hasFunction, isRootUser, isRouteAllowed, roleHomepage } from '@ems/domain';
import { getSystemConfig } from '../lib/config';
import { permissionContext, useSession, userTypeOf } from '../lib/session';
import type { FrameMenuGroup, FrameModel, FrameRoute } from '../frame/frame-model';
import { APP_ROUTES, NAV_GROUPS } from './route-table';
import { roleHomeRoute } from './role-home';

/** Checking permissions is active only in production builds (spec section 6). */
export const IS_PRODUCTION = import.meta.env.PROD;

/**
 * The frame model from the session: the menu of the current module filtered by the visibility
 * rules, route lookup and access, and the home page.
 */
export function useAppModel(): FrameModel {
  const session = useSession();
  const { i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  return useMemo(() => {
    const ctx = permissionContext(session, IS_PRODUCTION);
    const groups = new Map(NAV_GROUPS.map((g) => [g.key, g]));
    // the function-permission check (spec section 6): a page whose id the initial info does not list is left out
    const enabled = APP_ROUTES.filter((r) => session.functionList === null || hasFunction(session.functionList, r.id));
    const routes: FrameRoute[] = enabled.map((r) => {
      const group = groups.get(r.group);
      return {
        key: r.key,
        path: r.path,
        module: r.module,
        permission: r.permission,
        label: english ? r.en : r.zh,
        groupKey: r.group,
        groupLabel: group ? (english ? group.en : group.zh) : '',
        Page: r.Page,
      };
    });
    const moduleRoutes = routes.filter((r) => r.module === session.module);
    const fullMenu: FrameMenuGroup[] = NAV_GROUPS.map((g) => ({
      key: g.key,
      label: english ? g.en : g.zh,
      icon: g.icon,
      children: moduleRoutes.filter((r) => r.groupKey === g.key),
    })).filter((g) => g.children.length > 0);
    const menu = filterMenu(fullMenu, ctx) as FrameMenuGroup[];
    const visiblePaths = menu.flatMap((g) => g.children.map((c) => c.path));
    const allPaths = fullMenu.flatMap((g) => g.children.map((c) => c.path));
    const roleHas = (path: string, module: 'pf' | 'fw' = session.module) => isRouteAllowed(path, routes, WHITE_LIST, ctx, module);
    const user = session.user;
    const userType = userTypeOf(user);
    // the role's configured home page: by its page id (or path), in this module or, when the role may open it, the other
    const roleHome = user ? roleHomeRoute(user.roles[0]?.customConfig, routes, session.module, roleHas) : {};
    const homePath = user
      ? (roleHome.there ?? chooseHomePage({
          roleHomepage: roleHome.here ?? roleHomepage(user.roles[0]?.customConfig),
          module: session.module,
          isPlatformUser: isRootUser(user) || userType === 1 || userType === 2,
          userType,
          isRoot: isRootUser(user),
          strict: session.strict,
          pfHomePage: getSystemConfig().pfHomePage,
          visiblePaths,
          allPaths,
        }))
      : null;
    return {
      menu,
      homePath,
      findRoute: (path: string) => findMenuEntry(routes, path, session.module),
      roleHas,
    };
  }, [session, english]);
}
