import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, DEFAULT_SYSTEM_CONFIG, ErrorCode, PERMISSIONS, type Enumeration, type EnergyTypeInfo, type PermissionItem } from '@ems/contract';
import { deriveKey } from '../../config/secret-key.js';
import { md5hex } from '../../lib/hash.js';
import { STORES, createStore, json, loginAs, loginBody, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { banner } from '../../banner.js';
import { buildApp } from '../../app.js';

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`store, seeds and encryption at rest (${kind})`, () => {
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

    it('healthz answers 200 with the store in use', async () => {
      expect(json(await t.app.inject({ method: 'GET', url: API.healthz }))).toMatchObject({ status: 200, code: 0, data: { db: kind } });
    });

    it('seeds are idempotent: a second start adds nothing and ROOT is id 1 with every permission', async () => {
      const count = async () => {
        const rows = await Promise.all(
          (['app_user', 'role', 'role_permission', 'project', 'node', 'user_group', 'user_project'] as const).map((tb) =>
            t.app.ems.db.selectFrom(tb).select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow(),
          ),
        );
        return rows.map((r) => Number(r.n));
      };
      const before = await count();
      const again = await startApp(store);
      await again.app.close();
      expect(await count()).toEqual(before);
      const root = await t.app.ems.db.selectFrom('app_user').select(['id', 'usertype']).where('name', '=', 'ROOT').executeTakeFirstOrThrow();
      expect(root).toEqual({ id: 1, usertype: 1 });
      const perms = await t.app.ems.db.selectFrom('role_permission').innerJoin('user_role', 'user_role.role_id', 'role_permission.role_id').select('permission_id').where('user_role.user_id', '=', 1).execute();
      expect(perms.length).toBe(PERMISSIONS.length);
    });

    it('reports the default ROOT password at every start until it is changed, and the banner warns', async () => {
      expect(t.report.rootHasDefaultPassword).toBe(true);
      const text = banner(store.config(), t.report, 'http://localhost:8080');
      expect(text).toContain('WARNING: ROOT still has the default password Root@12345');
      expect(text).toContain('fw_plant    Demo@12345');
      const root = await loginAs(t.app, store.clock, 'ROOT', 'Root@12345');
      const r = await t.app.inject({ method: 'PUT', url: API.changePassword, headers: root.headers, payload: { id: 1, name: 'ROOT', oldPassword: 'Root@12345', newPassword: 'Strong@Root1' } });
      expect(json(r).code).toBe(0);
      const restarted = await startApp(store);
      await restarted.app.close();
      expect(restarted.report.rootHasDefaultPassword).toBe(false);
      expect(banner(store.config(), restarted.report, 'x')).not.toContain('WARNING');
    });

    it('the store never holds the md5 or the plain password', async () => {
      const users = await t.app.ems.db.selectFrom('app_user').selectAll().execute();
      const dump = JSON.stringify(users);
      for (const secret of ['Demo@12345', md5hex('Demo@12345'), 'Root@12345', md5hex('Root@12345')]) expect(dump).not.toContain(secret);
      if (kind === 'sqlite') {
        const files = readdirSync(store.dataDir).filter((f) => f.startsWith('ems.sqlite'));
        for (const f of files) {
          const bytes = readFileSync(join(store.dataDir, f));
          expect(bytes.includes(md5hex('Demo@12345'))).toBe(false);
          expect(bytes.includes('Demo@12345')).toBe(false);
        }
      }
      for (const u of users) expect(Buffer.from(u.password_enc, 'base64').length).toBe(12 + 16 + 32);
    });

    it('a different key cannot decrypt the stored passwords: nobody logs in', async () => {
      const other = await startApp(store, { key: deriveKey(randomBytes(32)) });
      try {
        const r = json(await other.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'fw_plant', 'Demo@12345'), remoteAddress: '10.7.0.1' }));
        expect(r.code).toBe(ErrorCode.badCredentials);
      } finally {
        await other.app.close();
      }
    });

    it('the user id is bound as AAD: a value copied to another user does not decrypt', async () => {
      const db = t.app.ems.db;
      const src = await db.selectFrom('app_user').select(['id', 'password_enc']).where('name', '=', 'pf_service').executeTakeFirstOrThrow();
      const dst = await db.selectFrom('app_user').select(['id', 'password_enc']).where('name', '=', 'fw_cloud').executeTakeFirstOrThrow();
      expect(t.app.ems.cipher.decrypt(src.password_enc, src.id)).toBe(md5hex('Demo@12345'));
      expect(t.app.ems.cipher.decrypt(src.password_enc, dst.id)).toBeUndefined();
      await db.updateTable('app_user').set({ password_enc: src.password_enc }).where('id', '=', dst.id).execute();
      try {
        const r = json(await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'fw_cloud', 'Demo@12345'), remoteAddress: '10.7.0.2' }));
        expect(r.code).toBe(ErrorCode.badCredentials);
      } finally {
        await db.updateTable('app_user').set({ password_enc: dst.password_enc }).where('id', '=', dst.id).execute();
      }
    });

    it('healthz answers 503 and API calls 503 when the store is unreachable', async () => {
      const broken = await startApp(store);
      await broken.app.ems.db.destroy();
      try {
        expect(json(await broken.app.inject({ method: 'GET', url: API.healthz }))).toMatchObject({ status: 503, code: 503 });
        const r = json(await broken.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'fw_plant', 'Demo@12345') }));
        expect(r).toMatchObject({ status: 503, code: 503 });
        expect(JSON.stringify(r)).not.toMatch(/at .*\.ts|stack/);
      } finally {
        await broken.app.close().catch(() => undefined);
      }
    });

    it.runIf(kind === 'postgres')('healthz answers 503 when PostgreSQL does not accept connections', async () => {
      const down = await buildApp(store.config({ store: { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' } }), { logger: false });
      try {
        expect(json(await down.inject({ method: 'GET', url: API.healthz }))).toMatchObject({ status: 503, code: 503 });
        expect(json(await down.inject({ method: 'GET', url: API.currentUser, headers: { authorization: 'Bearer x' } }))).toMatchObject({ status: 503 });
      } finally {
        await down.close();
      }
    });
  });
}

describe('catalogues, system configuration and the frame', () => {
  let store: TestStore;
  let t: TestApp;
  beforeAll(async () => {
    store = await createStore('sqlite');
    t = await startApp(store);
  });
  afterAll(async () => {
    await t?.app.close();
    await store?.dispose();
  });
  const get = <T>(url: string, lang = 'en-US') => t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } }).then((r) => json<T>(r));

  it('serves config.json from the data dir, written from the default on first start and editable', async () => {
    const r = await t.app.inject({ method: 'GET', url: `${API.systemConfig}?t=123` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(DEFAULT_SYSTEM_CONFIG);
    expect(JSON.parse(readFileSync(join(store.dataDir, 'config.json'), 'utf8'))).toEqual(DEFAULT_SYSTEM_CONFIG);
  });

  it('enumerations hold the spec ids in the request language; unknown rootLabel is 404', async () => {
    const en = await get<Enumeration[]>(API.enumerations);
    const by = Object.fromEntries(en.data.map((e) => [e.modelLabel, e.enums]));
    expect(by.eventtype?.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(by.eventlevel).toEqual([{ id: 1, text: 'accident' }, { id: 2, text: 'alarm' }, { id: 4, text: 'early warning' }]);
    expect(by.eventstatus?.map((e) => e.id)).toEqual([0, 1]);
    expect(by.confirmstatus?.map((e) => e.id)).toEqual([1, 3]);
    expect(by.eventclass?.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(by.usertype?.map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(by.energytype?.find((e) => e.id === 2)?.text).toBe('electricity');
    const zh = await get<Enumeration[]>(`${API.commonEnumerations}/eventlevel`, 'zh-CN');
    expect(zh.data).toEqual([{ modelLabel: 'eventlevel', enums: [{ id: 1, text: '事故' }, { id: 2, text: '报警' }, { id: 4, text: '预警' }] }]);
    expect(await get(`${API.commonEnumerations}/nosuchlabel`)).toMatchObject({ status: 404, code: 404, msg: 'not found' });
  });

  it('permissions and energy types are served in the request language', async () => {
    const p = await get<PermissionItem[]>(API.permissions);
    expect(p.data.length).toBe(PERMISSIONS.length);
    expect(p.data.find((x) => x.name === 'project_update')).toMatchObject({ kind: 'operation', description: 'project update' });
    const e = await get<EnergyTypeInfo[]>(API.energyTypes, 'zh-CN');
    expect(e.data[0]).toEqual({ energyType: 2, name: '电', unit: 'kWh', symbol: 'elec' });
  });

  it('serves the built web app: GET / is index.html, assets are public, API paths stay guarded', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const webDir = join(store.dataDir, 'web');
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>EMS</title>');
    writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log(1)');
    const web = await startApp(store, { webDir });
    try {
      const index = await web.app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toContain('text/html');
      expect(index.body).toContain('<title>EMS</title>');
      expect((await web.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      expect((await web.app.inject({ method: 'GET', url: API.currentUser })).statusCode).toBe(401);
      const missing = await web.app.inject({ method: 'GET', url: '/eem-service/v1/nothing' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 404 });
    } finally {
      await web.app.close();
    }
  });

  it('unknown API paths give a 404 envelope; replies carry the CSP', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/eem-service/v1/nothing/here' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 404, msg: '未找到' });
    const csp = String(r.headers['content-security-policy']);
    for (const d of ["script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:", "connect-src 'self' ws: wss:", "worker-src 'self' blob:", "media-src 'self' blob:"]) {
      expect(csp).toContain(d);
    }
    // helmet's other headers, on a 404, a 401, a 400 and a 200 alike; no HSTS (the TLS proxy's job)
    const unauthorized = await t.app.inject({ method: 'GET', url: API.currentUser });
    const invalid = await t.app.inject({ method: 'POST', url: API.login, payload: {} });
    const { headers } = await loginAs(t.app, store.clock, 'ROOT', 'Root@12345');
    const user = await t.app.inject({ method: 'GET', url: API.currentUser, headers });
    expect([unauthorized.statusCode, invalid.statusCode, user.statusCode]).toEqual([401, 400, 200]);
    for (const reply of [r, unauthorized, invalid, user]) {
      expect(reply.headers).toMatchObject({
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-dns-prefetch-control': 'off',
        'x-xss-protection': '0',
      });
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
