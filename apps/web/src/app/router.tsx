import { createHashRouter, Navigate } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { APP_PATHS, APP_ROUTES } from './route-table';
import { SessionGate } from './session-gate';
import { Suspense } from 'react';
import { reloadOnAdminCrossing } from './admin-boundary';

const LoginPage = lazyPage(() => import('../features/login').then((m) => ({ default: m.LoginPage })));
const NoPermissionPage = lazyPage(() => import('../features/no-permission').then((m) => ({ default: m.NoPermissionPage })));
/**
 * The frame (menu, tabs, header, notifications) is the layout of the signed-in pages: its own chunk,
 * fetched while the session is checked, so the login page and the start-up stay light (issue 5's
 * budget on the initial route's JavaScript).
 */
const loadFrame = () => import('../frame/frame-layout').then((m) => ({ default: m.FrameLayout }));
const FrameLayout = lazyPage(loadFrame);

// A signed-in start (a reload, a link) needs the frame and the page it opens: both are fetched from
// here on, beside the configuration, the session check and the project list, not after them.
if (window.location.hash.startsWith('#/') && !window.location.hash.startsWith('#/login')) {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  const page = APP_ROUTES.find((r) => path === r.path || path.startsWith(`${r.path}/`))?.Page as { preload?: () => Promise<unknown> } | undefined;
  void Promise.all([FrameLayout.preload(), page?.preload?.()]).catch(() => undefined);
}

/**
 * Hash router: /login is the only open route; /noPermission sits outside the layout; every other
 * path goes through the session gate and the route guard. The frame renders the pages itself
 * (keep-alive), so the children only give the router the paths it knows. Crossing between /admin
 * paths and the others reloads the page (spec section 2).
 */
export function createAppRouter() {
  const router = createHashRouter([
    {
      path: '/login',
      element: (
        <Suspense>
          <LoginPage />
        </Suspense>
      ),
    },
    {
      path: '/noPermission',
      element: (
        <Suspense>
          <NoPermissionPage />
        </Suspense>
      ),
    },
    {
      path: '/',
      element: (
        <SessionGate>
          <Suspense>
            <FrameLayout />
          </Suspense>
        </SessionGate>
      ),
      children: [{ index: true, element: null }, ...APP_PATHS.map((path) => ({ path: `${path}/*`, element: null }))],
    },
    { path: '*', element: <Navigate to="/noPermission" replace /> },
  ]);
  reloadOnAdminCrossing(router);
  return router;
}
