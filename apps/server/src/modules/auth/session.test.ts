import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ErrorCode, TOKEN_TTL_MS, type CheckTokenReply, type CurrentUser } from '@ems/contract';
import { DEMO, STORES, createStore, json, loginAs, loginBody, startApp, type TestApp, type TestStore } from '../../test/helpers.js';

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`tokens, identity and password change (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: API.currentUser, headers: { 'accept-language': 'en-US', ...headers } }).then((r) => json<CurrentUser>(r));
    const check = (token: string) => t.app.inject({ method: 'POST', url: API.checkToken, payload: { token } }).then((r) => json<CheckTokenReply>(r));

    it('checktoken answers code 0 while the token is live, 401 otherwise', async () => {
      const s = await loginAs(t.app, store.clock, 'fw_cloud');
      const live = await check(s.token);
      expect(live).toMatchObject({ status: 200, code: 0, data: { userId: s.userId, expiresAt: store.clock.now + TOKEN_TTL_MS } });
      expect(await check('not-a-token')).toMatchObject({ status: 401, code: 401 });
    });

    it('a missing, unknown or malformed token gives HTTP 401 code 401 with the session-expired message', async () => {
      expect(await me({})).toMatchObject({ status: 401, code: 401, msg: 'token expired, please log in again' });
      expect(await me({ authorization: 'Bearer nope' })).toMatchObject({ status: 401, code: 401 });
      const zh = json(await t.app.inject({ method: 'GET', url: API.currentUser }));
      expect(zh.msg).toBe('登录已失效，请重新登录');
    });

    it('logout revokes the token', async () => {
      const s = await loginAs(t.app, store.clock, 'fw_cloud');
      expect((await me(s.headers)).code).toBe(0);
      const out = json(await t.app.inject({ method: 'POST', url: API.logout, headers: s.headers }));
      expect(out).toMatchObject({ status: 200, code: 0 });
      expect((await me(s.headers)).status).toBe(401);
      expect((await check(s.token)).status).toBe(401);
    });

    it('a session reused within its second still ends on the next call when the user is disabled (a write to the session tables)', async () => {
      const s = await loginAs(t.app, store.clock, 'fw_plant');
      expect((await me(s.headers)).code).toBe(0);
      expect((await me(s.headers)).code).toBe(0);
      await t.app.ems.db.updateTable('app_user').set({ enabled: 0 }).where('id', '=', s.userId).execute();
      try {
        expect(await me(s.headers)).toMatchObject({ status: 401, code: 401 });
      } finally {
        await t.app.ems.db.updateTable('app_user').set({ enabled: 1 }).where('id', '=', s.userId).execute();
      }
      expect((await me(s.headers)).code).toBe(0);
    });

    it('a token expires after 12 hours of server clock', async () => {
      const s = await loginAs(t.app, store.clock, 'fw_cloud');
      const saved = store.clock.now;
      try {
        store.clock.now += TOKEN_TTL_MS - 1000;
        expect((await me(s.headers)).code).toBe(0);
        store.clock.now += 2000;
        expect(await me(s.headers)).toMatchObject({ status: 401, code: 401 });
      } finally {
        store.clock.now = saved;
      }
    });

    it('a User-ID header naming another user than the token gives 401', async () => {
      const s = await loginAs(t.app, store.clock, 'fw_plant');
      expect((await me({ ...s.headers, 'user-id': String(s.userId) })).code).toBe(0);
      expect(await me({ ...s.headers, 'user-id': '1' })).toMatchObject({ status: 401, code: 401 });
    });

    it('the current user carries role homepage, page nodes, auths, projects and usertype', async () => {
      const s = await loginAs(t.app, store.clock, 'fw_plant');
      const u = (await me(s.headers)).data;
      expect(u).toMatchObject({ name: 'fw_plant', tenantId: 1, customConfig: '{"usertype":4}', modelNodes: [{ id: 1, modelLabel: 'project' }], rootUserGroupID: 1 });
      const role = u.roles[0];
      expect(role && JSON.parse(role.customConfig)).toMatchObject({ homepage: '/home' });
      // home, device monitor, trend, event diagnosis, inspection orders and records, and the 17 pages of issue 5
      expect(role?.pageNodes.length).toBe(23);
      const cloud = (await me((await loginAs(t.app, store.clock, 'fw_cloud')).headers)).data;
      expect(JSON.parse(cloud.roles[0]?.customConfig ?? '')).toEqual({});
      const svc = (await me((await loginAs(t.app, store.clock, 'pf_service')).headers)).data;
      expect(JSON.parse(svc.roles[0]?.customConfig ?? '')).toMatchObject({ homepage: '/projectnavigation' });
      expect(svc.modelNodes.map((n) => n.id)).toEqual([1, 2]);
    });

    const change = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PUT', url: API.changePassword, headers: { 'accept-language': 'en-US', ...headers }, payload }).then((r) => json(r));

    it('password change of another id or name gives 401 and changes nothing', async () => {
      const s = await loginAs(t.app, store.clock, 'pf_service');
      expect(await change(s.headers, { id: 1, name: 'ROOT', oldPassword: 'Demo@12345', newPassword: 'Better@2025' })).toMatchObject({ status: 401 });
      expect(await change(s.headers, { id: s.userId, name: 'ROOT', oldPassword: 'Demo@12345', newPassword: 'Better@2025' })).toMatchObject({ status: 401 });
      await loginAs(t.app, store.clock, 'ROOT', 'Root@12345');
    });

    it('password change refuses a wrong old password (1005), a weak new one (1006) and an unchanged one', async () => {
      const s = await loginAs(t.app, store.clock, 'pf_service');
      const base = { id: s.userId, name: 'pf_service' };
      expect(await change(s.headers, { ...base, oldPassword: 'Wrong@12345', newPassword: 'Better@2025' })).toMatchObject({ status: 400, code: ErrorCode.oldPasswordWrong });
      for (const weak of ['Sh@1a', 'alllower@123', 'ALLUPPER@123', 'NoDigits@abc', 'NoSpecial123']) {
        expect(await change(s.headers, { ...base, oldPassword: 'Demo@12345', newPassword: weak })).toMatchObject({ status: 400, code: ErrorCode.weakPassword });
      }
      const tooLong = await change(s.headers, { ...base, oldPassword: 'Demo@12345', newPassword: 'Toolong@1234567890123' });
      expect(tooLong).toMatchObject({ status: 400, code: 400 });
      expect(tooLong.msg).toContain('newPassword');
      const weak = await change(s.headers, { ...base, oldPassword: 'Demo@12345', newPassword: 'abc' });
      expect(weak).toMatchObject({ status: 400, code: ErrorCode.weakPassword, msg: 'Password must contain upper and lower case letters, digits and special characters, length 8 to 18' });
      expect(await change(s.headers, { ...base, oldPassword: 'Demo@12345', newPassword: 'Demo@12345' })).toMatchObject({ status: 400, code: ErrorCode.weakPassword });
      expect(await change(s.headers, { ...base, oldPassword: 'Demo@12345' })).toMatchObject({ status: 400, code: 400 });
      await loginAs(t.app, store.clock, 'pf_service');
    });

    const changeFrom = (app: TestApp['app'], headers: Record<string, string>, payload: object, ip: string) =>
      app.inject({ method: 'PUT', url: API.changePassword, headers: { 'accept-language': 'en-US', ...headers }, payload, remoteAddress: ip }).then((r) => json<{ retryAfterMs: number }>(r));
    const loginFrom = (name: string, plain: string, ip: string) => t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, name, plain), remoteAddress: ip }).then((r) => json(r));

    it('wrong old passwords count as failed logins: the 5th locks (429, 1004), ends every session of the user, and the lock refuses the right password', async () => {
      const ip = '10.7.0.1';
      const a = await loginAs(t.app, store.clock, 'pf_admin', DEMO, ip);
      const b = await loginAs(t.app, store.clock, 'pf_admin', DEMO, '10.7.0.2');
      const wrong = { id: a.userId, name: 'pf_admin', oldPassword: 'Wrong@12345', newPassword: 'Better@2025' };
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await changeFrom(t.app, a.headers, wrong, ip)).code);
      expect(codes).toEqual([1005, 1005, 1005, 1005]);
      const locked = await changeFrom(t.app, a.headers, wrong, ip);
      expect(locked).toMatchObject({ status: 429, code: ErrorCode.locked, data: { retryAfterMs: 15 * 60_000 } });
      expect(locked.msg).toContain('wait 15 minutes');
      expect((await me(a.headers)).status).toBe(401);
      expect((await me(b.headers)).status).toBe(401);
      expect(await changeFrom(t.app, a.headers, { ...wrong, oldPassword: DEMO }, ip)).toMatchObject({ status: 401 });
      const saved = store.clock.now;
      try {
        expect(await loginFrom('pf_admin', DEMO, ip)).toMatchObject({ status: 429, code: ErrorCode.locked });
        expect((await loginFrom('pf_admin', DEMO, '10.7.0.2')).code).toBe(0);
        store.clock.now += 15 * 60_000 + 1000;
        expect((await loginFrom('pf_admin', DEMO, ip)).code).toBe(0);
      } finally {
        store.clock.now = saved;
      }
    });

    it('a right old password before the limit clears the count, like a successful login', async () => {
      const ip = '10.7.0.3';
      const s = await loginAs(t.app, store.clock, 'pf_service', DEMO, ip);
      const body = { id: s.userId, name: 'pf_service', newPassword: 'Better@2025' };
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await changeFrom(t.app, s.headers, { ...body, oldPassword: 'Wrong@12345' }, ip)).code);
      codes.push((await changeFrom(t.app, s.headers, { ...body, oldPassword: DEMO, newPassword: 'weak' }, ip)).code);
      for (let i = 0; i < 5; i++) codes.push((await changeFrom(t.app, s.headers, { ...body, oldPassword: 'Wrong@12345' }, ip)).code);
      expect(codes).toEqual([1005, 1005, 1005, 1005, 1006, 1005, 1005, 1005, 1005, 1004]);
    });

    it('wrong old passwords 3 and 4 are slowed by the login delays', async () => {
      // lower bounds only: a timer never fires early
      const slow = await startApp(store, { loginDelaysMs: [0, 0, 300, 600] });
      try {
        const ip = '10.7.0.4';
        const s = await loginAs(slow.app, store.clock, 'fw_plant', DEMO, ip);
        const elapsed: number[] = [];
        for (let i = 0; i < 4; i++) {
          const start = performance.now();
          expect((await changeFrom(slow.app, s.headers, { id: s.userId, name: 'fw_plant', oldPassword: 'Wrong@12345', newPassword: 'Better@2025' }, ip)).code).toBe(1005);
          elapsed.push(performance.now() - start);
        }
        expect(elapsed[2]).toBeGreaterThanOrEqual(295);
        expect(elapsed[3]).toBeGreaterThanOrEqual(595);
        await loginAs(slow.app, store.clock, 'fw_plant', DEMO, ip);
      } finally {
        await slow.app.close();
      }
    });

    it('password change re-encrypts, revokes every token of the user, and the new password logs in', async () => {
      const a = await loginAs(t.app, store.clock, 'fw_cloud');
      const b = await loginAs(t.app, store.clock, 'fw_cloud');
      const other = await loginAs(t.app, store.clock, 'fw_plant');
      expect(await change(a.headers, { id: a.userId, name: 'fw_cloud', oldPassword: 'Demo@12345', newPassword: 'Changed@2025' })).toMatchObject({ status: 200, code: 0 });
      expect((await me(a.headers)).status).toBe(401);
      expect((await me(b.headers)).status).toBe(401);
      expect((await me(other.headers)).code).toBe(0);
      const old = json(await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'fw_cloud', 'Demo@12345'), remoteAddress: '10.9.9.9' }));
      expect(old.code).toBe(ErrorCode.badCredentials);
      await loginAs(t.app, store.clock, 'fw_cloud', 'Changed@2025');
    });
  });
}
