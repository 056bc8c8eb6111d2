import { HEADER, type ApiReply } from '@ems/contract';
import { currentLocaleTag, tr } from '../../i18n';
import { emitAppEvent } from '../events';
import { SERVER_ERROR_SECONDS, notify } from '../notify';
import { clearSession, useSession } from '../session';
import { beginLoading, endLoading, resetLoading } from './loading';

/** Why a request failed. */
export type ApiErrorKind = 'code' | 'http' | 'network' | 'timeout' | 'format' | 'unauthorized';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number | null = null,
    readonly status: number | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Params;
  body?: unknown;
  /** suppresses the loading overlay and every message (sent as the hideNotice header too) */
  hideNotice?: boolean;
  /** a JSON body arriving as text raises 'backend JSON format error' instead of being parsed */
  strictJson?: boolean;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** Logout reload delay (spec section 9). */
export const LOGOUT_DELAY_MS = 500;

/** Ends the session: clear both token stores and reload on /login. Replaced in tests. */
let sessionEnder = (): void => {
  clearSession();
  window.location.hash = '#/login';
  window.location.reload();
};

export function setSessionEnder(fn: () => void): void {
  sessionEnder = fn;
}

let unauthorizedPending = false;

/** Code or HTTP status 401-403: notice, logout event, and the session ends after 500 ms. */
function handleUnauthorized(hideNotice: boolean): void {
  if (unauthorizedPending) return;
  unauthorizedPending = true;
  if (!hideNotice) notify.info(tr('common:http.tokenExpired'));
  emitAppEvent('logout');
  setTimeout(() => {
    unauthorizedPending = false;
    sessionEnder();
  }, LOGOUT_DELAY_MS);
}

/** Code greater than 400 and less than 404, or the same HTTP status. */
export function isUnauthorized(codeOrStatus: number | null | undefined): boolean {
  return typeof codeOrStatus === 'number' && codeOrStatus > 400 && codeOrStatus < 404;
}

/** Headers every call carries: token, user id, project id and language. */
export function sessionHeaders(): Record<string, string> {
  const { token, userId, projectId } = useSession.getState();
  const headers: Record<string, string> = { 'accept-language': currentLocaleTag() };
  if (token) headers[HEADER.authorization] = `Bearer ${token}`;
  if (userId !== null) headers[HEADER.userId] = String(userId);
  if (projectId !== null) headers[HEADER.projectId] = String(projectId);
  return headers;
}

export function withParams(url: string, params?: Params): string {
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) query.append(k, String(v));
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** fetch with an abort after `timeoutMs` (no timeout when undefined). */
export async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs?: number): Promise<Response> {
  if (!timeoutMs) return fetch(url, init);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

async function readBody(res: Response, strictJson: boolean): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return await res.json();
    } catch {
      throw new ApiError('format', tr('common:http.jsonFormat'), null, res.status);
    }
  }
  const text = await res.text();
  if (!text) return null;
  // a JSON body arriving as text is parsed; strict mode raises an error on it
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (!res.ok) return null;
    throw new ApiError('format', tr('common:http.jsonFormat'), null, res.status);
  }
  if (strictJson) throw new ApiError('format', tr('common:http.jsonFormat'), null, res.status);
  return parsed;
}

function isReply(body: unknown): body is ApiReply<unknown> {
  return !!body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number';
}

/**
 * A JSON call. Resolves with the reply when its code is 0; otherwise shows the server's msg for
 * 5 s (unless hideNotice) and rejects with an ApiError. 401-403 end the session.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
  const { method = 'GET', params, body, hideNotice = false, strictJson = false, timeoutMs, headers } = options;
  // multipart bodies go as they are: the browser sets the content type with its boundary
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  const init: RequestInit = {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined && !multipart ? { 'content-type': 'application/json' } : {}),
      ...sessionHeaders(),
      ...(hideNotice ? { [HEADER.hideNotice]: 'true' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
  };
  if (!hideNotice) beginLoading();
  let counted = !hideNotice;
  const done = () => {
    if (counted) endLoading();
    counted = false;
  };
  let res: Response;
  try {
    res = await fetchWithTimeout(withParams(url, params), init, timeoutMs);
  } catch (err) {
    done();
    resetLoading();
    const timeout = err instanceof DOMException && err.name === 'AbortError';
    if (!hideNotice) notify.error(tr('common:http.network'));
    throw new ApiError(timeout ? 'timeout' : 'network', tr('common:http.network'));
  }
  try {
    if (isUnauthorized(res.status)) {
      handleUnauthorized(hideNotice);
      throw new ApiError('unauthorized', tr('common:http.tokenExpired'), null, res.status);
    }
    let parsed: unknown;
    try {
      parsed = await readBody(res, strictJson);
    } catch (err) {
      if (!hideNotice && err instanceof ApiError) notify.error(err.message, SERVER_ERROR_SECONDS);
      throw err;
    }
    if (isReply(parsed)) {
      if (parsed.code === 0) return parsed as ApiReply<T>;
      if (isUnauthorized(parsed.code)) {
        handleUnauthorized(hideNotice);
        throw new ApiError('unauthorized', tr('common:http.tokenExpired'), parsed.code, res.status, parsed.data);
      }
      const msg = parsed.msg || tr('common:http.httpStatus', res.status);
      if (!hideNotice) notify.error(msg, SERVER_ERROR_SECONDS);
      throw new ApiError('code', msg, parsed.code, res.status, parsed.data);
    }
    const msg = res.ok ? tr('common:http.jsonFormat') : tr('common:http.httpStatus', res.status);
    if (!hideNotice) notify.error(msg, SERVER_ERROR_SECONDS);
    throw new ApiError(res.ok ? 'format' : 'http', msg, null, res.status);
  } finally {
    done();
  }
}

/** File upload and download timeout (spec section 9). */
export const FILE_TIMEOUT_MS = 60_000;

/**
 * Uploads one file as multipart field `file` with the session headers (spec section 7, 60 s), with
 * the same reply handling as every call: the 401–403 flow, server messages, the network message.
 */
export function uploadFile<T>(url: string, file: Blob, name: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<ApiReply<T>> {
  const form = new FormData();
  form.append('file', file, name);
  return request<T>(url, { timeoutMs: FILE_TIMEOUT_MS, ...options, method: 'POST', body: form });
}

export const http = {
  get: <T>(url: string, params?: Params, options?: RequestOptions) => request<T>(url, { ...options, method: 'GET', params }),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>(url, { ...options, method: 'POST', body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>(url, { ...options, method: 'PUT', body }),
  del: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>(url, { ...options, method: 'DELETE', body }),
};
