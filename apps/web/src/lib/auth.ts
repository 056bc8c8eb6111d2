import { ADMIN_API, API, type CheckTokenReply, type CurrentUser, type InitialInfo, type PermissionItem, type ProjectInfo } from '@ems/contract';
import { isProjectUserType, moduleOnLogin } from '@ems/domain';
import { tr } from '../i18n';
import { fetchProjects } from './api/projects';
import { getSystemConfig } from './config';
import { ApiError, http } from './http/client';
import { notify } from './notify';
import { SSO_PASSWORD_LOGIN_PATH, endSsoSession, ssoEnabled } from './sso';
import { clearProject, clearSession, enterProject, setModule, useSession, userTypeOf } from './session';

/** POST /auth/v1/checktoken: the token is live. */
export async function checkToken(token: string): Promise<CheckTokenReply> {
  return (await http.post<CheckTokenReply>(API.checkToken, { token }, { hideNotice: true })).data;
}

/** GET /eem-service/v2/user/getUserByHeaderUserId with the Bearer and User-ID headers. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return (await http.get<CurrentUser>(API.currentUser)).data;
}

/** GET /auth/v1/permissions: the permission list (name -> id). */
export async function fetchPermissions(): Promise<PermissionItem[]> {
  return (await http.get<PermissionItem[]>(API.permissions)).data ?? [];
}

/** Whether a cloud root exists; strict authorisation is its negation. Null when unknown. */
async function fetchCloudRootExists(): Promise<boolean | null> {
  try {
    return (await http.get<boolean>(API.cloudRootExists, undefined, { hideNotice: true })).data === true;
  } catch {
    return null;
  }
}

/** GET the initial info (spec sections 3, 6): the functions enabled for this installation; null when unknown (nothing is hidden then). */
async function fetchFunctionList(): Promise<InitialInfo['functionList'] | null> {
  try {
    return (await http.get<InitialInfo>(ADMIN_API.initialInfo, undefined, { hideNotice: true })).data?.functionList ?? null;
  } catch {
    return null;
  }
}

/** Thrown when the token check fails: the tokens are gone and the user must log in again. */
export class TokenInvalidError extends Error {}

/**
 * Token check, then user load, permission list and strictness (spec section 4 login flow). On a
 * fresh login the module is chosen by the login rule and a project user with exactly one
 * project (or anyone outside platform mode) enters it; after a reload the stored module and
 * project are kept when still valid.
 */
export async function loadSession(fresh: boolean): Promise<void> {
  const { token } = useSession.getState();
  if (!token) throw new TokenInvalidError();
  try {
    await checkToken(token);
  } catch (err) {
    if (!(err instanceof ApiError && err.kind === 'unauthorized')) notify.error(tr('common:http.tokenInvalid'));
    clearSession();
    throw new TokenInvalidError();
  }
  const config = getSystemConfig();
  const [user, permissions, rootExists, functionList] = await Promise.all([fetchCurrentUser(), fetchPermissions(), fetchCloudRootExists(), fetchFunctionList()]);
  const strict = config.authStringent || rootExists === false;
  const userType = userTypeOf(user);
  if (fresh) setModule(moduleOnLogin(config.isPlatformModel, userType));
  const { module, projectId } = useSession.getState();
  let projectInfo: ProjectInfo | undefined;
  if (module === 'fw') {
    const projects = await fetchProjects({ hideNotice: true }).catch(() => [] as ProjectInfo[]);
    if (projectId !== null) projectInfo = projects.find((p) => p.projectId === projectId);
    else if (!config.isPlatformModel || (isProjectUserType(userType) && projects.length === 1)) projectInfo = projects[0];
    if (isProjectUserType(userType) && projects.length === 0) console.warn('empty project information for a project user');
  }
  useSession.setState({ user, permissions, strict, functionList });
  if (projectInfo) enterProject(projectInfo);
  else clearProject();
}

/**
 * POST /eem-service/v1/auth/common/login reply handling lives in the login feature; this ends a
 * session. With single sign-on on, the provider's session ends too: the browser goes to its logout
 * and comes back to the login page; a session signed in by password comes back to the password form.
 */
export async function logout(): Promise<void> {
  if (await ssoEnabled()) {
    const url = await endSsoSession();
    clearSession();
    if (url) return window.location.assign(url);
    window.location.hash = `#${SSO_PASSWORD_LOGIN_PATH}`;
  } else {
    await http.post(API.logout, undefined, { hideNotice: true }).catch(() => undefined);
    clearSession();
    window.location.hash = '#/login';
  }
  window.location.reload();
}

/**
 * A session the server ended (401) under single sign-on (spec section 4): after the 500 ms the
 * browser goes to the provider's logout when the session was a single-sign-on one, else reloads on
 * /login (which signs in again through the provider while its session lasts).
 */
export async function endSsoSessionAndLeave(): Promise<void> {
  const url = await endSsoSession();
  clearSession();
  if (url) return window.location.assign(url);
  window.location.hash = '#/login';
  window.location.reload();
}
