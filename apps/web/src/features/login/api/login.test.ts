import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashLoginPassword } from '../../../lib/login-hash';
import { englishTexts, fakeFetch, json, recordMessages } from '../../../lib/http/test-helpers';
import { login } from './login';

// fetch is faked: unit tests run in jsdom without a server.
beforeAll(englishTexts);
afterEach(() => vi.unstubAllGlobals());

const reply = { code: 0, data: { token: 't', expiresAt: 1, user: { id: 2, name: 'u', nicName: 'n', tenantId: 1, customConfig: '{}' } } };
const sent = (f: ReturnType<typeof fakeFetch>, i: number) => JSON.parse(String(((f.mock.calls[i] as unknown[])[1] as RequestInit).body)) as Record<string, unknown>;

describe('login (spec 7)', () => {
  it('sends userName, the hashed password, timestamps and client web', async () => {
    const f = fakeFetch(json(reply));
    await login('ROOT', 'Root@12345', () => 1700000000000);
    expect(sent(f, 0)).toEqual({ userName: 'ROOT', password: hashLoginPassword('Root@12345', 1700000000000), timestamps: 1700000000000, client: 'web' });
  });

  it("a clock-skew refusal (1001 with serverTime) is retried once with the server's time offset", async () => {
    const f = fakeFetch(json({ code: 1001, msg: 'clock', data: { serverTime: 1_000_000 } }, 400), json(reply));
    let clock = 5_000_000;
    const result = await login('u', 'p', () => clock++);
    expect(result.token).toBe('t');
    // offset = 1_000_000 - 5_000_000; second call at clock 5_000_001
    expect(sent(f, 1).timestamps).toBe(1_000_001);
    expect(sent(f, 1).password).toBe(hashLoginPassword('p', 1_000_001));
  });

  it('other failures reject with the server msg and are not retried', async () => {
    const messages = recordMessages();
    const f = fakeFetch(json({ code: 1004, msg: 'locked, wait 15 minutes', data: { retryAfterMs: 900000 } }, 429));
    await expect(login('u', 'p')).rejects.toMatchObject({ message: 'locked, wait 15 minutes' });
    expect(f).toHaveBeenCalledTimes(1);
    expect(messages).toEqual([]);
  });
});
