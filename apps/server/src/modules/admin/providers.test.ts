import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, ErrorCode, HEADER, type ProjectInfo, type TenantInfo } from '@ems/contract';
import { DEMO, json, loginAs, startAt, STORES, type TestApp, type TestStore } from '../../test/helpers.js';
import { tenantAdmin } from './tenants-fixture.js';

const NOW = Date.UTC(2025, 5, 1, 4);
const T = ADMIN_API.tenants;
const QUERY = '/model/v1/query';

/**
 * Issue 13, service providers: a provider tenant looks after its customers' projects. Its platform
 * users list, open and query them (while the customer is enabled and linked) but do not rename or
 * delete them; the links are the operator's, validated and audited.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`service providers (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let provider: TenantInfo;
    let customer: TenantInfo;
    let other: TenantInfo;
    let project: ProjectInfo;
    const call = async <R = unknown>(method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
      json<R>(await t.app.inject({ method: method as 'GET', url, headers: { 'accept-language': 'en-US', ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) }));
    const login = async (name: string, plain = DEMO) => (await loginAs(t.app, store.clock, name, plain)).headers;
    const customers = (id: number, tenantIds: number[], who = admin) => call<TenantInfo>('PUT', `${T}/${id}/customers`, who, { tenantIds });
    const listed = async (who: Record<string, string>) => (await call<ProjectInfo[]>('GET', `${API.projects}?system=cloud`, who)).data.map((p) => p.projectId);
    const query = (who: Record<string, string>, id: number) => call<unknown[]>('POST', QUERY, { ...who, [HEADER.projectId]: String(id) }, { rootLabel: 'project', rootID: id });

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW, { sim: false }));
      admin = await login('pf_admin');
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the operator creates a provider and customers; the list carries the kind and the provider its customers', async () => {
      const p = await call<TenantInfo>('POST', T, admin, { name: '服务商甲', enName: 'Provider A', kind: 'provider' });
      expect([p.status, p.data.kind, p.data.customerIds], p.msg).toEqual([200, 'provider', []]);
      provider = p.data;
      const c = await call<TenantInfo>('POST', T, admin, { name: '客户甲', enName: 'Customer A' });
      expect([c.status, c.data.kind, 'customerIds' in c.data]).toEqual([200, 'tenant', false]);
      customer = c.data;
      other = (await call<TenantInfo>('POST', T, admin, { name: '客户乙', kind: 'tenant' })).data;
      const made = await call<ProjectInfo>('POST', API.projects, admin, { name: '客户工厂', capacityKva: 800, tenantId: customer.id });
      expect(made.status, made.msg).toBe(200);
      project = made.data;
      const bad = await call('POST', T, admin, { name: 'x', kind: 'operator' });
      expect(bad.status).toBe(400);
      const list = (await call<TenantInfo[]>('GET', T, admin)).data;
      expect(list.map((x) => [x.id, x.kind])).toEqual([[1, 'tenant'], [provider.id, 'provider'], [customer.id, 'tenant'], [other.id, 'tenant']]);
    });

    it("links a customer: the provider's platform user lists and queries its project, but cannot rename or delete it", async () => {
      // a platform user of the provider, made through the user administration (type 2, no role)
      const u = await call('POST', ADMIN_API.users, admin, { name: 'prov_service', nicName: 'Provider service', email: '', mobilePhone: '', usertype: 2, projectIds: [], roleIds: [], groupIds: [], password: 'Provider@12345', tenantId: provider.id });
      expect(u.status, u.msg).toBe(200);
      const service = await login('prov_service', 'Provider@12345');
      // a type-1 user of the provider holding every permission (project_update, project_delete)
      await tenantAdmin(t.app, provider.id, 'prov_admin');
      const boss = await login('prov_admin');
      // a project user (type 4) of the provider: assigned projects only, never a customer's
      await tenantAdmin(t.app, provider.id, 'prov_op', 4);
      const op = await login('prov_op');
      expect(await listed(service)).toEqual([]);
      expect((await query(service, project.projectId)).status).toBe(404);

      const r = await customers(provider.id, [customer.id]);
      expect([r.status, r.data.customerIds], r.msg).toEqual([200, [customer.id]]);
      expect((await call<TenantInfo[]>('GET', T, admin)).data.find((x) => x.id === provider.id)?.customerIds).toEqual([customer.id]);

      // the cached sessions refresh on the link: the next request sees the customer's project
      expect(await listed(service)).toEqual([project.projectId]);
      expect(await listed(boss)).toEqual([project.projectId]);
      expect(await listed(op)).toEqual([]);
      const q = await query(service, project.projectId);
      expect(q.status, q.msg).toBe(200);
      expect(JSON.stringify(q.data)).toContain('客户工厂');
      expect((await query(op, project.projectId)).status).toBe(404);
      const summary = await call<{ project: ProjectInfo }>('GET', `${API.projectSummary}/${project.projectId}`, { ...boss, [HEADER.projectId]: String(project.projectId) });
      expect([summary.status, summary.data.project?.tenantid], summary.msg).toEqual([200, customer.id]);

      // looking after is not owning: no rename, no delete
      const put = await call('PUT', `${API.projects}/${project.projectId}`, { ...boss, [HEADER.projectId]: String(project.projectId) }, { name: 'renamed', capacityKva: 1 });
      expect([put.status, put.msg]).toEqual([404, expect.any(String)]);
      const del = await call('DELETE', `${API.projects}/${project.projectId}`, { ...boss, [HEADER.projectId]: String(project.projectId) });
      expect(del.status).toBe(404);
      expect((await t.app.ems.db.selectFrom('project').select('name').where('id', '=', project.projectId).executeTakeFirstOrThrow()).name).toBe('客户工厂');
      // the customer's own users are unaffected, the operator's own list too
      expect(await listed(admin)).not.toContain(project.projectId);

      const audit = await t.app.ems.db.selectFrom('audit_log').selectAll().where('kind', '=', 'tenant').where('action', '=', 'customers').execute();
      expect(audit.map((a) => [Number(a.target_id), JSON.parse(a.before ?? '{}'), JSON.parse(a.after ?? '{}')])).toEqual([[provider.id, { customerIds: [] }, { customerIds: [customer.id] }]]);

      // a disabled customer's projects drop out; enabled again, they are back
      expect((await call('POST', `${T}/${customer.id}/enable`, admin, { enabled: false })).status).toBe(200);
      expect(await listed(service)).toEqual([]);
      expect((await query(service, project.projectId)).status).toBe(404);
      expect((await call('POST', `${T}/${customer.id}/enable`, admin, { enabled: true })).status).toBe(200);
      expect(await listed(service)).toEqual([project.projectId]);

      // unlinked: the next request naming the project is 404
      const off = await customers(provider.id, []);
      expect([off.status, off.data.customerIds]).toEqual([200, []]);
      const gone = await query(service, project.projectId);
      expect([gone.status, gone.code]).toEqual([404, ErrorCode.notFound]);
      expect(await listed(service)).toEqual([]);
    });

    it('validates the customers (400 naming tenantIds); anyone but the operator gets 404', async () => {
      const second = (await call<TenantInfo>('POST', T, admin, { name: '服务商乙', kind: 'provider' })).data;
      for (const [target, ids] of [
        [customer.id, [other.id]], // not a provider
        [provider.id, [provider.id]], // itself
        [provider.id, [second.id]], // another provider
        [provider.id, [1]], // the operator's tenant
        [provider.id, [9999]], // unknown
      ] as const) {
        const r = await customers(target, [...ids]);
        expect([target, ids, r.status, r.code, r.msg]).toEqual([target, ids, 400, ErrorCode.badRequest, expect.stringContaining('tenantIds')]);
      }
      const zh = await call('PUT', `${T}/${provider.id}/customers`, { ...admin, 'accept-language': 'zh-CN' }, { tenantIds: [1] });
      expect(zh.msg).toContain('平台运营方');
      expect((await customers(9999, [])).status).toBe(404);
      expect((await call('PUT', `${T}/${provider.id}/customers`, admin, { tenantIds: [customer.id, customer.id] })).status).toBe(400);
      for (const name of ['pf_service', 'fw_cloud', 'prov_admin']) {
        const r = await customers(provider.id, [customer.id], await login(name));
        expect([name, r.status, r.msg]).toEqual([name, 404, 'no operation permission']);
      }
      // two customers at once, stored sorted
      const both = await customers(provider.id, [other.id, customer.id]);
      expect(both.data.customerIds).toEqual([customer.id, other.id].sort((a, b) => a - b));
    });
  });
}
