import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, NAV_ROUTES, PERMISSIONS, permissionId, type AuditLogEntry, type InitialInfo } from '@ems/contract';
import { md5hex } from '../../lib/hash.js';
import { seedRepository } from '../seed/repository.js';
import { DEMO, STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { readSystemConfig, systemConfigPath, writeSystemConfigAtomic } from './service.js';

type Headers = Record<string, string>;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`system configuration (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let root: Headers;
    let normalOnly: Headers;
    let tenant2: Headers;

    const put = (h: Headers, payload: unknown) => t.app.inject({ method: 'PUT', url: ADMIN_API.systemConfig, headers: h, payload: payload as object }).then((r) => json<Record<string, unknown>>(r));
    const file = () => JSON.parse(readFileSync(systemConfigPath(store.dataDir), 'utf8')) as Record<string, unknown>;

    async function addUser(tenantId: number, name: string, permissions: number[]): Promise<Headers> {
      const repo = seedRepository(t.app.ems.db);
      const now = store.clock.now;
      await repo.ensureTenant(tenantId, `租户${tenantId}`, `Tenant ${tenantId}`, now);
      const userId = await repo.insertUser({ tenant_id: tenantId, name, nic_name: name, usertype: 1, now });
      await repo.setPassword(userId, t.app.ems.cipher.encrypt(md5hex(DEMO), userId));
      const { id: role } = await repo.ensureRole(tenantId, `${name} role`, '{}');
      await repo.grant(role, permissions);
      await repo.assignRole(userId, role);
      return { ...(await loginAs(t.app, store.clock, name)).headers, 'accept-language': 'en-US' };
    }

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
      root = { ...(await loginAs(t.app, store.clock, 'ROOT', 'Root@12345')).headers, 'accept-language': 'en-US' };
      normalOnly = await addUser(1, 'cfg_normal', [permissionId('sysconfig_normal') as number]);
      tenant2 = await addUser(2, 't2_cfg', PERMISSIONS.map((p) => p.id));
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('sets the keys named, keeps the others, and the file served to the browser shows it', async () => {
      const r = await put(root, { projectName: '试验平台', enProjectName: 'Trial Platform', tokenStorage: 'local' });
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ projectName: '试验平台', tokenStorage: 'local', isPlatformModel: true, pfHomePage: '/home' });
      expect(file()).toMatchObject({ projectName: '试验平台', enProjectName: 'Trial Platform', authStringent: false });
      const served = await t.app.inject({ method: 'GET', url: API.systemConfig });
      expect(JSON.parse(served.body)).toMatchObject({ projectName: '试验平台' });
    });

    it('refuses unknown keys naming them, and wrong types, enums and lengths naming the field; nothing changes', async () => {
      const before = readFileSync(systemConfigPath(store.dataDir), 'utf8');
      const unknown = await put(root, { projectName: 'x', colour: 'red', debug: true });
      expect(unknown.status).toBe(400);
      expect(unknown.msg).toContain('colour,debug');
      for (const [body, field] of [
        [{ internationalization: 'yes' }, 'internationalization'],
        [{ tokenStorage: 'cookie' }, 'tokenStorage'],
        [{ projectName: '' }, 'projectName'],
        [{ projectName: 'x'.repeat(65) }, 'projectName'],
        [{ pfHomePage: 'home' }, 'pfHomePage'],
        [{ key: 'a b' }, 'key'],
        [{ authStringent: null }, 'authStringent'],
        [{ functions: [1081, 1081] }, 'functions'],
        [{ oil: { projectName: 3 } }, 'oil.projectName'],
        [{ oil: { colour: 'red' } }, 'oil.colour'],
      ] as const) {
        const r = await put(root, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.msg).toContain(field);
      }
      expect(readFileSync(systemConfigPath(store.dataDir), 'utf8')).toBe(before);
    });

    it('a profile sub-object and null removing an optional key are accepted', async () => {
      expect((await put(root, { key: 'oil', oil: { projectName: '油田平台', isPlatformModel: false } })).code).toBe(0);
      expect(file()).toMatchObject({ key: 'oil', oil: { projectName: '油田平台', isPlatformModel: false } });
      expect((await put(root, { trendDataUrl: null, key: '', oil: null })).code).toBe(0);
      expect(file()).not.toHaveProperty('trendDataUrl');
      expect(file()).not.toHaveProperty('oil');
    });

    it('normal keys need sysconfig_normal, advanced keys sysconfig_advanced; only the operator writes at all', async () => {
      expect((await put(normalOnly, { projectName: '常规修改' })).code).toBe(0);
      const advanced = await put(normalOnly, { projectName: '常规修改', authStringent: true });
      expect(advanced).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect(file()).toMatchObject({ authStringent: false });
      // an advanced key sent unchanged needs nothing more
      expect((await put(normalOnly, { projectName: '常规修改二', authStringent: false })).code).toBe(0);
      expect(await put(tenant2, { projectName: '他人' })).toMatchObject({ status: 404, msg: 'no operation permission' });
      const plant = await loginAs(t.app, store.clock, 'fw_plant');
      expect((await put(plant.headers, { projectName: '他人' })).status).toBe(404);
      expect(file()).toMatchObject({ projectName: '常规修改二' });
    });

    it('records a config entry with the changed keys before and after', async () => {
      await put(root, { pfHomePage: '/projectnavigation', internationalization: true });
      const list = json<AuditLogEntry[]>(
        await t.app.inject({ method: 'GET', url: `${ADMIN_API.logs}?startTime=${store.clock.now - 3_600_000}&endTime=${store.clock.now + 1000}&kinds=config`, headers: root }),
      ).data;
      expect(list[0]).toMatchObject({ kind: 'config', action: 'update', userName: 'ROOT', detail: 'pfHomePage' });
      expect(JSON.parse(list[0]?.before ?? '{}')).toEqual({ pfHomePage: '/home' });
      expect(JSON.parse(list[0]?.after ?? '{}')).toEqual({ pfHomePage: '/projectnavigation' });
      expect(list.some((e) => e.userName === 'cfg_normal' && e.detail === 'projectName')).toBe(true);
    });

    it('writes atomically: a reader in another thread during many writes always sees a whole file, and no temporary file stays', async () => {
      const dir = store.dataDir;
      const path = systemConfigPath(dir);
      // the reader parses the file in a loop until told to stop, counting whole reads and broken ones
      const reader = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads'); const fs = require('node:fs');
         let stop = false, whole = 0, broken = 0; parentPort.on('message', () => { stop = true; });
         (function loop() { for (let i = 0; i < 50; i++) { try { JSON.parse(fs.readFileSync(workerData, 'utf8')); whole++; } catch { broken++; } }
           if (stop) parentPort.postMessage({ whole, broken }); else setImmediate(loop); })();`,
        { eval: true, workerData: path },
      );
      const result = new Promise<{ whole: number; broken: number }>((resolve) => reader.once('message', resolve));
      await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < 120; i++) {
        writeSystemConfigAtomic(dir, { ...file(), projectName: `p${i}`, padding: 'x'.repeat(100_000 + i) });
        if (i % 20 === 0) await new Promise((r) => setImmediate(r));
      }
      reader.postMessage('stop');
      const { whole, broken } = await result;
      await reader.terminate();
      expect(broken).toBe(0);
      expect(whole).toBeGreaterThan(0);
      expect(readSystemConfig(dir).projectName).toBe('p119');
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      writeSystemConfigAtomic(dir, { ...file(), projectName: '常规修改二', padding: undefined });
    });

    it('initial info lists every page id by default, and only the listed functions when the file names them', async () => {
      const all = json<InitialInfo>(await t.app.inject({ method: 'GET', url: ADMIN_API.initialInfo, headers: root })).data.functionList.map((f) => f.id);
      expect(all).toEqual([...new Set(NAV_ROUTES.map((r) => r.id))].sort((a, b) => a - b));
      expect((await put(root, { functions: [1091, 1090, 999999] })).code).toBe(0);
      const some = json<InitialInfo>(await t.app.inject({ method: 'GET', url: ADMIN_API.initialInfo, headers: root })).data.functionList;
      expect(some).toEqual([{ id: 1090 }, { id: 1091 }]);
      expect((await put(normalOnly, { functions: null })).status).toBe(404);
      expect((await put(root, { functions: null })).code).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: ADMIN_API.initialInfo })).statusCode).toBe(401);
    });
  });
}
