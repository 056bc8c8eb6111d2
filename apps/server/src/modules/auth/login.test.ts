import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ErrorCode, LOGIN_CLOCK_SKEW_MS, TOKEN_TTL_MS, type LoginReply } from '@ems/contract';
import { DEMO, STORES, createStore, json, loginBody, startApp, type TestApp, type TestStore } from '../../test/helpers.js';

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`login rules (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let ipSeq = 0;
    const nextIp = () => `10.1.0.${++ipSeq}`;

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    const post = (payload: unknown, ip: string, lang = 'en-US') =>
      t.app.inject({ method: 'POST', url: API.login, payload: payload as object, remoteAddress: ip, headers: { 'accept-language': lang } }).then((r) => json<LoginReply & { serverTime: number; retryAfterMs: number }>(r));

    it('accepts md5hex("ems" + timestamps + md5hex(plain)) and returns a 12 h token with the user', async () => {
      const r = await post(loginBody(store.clock, 'fw_plant', DEMO), nextIp());
      expect(r.status).toBe(200);
      expect(r.code).toBe(0);
      expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(r.data.expiresAt).toBe(store.clock.now + TOKEN_TTL_MS);
      expect(r.data.user).toMatchObject({ name: 'fw_plant', tenantId: 1, customConfig: '{"usertype":4}' });
    });

    it('refuses timestamps more than 5 minutes from the server clock with 1001 and data.serverTime', async () => {
      const r = await post(loginBody(store.clock, 'fw_plant', DEMO, store.clock.now - LOGIN_CLOCK_SKEW_MS - 1000), nextIp());
      expect(r).toMatchObject({ status: 400, code: ErrorCode.clockSkew, data: { serverTime: store.clock.now } });
      expect(r.msg).toMatch(/clock/);
      const ahead = await post(loginBody(store.clock, 'fw_plant', DEMO, store.clock.now + LOGIN_CLOCK_SKEW_MS + 1000), nextIp());
      expect(ahead.code).toBe(ErrorCode.clockSkew);
    });

    it('refuses a (userName, timestamps) pair already accepted with 1002', async () => {
      const body = loginBody(store.clock, 'fw_cloud', DEMO);
      expect((await post(body, nextIp())).code).toBe(0);
      const again = await post(body, nextIp());
      expect(again).toMatchObject({ status: 400, code: ErrorCode.replay });
      expect(again.data).toBeNull();
    });

    it('gives an unknown name and a wrong password the identical reply (1003)', async () => {
      const wrong = await post(loginBody(store.clock, 'fw_plant', 'Wrong@12345'), nextIp());
      const unknown = await post(loginBody(store.clock, 'nobody_here', 'Wrong@12345'), nextIp());
      expect(wrong).toEqual(unknown);
      expect(wrong).toMatchObject({ status: 400, code: ErrorCode.badCredentials, msg: 'wrong user name or password', data: null });
    });

    it('answers in zh-CN by default and en-US when asked', async () => {
      const zh = await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'x', 'y'), remoteAddress: nextIp() });
      expect(json(zh).msg).toBe('用户名或密码错误');
    });

    it('locks a known name after 5 failures within 15 minutes (429, 1004, retryAfterMs), even for the right password', async () => {
      const ip = nextIp();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await post(loginBody(store.clock, 'fw_plant', 'Wrong@1'), ip)).code);
      expect(codes).toEqual([1003, 1003, 1003, 1003, 1004]);
      const right = await post(loginBody(store.clock, 'fw_plant', DEMO), ip);
      expect(right).toMatchObject({ status: 429, code: ErrorCode.locked, data: { retryAfterMs: 15 * 60_000 } });
      expect(right.msg).toContain('wait 15 minutes');
      const other = await post(loginBody(store.clock, 'fw_plant', DEMO), nextIp());
      expect(other.code).toBe(0);
    });

    it('locks an unknown name exactly like a known one', async () => {
      const ipKnown = nextIp();
      const ipUnknown = nextIp();
      const known: unknown[] = [];
      const unknown: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        known.push(await post(loginBody(store.clock, 'pf_service', 'Wrong@1'), ipKnown));
        unknown.push(await post(loginBody(store.clock, 'ghost_user', 'Wrong@1'), ipUnknown));
      }
      expect(unknown).toEqual(known);
      expect((known[5] as { status: number }).status).toBe(429);
    });

    it('lifts the lock after 15 minutes', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) await post(loginBody(store.clock, 'fw_cloud', 'Wrong@1'), ip);
      const saved = store.clock.now;
      try {
        store.clock.now += 14 * 60_000;
        expect((await post(loginBody(store.clock, 'fw_cloud', DEMO), ip)).code).toBe(1004);
        store.clock.now += 61_000;
        expect((await post(loginBody(store.clock, 'fw_cloud', DEMO), ip)).code).toBe(0);
      } finally {
        store.clock.now = saved;
      }
    });

    it('clears the failure counter on success', async () => {
      const ip = nextIp();
      for (let i = 0; i < 4; i++) await post(loginBody(store.clock, 'pf_admin', 'Wrong@1'), ip);
      expect((await post(loginBody(store.clock, 'pf_admin', DEMO), ip)).code).toBe(0);
      for (let i = 0; i < 4; i++) expect((await post(loginBody(store.clock, 'pf_admin', 'Wrong@1'), ip)).code).toBe(1003);
      expect((await post(loginBody(store.clock, 'pf_admin', DEMO), ip)).code).toBe(0);
    });

    it('forgets failures older than 15 minutes', async () => {
      const ip = nextIp();
      const saved = store.clock.now;
      try {
        for (let i = 0; i < 4; i++) await post(loginBody(store.clock, 'fw_cloud', 'Wrong@1'), ip);
        store.clock.now += 16 * 60_000;
        expect((await post(loginBody(store.clock, 'fw_cloud', 'Wrong@1'), ip)).code).toBe(1003);
        expect((await post(loginBody(store.clock, 'fw_cloud', 'Wrong@1'), ip)).code).toBe(1003);
      } finally {
        store.clock.now = saved;
      }
    });

    it('slows down failures 3 and 4 by the configured delays', async () => {
      // Delays far above a request's own time, so the undelayed failures cannot be mistaken for
      // delayed ones on a loaded machine; only the lower bounds are exact (a timer never fires early).
      const slow = await startApp(store, { loginDelaysMs: [0, 0, 800, 1600] });
      try {
        await slow.app.ready();
        const ip = nextIp();
        const elapsed: number[] = [];
        for (let i = 0; i < 4; i++) {
          const start = performance.now();
          await slow.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'pf_service', 'Wrong@1'), remoteAddress: ip });
          elapsed.push(performance.now() - start);
        }
        expect(elapsed[0]).toBeLessThan(800);
        expect(elapsed[1]).toBeLessThan(800);
        expect(elapsed[2]).toBeGreaterThanOrEqual(795);
        expect(elapsed[3]).toBeGreaterThanOrEqual(1595);
      } finally {
        await slow.app.close();
      }
    });

    it('keeps the lock and the replay cache across a rebuilt app on the same store', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) await post(loginBody(store.clock, 'pf_admin', 'Wrong@1'), ip);
      const accepted = loginBody(store.clock, 'fw_plant', DEMO);
      expect((await post(accepted, nextIp())).code).toBe(0);
      const rebuilt = await startApp(store);
      try {
        const again = (payload: object, from: string) => rebuilt.app.inject({ method: 'POST', url: API.login, payload, remoteAddress: from }).then((r) => json(r));
        expect(await again(loginBody(store.clock, 'pf_admin', DEMO), ip)).toMatchObject({ status: 429, code: 1004 });
        expect(await again(accepted, nextIp())).toMatchObject({ status: 400, code: 1002 });
      } finally {
        await rebuilt.app.close();
      }
    });

    describe('login_failure stays bounded', () => {
      const CAP = 20;
      let capped: TestApp;
      const fail = (name: string, ip: string, plain = 'Wrong@1') =>
        capped.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, name, plain), remoteAddress: ip }).then((r) => json<{ retryAfterMs: number }>(r));
      const rows = async () => (await t.app.ems.db.selectFrom('login_failure').select(['user_name', 'ip']).execute()).length;

      beforeAll(async () => {
        capped = await startApp(store, { loginFailureRowsMax: CAP });
      });
      afterAll(async () => {
        await capped?.app.close();
      });

      it('ever-new names stay under the cap; they evict the lowest counts, never a lock nor a pair about to lock', async () => {
        await t.app.ems.db.deleteFrom('login_failure').execute();
        const lockIp = nextIp();
        const nearIp = nextIp();
        for (let i = 0; i < 5; i++) await fail('fw_cloud', lockIp);
        for (let i = 0; i < 4; i++) await fail('pf_service', nearIp);
        const flood = nextIp();
        for (let i = 0; i < 3 * CAP; i++) expect((await fail(`flood_${i}`, flood)).code).toBe(ErrorCode.badCredentials);
        expect(await rows()).toBe(CAP);
        expect((await fail('fw_cloud', lockIp, DEMO)).code).toBe(ErrorCode.locked);
        expect((await fail('pf_service', nearIp)).code).toBe(ErrorCode.locked);
      });

      it('prunes the rows whose window and lock have both passed', async () => {
        await t.app.ems.db.deleteFrom('login_failure').execute();
        const ip = nextIp();
        for (let i = 0; i < 5; i++) await fail('pf_admin', ip);
        for (let i = 0; i < 3; i++) await fail(`gone_${i}`, ip);
        expect(await rows()).toBe(4);
        const saved = store.clock.now;
        try {
          store.clock.now += 15 * 60_000 + 1000;
          await fail('fresh_name', ip);
          expect(await t.app.ems.db.selectFrom('login_failure').select('user_name').execute()).toEqual([{ user_name: 'fresh_name' }]);
        } finally {
          store.clock.now = saved;
        }
      });

      it('when every row is a lock, a pair without a row is refused like a locked one until a lock ends', async () => {
        await t.app.ems.db.deleteFrom('login_failure').execute();
        const ip = nextIp();
        for (let k = 0; k < CAP; k++) for (let i = 0; i < 5; i++) await fail(`lock_${k}`, ip);
        const refused = await fail('fw_plant', nextIp(), DEMO);
        expect(refused).toMatchObject({ status: 429, code: ErrorCode.locked });
        expect(refused.data.retryAfterMs).toBeGreaterThan(0);
        expect(await rows()).toBe(CAP);
        const saved = store.clock.now;
        try {
          store.clock.now += 15 * 60_000 + 1000;
          expect((await fail('fw_plant', nextIp(), DEMO)).code).toBe(0);
        } finally {
          store.clock.now = saved;
        }
        await t.app.ems.db.deleteFrom('login_failure').execute();
      });
    });

    it('answers a malformed login body with 400 naming the field', async () => {
      const r = await post({ userName: 'fw_plant', password: 'NOT-HEX', timestamps: store.clock.now, client: 'web' }, nextIp());
      expect(r).toMatchObject({ status: 400, code: 400 });
      expect(r.msg).toContain('password');
      const missing = await post({ password: 'a'.repeat(32), timestamps: 1, client: 'web' }, nextIp());
      expect(missing.msg).toContain('userName');
      const raw = await t.app.inject({ method: 'POST', url: API.login, body: '{"userName":', headers: { 'content-type': 'application/json' } });
      expect(json(raw)).toMatchObject({ status: 400, code: 400 });
    });
  });
}
