import { ErrorCode, SSO_API, type LoginReply, type SsoAuthorizeReply, type SsoLoginBody, type SsoTokenQuery, type SsoTokenReply } from '@ems/contract';
import { ApiError, http } from '../../../lib/http/client';

/** GET the provider's authorize address for a new request (state, nonce and PKCE kept by the server). */
export async function fetchAuthorizeUrl(): Promise<string> {
  return (await http.get<SsoAuthorizeReply>(SSO_API.authorize, undefined, { hideNotice: true })).data.url;
}

function serverTimeOf(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.code !== ErrorCode.clockSkew) return null;
  const time = (err.data as { serverTime?: unknown } | null)?.serverTime;
  return typeof time === 'number' ? time : null;
}

/**
 * The provider's answer for a session: GET token?code&state&iss (the app's single-use access
 * token), then POST login {client, timestamps, token}; a clock-skew refusal (1001) is retried once
 * with the server's time, as the password login does. Errors carry the server's msg.
 */
export async function completeSsoLogin(query: SsoTokenQuery, now: () => number = Date.now): Promise<LoginReply> {
  const { access_token: token } = (await http.get<SsoTokenReply>(SSO_API.token, query, { hideNotice: true })).data;
  const body = (timestamps: number): SsoLoginBody => ({ client: 'web', timestamps, token });
  const sentAt = now();
  try {
    return (await http.post<LoginReply>(SSO_API.login, body(sentAt), { hideNotice: true })).data;
  } catch (err) {
    const serverTime = serverTimeOf(err);
    if (serverTime === null) throw err;
    return (await http.post<LoginReply>(SSO_API.login, body(now() + serverTime - sentAt), { hideNotice: true })).data;
  }
}
