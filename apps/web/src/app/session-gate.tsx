import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Flex, Spin } from 'antd';
import { switchModule } from '@ems/domain';
import { loadSession } from '../lib/auth';
import { getSystemConfig } from '../lib/config';
import { clearProject, setModule, useSession } from '../lib/session';
import { FrameModelContext, type FrameModel } from '../frame/frame-model';
import { useAppModel } from './use-app-model';

function FullPageSpin() {
  return (
    <Flex align="center" justify="center" style={{ height: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

/**
 * No token goes to /login; with a token but no user yet (a reload), the session is loaded first
 * (token check, user, permissions). Then the route guard runs.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (token && !user) loadSession(false).catch(() => setFailed(true));
  }, [token, user]);
  if (!token || failed) return <Navigate to="/login" replace />;
  if (!user) return <FullPageSpin />;
  return <ModelProvider>{children}</ModelProvider>;
}

function ModelProvider({ children }: { children: ReactNode }) {
  const model = useAppModel();
  return (
    <FrameModelContext.Provider value={model}>
      <RouteGuard model={model}>{children}</RouteGuard>
    </FrameModelContext.Provider>
  );
}

type GuardDecision = { redirect: string } | { switchTo: 'pf' | 'fw' } | 'allow';

/** The route rules of spec section 2, given the session and the frame model. */
export function decideRoute(path: string, model: FrameModel, module: 'pf' | 'fw', projectId: number | null, isPlatformModel: boolean): GuardDecision {
  if (path === '/' || path === '') return { redirect: model.homePath ?? '/noPermission' };
  const route = model.findRoute(path);
  if (!route) return { redirect: '/noPermission' };
  if (!model.roleHas(path, route.module)) return { redirect: '/noPermission' };
  if (route.module !== module) return { switchTo: route.module };
  if (module === 'fw' && projectId === null) return { redirect: isPlatformModel ? '/projectnavigation' : '/noPermission' };
  return 'allow';
}

function RouteGuard({ model, children }: { model: FrameModel; children: ReactNode }) {
  const { pathname } = useLocation();
  const module = useSession((s) => s.module);
  const projectId = useSession((s) => s.projectId);
  const decision = decideRoute(pathname, model, module, projectId, getSystemConfig().isPlatformModel);
  const switchTo = typeof decision === 'object' && 'switchTo' in decision ? decision.switchTo : null;
  // A page of the other module switches the module only when the user arrives at it; a module set
  // just before a navigation (entering a project, returning to the platform) waits for the path.
  const seenPath = useRef<string | null>(null);
  useEffect(() => {
    const arrived = seenPath.current !== pathname;
    seenPath.current = pathname;
    if (!switchTo || !arrived) return;
    const change = switchModule(module, switchTo);
    if (!change) return;
    if (change.clearProject) clearProject();
    setModule(change.module);
  }, [switchTo, module, pathname]);
  if (decision === 'allow') return <>{children}</>;
  if ('redirect' in decision) return <Navigate to={decision.redirect} replace />;
  return <FullPageSpin />;
}
