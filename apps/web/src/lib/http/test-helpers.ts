import { vi } from 'vitest';
import { initI18n } from '../../i18n';
import { setNotifier, type Notifier } from '../notify';

/**
 * Test doubles for the HTTP helpers. fetch is faked because no browser or server runs in unit
 * tests: each call returns the next queued Response.
 */
export function fakeFetch(...responses: (Response | Error)[]) {
  const queue = [...responses];
  const fn = vi.fn(async (_url: string, _init?: RequestInit): Promise<Response> => {
    const next = queue.shift();
    if (!next) throw new Error('fake fetch: no response queued');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/**
 * Fakes the server for a page test: `answer` gets the URL, the request's JSON body ({} without one)
 * and the init, and returns the data of a `{ code: 0, msg: '', data }` reply, a Response to send as
 * it is, or undefined for the empty list any other route answers.
 */
export function fakeApi(answer: (url: string, body: Record<string, unknown>, init?: RequestInit) => unknown) {
  const fn = vi.fn(async (url: string, init?: RequestInit): Promise<Response> => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const data = await answer(url, body, init);
    return data instanceof Response ? data : json({ code: 0, msg: '', data: data ?? [] });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function recordMessages() {
  const messages: { level: keyof Notifier; text: string; seconds?: number }[] = [];
  const rec = (level: keyof Notifier) => (text: string, seconds?: number) => void messages.push({ level, text, seconds });
  setNotifier({ error: rec('error'), info: rec('info'), success: rec('success'), warning: rec('warning') });
  return messages;
}

export async function englishTexts(): Promise<void> {
  await initI18n('en');
}
