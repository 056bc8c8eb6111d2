// Role administration and the permission catalogue (issue 13) on SQLite and PostgreSQL: every call,
// tenant confinement, no granting what one lacks, no editing one's own role, delete in use, copy,
// the last platform administrator, audit entries, and a change seen on the holder's next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, PERMISSIONS, permissionId, type AdminRole, type CurrentUser, type PermissionHolders, type RoleHolder, type RoleInUse } from '@ems/contract';
import { md5hex } from '../../lib/hash.js';
import { seedRepository } from '../seed/repository.js';
import { STORES, DEMO, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const id = (name: string): number => {
  const v = permissionId(name);
  if (v === undefined) throw new Error(name);
  return v;
};
const R = ADMIN_API.roles;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`role administration (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let root: Headers;
    let admin: Headers;
    let plant: Headers;
    /** tenant 2's administrator: every role_ operation and the admin pages, but no tenant_ operation */
    let t2: Headers;
    let t2Role: number;
    let t2UserId: number;

    const call = <T>(method: Method, url: string, headers: Headers, payload?: unknown) =>
      t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) }).then((r) => json<T>(r));
    const roleNamed = async (name: string, h: Headers = root) => (await call<AdminRole[]>('GET', R, h)).data.find((r) => r.name === name);
    const body = (name: string, extra: Record<string, unknown> = {}) => ({
      name,
      homepage: '/deviceMonitor',
      homePagePageNodeId: id('page_deviceMonitor'),
      pageNodes: [{ id: id('page_home') }, { id: id('page_deviceMonitor') }, { id: id('page_eventDiagnosis') }],
      auths: [id('project_browse'), id('event_browse')],
      ...extra,
    });
    const audits = (action: string, targetId: number) =>
      t.app.ems.db.selectFrom('audit_log').selectAll().where('kind', '=', 'role').where('action', '=', action).where('target_id', '=', targetId).execute();

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store, { sim: false });
      const lang = { 'accept-language': 'en-US' };
      root = { ...(await loginAs(t.app, store.clock, 'ROOT', 'Root@12345')).headers, ...lang };
      admin = { ...(await loginAs(t.app, store.clock, 'pf_admin')).headers, ...lang };
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, ...lang };
      // a second tenant and its administrator
      const { ems } = t.app;
      const repo = seedRepository(ems.db);
      const now = ems.config.now();
      await repo.ensureTenant(2, '第二租户', 'Second Tenant', now);
      const group = await repo.ensureGroup(2, null, '第二租户');
      t2UserId = await repo.insertUser({ tenant_id: 2, name: 't2_admin', nic_name: '二号管理员', usertype: 1, now });
      await repo.setPassword(t2UserId, ems.cipher.encrypt(md5hex(DEMO), t2UserId));
      t2Role = (await repo.ensureRole(2, '租户管理员', '{}')).id;
      await repo.grant(t2Role, [...PERMISSIONS.filter((p) => p.kind === 'page').map((p) => p.id), ...PERMISSIONS.filter((p) => /^(role|user|usergroup)_/.test(p.name)).map((p) => p.id)]);
      await repo.assignRole(t2UserId, t2Role);
      await repo.addMember(group, t2UserId);
      t2 = { ...(await loginAs(t.app, store.clock, 't2_admin')).headers, ...lang };
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('lists the roles of the caller’s tenant with pages, permissions, home page and holders', async () => {
      const r = await call<AdminRole[]>('GET', R, admin);
      expect(r.status).toBe(200);
      expect(r.data.every((x) => x.tenantId === 1)).toBe(true);
      const plantRole = r.data.find((x) => x.name === '厂站运维');
      expect(plantRole).toMatchObject({ userCount: 1, customConfig: JSON.stringify({ homepage: '/home', homePagePageNodeId: id('page_home') }) });
      expect(plantRole?.pageNodes).toContainEqual({ id: id('page_deviceMonitor') });
      expect(plantRole?.auths).toContain(id('project_browse'));
      const mine = await call<AdminRole[]>('GET', R, t2);
      expect(mine.data.map((x) => x.name)).toEqual(['租户管理员']);
      const one = await call<AdminRole>('GET', `${R}/${plantRole!.id}`, admin);
      expect(one.data).toEqual(plantRole);
      const users = await call<RoleHolder[]>('GET', `${R}/${plantRole!.id}/users`, admin);
      expect(users.data.map((u) => u.name)).toEqual(['fw_plant']);
    });

    it('the platform operator reads another tenant’s roles; a tenant administrator never reads tenant 1’s (404)', async () => {
      expect((await call<AdminRole[]>('GET', `${R}?tenantId=2`, root)).data.map((x) => x.name)).toEqual(['租户管理员']);
      expect(await call('GET', `${R}?tenantId=1`, t2)).toMatchObject({ status: 404, msg: 'no operation permission' });
      const target = (await roleNamed('厂站运维'))!;
      for (const [method, url, payload] of [
        ['GET', `${R}/${target.id}`, undefined],
        ['GET', `${R}/${target.id}/users`, undefined],
        ['PUT', `${R}/${target.id}`, body('悄悄改')],
        ['DELETE', `${R}/${target.id}?force=true`, undefined],
        ['POST', `${R}/${target.id}/copy`, { name: '偷来的' }],
      ] as const) {
        expect(await call(method, url, t2, payload), `${method} ${url}`).toMatchObject({ status: 404, code: 404 });
      }
      expect(await call('POST', R, t2, body('跨租户', { tenantId: 1 }))).toMatchObject({ status: 404 });
      // nothing changed
      expect(await roleNamed('厂站运维')).toEqual(target);
      expect(await roleNamed('偷来的')).toBeUndefined();
    });

    it('a user without role permissions is refused every call (404)', async () => {
      for (const [method, url] of [
        ['GET', R],
        ['GET', ADMIN_API.permissionHolders],
        ['POST', R],
        ['PUT', `${R}/1`],
        ['DELETE', `${R}/1`],
        ['POST', `${R}/1/copy`],
      ] as const) {
        expect(await call(method, url, plant, method === 'POST' || method === 'PUT' ? body('x') : undefined), `${method} ${url}`).toMatchObject({ status: 404, msg: 'no operation permission' });
      }
    });

    it('creates a role with a home page and three pages; audited', async () => {
      const r = await call<AdminRole>('POST', R, root, body('巡检员'));
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ tenantId: 1, name: '巡检员', userCount: 0, customConfig: JSON.stringify({ homepage: '/deviceMonitor', homePagePageNodeId: id('page_deviceMonitor') }) });
      expect(r.data.pageNodes.map((p) => p.id).sort()).toEqual([id('page_home'), id('page_deviceMonitor'), id('page_eventDiagnosis')].sort());
      expect(r.data.auths.sort()).toEqual([id('project_browse'), id('event_browse')].sort());
      // only the page id names the home page: the path follows
      const byId = await call<AdminRole>('POST', R, root, body('巡检员二', { homepage: undefined, homePagePageNodeId: id('page_eventDiagnosis') }));
      expect(JSON.parse(byId.data.customConfig)).toEqual({ homepage: '/eventDiagnosis', homePagePageNodeId: id('page_eventDiagnosis') });
      const none = await call<AdminRole>('POST', R, root, body('无首页', { homepage: '', homePagePageNodeId: null }));
      expect(none.data.customConfig).toBe('{}');
      const [entry] = await audits('create', r.data.id);
      expect(entry).toMatchObject({ user_name: 'ROOT', target_type: 'role', target_name: '巡检员', before: null });
      expect(JSON.parse(entry!.after!)).toEqual({
        name: '巡检员',
        customConfig: r.data.customConfig,
        pageNodes: [id('page_home'), id('page_deviceMonitor'), id('page_eventDiagnosis')].sort((a, b) => a - b),
        auths: [id('project_browse'), id('event_browse')].sort((a, b) => a - b),
      });
      // the operator creates a role in another tenant
      const other = await call<AdminRole>('POST', R, root, body('二号巡检员', { tenantId: 2 }));
      expect(other.data.tenantId).toBe(2);
    });

    it('bad input is 400 naming the field and creates nothing; a taken name is 409', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ pageNodes: [{ id: 999_999 }] }, 'pageNodes.0.id'],
        [{ pageNodes: [{ id: id('page_deviceMonitor') }, { id: id('project_browse') }] }, 'pageNodes.1.id'],
        [{ auths: [id('page_home')] }, 'auths.0'],
        [{ homePagePageNodeId: id('page_pfHome') }, 'homePagePageNodeId'],
        [{ homePagePageNodeId: undefined, homepage: '/energyConsumption' }, 'homepage'],
        [{ homepage: '/eventDiagnosis' }, 'homepage'],
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(51) }, 'name'],
        [{ name: 'a;drop' }, 'name'],
        [{ auths: 'all' }, 'auths'],
        [{ surprise: 1 }, 'surprise'],
      ];
      for (const [extra, field] of cases) {
        const r = await call('POST', R, root, body('坏输入', extra));
        expect(r.status, JSON.stringify(extra)).toBe(400);
        expect(r.msg).toContain(field);
      }
      expect(await roleNamed('坏输入')).toBeUndefined();
      expect(await call('POST', R, root, body('巡检员'))).toMatchObject({ status: 409, msg: 'the name is already in use' });
      // another tenant may use the same name
      expect((await call('POST', R, t2, body('巡检员', { auths: [id('user_browse')] }))).status).toBe(200);
    });

    it('no one grants a permission they lack: a tenant administrator and tenant_create (404)', async () => {
      const r = await call('POST', R, t2, body('越权', { auths: [id('tenant_create')] }));
      expect(r).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect(await roleNamed('越权', t2)).toBeUndefined();
      const own = (await call<AdminRole>('POST', R, t2, body('可改的', { auths: [id('user_browse')] }))).data;
      expect(own.name).toBe('可改的');
      const up = await call('PUT', `${R}/${own.id}`, t2, body('可改的', { auths: [id('user_browse'), id('tenant_create')] }));
      expect(up).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect((await call<AdminRole>('GET', `${R}/${own.id}`, t2)).data.auths).not.toContain(id('tenant_create'));
      // copying a role holding what one lacks is granting it too
      const platformRole = (await call<AdminRole>('POST', R, root, body('平台操作', { tenantId: 2, auths: [id('tenant_create')] }))).data;
      expect(await call('POST', `${R}/${platformRole.id}/copy`, t2, { name: '平台操作副本' })).toMatchObject({ status: 404, msg: 'no operation permission' });
      // what the caller holds is fine
      expect((await call('PUT', `${R}/${own.id}`, t2, body('可改的', { auths: [id('user_browse'), id('role_browse')] }))).status).toBe(200);
    });

    it('no one edits or deletes a role they hold themselves, except ROOT (404)', async () => {
      const mine = (await roleNamed('平台管理员'))!;
      expect(await call('PUT', `${R}/${mine.id}`, admin, body('平台管理员'))).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect(await call('DELETE', `${R}/${mine.id}?force=true`, admin)).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect(await call('PUT', `${R}/${t2Role}`, t2, body('租户管理员', { auths: [id('role_update')] }))).toMatchObject({ status: 404 });
      expect(await roleNamed('平台管理员')).toEqual(mine);
      // ROOT edits its own role (its name here, everything else kept)
      const rootRole = (await roleNamed('超级管理员'))!;
      const cfg = { pageNodes: rootRole.pageNodes, auths: rootRole.auths, homepage: '', homePagePageNodeId: null };
      expect((await call('PUT', `${R}/${rootRole.id}`, root, { name: '超级管理员2', ...cfg })).status).toBe(200);
      expect((await call('PUT', `${R}/${rootRole.id}`, root, { name: '超级管理员', ...cfg })).status).toBe(200);
    });

    it('a role in use is deleted only with force: 409 naming its users first; audited', async () => {
      const role = (await call<AdminRole>('POST', R, root, body('临时角色'))).data;
      const repo = seedRepository(t.app.ems.db);
      const fwCloud = await repo.findUser('fw_cloud');
      await repo.assignRole(Number(fwCloud!.id), role.id);
      expect((await call<AdminRole>('GET', `${R}/${role.id}`, root)).data.userCount).toBe(1);
      const refused = await call<RoleInUse>('DELETE', `${R}/${role.id}`, root);
      expect(refused).toMatchObject({ status: 409 });
      expect(refused.data.users.map((u) => u.name)).toEqual(['fw_cloud']);
      expect(refused.msg).toContain('held by');
      expect(await roleNamed('临时角色')).toBeDefined();
      expect((await call('DELETE', `${R}/${role.id}?force=true`, root)).status).toBe(200);
      expect(await roleNamed('临时角色')).toBeUndefined();
      expect(await call('GET', `${R}/${role.id}`, root)).toMatchObject({ status: 404 });
      const [entry] = await audits('delete', role.id);
      expect(entry).toMatchObject({ after: null, target_name: '临时角色' });
      expect(JSON.parse(entry!.before!)).toMatchObject({ name: '临时角色' });
      // unused: no force needed
      const unused = (await call<AdminRole>('POST', R, root, body('没人用'))).data;
      expect((await call('DELETE', `${R}/${unused.id}`, root)).status).toBe(200);
      expect(await call('DELETE', `${R}/${unused.id}`, root)).toMatchObject({ status: 404 });
    });

    it('copies a role with its pages, permissions and home page; audited; a taken name is 409', async () => {
      const source = (await roleNamed('巡检员'))!;
      const copy = await call<AdminRole>('POST', `${R}/${source.id}/copy`, root, { name: '巡检员副本' });
      expect(copy.status).toBe(200);
      expect(copy.data).toMatchObject({ name: '巡检员副本', tenantId: 1, userCount: 0, customConfig: source.customConfig, pageNodes: source.pageNodes, auths: source.auths });
      expect(copy.data.id).not.toBe(source.id);
      const [entry] = await audits('copy', copy.data.id);
      expect(entry?.detail).toContain('巡检员');
      expect(await call('POST', `${R}/${source.id}/copy`, root, { name: '巡检员副本' })).toMatchObject({ status: 409 });
      expect(await call('POST', `${R}/999999/copy`, root, { name: '不存在' })).toMatchObject({ status: 404 });
    });

    it('updates a role; audited with before and after; the holder sees it on the next request', async () => {
      const role = (await roleNamed('厂站运维'))!;
      const cuBefore = await call<CurrentUser>('GET', API.currentUser, plant);
      expect(cuBefore.data.roles[0]?.pageNodes).toContainEqual({ id: id('page_deviceMonitor') });
      const check = () => call<boolean>('POST', `${API.operationAuthCheck}?andOr=and`, plant, ['page_deviceMonitor']);
      expect((await check()).data).toBe(true);
      const pages = role.pageNodes.filter((p) => p.id !== id('page_deviceMonitor'));
      const up = await call<AdminRole>('PUT', `${R}/${role.id}`, root, { name: '厂站运维', homepage: '/home', homePagePageNodeId: id('page_home'), pageNodes: pages, auths: role.auths });
      expect(up.status).toBe(200);
      expect(up.data.pageNodes).not.toContainEqual({ id: id('page_deviceMonitor') });
      expect((await check()).data).toBe(false);
      expect((await call<CurrentUser>('GET', API.currentUser, plant)).data.roles[0]?.pageNodes).not.toContainEqual({ id: id('page_deviceMonitor') });
      const [entry] = await audits('update', role.id);
      expect(JSON.parse(entry!.before!).pageNodes).toContain(id('page_deviceMonitor'));
      expect(JSON.parse(entry!.after!).pageNodes).not.toContain(id('page_deviceMonitor'));
      // the home page must stay one of the pages
      const bad = await call('PUT', `${R}/${role.id}`, root, { name: '厂站运维', homepage: '/deviceMonitor', pageNodes: pages, auths: role.auths });
      expect(bad).toMatchObject({ status: 400 });
      expect(bad.msg).toContain('homepage');
      // a name taken in the tenant
      expect(await call('PUT', `${R}/${role.id}`, root, { name: '平台管理员', pageNodes: pages, auths: role.auths })).toMatchObject({ status: 409 });
      expect(await call('PUT', `${R}/999999`, root, { name: 'x', pageNodes: [], auths: [] })).toMatchObject({ status: 404 });
    });

    it('the role of the last platform administrator keeps user_update and role_update and is not deleted (409)', async () => {
      const db = t.app.ems.db;
      await db.updateTable('app_user').set({ enabled: 0 }).where('name', '=', 'pf_admin').execute();
      try {
        const rootRole = (await roleNamed('超级管理员'))!;
        const stripped = await call('PUT', `${R}/${rootRole.id}`, root, { name: '超级管理员', pageNodes: rootRole.pageNodes, auths: rootRole.auths.filter((a) => a !== id('role_update')) });
        expect(stripped).toMatchObject({ status: 409 });
        expect(await call('DELETE', `${R}/${rootRole.id}?force=true`, root)).toMatchObject({ status: 409 });
        expect(await roleNamed('超级管理员')).toEqual(rootRole);
        // with another administrator there is no last one
        await db.updateTable('app_user').set({ enabled: 1 }).where('name', '=', 'pf_admin').execute();
        const other = await call('PUT', `${R}/${rootRole.id}`, root, { name: '超级管理员', pageNodes: rootRole.pageNodes, auths: rootRole.auths.filter((a) => a !== id('tenant_export')) });
        expect(other.status).toBe(200);
      } finally {
        await db.updateTable('app_user').set({ enabled: 1 }).where('name', '=', 'pf_admin').execute();
      }
    });

    it('the permission catalogue names the roles of the caller’s tenant holding each permission', async () => {
      const r = await call<PermissionHolders[]>('GET', ADMIN_API.permissionHolders, admin);
      expect(r.status).toBe(200);
      expect(r.data).toHaveLength(PERMISSIONS.length);
      const roleUpdate = r.data.find((p) => p.name === 'role_update');
      expect(roleUpdate).toMatchObject({ kind: 'operation', zh: '角色修改', en: 'role update' });
      expect(roleUpdate?.roles.map((x) => x.name).sort()).toEqual(['平台管理员', '超级管理员'].sort());
      const mine = await call<PermissionHolders[]>('GET', ADMIN_API.permissionHolders, t2);
      expect(mine.data.find((p) => p.name === 'role_update')?.roles.map((x) => x.name)).toEqual(['租户管理员']);
      expect(mine.data.find((p) => p.name === 'tenant_create')?.roles.map((x) => x.name)).toEqual(['平台操作']);
      expect(await call('GET', `${ADMIN_API.permissionHolders}?tenantId=1`, t2)).toMatchObject({ status: 404 });
      expect((await call<PermissionHolders[]>('GET', `${ADMIN_API.permissionHolders}?tenantId=2`, root)).data.find((p) => p.name === 'role_update')?.roles.length).toBe(1);
    });
  });
}
