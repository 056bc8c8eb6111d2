import { SSO_API, SSO_SIGNED_OUT_STATE, type SsoLogoutReply, type SsoStatus, type SsoTokenQuery } from '@ems/contract';
import { http } from './http/client';

/**
 * Single sign-on in the browser (spec sections 2 and 4). The identity provider sends the browser
 * back to the app's address with a query (`?code&state&iss`, `?error`, or after its logout
 * `?state=signed-out`); the start-up takes it off the address bar before the router starts and
 * leaves it here for the login page.
 */
export type SsoReturn = { kind: 'callback'; query: SsoTokenQuery } | { kind: 'error'; error: string } | { kind: 'signedOut' };

/** The login page with the password form even while single sign-on is on (local accounts such as ROOT). */
export const SSO_PASSWORD_LOGIN_PATH = '/login?local=1';

let pending: SsoReturn | null = null;

/** What the provider's redirect brought, read from `search`; null for an ordinary start. */
export function parseSsoReturn(search: string): SsoReturn | null {
  const q = new URLSearchParams(search);
  const code = q.get('code');
  const state = q.get('state');
  const iss = q.get('iss');
  if (code && state) return { kind: 'callback', query: { code, state, ...(iss ? { iss } : {}) } };
  const error = q.get('error');
  if (error) return { kind: 'error', error: q.get('error_description') || error };
  if (state === SSO_SIGNED_OUT_STATE) return { kind: 'signedOut' };
  return null;
}

/** At start-up: keeps the provider's answer for the login page and leaves the address at #/login. */
export function captureSsoReturn(location: Location = window.location, history: History = window.history): void {
  const found = parseSsoReturn(location.search);
  if (!found) return;
  pending = found;
  history.replaceState(null, '', `${location.pathname}#/login`);
}

/** The provider's answer kept at start-up, left in place. */
export function peekSsoReturn(): SsoReturn | null {
  return pending;
}

/** The provider's answer kept at start-up, once. */
export function takeSsoReturn(): SsoReturn | null {
  const found = pending;
  pending = null;
  return found;
}

let status: Promise<boolean> | null = null;

/** Whether single sign-on is on (asked once; false when the server cannot say). */
export function ssoEnabled(): Promise<boolean> {
  status ??= http
    .get<SsoStatus>(SSO_API.status, undefined, { hideNotice: true })
    .then((r) => r.data.enabled)
    .catch(() => false);
  return status;
}

/**
 * Ends the session on the server (its token, live or not, sent as always) and returns the
 * provider's logout address for a single-sign-on session, else null.
 */
export async function endSsoSession(): Promise<string | null> {
  try {
    return (await http.post<SsoLogoutReply>(SSO_API.logout, undefined, { hideNotice: true })).data.url;
  } catch {
    return null;
  }
}
