import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, ErrorCode, SSO_API, type CheckTokenReply, type LoginReply, type SsoAuthorizeReply, type SsoLogoutReply, type SsoStatus, type SsoTokenReply } from '@ems/contract';
import type { SsoConfig } from '../../config/types.js';
import { sha256hex } from '../../lib/hash.js';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { banner } from '../../banner.js';
import { ssoRepository } from './repository.js';
import { ssoSetupProblem } from './service.js';
import { TEST_ACCOUNTS, startTestProvider, type TestAccount, type TestProvider } from './test-provider.js';

const REDIRECT = 'http://127.0.0.1:18080/';
const CLIENT = { clientId: 'ems-test', clientSecret: 'ems-test-secret-0123456789' };
const [WANG, LI] = TEST_ACCOUNTS as [TestAccount, TestAccount];

/** A browser on the provider: cookies kept, redirects followed by hand until the app's address. */
class ProviderBrowser {
  private jar = new Map<string, string>();
  constructor(private readonly issuer: string) {}

  private async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method: init.method ?? 'GET', redirect: 'manual', headers, ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}) });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }

  /** Follows the provider's pages: signs in as the account when asked, consents, stops at the app. */
  async run(start: string, account: TestAccount): Promise<URL> {
    let res = await this.go(start);
    for (let step = 0; step < 20; step++) {
      const location = res.headers.get('location');
      if (location !== null) {
        const next = new URL(location, this.issuer);
        if (next.href.startsWith(REDIRECT)) return next;
        res = await this.go(next.href);
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 300)}`);
      const url = new URL(action, this.issuer).href;
      res = await this.go(url, { method: 'POST', form: action.endsWith('/login') ? { login: account.preferred_username, password: account.password } : {} });
    }
    throw new Error('the provider never sent the browser back');
  }

  /** The provider's logout page: confirms it; the address it sends the browser to afterwards. */
  async logout(endSessionUrl: string): Promise<URL> {
    let res = await this.go(endSessionUrl);
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !xsrf) throw new Error(`no logout form: ${html.slice(0, 300)}`);
    res = await this.go(new URL(action, this.issuer).href, { method: 'POST', form: { xsrf, logout: 'yes' } });
    for (let step = 0; step < 5; step++) {
      const location = res.headers.get('location');
      if (location === null) break;
      const next = new URL(location, this.issuer);
      if (next.href.startsWith(REDIRECT)) return next;
      res = await this.go(next.href);
    }
    throw new Error('the provider did not send the browser back after the logout');
  }
}

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`single sign-on (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let op: TestProvider;
    let roleId: number;
    let sso: SsoConfig;
    let ipSeq = 0;
    const nextIp = () => `10.7.0.${++ipSeq}`;

    beforeAll(async () => {
      op = await startTestProvider({ ...CLIENT, redirectUri: REDIRECT, accounts: TEST_ACCOUNTS });
      store = await createStore(kind);
      // the role of fw_plant: a project role of the demo tenant (1), found once the store is seeded
      const plain = await startApp(store);
      const row = await plain.app.ems.db
        .selectFrom('user_role')
        .innerJoin('app_user', 'app_user.id', 'user_role.user_id')
        .select('user_role.role_id')
        .where('app_user.name', '=', 'fw_plant')
        .executeTakeFirstOrThrow();
      roleId = Number(row.role_id);
      await plain.app.close();
      sso = { issuer: op.issuer, ...CLIENT, redirectUri: REDIRECT, scopes: 'openid profile email', claim: 'preferred_username', tenantId: 1, roleId, userType: 4, projectIds: [1] };
      t = await startApp(store, { sso });
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
      await op?.close();
    });

    const get = <T>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US', ...headers }, remoteAddress: nextIp() }).then((r) => json<T>(r));
    const post = <T>(app: FastifyInstance, url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en-US', ...headers }, remoteAddress: nextIp() }).then((r) => json<T>(r));

    /** authorize → the provider (sign-in, consent) → the app's address with code, state and iss. */
    async function callback(account: TestAccount, browser = new ProviderBrowser(op.issuer)): Promise<URL> {
      const authorize = await get<SsoAuthorizeReply>(t.app, SSO_API.authorize);
      expect(authorize.status).toBe(200);
      return browser.run(authorize.data.url, account);
    }
    const tokenCall = (back: URL) => get<SsoTokenReply>(t.app, `${SSO_API.token}${back.search}`);
    const loginCall = (token: string, timestamps = store.clock.now) => post<LoginReply>(t.app, SSO_API.login, { client: 'web', timestamps, token });

    async function signIn(account: TestAccount) {
      const exchanged = await tokenCall(await callback(account));
      expect(exchanged.status, JSON.stringify(exchanged)).toBe(200);
      const login = await loginCall(exchanged.data.access_token);
      expect(login.status, JSON.stringify(login)).toBe(200);
      return login.data;
    }

    it('the status says single sign-on is on; authorize gives the provider URL with state, nonce and an S256 PKCE challenge', async () => {
      expect((await get<SsoStatus>(t.app, SSO_API.status)).data).toEqual({ enabled: true });
      const { data } = await get<SsoAuthorizeReply>(t.app, SSO_API.authorize);
      const url = new URL(data.url);
      expect(url.origin).toBe(op.issuer);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: CLIENT.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile email', code_challenge_method: 'S256' });
      for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)).toMatch(/^[\w-]{40,}$/);
    });

    it('a user met for the first time is created in the configured tenant, role, type and projects; the login replies as the password login and audits "sso"', async () => {
      const reply = await signIn(WANG);
      expect(reply.token).toMatch(/^[\w-]{43}$/);
      expect(reply.user).toMatchObject({ name: 'sso_wang', nicName: 'Wang Fang', tenantId: 1, customConfig: '{"usertype":4}' });
      const db = t.app.ems.db;
      const user = await db.selectFrom('app_user').selectAll().where('id', '=', reply.user.id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ sso_subject: 'sso_wang', email: 'wang.fang@example.com', enabled: 1 });
      expect((await db.selectFrom('user_role').select('role_id').where('user_id', '=', reply.user.id).execute()).map((r) => Number(r.role_id))).toEqual([roleId]);
      expect((await db.selectFrom('user_project').select('project_id').where('user_id', '=', reply.user.id).execute()).map((r) => Number(r.project_id))).toEqual([1]);
      // the session works like any other
      const check = await post<CheckTokenReply>(t.app, API.checkToken, { token: reply.token });
      expect(check.data.userId).toBe(reply.user.id);
      const me = await get<{ name: string }>(t.app, API.currentUser, { authorization: `Bearer ${reply.token}` });
      expect(me).toMatchObject({ status: 200, data: { name: 'sso_wang' } });
      const audit = await db.selectFrom('audit_log').select(['kind', 'action', 'detail', 'user_name', 'target_name']).where('target_id', '=', reply.user.id).orderBy('id').execute();
      expect(audit).toEqual([
        { kind: 'user', action: 'create', detail: 'sso', user_name: 'sso_wang', target_name: 'sso_wang' },
        { kind: 'login', action: 'success', detail: 'sso', user_name: 'sso_wang', target_name: 'sso_wang' },
      ]);
    });

    it('the same account signs in again as the same user (matched by the claim, nothing created)', async () => {
      const before = await t.app.ems.db.selectFrom('app_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const again = await signIn(WANG);
      expect(again.user.name).toBe('sso_wang');
      const after = await t.app.ems.db.selectFrom('app_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('an unknown or altered state is refused with 400 and the request it did not name stays usable', async () => {
      const back = await callback(LI);
      const wrong = new URL(back);
      wrong.searchParams.set('state', `${back.searchParams.get('state') ?? ''}x`);
      const refused = await tokenCall(wrong);
      expect(refused).toMatchObject({ status: 400, code: ErrorCode.badRequest });
      expect(refused.msg).toMatch(/single-sign-on request has expired or is unknown/);
      expect((await tokenCall(back)).status).toBe(200);
    });

    it('a code is used once: the same answer again is refused, and the provider refuses a reused code even with its request restored', async () => {
      const back = await callback(LI);
      const stateHash = sha256hex(back.searchParams.get('state') ?? '');
      const sdb = t.app.ems.db.withTables<{ sso_state: { state_hash: string; code_verifier: string; nonce: string; created_at: number; expires_at: number } }>();
      const pending = await sdb.selectFrom('sso_state').selectAll().where('state_hash', '=', stateHash).executeTakeFirstOrThrow();
      expect((await tokenCall(back)).status).toBe(200);
      expect(await tokenCall(back)).toMatchObject({ status: 400, code: ErrorCode.badRequest });
      // as if a second instance still held the request: the provider itself says no to the used code
      await ssoRepository(t.app.ems.db).insertState({ ...pending, expires_at: store.clock.now + 60_000 }, store.clock.now);
      const replay = await tokenCall(back);
      expect(replay).toMatchObject({ status: 400, code: ErrorCode.badRequest });
      expect(replay.msg).toMatch(/did not accept this sign-in/);
    });

    it('a code answered to one request is refused under another request (its PKCE verifier does not match)', async () => {
      const back = await callback(LI);
      const other = new URL((await get<SsoAuthorizeReply>(t.app, SSO_API.authorize)).data.url).searchParams.get('state') ?? '';
      const swapped = new URL(back);
      swapped.searchParams.set('state', other);
      expect(await tokenCall(swapped)).toMatchObject({ status: 400, code: ErrorCode.badRequest });
    });

    it('the access token signs in once, within its minute, and only within 5 minutes of the server clock', async () => {
      const first = await tokenCall(await callback(LI));
      expect(await loginCall(first.data.access_token, store.clock.now - 6 * 60_000)).toMatchObject({ status: 400, code: ErrorCode.clockSkew, data: { serverTime: store.clock.now } });
      expect((await loginCall(first.data.access_token)).status).toBe(200);
      const twice = await loginCall(first.data.access_token);
      expect(twice).toMatchObject({ status: 400, code: ErrorCode.badRequest });
      expect(twice.msg).toMatch(/invalid, expired or already used/);
      expect(await loginCall('not-a-token')).toMatchObject({ status: 400, code: ErrorCode.badRequest });
      const late = await tokenCall(await callback(LI));
      const saved = store.clock.now;
      store.clock.now += 61_000;
      try {
        expect(await loginCall(late.data.access_token)).toMatchObject({ status: 400, code: ErrorCode.badRequest });
      } finally {
        store.clock.now = saved;
      }
    });

    it('a disabled user, or a user of a disabled tenant, is refused (1003) and the refusal is audited', async () => {
      const db = t.app.ems.db;
      await db.updateTable('app_user').set({ enabled: 0 }).where('name', '=', 'sso_li').execute();
      try {
        const refused = await tokenCall(await callback(LI));
        expect(refused).toMatchObject({ status: 400, code: ErrorCode.badCredentials });
        expect(refused.msg).toMatch(/disabled/);
        const audit = await db.selectFrom('audit_log').select(['kind', 'ok', 'detail']).where('kind', '=', 'loginFailure').where('target_name', '=', 'sso_li').execute();
        expect(audit).toEqual([{ kind: 'loginFailure', ok: 0, detail: 'sso: user disabled' }]);
      } finally {
        await db.updateTable('app_user').set({ enabled: 1 }).where('name', '=', 'sso_li').execute();
      }
      // disabled between the code exchange and the login: the login refuses too
      const exchanged = await tokenCall(await callback(LI));
      await db.updateTable('tenant').set({ enabled: 0 }).where('id', '=', 1).execute();
      try {
        expect(await loginCall(exchanged.data.access_token)).toMatchObject({ status: 400, code: ErrorCode.badCredentials });
      } finally {
        await db.updateTable('tenant').set({ enabled: 1 }).where('id', '=', 1).execute();
      }
    });

    it('logout revokes the session and sends the browser to the provider, which ends its session and comes back to the app', async () => {
      const browser = new ProviderBrowser(op.issuer);
      const exchanged = await tokenCall(await callback(WANG, browser));
      const session = (await loginCall(exchanged.data.access_token)).data;
      const bearer = { authorization: `Bearer ${session.token}` };
      const out = await post<SsoLogoutReply>(t.app, SSO_API.logout, undefined, bearer);
      expect(out.status).toBe(200);
      const end = new URL(out.data.url ?? '');
      expect(end.origin).toBe(op.issuer);
      expect(end.searchParams.get('post_logout_redirect_uri')).toBe(REDIRECT);
      expect(end.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect((await get(t.app, API.currentUser, bearer)).status).toBe(401);
      const back = await browser.logout(end.href);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('state')).toBe('signed-out');
      // the provider's session is over: the next sign-in asks for the password again
      const authorize = await get<SsoAuthorizeReply>(t.app, SSO_API.authorize);
      const page = await fetch(authorize.data.url, { redirect: 'manual' });
      expect(page.headers.get('location')).toMatch(/\/interaction\//);
      // once only; a session signed in by password has no provider logout
      expect((await post<SsoLogoutReply>(t.app, SSO_API.logout, undefined, bearer)).data).toEqual({ url: null });
      const local = await loginAs(t.app, store.clock, 'fw_plant');
      expect((await post<SsoLogoutReply>(t.app, SSO_API.logout, undefined, local.headers)).data).toEqual({ url: null });
      expect((await get(t.app, API.currentUser, local.headers)).status).toBe(401);
      const audit = await t.app.ems.db.selectFrom('audit_log').select(['kind', 'detail']).where('kind', '=', 'logout').where('user_id', '=', session.user.id).execute();
      expect(audit).toEqual([{ kind: 'logout', detail: 'sso' }]);
    });

    it('at start, a tenant or role the store lacks is named (people met for the first time would be refused)', async () => {
      expect(await ssoSetupProblem(t.app.ems)).toBeNull();
      const wrongRole = await startApp(store, { sso: { ...sso, tenantId: 1, roleId: 999 } });
      const wrongTenant = await startApp(store, { sso: { ...sso, tenantId: 999 } });
      try {
        expect(await ssoSetupProblem(wrongRole.app.ems)).toMatch(/^EMS_SSO_ROLE_ID 999 is not a role of tenant 1/);
        expect(await ssoSetupProblem(wrongTenant.app.ems)).toMatch(/^EMS_SSO_TENANT_ID 999 names no tenant/);
        expect(banner(t.app.ems.config, t.report, 'x')).toContain(`single sign-on: on (provider ${op.issuer}, client ${CLIENT.clientId}`);
      } finally {
        await wrongRole.app.close();
        await wrongTenant.app.close();
      }
    });

    it('with single sign-on off the status says so and every other call is 404', async () => {
      const off = await startApp(store);
      try {
        expect((await get<SsoStatus>(off.app, SSO_API.status)).data).toEqual({ enabled: false });
        expect((await get(off.app, SSO_API.authorize)).status).toBe(404);
        expect((await get(off.app, `${SSO_API.token}?code=a&state=b`)).status).toBe(404);
        expect((await post(off.app, SSO_API.login, { client: 'web', timestamps: store.clock.now, token: 'x' })).status).toBe(404);
        expect((await post(off.app, SSO_API.logout, undefined)).status).toBe(404);
      } finally {
        await off.app.close();
      }
    });
  });
}
