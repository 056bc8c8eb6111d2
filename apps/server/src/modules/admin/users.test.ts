import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, API, PERMISSIONS, STRONG_PASSWORD_PATTERN, type AdminUser, type LoginReply } from '@ems/contract';
import { md5hex } from '../../lib/hash.js';
import { seedRepository } from '../seed/repository.js';
import { DEMO, STORES, createStore, json, loginAs, loginBody, startApp, type TestApp, type TestStore } from '../../test/helpers.js';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ROOT_PASSWORD = 'Root@12345';
const T2_ADMIN = 't2_boss';
const U = ADMIN_API.users;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`user administration (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let root: Headers;
    let admin: Headers;
    let adminId: number;
    let t2: Headers;
    let t2AdminId: number;
    /** a role of tenant 2 holding tenant_create, which tenant 2's administrator does not hold */
    let t2PlatformRole: number;
    let t2PlainRole: number;
    let t2Project: number;
    let plantRole: number;
    let plantGroup: number;

    const call = <T>(method: Method, url: string, headers: Headers, payload?: unknown) =>
      t.app.inject({ method, url, headers: { ...headers, 'accept-language': 'en-US' }, ...(payload !== undefined ? { payload: payload as object } : {}) }).then((r) => json<T>(r));
    const list = (h: Headers, query = '') => call<AdminUser[]>('GET', `${U}${query}`, h);
    const body = (name: string, extra: Record<string, unknown> = {}) => ({
      name,
      nicName: `${name} nick`,
      email: `${name}@example.com`,
      mobilePhone: '13912345678',
      usertype: 4,
      projectIds: [1],
      roleIds: [plantRole],
      groupIds: [plantGroup],
      password: 'Init@12345',
      ...extra,
    });
    const edit = (u: AdminUser, extra: Record<string, unknown> = {}) => ({
      nicName: u.nicName,
      email: u.email,
      mobilePhone: u.mobilePhone,
      usertype: u.usertype,
      projectIds: u.projects.map((p) => p.id),
      roleIds: u.roles.map((r) => r.id),
      groupIds: u.groups.map((g) => g.id),
      ...extra,
    });
    const create = async (h: Headers, name: string, extra: Record<string, unknown> = {}) => {
      const r = await call<AdminUser>('POST', U, h, body(name, extra));
      expect(r.code, JSON.stringify(r)).toBe(0);
      return r.data;
    };
    const login = (name: string, plain: string) => t.app.inject({ method: 'POST', url: API.login, payload: loginBody(store.clock, name, plain), remoteAddress: '10.9.9.9' }).then((r) => json<LoginReply>(r));
    const me = (h: Headers) => call('GET', API.currentUser, h);
    const audits = async (name: string) =>
      (await t.app.ems.db.selectFrom('audit_log').selectAll().where('kind', '=', 'user').where('target_name', '=', name).orderBy('id').execute()).map((a) => ({
        action: a.action,
        before: a.before,
        after: a.after,
      }));

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store, { sim: false });
      root = (await loginAs(t.app, store.clock, 'ROOT', ROOT_PASSWORD)).headers;
      const a = await loginAs(t.app, store.clock, 'pf_admin');
      admin = a.headers;
      adminId = a.userId;
      const { db } = t.app.ems;
      plantRole = Number((await db.selectFrom('app_user').innerJoin('user_role', 'user_role.user_id', 'app_user.id').select('user_role.role_id').where('app_user.name', '=', 'fw_plant').executeTakeFirstOrThrow()).role_id);
      plantGroup = Number((await db.selectFrom('user_group_member').innerJoin('app_user', 'app_user.id', 'user_group_member.user_id').select('group_id').where('app_user.name', '=', 'fw_plant').executeTakeFirstOrThrow()).group_id);
      // tenant 2: an administrator holding every permission but the tenant ones (platform permissions), one project
      const repo = seedRepository(db);
      const now = t.app.ems.config.now();
      await repo.ensureTenant(2, '第二租户', 'Second Tenant', now);
      const group = await repo.ensureGroup(2, null, '第二租户');
      t2AdminId = await repo.insertUser({ tenant_id: 2, name: T2_ADMIN, nic_name: 'T2', usertype: 1, now });
      await repo.setPassword(t2AdminId, t.app.ems.cipher.encrypt(md5hex(DEMO), t2AdminId));
      const { id: t2Role } = await repo.ensureRole(2, '租户管理员', '{}');
      await repo.grant(t2Role, PERMISSIONS.filter((p) => !p.name.startsWith('tenant_')).map((p) => p.id));
      await repo.assignRole(t2AdminId, t2Role);
      await repo.addMember(group, t2AdminId);
      t2PlatformRole = (await repo.ensureRole(2, '平台角色', '{}')).id;
      await repo.grant(t2PlatformRole, PERMISSIONS.filter((p) => p.name === 'tenant_create').map((p) => p.id));
      t2PlainRole = (await repo.ensureRole(2, '普通角色', '{}')).id;
      await repo.grant(t2PlainRole, PERMISSIONS.filter((p) => p.name === 'project_browse').map((p) => p.id));
      const { id: _id, tenant_id: _t, ...factory } = await db.selectFrom('project').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      t2Project = await repo.insertProject({ ...factory, tenant_id: 2, name: '第二工厂', create_time: now });
      t2 = (await loginAs(t.app, store.clock, T2_ADMIN)).headers;
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('lists the tenant’s users with filters and paging (envelope total)', async () => {
      const all = await list(root);
      expect(all.code).toBe(0);
      expect(all.data.map((u) => u.name)).toEqual(['ROOT', 'pf_admin', 'pf_service', 'fw_cloud', 'fw_plant']);
      expect(all.total).toBe(5);
      const plant = all.data.find((u) => u.name === 'fw_plant')!;
      expect(plant).toMatchObject({ usertype: 4, tenantId: 1, enabled: true, locked: false, mustChangePassword: false });
      expect(plant.projects.map((p) => p.id)).toEqual([1]);
      expect(JSON.stringify(all.data)).not.toMatch(/password_enc|passwordEnc/);
      // "_" is a character, not a wildcard
      expect((await list(root, '?name=PF_')).data.map((u) => u.name)).toEqual(['pf_admin', 'pf_service']);
      expect((await list(root, `?nicName=${encodeURIComponent('运维')}`)).data.map((u) => u.name)).toEqual(['fw_plant']);
      expect((await list(root, '?usertype=3')).data.map((u) => u.name)).toEqual(['fw_cloud']);
      expect((await list(root, `?roleId=${plantRole}`)).data.map((u) => u.name)).toEqual(['fw_plant']);
      expect((await list(root, '?projectId=1')).data.map((u) => u.name)).toEqual(['fw_cloud', 'fw_plant']);
      expect((await list(root, `?groupId=${plantGroup}`)).data.map((u) => u.name)).toEqual(['fw_cloud', 'fw_plant']);
      expect((await list(root, '?enabled=false')).data).toEqual([]);
      const page = await list(root, '?index=1&limit=2');
      expect(page.data.map((u) => u.name)).toEqual(['pf_service', 'fw_cloud']);
      expect(page.total).toBe(5);
    });

    it('creates a user with an initial password the user must change; login reports mustChangePassword; audited without secrets', async () => {
      const u = await create(root, 'alice');
      expect(u).toMatchObject({ name: 'alice', nicName: 'alice nick', email: 'alice@example.com', mobilePhone: '13912345678', usertype: 4, tenantId: 1, enabled: true, mustChangePassword: true });
      expect(u.roles.map((r) => r.id)).toEqual([plantRole]);
      expect(u.projects).toEqual([{ id: 1, name: '华东示范工厂', enName: 'East China Demo Factory' }]);
      expect(u.groups.map((g) => g.id)).toEqual([plantGroup]);
      const first = await login('alice', 'Init@12345');
      expect(first.code).toBe(0);
      expect(first.data.mustChangePassword).toBe(true);
      expect((await login('pf_admin', DEMO)).data.mustChangePassword).toBe(false);
      const [entry] = await audits('alice');
      expect(entry).toMatchObject({ action: 'create', before: null });
      expect(entry!.after).toContain('"usertype":4');
      expect(entry!.after).not.toMatch(/Init@12345|password/i);
    });

    it('refuses bad input with 400 naming the field and creates nothing; a taken name is 409', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ mobilePhone: '12912345678' }, 'mobilePhone'],
        [{ email: 'not an email' }, 'email'],
        [{ password: 'weakpassword' }, 'password'],
        [{ name: 'bad name' }, 'name'],
        [{ name: 'bad/name' }, 'name'],
        [{ usertype: 5 }, 'usertype'],
        [{ projectIds: [t2Project] }, 'projectIds'],
        [{ roleIds: [t2PlainRole] }, 'roleIds'],
        [{ tenantId: 999 }, 'tenantId'],
      ];
      for (const [extra, field] of cases) {
        const r = await call('POST', U, root, body('bob', extra));
        expect(r.status, field).toBe(400);
        expect(r.msg, field).toContain(field);
      }
      expect((await list(root, '?name=bob')).total).toBe(0);
      const taken = await call('POST', U, root, body('alice'));
      expect(taken).toMatchObject({ status: 409, msg: 'the user name alice is already in use' });
      expect((await call('POST', U, t2, body('pf_admin', { projectIds: [], roleIds: [], groupIds: [] }))).status).toBe(409);
    });

    it('edits a user: nickname, contact, type, roles, projects and groups take effect and are audited', async () => {
      const alice = (await list(root, '?name=alice')).data[0]!;
      const r = await call<AdminUser>('PUT', `${U}/${alice.id}`, admin, edit(alice, { nicName: 'Alice', mobilePhone: '', usertype: 3, projectIds: [1, 2], groupIds: [] }));
      expect(r.code, JSON.stringify(r)).toBe(0);
      expect(r.data).toMatchObject({ nicName: 'Alice', mobilePhone: '', usertype: 3, groups: [] });
      expect(r.data.projects.map((p) => p.id)).toEqual([1, 2]);
      const entry = (await audits('alice')).at(-1)!;
      expect(entry.action).toBe('update');
      expect(JSON.parse(entry.before!)).toMatchObject({ nicName: 'alice nick', usertype: 4, projectIds: [1] });
      expect(JSON.parse(entry.after!)).toMatchObject({ nicName: 'Alice', usertype: 3, projectIds: [1, 2] });
      expect((await call('PUT', `${U}/${alice.id}`, admin, edit(alice, { projectIds: [t2Project] }))).msg).toContain('projectIds');
      expect((await call('PUT', `${U}/99999`, admin, edit(alice))).status).toBe(404);
    });

    it('keeps a tenant administrator inside their tenant (404), while the operator names the tenant', async () => {
      const mine = await list(t2);
      expect(mine.data.map((u) => u.name)).toEqual([T2_ADMIN]);
      expect(await list(t2, '?tenantId=1')).toMatchObject({ status: 404, msg: 'no operation permission' });
      const alice = (await list(root, '?name=alice')).data[0]!;
      expect((await call('PUT', `${U}/${alice.id}`, t2, edit(alice, { projectIds: [], roleIds: [], groupIds: [] }))).status).toBe(404);
      expect((await call('PUT', `${U}/${alice.id}?tenantId=1`, t2, edit(alice))).status).toBe(404);
      expect((await call('DELETE', `${U}/${alice.id}`, t2)).status).toBe(404);
      for (const a of ['resetPassword', 'unlock', 'endSessions']) expect((await call('POST', `${U}/${alice.id}/${a}`, t2)).status, a).toBe(404);
      expect((await call('POST', `${U}/${alice.id}/enable`, t2, { enabled: false })).status).toBe(404);
      expect((await call('POST', U, t2, body('t2_x', { tenantId: 1, projectIds: [], roleIds: [], groupIds: [] }))).status).toBe(404);
      expect((await list(root, '?name=alice')).data[0]!.enabled).toBe(true);
      // the operator: tenant 2 by name only
      expect((await list(root, '?tenantId=2')).data.map((u) => u.name)).toEqual([T2_ADMIN]);
      const made = await create(root, 't2_made', { tenantId: 2, projectIds: [t2Project], roleIds: [t2PlainRole], groupIds: [] });
      expect(made.tenantId).toBe(2);
      expect((await call('PUT', `${U}/${made.id}`, root, edit(made, { nicName: 'x' }))).status).toBe(404);
      expect((await call('PUT', `${U}/${made.id}?tenantId=2`, root, edit(made, { nicName: 'x' }))).code).toBe(0);
      // the operator's changes in tenant 2 are tenant 2's history (its administrators read them), by ROOT
      const entries = await t.app.ems.db.selectFrom('audit_log').select(['tenant_id', 'user_name', 'action']).where('kind', '=', 'user').where('target_name', '=', 't2_made').orderBy('id').execute();
      expect(entries.map((e) => [Number(e.tenant_id), e.user_name, e.action])).toEqual([
        [2, 'ROOT', 'create'],
        [2, 'ROOT', 'update'],
      ]);
      // pf_admin is no operator of another tenant? It is: a platform user of tenant 1. fw_cloud has no user_browse at all.
      const cloud = (await loginAs(t.app, store.clock, 'fw_cloud')).headers;
      expect((await list(cloud)).status).toBe(404);
    });

    it('refuses privilege escalation: a role holding a permission the caller lacks, one’s own roles, type or enabled state, a more privileged user', async () => {
      // tenant 2's administrator does not hold tenant_create: giving a role that holds it is refused, nothing is made
      const r = await call('POST', U, t2, body('t2_escalate', { projectIds: [], roleIds: [t2PlatformRole], groupIds: [] }));
      expect(r).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect((await list(t2, '?name=t2_escalate')).total).toBe(0);
      const plain = await create(t2, 't2_plain', { projectIds: [t2Project], roleIds: [t2PlainRole], groupIds: [] });
      expect((await call('PUT', `${U}/${plain.id}`, t2, edit(plain, { roleIds: [t2PlainRole, t2PlatformRole] }))).status).toBe(404);
      expect((await list(t2, '?name=t2_plain')).data[0]!.roles.map((x) => x.id)).toEqual([t2PlainRole]);
      // the operator holding it may
      expect((await call('PUT', `${U}/${plain.id}?tenantId=2`, root, edit(plain, { roleIds: [t2PlainRole, t2PlatformRole] }))).code).toBe(0);
      // ... and then tenant 2's administrator may no longer act on that user, who holds more than they do
      expect((await call('POST', `${U}/${plain.id}/resetPassword`, t2)).status).toBe(404);
      // one's own roles, type and enabled state
      const self = (await list(admin, '?name=pf_admin')).data[0]!;
      expect((await call('PUT', `${U}/${adminId}`, admin, edit(self, { roleIds: [...self.roles.map((x) => x.id), plantRole] }))).status).toBe(404);
      expect((await call('PUT', `${U}/${adminId}`, admin, edit(self, { usertype: 2 }))).status).toBe(404);
      expect((await call('POST', `${U}/${adminId}/enable`, admin, { enabled: false })).status).toBe(404);
      expect((await call('DELETE', `${U}/${adminId}`, admin)).status).toBe(404);
      expect((await call('PUT', `${U}/${adminId}`, admin, edit(self, { nicName: '平台管理员' }))).code).toBe(0);
      // ROOT is acted on only by ROOT
      expect((await call('POST', `${U}/1/resetPassword`, admin)).status).toBe(404);
      // a type-3 user administrator may not make a type-1 or 2 user
      const { db } = t.app.ems;
      const repo = seedRepository(db);
      const manager = await repo.insertUser({ tenant_id: 2, name: 't2_manager', nic_name: 'M', usertype: 3, now: store.clock.now });
      await repo.setPassword(manager, t.app.ems.cipher.encrypt(md5hex(DEMO), manager));
      const { id: managerRole } = await repo.ensureRole(2, '用户管理', '{}');
      await repo.grant(managerRole, PERMISSIONS.filter((p) => p.name.startsWith('user_') || p.name === 'project_browse').map((p) => p.id));
      await repo.assignRole(manager, managerRole);
      const m = (await loginAs(t.app, store.clock, 't2_manager')).headers;
      expect((await call('POST', U, m, body('t2_up', { usertype: 1, projectIds: [], roleIds: [], groupIds: [] }))).status).toBe(404);
      expect((await call('POST', U, m, body('t2_down', { usertype: 4, projectIds: [], roleIds: [t2PlainRole], groupIds: [] }))).code).toBe(0);
      expect((await call('POST', `${U}/${t2AdminId}/resetPassword`, m)).status).toBe(404);
    });

    it('never disables, deletes or demotes ROOT or a tenant’s last platform administrator (409 naming it)', async () => {
      expect(await call('POST', `${U}/1/enable`, root, { enabled: false })).toMatchObject({
        status: 409,
        msg: 'ROOT is the root user or the last enabled platform administrator and cannot be disabled, deleted or demoted',
      });
      expect((await call('DELETE', `${U}/1`, admin)).status).toBe(409);
      const t2Admin = (await list(root, `?tenantId=2&name=${T2_ADMIN}`)).data[0]!;
      expect(await call('POST', `${U}/${t2AdminId}/enable?tenantId=2`, root, { enabled: false })).toMatchObject({ status: 409, msg: expect.stringContaining(T2_ADMIN) });
      expect((await call('PUT', `${U}/${t2AdminId}?tenantId=2`, root, edit(t2Admin, { usertype: 2 }))).status).toBe(409);
      expect((await call('PUT', `${U}/${t2AdminId}?tenantId=2`, root, edit(t2Admin, { roleIds: [t2PlainRole] }))).status).toBe(409);
      expect((await call('DELETE', `${U}/${t2AdminId}?tenantId=2`, root)).status).toBe(409);
      expect((await list(t2)).code).toBe(0);
      // pf_admin is not the last one of tenant 1 (ROOT is there)
      const spare = await create(root, 'spare_admin', { usertype: 1, projectIds: [], roleIds: [], groupIds: [] });
      expect((await call('POST', `${U}/${spare.id}/enable`, admin, { enabled: false })).code).toBe(0);
    });

    it('disabling a user ends their sessions at once (next request 401) and closes their sockets; enabling lets them back', async () => {
      const alice = (await list(root, '?name=alice')).data[0]!;
      const s = await loginAs(t.app, store.clock, 'alice', 'Init@12345');
      expect((await me(s.headers)).status).toBe(200);
      const sockets = vi.spyOn(t.app.live.hub, 'sessionsOfUser').mockReturnValue(['socket-token-hash']);
      const ended = vi.spyOn(t.app.live, 'endSession');
      const r = await call<AdminUser>('POST', `${U}/${alice.id}/enable`, admin, { enabled: false });
      expect(r.data.enabled).toBe(false);
      expect(sockets).toHaveBeenCalledWith(alice.id);
      expect(ended).toHaveBeenCalledWith('socket-token-hash');
      sockets.mockRestore();
      ended.mockRestore();
      expect((await me(s.headers)).status).toBe(401);
      expect((await login('alice', 'Init@12345')).code).not.toBe(0);
      expect((await list(root, '?enabled=false&name=alice')).total).toBe(1);
      expect((await call<AdminUser>('POST', `${U}/${alice.id}/enable`, admin, { enabled: true })).data.enabled).toBe(true);
      expect((await login('alice', 'Init@12345')).code).toBe(0);
      expect((await audits('alice')).map((a) => a.action)).toEqual(expect.arrayContaining(['disable', 'enable']));
    });

    it('resets a password: a one-time password shown once, the old one and the sessions end, mustChangePassword until changed', async () => {
      const alice = (await list(root, '?name=alice')).data[0]!;
      const s = await loginAs(t.app, store.clock, 'alice', 'Init@12345');
      const r = await call<{ password: string }>('POST', `${U}/${alice.id}/resetPassword`, admin);
      expect(r.code).toBe(0);
      const otp = r.data.password;
      expect(otp).toMatch(new RegExp(STRONG_PASSWORD_PATTERN));
      expect((await me(s.headers)).status).toBe(401);
      expect((await login('alice', 'Init@12345')).code).not.toBe(0);
      const fresh = await login('alice', otp);
      expect(fresh.code).toBe(0);
      expect(fresh.data.mustChangePassword).toBe(true);
      const h = { authorization: `Bearer ${fresh.data.token}` };
      const changed = await call('PUT', API.changePassword, h, { id: alice.id, name: 'alice', oldPassword: otp, newPassword: 'Alice@67890' });
      expect(changed.code, JSON.stringify(changed)).toBe(0);
      const after = await login('alice', 'Alice@67890');
      expect(after.data.mustChangePassword).toBe(false);
      expect((await list(root, '?name=alice')).data[0]!.mustChangePassword).toBe(false);
      const entry = (await audits('alice')).find((a) => a.action === 'resetPassword')!;
      expect(`${entry.before}${entry.after}`).not.toContain(otp);
      // one's own password is changed with the old one, not reset
      expect((await call('POST', `${U}/${adminId}/resetPassword`, admin)).status).toBe(404);
    });

    it('unlocks a login lock of the user’s name', async () => {
      const alice = (await list(root, '?name=alice')).data[0]!;
      for (let i = 0; i < 5; i++) await login('alice', 'Wrong@00000');
      expect((await login('alice', 'Alice@67890')).status).toBe(429);
      expect((await list(root, '?name=alice')).data[0]!.locked).toBe(true);
      const r = await call<{ count: number }>('POST', `${U}/${alice.id}/unlock`, admin);
      expect(r.data.count).toBe(1);
      expect((await list(root, '?name=alice')).data[0]!.locked).toBe(false);
      expect((await login('alice', 'Alice@67890')).code).toBe(0);
    });

    it('ends every session of a user', async () => {
      const alice = (await list(root, '?name=alice')).data[0]!;
      const a = await loginAs(t.app, store.clock, 'alice', 'Alice@67890');
      const b = await loginAs(t.app, store.clock, 'alice', 'Alice@67890');
      const r = await call<{ count: number }>('POST', `${U}/${alice.id}/endSessions`, admin);
      expect(r.data.count).toBeGreaterThanOrEqual(2);
      expect((await me(a.headers)).status).toBe(401);
      expect((await me(b.headers)).status).toBe(401);
      expect((await me(admin)).status).toBe(200);
    });

    it('deletes a user: gone from the list, cannot log in, audited with what it was', async () => {
      const alice = (await list(root, '?name=alice')).data[0]!;
      expect((await call('DELETE', `${U}/${alice.id}`, admin)).code).toBe(0);
      expect((await list(root, '?name=alice')).total).toBe(0);
      expect((await login('alice', 'Alice@67890')).code).not.toBe(0);
      expect((await call('DELETE', `${U}/${alice.id}`, admin)).status).toBe(404);
      const actions = (await audits('alice')).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['create', 'update', 'disable', 'enable', 'resetPassword', 'unlock', 'endSessions', 'delete']));
      const del = (await audits('alice')).find((a) => a.action === 'delete')!;
      expect(JSON.parse(del.before!)).toMatchObject({ name: 'alice', usertype: 3 });
      expect(del.after).toBeNull();
    });
  });
}
