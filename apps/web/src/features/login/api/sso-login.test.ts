import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { englishTexts, fakeFetch, json } from '../../../lib/http/test-helpers';
import { completeSsoLogin } from './sso-login';

beforeAll(englishTexts);
afterEach(() => vi.unstubAllGlobals());

const reply = { code: 0, data: { token: 't', expiresAt: 1, user: { id: 9, name: 'sso_wang', nicName: 'Wang Fang', tenantId: 1, customConfig: '{}' } } };
const call = (f: ReturnType<typeof fakeFetch>, i: number) => f.mock.calls[i] as [string, RequestInit];

describe('single-sign-on login (spec section 7)', () => {
  it('exchanges the code (GET token?code&state&iss), then posts client, timestamps and the access token', async () => {
    const f = fakeFetch(json({ code: 0, data: { access_token: 'h1', token_type: 'Bearer', expires_in: 60 } }), json(reply));
    const result = await completeSsoLogin({ code: 'c', state: 's', iss: 'https://id' }, () => 1_700_000_000_000);
    expect(result.user.name).toBe('sso_wang');
    expect(call(f, 0)[0]).toBe('/eem-service/thirdpart/sso/auth2.0/token?code=c&state=s&iss=https%3A%2F%2Fid');
    expect(call(f, 1)[0]).toBe('/eem-service/thirdpart/sso/auth2.0/login');
    expect(JSON.parse(String(call(f, 1)[1].body))).toEqual({ client: 'web', timestamps: 1_700_000_000_000, token: 'h1' });
  });

  it("a clock-skew refusal (1001) is retried once with the server's time", async () => {
    const f = fakeFetch(json({ code: 0, data: { access_token: 'h1', token_type: 'Bearer', expires_in: 60 } }), json({ code: 1001, msg: 'clock', data: { serverTime: 1_000_000 } }, 400), json(reply));
    let clock = 5_000_000;
    await completeSsoLogin({ code: 'c', state: 's' }, () => clock++);
    expect(JSON.parse(String(call(f, 2)[1].body))).toMatchObject({ timestamps: 1_000_001, token: 'h1' });
  });

  it("a refused exchange rejects with the server's message", async () => {
    fakeFetch(json({ code: 400, msg: 'the single-sign-on request has expired or is unknown; please sign in again', data: null }, 400));
    await expect(completeSsoLogin({ code: 'c', state: 's' })).rejects.toThrow(/expired or is unknown/);
  });
});
