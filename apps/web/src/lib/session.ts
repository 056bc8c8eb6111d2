import { create } from 'zustand';
import type { CurrentUser, PermissionItem, ProjectInfo } from '@ems/contract';
import { INITIAL_MODULE, isRootUser, type ModuleName, type PermissionContext } from '@ems/domain';
import { clearSessionStores, readSession, writeSession } from './storage';

/**
 * Application session state (spec section 3): token, user, permission list, current module,
 * project. Token, user id, project id and module are mirrored into the token store so a reload
 * keeps them.
 */
export interface SessionState {
  token: string | null;
  userId: number | null;
  user: CurrentUser | null;
  permissions: PermissionItem[];
  module: ModuleName;
  projectId: number | null;
  projectInfo: ProjectInfo | null;
  /** strict authorisation */
  strict: boolean;
  /** the initial info's enabled functions (page ids, spec sections 3 and 6); null until known */
  functionList: readonly { id: number }[] | null;
}

function numberOrNull(text: string | null): number | null {
  const n = text === null ? NaN : Number(text);
  return Number.isFinite(n) ? n : null;
}

/** State as the token store holds it (called again after the token storage kind is known). */
export function sessionFromStorage(): Pick<SessionState, 'token' | 'userId' | 'module' | 'projectId'> {
  const module = readSession('module');
  return {
    token: readSession('token'),
    userId: numberOrNull(readSession('userId')),
    module: module === 'fw' || module === 'pf' ? module : INITIAL_MODULE,
    projectId: numberOrNull(readSession('projectId')),
  };
}

export const useSession = create<SessionState>(() => ({
  token: null,
  userId: null,
  user: null,
  permissions: [],
  module: INITIAL_MODULE,
  projectId: null,
  projectInfo: null,
  strict: false,
  functionList: null,
}));

export function restoreSession(): void {
  useSession.setState(sessionFromStorage());
}

export function setSessionToken(token: string, userId: number): void {
  writeSession('token', token);
  writeSession('userId', String(userId));
  useSession.setState({ token, userId });
}

export function setModule(module: ModuleName): void {
  writeSession('module', module);
  useSession.setState({ module });
}

export function enterProject(info: ProjectInfo): void {
  writeSession('projectId', String(info.projectId));
  writeSession('module', 'fw');
  useSession.setState({ projectId: info.projectId, projectInfo: info, module: 'fw' });
}

export function clearProject(): void {
  writeSession('projectId', null);
  useSession.setState({ projectId: null, projectInfo: null });
}

/** Logout: clears both token stores and the in-memory session. */
export function clearSession(): void {
  clearSessionStores();
  useSession.setState({ token: null, userId: null, user: null, permissions: [], module: INITIAL_MODULE, projectId: null, projectInfo: null });
}

/** usertype from the user's customConfig JSON text. */
export function userTypeOf(user: Pick<CurrentUser, 'customConfig'> | null | undefined): number | undefined {
  if (!user?.customConfig) return undefined;
  try {
    const parsed = JSON.parse(user.customConfig) as { usertype?: unknown };
    const n = Number(parsed.usertype);
    return Number.isInteger(n) && n >= 1 && n <= 4 ? n : undefined;
  } catch {
    return undefined;
  }
}

/** The facts the permission rules read, from a session; the first role is used. */
export function permissionContext(state: SessionState, isProduction: boolean): PermissionContext {
  const role = state.user?.roles[0];
  const ids = new Map(state.permissions.map((p) => [p.name, p.id]));
  return {
    isProduction,
    strict: state.strict,
    isRoot: state.user ? isRootUser(state.user) : false,
    userType: userTypeOf(state.user),
    pageNodeIds: role?.pageNodes.map((n) => n.id) ?? [],
    auths: role?.auths ?? [],
    idOf: (name) => ids.get(name),
  };
}
