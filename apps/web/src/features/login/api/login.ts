import { API, ErrorCode, type LoginBody, type LoginReply } from '@ems/contract';
import { ApiError, http } from '../../../lib/http/client';
import { hashLoginPassword } from '../../../lib/login-hash';

function body(userName: string, password: string, timestamps: number): LoginBody {
  return { userName, password: hashLoginPassword(password, timestamps), timestamps, client: 'web' };
}

function serverTimeOf(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.code !== ErrorCode.clockSkew) return null;
  const time = (err.data as { serverTime?: unknown } | null)?.serverTime;
  return typeof time === 'number' ? time : null;
}

/**
 * POST /eem-service/v1/auth/common/login. If the server refuses with the clock-skew code 1001
 * and its time, the login is retried once with the server's time offset. Errors carry the
 * server's msg (quietly: the page shows it).
 */
export async function login(userName: string, password: string, now: () => number = Date.now): Promise<LoginReply> {
  const sentAt = now();
  try {
    return (await http.post<LoginReply>(API.login, body(userName, password, sentAt), { hideNotice: true })).data;
  } catch (err) {
    const serverTime = serverTimeOf(err);
    if (serverTime === null) throw err;
    const offset = serverTime - sentAt;
    return (await http.post<LoginReply>(API.login, body(userName, password, now() + offset), { hideNotice: true })).data;
  }
}
