import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onAppEvent } from '../events';
import { useSession } from '../session';
import { ApiError, LOGOUT_DELAY_MS, http, request, setSessionEnder, uploadFile } from './client';
import { useLoadingCount } from './loading';
import { englishTexts, fakeFetch, json, recordMessages } from './test-helpers';

// fetch is faked throughout: unit tests run in jsdom, with no browser or server behind them.
beforeAll(englishTexts);
let messages: ReturnType<typeof recordMessages>;
beforeEach(() => {
  messages = recordMessages();
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  useLoadingCount.setState({ count: 0 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function headersOf(fetchMock: ReturnType<typeof fakeFetch>, call = 0): Record<string, string> {
  return ((fetchMock.mock.calls[call] as unknown[])[1] as RequestInit).headers as Record<string, string>;
}

describe('HTTP client (spec 4, 7, 8)', () => {
  it('sends Bearer token, User-ID, projectId and Accept-Language', async () => {
    const f = fakeFetch(json({ code: 0, data: [1] }));
    const reply = await http.get<number[]>('/x', { a: 1, b: undefined });
    expect(reply.data).toEqual([1]);
    expect((f.mock.calls[0] as unknown[])[0]).toBe('/x?a=1');
    expect(headersOf(f)).toMatchObject({ authorization: 'Bearer tok', 'user-id': '7', projectid: '3', 'accept-language': 'en-US' });
  });

  it('the loading overlay is counted: shown on the first concurrent request, hidden at zero', async () => {
    let release1!: (r: Response) => void;
    let release2!: (r: Response) => void;
    const f = vi.fn(
      () =>
        new Promise<Response>((ok) => {
          if (!release1) release1 = ok;
          else release2 = ok;
        }),
    );
    vi.stubGlobal('fetch', f);
    const a = http.get('/a');
    const b = http.get('/b');
    expect(useLoadingCount.getState().count).toBe(2);
    release1(json({ code: 0, data: null }));
    await a;
    expect(useLoadingCount.getState().count).toBe(1);
    release2(json({ code: 0, data: null }));
    await b;
    expect(useLoadingCount.getState().count).toBe(0);
  });

  it('a non-zero code shows the server msg for 5 s and rejects', async () => {
    fakeFetch(json({ code: 409, msg: 'name taken', data: null }, 409));
    await expect(http.post('/x', {})).rejects.toMatchObject({ kind: 'code', code: 409, message: 'name taken' });
    expect(messages).toEqual([{ level: 'error', text: 'name taken', seconds: 5 }]);
  });

  it('hideNotice suppresses loading and messages and is sent as a header', async () => {
    const f = fakeFetch(json({ code: 500, msg: 'boom', data: null }, 500));
    const p = request('/x', { hideNotice: true });
    expect(useLoadingCount.getState().count).toBe(0);
    await expect(p).rejects.toBeInstanceOf(ApiError);
    expect(messages).toEqual([]);
    expect(headersOf(f).hidenotice).toBe('true');
  });

  it.each([401, 402, 403])('code or HTTP status %i: token-expired info, logout event, session ends after 500 ms', async (status) => {
    vi.useFakeTimers();
    const ender = vi.fn();
    setSessionEnder(ender);
    const logout = vi.fn();
    const off = onAppEvent('logout', logout);
    fakeFetch(json({ code: status, msg: 'x', data: null }, status === 402 ? 200 : status));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(messages).toEqual([{ level: 'info', text: 'token expired, please log in again', seconds: undefined }]);
    expect(logout).toHaveBeenCalledOnce();
    expect(ender).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LOGOUT_DELAY_MS);
    expect(ender).toHaveBeenCalledOnce();
    off();
  });

  it('an upload is multipart with the session headers and ends an expired session like any call (spec 7)', async () => {
    vi.useFakeTimers();
    const ender = vi.fn();
    setSessionEnder(ender);
    const ok = fakeFetch(json({ code: 0, data: { fileName: 'f.csv' } }));
    await expect(uploadFile('/filemanager/v1/file', new Blob(['a,b']), 'f.csv')).resolves.toMatchObject({ data: { fileName: 'f.csv' } });
    const init = ok.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBeInstanceOf(FormData);
    expect(headersOf(ok)['content-type']).toBeUndefined();
    expect(headersOf(ok).authorization).toMatch(/^Bearer /);
    fakeFetch(json({ code: 401, msg: 'x', data: null }, 401));
    await expect(uploadFile('/filemanager/v1/file', new Blob(['a']), 'f.csv')).rejects.toMatchObject({ kind: 'unauthorized' });
    vi.advanceTimersByTime(LOGOUT_DELAY_MS);
    expect(ender).toHaveBeenCalledOnce();
  });

  it('network failure shows the network message and removes the overlay', async () => {
    useLoadingCount.setState({ count: 3 });
    fakeFetch(new TypeError('Failed to fetch'));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(messages[0]?.text).toBe('please check whether the network connection is normal');
    expect(useLoadingCount.getState().count).toBe(0);
  });

  it('a JSON body arriving as text is parsed', async () => {
    fakeFetch(new Response('{"code":0,"data":{"a":1}}', { headers: { 'content-type': 'text/plain' } }));
    expect((await http.get<{ a: number }>('/x')).data).toEqual({ a: 1 });
  });

  it("strict mode raises 'backend JSON format error' on a JSON body arriving as text", async () => {
    fakeFetch(new Response('{"code":0,"data":1}', { headers: { 'content-type': 'text/plain' } }));
    await expect(request('/x', { strictJson: true })).rejects.toMatchObject({ kind: 'format', message: 'backend JSON format error' });
    expect(messages[0]?.text).toBe('backend JSON format error');
  });
});
