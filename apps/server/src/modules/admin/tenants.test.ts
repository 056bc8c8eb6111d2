import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, API, ErrorCode, type ProjectInfo, type TenantInfo, type TenantProject } from '@ems/contract';
import { DEMO, json, loginAs, loginBody, startAt, STORES, type TestApp, type TestStore } from '../../test/helpers.js';
import { tenantAdmin } from './tenants-fixture.js';

const NOW = Date.UTC(2025, 5, 1, 4);
const T = ADMIN_API.tenants;

/** Issue 13, tenants: the platform operator's list, creation (with the root group), renaming, disabling; projects in a new tenant. */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`tenant administration (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let root: Record<string, string>;
    let admin: Record<string, string>;
    const call = async <T = unknown>(method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
      json<T>(await t.app.inject({ method: method as 'GET', url, headers: { 'accept-language': 'en-US', ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) }));
    const login = async (name: string, plain = DEMO) => (await loginAs(t.app, store.clock, name, plain)).headers;
    const audit = (kind: string) => t.app.ems.db.selectFrom('audit_log').selectAll().where('kind', '=', kind).orderBy('id').execute();
    let created: TenantInfo;

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW, { sim: false }));
      root = await login('ROOT', 'Root@12345');
      admin = await login('pf_admin');
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('lists the tenants with their counts for the operator; anyone else gets 404', async () => {
      const list = await call<TenantInfo[]>('GET', T, admin);
      expect(list.status).toBe(200);
      expect(list.data).toEqual([{ id: 1, name: '示范能源集团', enName: 'Demo Energy Group', enabled: true, createTime: expect.any(Number), projectCount: 2, userCount: 5, rootUserGroupID: 1, kind: 'tenant' }]);
      for (const name of ['pf_service', 'fw_cloud', 'fw_plant']) {
        const r = await call('GET', T, await login(name));
        expect([name, r.status, r.code, r.msg]).toEqual([name, 404, ErrorCode.notFound, 'no operation permission']);
      }
      expect((await call('GET', T, {})).status).toBe(401);
    });

    it('creates a tenant with its root user group in one go; a taken name is 409, a bad one 400 naming the field', async () => {
      const r = await call<TenantInfo>('POST', T, root, { name: '新客户 A', enName: 'Customer A' });
      expect(r.status, r.msg).toBe(200);
      created = r.data;
      expect(created).toMatchObject({ name: '新客户 A', enName: 'Customer A', enabled: true, projectCount: 0, userCount: 0, createTime: NOW });
      const groups = await t.app.ems.db.selectFrom('user_group').selectAll().where('tenant_id', '=', created.id).execute();
      expect(groups.map((g) => [Number(g.id), g.parent_id, g.name])).toEqual([[created.rootUserGroupID, null, '新客户 A']]);
      const taken = await call('POST', T, admin, { name: '新客户 A' });
      expect([taken.status, taken.code]).toEqual([409, ErrorCode.conflict]);
      const bad = await call('POST', T, admin, { name: '<script>' });
      expect([bad.status, bad.code, bad.msg]).toEqual([400, ErrorCode.badRequest, expect.stringContaining('name')]);
      const extra = await call('POST', T, admin, { name: 'x', tenantId: 3 });
      expect(extra.status).toBe(400);
      expect((await call<TenantInfo[]>('GET', T, admin)).data.map((x) => x.id)).toEqual([1, created.id]);
      expect((await audit('tenant')).map((a) => [a.action, a.target_name, a.user_name])).toEqual([['create', '新客户 A', 'ROOT']]);
    });

    it('renames a tenant and its root group; an unknown tenant is 404', async () => {
      const r = await call<TenantInfo>('PUT', `${T}/${created.id}`, admin, { name: '新客户 B', enName: 'Customer B' });
      expect([r.status, r.data.name, r.data.enName]).toEqual([200, '新客户 B', 'Customer B']);
      const g = await t.app.ems.db.selectFrom('user_group').select('name').where('id', '=', created.rootUserGroupID).executeTakeFirstOrThrow();
      expect(g.name).toBe('新客户 B');
      expect((await call('PUT', `${T}/999`, admin, { name: 'nobody' })).status).toBe(404);
      const taken = await call('PUT', `${T}/${created.id}`, admin, { name: '示范能源集团' });
      expect(taken.status).toBe(409);
      const a = (await audit('tenant')).at(-1);
      expect([a?.action, JSON.parse(a?.before ?? '{}').name, JSON.parse(a?.after ?? '{}').name]).toEqual(['update', '新客户 A', '新客户 B']);
    });

    it('the operator creates a project in the new tenant; it lists with its members; another tenant may not name a tenant', async () => {
      const p = await call<ProjectInfo>('POST', API.projects, admin, { name: '客户工厂', capacityKva: 800, tenantId: created.id });
      expect([p.status, p.data.tenantid], p.msg).toEqual([200, created.id]);
      // not among the operator's own projects
      expect((await call<ProjectInfo[]>('GET', API.projects, await login('pf_admin'))).data.map((x) => x.projectId)).not.toContain(p.data.projectId);
      expect((await call('POST', API.projects, admin, { name: 'x', capacityKva: 1, tenantId: 999 })).status).toBe(404);
      const bossId = await tenantAdmin(t.app, created.id, 'cust_admin');
      const opId = await tenantAdmin(t.app, created.id, 'cust_op', 4);
      await t.app.ems.db.insertInto('user_project').values({ user_id: opId, project_id: p.data.projectId }).execute();
      const boss = await login('cust_admin');
      // the new tenant's administrator sees the project, cannot place one in tenant 1, nor administer tenants
      expect((await call<ProjectInfo[]>('GET', API.projects, boss)).data.map((x) => x.name)).toEqual(['客户工厂']);
      const foreign = await call('POST', API.projects, boss, { name: 'intrusion', capacityKva: 1, tenantId: 1 });
      expect([foreign.status, foreign.msg]).toEqual([404, 'no operation permission']);
      expect((await call('GET', T, boss)).status).toBe(404);
      expect((await call('GET', `${T}/1/projects`, boss)).status).toBe(404);
      expect((await call('POST', `${T}/1/enable`, boss, { enabled: false })).status).toBe(404);
      const own = await call<ProjectInfo>('POST', API.projects, boss, { name: '客户二厂', capacityKva: 1 });
      expect([own.status, own.data.tenantid]).toEqual([200, created.id]);
      const list = await call<TenantProject[]>('GET', `${T}/${created.id}/projects`, admin);
      expect(list.status).toBe(200);
      expect(list.data.map((x) => [x.name, x.members.map((m) => [m.id, m.name, m.via])])).toEqual([
        ['客户工厂', [[bossId, 'cust_admin', 'platform'], [opId, 'cust_op', 'assigned']]],
        ['客户二厂', [[bossId, 'cust_admin', 'platform']]],
      ]);
      expect((await call('GET', `${T}/999/projects`, admin)).status).toBe(404);
      const one = (await call<TenantInfo[]>('GET', T, admin)).data.find((x) => x.id === created.id);
      expect([one?.projectCount, one?.userCount]).toEqual([2, 2]);
    });

    it('the operator tenant cannot be disabled (409); disabling a tenant ends its sessions and sign-ins; enabling restores them', async () => {
      const own = await call('POST', `${T}/1/enable`, admin, { enabled: false });
      expect([own.status, own.code, own.msg]).toEqual([409, ErrorCode.conflict, "the platform operator's tenant cannot be disabled"]);
      const zh = await call('POST', `${T}/1/enable`, { ...admin, 'accept-language': 'zh-CN' }, { enabled: false });
      expect(zh.msg).toBe('平台运营方的租户不能禁用');
      const boss = await login('cust_admin');
      expect((await call('GET', API.currentUser, boss)).status).toBe(200);
      const ended = vi.spyOn(t.app.live, 'endSession');
      const off = await call<TenantInfo>('POST', `${T}/${created.id}/enable`, admin, { enabled: false });
      expect([off.status, off.data.enabled]).toEqual([200, false]);
      expect(ended).toHaveBeenCalled();
      ended.mockRestore();
      const dead = await call('GET', API.currentUser, boss);
      expect([dead.status, dead.code]).toEqual([401, ErrorCode.unauthorized]);
      const refused = json(await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'cust_admin', DEMO) }));
      expect(refused.code).not.toBe(0);
      // the operator's own users are untouched
      expect((await call('GET', API.currentUser, admin)).status).toBe(200);
      const on = await call<TenantInfo>('POST', `${T}/${created.id}/enable`, root, { enabled: true });
      expect([on.status, on.data.enabled]).toEqual([200, true]);
      // the ended session stays ended; a new sign-in works
      expect((await call('GET', API.currentUser, boss)).status).toBe(401);
      expect((await call('GET', API.currentUser, await login('cust_admin'))).status).toBe(200);
      expect((await audit('tenant')).map((a) => a.action)).toEqual(['create', 'update', 'disable', 'enable']);
    });
  });
}
