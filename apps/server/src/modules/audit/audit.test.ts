import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ADMIN_API, API, LOGIN_MAX_FAILURES, PERMISSIONS, type AuditLogEntry, type ProjectInfo } from '@ems/contract';
import { md5hex } from '../../lib/hash.js';
import { seedRepository } from '../seed/repository.js';
import { DEMO, STORES, createStore, json, loginAs, loginBody, startApp, type TestApp, type TestStore } from '../../test/helpers.js';

type Headers = Record<string, string>;
const DAY = 86_400_000;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`audit log (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Headers;
    let tenant2: Headers;
    let start: number;

    const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown, remoteAddress = '10.0.0.1') =>
      t.app.inject({ method, url, headers, remoteAddress, ...(payload !== undefined ? { payload: payload as object } : {}) }).then((r) => json<T>(r));
    const logs = (h: Headers, q: Record<string, string | number> = {}) =>
      call<AuditLogEntry[]>('GET', `${ADMIN_API.logs}?${new URLSearchParams(Object.entries({ startTime: start, endTime: store.clock.now + 1000, limit: 1000, ...q }).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, h);
    const tick = () => (store.clock.now += 1000);

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
      start = store.clock.now - 1;
      // a second tenant with its own administrator (every permission)
      const repo = seedRepository(t.app.ems.db);
      const now = store.clock.now;
      await repo.ensureTenant(2, '第二租户', 'Second Tenant', now);
      const userId = await repo.insertUser({ tenant_id: 2, name: 't2_admin', nic_name: 't2', usertype: 1, now });
      await repo.setPassword(userId, t.app.ems.cipher.encrypt(md5hex(DEMO), userId));
      const { id: role } = await repo.ensureRole(2, '第二管理员', '{}');
      await repo.grant(role, PERMISSIONS.map((p) => p.id));
      await repo.assignRole(userId, role);
      tenant2 = { ...(await loginAs(t.app, store.clock, 't2_admin')).headers, 'accept-language': 'en-US' };
      tick();
      admin = { ...(await loginAs(t.app, store.clock, 'pf_admin', DEMO, '192.0.2.7')).headers, 'accept-language': 'en-US' };
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('records a sign-in with who, when and from where', async () => {
      const list = (await logs(admin, { kinds: 'login' })).data;
      const mine = list.find((e) => e.userName === 'pf_admin');
      expect(mine).toMatchObject({ kind: 'login', action: 'success', tenantId: 1, ip: '192.0.2.7', ok: true, targetType: 'user' });
      expect(mine?.userId).toBeGreaterThan(0);
      expect(mine?.time).toBe(start + 1 + 1000);
      // tenant 2's sign-in is in tenant 2's log only
      expect(list.some((e) => e.userName === 't2_admin')).toBe(false);
      expect((await logs(tenant2, { kinds: 'login' })).data.map((e) => e.userName)).toEqual(['t2_admin']);
    });

    it('records a failed sign-in with the name typed and the reason; an unknown name goes to tenant 0', async () => {
      tick();
      const bad = await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'fw_plant', 'Wrong@12345'), remoteAddress: '198.51.100.4' });
      expect(bad.statusCode).toBe(400);
      await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'nobody_here', 'Wrong@12345'), remoteAddress: '198.51.100.4' });
      const failures = (await logs(admin, { kinds: 'loginFailure' })).data;
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ userName: 'fw_plant', ip: '198.51.100.4', ok: false, detail: 'badCredentials', targetName: 'fw_plant' });
      const unknown = await t.app.ems.db.selectFrom('audit_log').selectAll().where('user_name', '=', 'nobody_here').execute();
      expect(unknown.map((r) => [Number(r.tenant_id), r.user_id, r.detail])).toEqual([[0, null, 'badCredentials']]);
      // the operator reads them as tenant 0; a tenant administrator may not
      expect((await logs(admin, { tenantId: 0 })).data.map((e) => e.userName)).toContain('nobody_here');
      expect((await logs(tenant2, { tenantId: 0 })).status).toBe(404);
    });

    it('a clock out of the window is recorded once a minute per name and address, and never for an unknown name', async () => {
      for (let i = 0; i < 3; i++) {
        const r = await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'fw_cloud', DEMO, store.clock.now - 10 * 60_000 - i), remoteAddress: '198.51.100.5' });
        expect(r.statusCode).toBe(400);
        await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, `spam_${i}`, DEMO, store.clock.now - 10 * 60_000), remoteAddress: '198.51.100.5' });
      }
      const skew = (await logs(admin, { kinds: 'loginFailure' })).data.filter((e) => e.detail === 'clockSkew');
      expect(skew.map((e) => e.userName)).toEqual(['fw_cloud']);
      expect(await t.app.ems.db.selectFrom('audit_log').select('id').where('user_name', 'like', 'spam_%').execute()).toEqual([]);
    });

    it('records the lock when the failure counter locks a name and address', async () => {
      tick();
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'pf_service', 'Wrong@12345'), remoteAddress: '203.0.113.9' });
      }
      const locks = (await logs(admin, { kinds: 'lock' })).data;
      expect(locks).toHaveLength(1);
      expect(locks[0]).toMatchObject({ kind: 'lock', userName: 'pf_service', ip: '203.0.113.9', ok: false, detail: 'login' });
      // attempts while locked add nothing
      await t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, 'pf_service', 'Wrong@12345'), remoteAddress: '203.0.113.9' });
      expect((await logs(admin, { kinds: 'lock,loginFailure' })).data.filter((e) => e.userName === 'pf_service')).toHaveLength(LOGIN_MAX_FAILURES + 1);
    });

    it('records a password change (never the password) and a logout', async () => {
      tick();
      const me = await loginAs(t.app, store.clock, 'fw_plant', DEMO, '10.1.1.1');
      const changed = await call('PUT', API.changePassword, me.headers, { id: me.userId, name: 'fw_plant', oldPassword: DEMO, newPassword: 'Plant@2026x' }, '10.1.1.1');
      expect(changed.code).toBe(0);
      const entry = (await logs(admin, { kinds: 'password' })).data[0];
      expect(entry).toMatchObject({ kind: 'password', action: 'change', userName: 'fw_plant', userId: me.userId, ip: '10.1.1.1', ok: true, before: null, after: null });
      expect(JSON.stringify(entry)).not.toContain('Plant@2026x');
      const again = await loginAs(t.app, store.clock, 'fw_plant', 'Plant@2026x');
      expect((await call('POST', API.logout, again.headers)).code).toBe(0);
      expect((await logs(admin, { kinds: 'logout' })).data[0]).toMatchObject({ userName: 'fw_plant', action: 'logout' });
    });

    it('records a project creation, change and deletion with before and after', async () => {
      tick();
      const created = await call<ProjectInfo>('POST', API.projects, admin, { name: '审计项目', capacityKva: 100, timezone: 'Asia/Shanghai' });
      expect(created.code).toBe(0);
      const id = created.data.projectId;
      const fresh = { ...(await loginAs(t.app, store.clock, 'pf_admin', DEMO, '192.0.2.7')).headers, 'accept-language': 'en-US' };
      tick();
      expect((await call('PUT', `${API.projects}/${id}`, fresh, { name: '审计项目二', capacityKva: 200, timezone: 'Asia/Shanghai' })).code).toBe(0);
      tick();
      expect((await call('DELETE', `${API.projects}/${id}`, fresh)).code).toBe(0);
      const entries = (await logs(admin, { kinds: 'project' })).data;
      expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      const [del, upd, cre] = entries as [AuditLogEntry, AuditLogEntry, AuditLogEntry];
      expect(cre).toMatchObject({ userName: 'pf_admin', ip: '10.0.0.1', targetType: 'project', targetId: id, before: null });
      expect(JSON.parse(cre.after ?? '{}')).toMatchObject({ name: '审计项目', capacityKva: 100 });
      expect(JSON.parse(upd.before ?? '{}')).toMatchObject({ name: '审计项目', capacityKva: 100 });
      expect(JSON.parse(upd.after ?? '{}')).toMatchObject({ name: '审计项目二', capacityKva: 200 });
      expect(del).toMatchObject({ targetName: '审计项目二', after: null });
      expect(JSON.parse(del.before ?? '{}')).toMatchObject({ name: '审计项目二' });
    });

    it('filters by user and kinds, pages newest first with the total', async () => {
      const all = await logs(admin);
      expect(all.total).toBe(all.data.length);
      const times = all.data.map((e) => e.time);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const page0 = await logs(admin, { index: 0, limit: 2 });
      const page1 = await logs(admin, { index: 1, limit: 2 });
      expect(page0.total).toBe(all.total);
      expect([...page0.data, ...page1.data].map((e) => e.id)).toEqual(all.data.slice(0, 4).map((e) => e.id));
      const plantId = all.data.find((e) => e.userName === 'fw_plant' && e.userId !== null)?.userId as number;
      const byUser = (await logs(admin, { userId: plantId })).data;
      expect(byUser.length).toBeGreaterThan(0);
      expect(byUser.every((e) => e.userId === plantId)).toBe(true);
      const kinds = (await logs(admin, { kinds: 'login,logout' })).data;
      expect(new Set(kinds.map((e) => e.kind))).toEqual(new Set(['login', 'logout']));
    });

    it('refuses bad ranges and kinds naming the field', async () => {
      const now = store.clock.now;
      const back = await call('GET', `${ADMIN_API.logs}?startTime=${now}&endTime=${now - 1}`, admin);
      expect(back).toMatchObject({ status: 400 });
      expect(back.msg).toContain('endTime');
      const long = await call('GET', `${ADMIN_API.logs}?startTime=${now - 400 * DAY}&endTime=${now}`, admin);
      expect(long.status).toBe(400);
      expect(long.msg).toContain('endTime');
      const kinds = await call('GET', `${ADMIN_API.logs}?startTime=${now - DAY}&endTime=${now}&kinds=login,bogus`, admin);
      expect(kinds.status).toBe(400);
      expect(kinds.msg).toContain('kinds');
    });

    it('a tenant administrator sees only their tenant; the operator may name another tenant', async () => {
      const foreign = await logs(tenant2, { tenantId: 1 });
      expect(foreign).toMatchObject({ status: 404, msg: 'no operation permission' });
      const own = (await logs(tenant2)).data;
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((e) => e.tenantId === 2)).toBe(true);
      expect((await logs(admin, { tenantId: 2 })).data.map((e) => e.userName)).toContain('t2_admin');
      expect((await call('GET', `${ADMIN_API.logsExport}?startTime=${start}&endTime=${store.clock.now}&tenantId=1`, tenant2)).status).toBe(404);
    });

    it('a user without log_browse is refused; there is no route to change or delete an entry', async () => {
      const plant = await loginAs(t.app, store.clock, 'fw_cloud');
      expect((await logs(plant.headers)).status).toBe(404);
      const some = (await logs(admin)).data[0] as AuditLogEntry;
      for (const method of ['PUT', 'DELETE', 'POST'] as const) {
        const r = await t.app.inject({ method, url: `${ADMIN_API.logs}/${some.id}`, headers: admin, payload: {} });
        expect(r.statusCode).toBe(404);
      }
      expect((await logs(admin)).data.some((e) => e.id === some.id)).toBe(true);
    });

    it('exports the same filter as xlsx with a header row in the request language', async () => {
      const list = (await logs(admin, { kinds: 'project,login' })).data;
      const res = await t.app.inject({
        method: 'GET',
        url: `${ADMIN_API.logsExport}?startTime=${start}&endTime=${store.clock.now + 1000}&kinds=project,login`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('audit-log-');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).getCell(1).value).toBe('Time (Asia/Shanghai)');
      expect(ws.getRow(1).getCell(5).value).toBe('Kind');
      expect(ws.rowCount).toBe(list.length + 1);
      const first = list[0] as AuditLogEntry;
      expect(ws.getRow(2).getCell(2).value).toBe(first.userName);
      expect(ws.getRow(2).getCell(5).value).toBe(first.kind === 'project' ? 'Project' : 'Sign-in');
      const zh = await t.app.inject({ method: 'GET', url: `${ADMIN_API.logsExport}?startTime=${start}&endTime=${store.clock.now}`, headers: { ...admin, 'accept-language': 'zh-CN' } });
      const wz = new ExcelJS.Workbook();
      await wz.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
      expect(wz.worksheets[0]!.getRow(1).getCell(1).value).toBe('时间 (Asia/Shanghai)');
    });
  });
}
