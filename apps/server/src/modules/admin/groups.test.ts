import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, ErrorCode, type UserGroupContents, type UserGroupTree, type UserTreeNode } from '@ems/contract';
import { json, loginAs, startAt, STORES, DEMO, type TestApp, type TestStore } from '../../test/helpers.js';
import { tenantAdmin } from './tenants-fixture.js';

const NOW = Date.UTC(2025, 5, 1, 4);
const G = ADMIN_API.userGroups;

/** Issue 13, user groups: the tenant's tree, creation, rename and move without cycles, deletion, members; other tenants refused. */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`user-group administration (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let other: Record<string, string>;
    let otherRoot: number;
    let otherUser: number;
    const call = async <T = unknown>(method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
      json<T>(await t.app.inject({ method: method as 'GET', url, headers: { 'accept-language': 'en-US', ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) }));
    const tree = async (headers = admin, query = '') => (await call<UserGroupTree>('GET', `${G}${query}`, headers)).data;
    const userId = async (name: string) => Number((await t.app.ems.db.selectFrom('app_user').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
    let a: number;
    let b: number;
    let c: number;

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW, { sim: false }));
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      const tenant = await t.app.ems.db.insertInto('tenant').values({ name: '其他租户', en_name: 'Other', create_time: NOW }).returning('id').executeTakeFirstOrThrow();
      const otherTenant = Number(tenant.id);
      otherRoot = Number((await t.app.ems.db.insertInto('user_group').values({ tenant_id: otherTenant, parent_id: null, name: '其他租户' }).returning('id').executeTakeFirstOrThrow()).id);
      otherUser = await tenantAdmin(t.app, otherTenant, 'other_admin');
      other = (await loginAs(t.app, store.clock, 'other_admin', DEMO)).headers;
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it("reads the caller's tenant's tree with member counts and users; another tenant only for the operator", async () => {
      const mine = await tree();
      expect(mine.tenantId).toBe(1);
      expect(mine.groups[0]).toMatchObject({ id: mine.rootUserGroupID, parentId: null, name: '示范能源集团', memberCount: 1, memberIds: [1] });
      expect(mine.groups.slice(1).every((g) => g.parentId === mine.rootUserGroupID)).toBe(true);
      expect(mine.groups.reduce((n, g) => n + g.memberCount, 0)).toBe(5);
      expect(mine.users.map((u) => u.name)).toEqual(['ROOT', 'pf_admin', 'pf_service', 'fw_cloud', 'fw_plant']);
      const theirs = await tree(other);
      expect([theirs.groups.map((g) => g.name), theirs.users.map((u) => u.name)]).toEqual([['其他租户'], ['other_admin']]);
      // the operator reads another tenant; the other tenant may not read tenant 1
      expect((await tree(admin, `?tenantId=${theirs.tenantId}`)).groups.map((g) => g.id)).toEqual([otherRoot]);
      const refused = await call('GET', `${G}?tenantId=1`, other);
      expect([refused.status, refused.msg]).toEqual([404, 'no operation permission']);
      for (const name of ['pf_service', 'fw_cloud', 'fw_plant']) expect((await call('GET', G, (await loginAs(t.app, store.clock, name)).headers)).status).toBe(404);
    });

    it('creates sub-groups (a taken sibling name is 409, a bad name 400, a foreign parent 404)', async () => {
      const root = (await tree()).rootUserGroupID;
      const make = async (parentId: number, name: string) => {
        const r = await call<{ id: number }>('POST', G, admin, { parentId, name });
        expect(r.status, r.msg).toBe(200);
        return r.data.id;
      };
      a = await make(root, '运维一组');
      b = await make(a, '夜班');
      c = await make(root, '运维二组');
      expect((await call('POST', G, admin, { parentId: root, name: '运维一组' })).status).toBe(409);
      const bad = await call('POST', G, admin, { parentId: root, name: '' });
      expect([bad.status, bad.msg]).toEqual([400, expect.stringContaining('name')]);
      const foreign = await call('POST', G, other, { parentId: root, name: 'intrusion' });
      expect([foreign.status, foreign.code]).toEqual([404, ErrorCode.notFound]);
      expect((await call('POST', G, admin, { parentId: 99999, name: 'x' })).status).toBe(404);
      const pfService = (await loginAs(t.app, store.clock, 'pf_service')).headers;
      expect((await call('POST', G, pfService, { parentId: root, name: 'x' })).status).toBe(404);
    });

    it('renames and moves a group; never below itself (400 parentId), never the root (409), never into another tenant', async () => {
      const r = await call<{ parentId: number }>('PUT', `${G}/${c}`, admin, { name: '运维二组（白班）', parentId: a });
      expect([r.status, r.data.parentId]).toEqual([200, a]);
      const cycle = await call('PUT', `${G}/${a}`, admin, { name: '运维一组', parentId: b });
      expect([cycle.status, cycle.code, cycle.msg]).toEqual([400, ErrorCode.badRequest, 'invalid field parentId: a group cannot move below itself']);
      expect((await call('PUT', `${G}/${a}`, admin, { name: '运维一组', parentId: a })).status).toBe(400);
      const root = (await tree()).rootUserGroupID;
      const rootMove = await call('PUT', `${G}/${root}`, admin, { name: '示范能源集团', parentId: a });
      expect([rootMove.status, rootMove.code]).toEqual([409, ErrorCode.conflict]);
      expect((await call('PUT', `${G}/${a}`, other, { name: 'mine' })).status).toBe(404);
      // the operator naming another tenant's group as parent: 400, nothing moved
      expect((await call('PUT', `${G}/${c}`, admin, { name: '运维二组（白班）', parentId: otherRoot })).status).toBe(400);
      expect((await call('PUT', `${G}/${c}`, other, { name: 'x', parentId: otherRoot })).status).toBe(404);
      const groups = (await tree()).groups;
      expect(groups.find((g) => g.id === c)).toMatchObject({ parentId: a, name: '运维二组（白班）' });
      expect(groups.find((g) => g.id === a)).toMatchObject({ parentId: root, name: '运维一组' });
    });

    it("sets members from the tenant's users only; the user-tree calls read them", async () => {
      const plant = await userId('fw_plant');
      const cloud = await userId('fw_cloud');
      const r = await call<{ memberIds: number[] }>('PUT', `${G}/${b}/members`, admin, { userIds: [plant, cloud] });
      expect([r.status, r.data.memberIds]).toEqual([200, [cloud, plant].sort((x, y) => x - y)]);
      const foreign = await call('PUT', `${G}/${b}/members`, admin, { userIds: [plant, otherUser] });
      expect([foreign.status, foreign.msg]).toEqual([404, 'no operation permission']);
      expect((await call('PUT', `${G}/${b}/members`, other, { userIds: [otherUser] })).status).toBe(404);
      expect((await call('PUT', `${G}/${b}/members`, admin, { userIds: [plant, plant] })).status).toBe(400);
      expect((await tree()).groups.find((g) => g.id === b)).toMatchObject({ memberCount: 2 });
      const read = (await call<UserTreeNode[]>('GET', `${API.userTree}/${a}`, admin)).data;
      const night = read[0]?.childUsers.find((n) => n.id === b);
      expect(night?.childUsers.map((n) => [n.modelLabel, n.id])).toEqual([
        ['user', cloud],
        ['user', plant],
      ]);
      const oil = (await call<UserTreeNode[]>('GET', `${API.userGroup}/${b}`, admin)).data;
      expect(oil[0]?.childUsers.length).toBe(2);
    });

    it('deletes: never the root (409); a group with sub-groups or members only with force (409 naming them); audited', async () => {
      const root = (await tree()).rootUserGroupID;
      expect((await call('DELETE', `${G}/${root}?force=true`, admin)).status).toBe(409);
      const held = await call<UserGroupContents>('DELETE', `${G}/${a}`, admin);
      expect([held.status, held.code]).toEqual([409, ErrorCode.conflict]);
      expect(held.data.groups.map((g) => g.name).sort()).toEqual(['夜班', '运维二组（白班）']);
      expect(held.data.users.map((u) => u.name).sort()).toEqual(['厂站运维', '项目经理']);
      expect(held.msg).toContain('夜班');
      expect((await call('DELETE', `${G}/${a}?force=true`, other)).status).toBe(404);
      const empty = await call<{ id: number }>('POST', G, admin, { parentId: root, name: '临时组' });
      expect((await call('DELETE', `${G}/${empty.data.id}`, admin)).status).toBe(200);
      expect((await call('DELETE', `${G}/${a}?force=true`, admin)).status).toBe(200);
      const left = (await tree()).groups.map((g) => g.id);
      expect(left.filter((id) => [a, b, c, empty.data.id].includes(id))).toEqual([]);
      const rows = await t.app.ems.db.selectFrom('user_group_member').select('group_id').where('group_id', 'in', [a, b, c]).execute();
      expect(rows).toEqual([]);
      const log = await t.app.ems.db.selectFrom('audit_log').select(['action', 'target_name', 'user_name']).where('kind', '=', 'usergroup').orderBy('id').execute();
      expect(log.map((l) => l.action)).toEqual(['create', 'create', 'create', 'move', 'members', 'create', 'delete', 'delete']);
      expect(log.every((l) => l.user_name === 'pf_admin')).toBe(true);
    });
  });
}
