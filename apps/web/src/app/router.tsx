import { createHashRouter, Navigate } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { FrameLayout } from '../frame/frame-layout';
import { APP_PATHS } from './route-table';
import { SessionGate } from './session-gate';
import { Suspense } from 'react';

const LoginPage = lazyPage(() => import('../features/login').then((m) => ({ default: m.LoginPage })));
const NoPermissionPage = lazyPage(() => import('../features/no-permission').then((m) => ({ default: m.NoPermissionPage })));

/**
 * Hash router: /login is the only open route; /noPermission sits outside the layout; every other
 * path goes through the session gate and the route guard. The frame renders the pages itself
 * (keep-alive), so the children only give the router the paths it knows.
 */
export function createAppRouter() {
  return createHashRouter([
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
          <FrameLayout />
        </SessionGate>
      ),
      children: [{ index: true, element: null }, ...APP_PATHS.map((path) => ({ path: `${path}/*`, element: null }))],
    },
    { path: '*', element: <Navigate to="/noPermission" replace /> },
  ]);
}
