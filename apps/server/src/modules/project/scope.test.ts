import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type CloudProjectNode, type ProjectInfo, type ProjectSummary } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';

type Headers = Record<string, string>;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`tenancy, permissions and projects (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let plant: Headers;
    let admin: Headers;

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      admin = { ...(await loginAs(t.app, store.clock, 'pf_admin')).headers, 'accept-language': 'en-US' };
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
      t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) }).then((r) => json<T>(r));
    const projects = (h: Headers) => call<ProjectInfo[]>('GET', `${API.projects}?system=cloud`, h);

    it('a project user sees only the assigned project; a platform user every project of the tenant', async () => {
      expect((await projects(plant)).data.map((p) => p.projectId)).toEqual([1]);
      const all = (await projects(admin)).data;
      expect(all.map((p) => p.name)).toEqual(['华东示范工厂', '滨江办公园区']);
      expect(all[0]).toMatchObject({ enName: 'East China Demo Factory', capacityKva: 4000, timezone: 'Asia/Shanghai', tenantid: 1, industry: 'industrial' });
      expect(all[1]).toMatchObject({ enName: 'Riverside Office Park', capacityKva: 2500, industry: 'commercial' });
    });

    it('fw_plant cannot reach project 2 by projectId header (404 no operation permission) and keeps the session', async () => {
      const r = await call('GET', API.projects, { ...plant, projectid: '2' });
      expect(r).toMatchObject({ status: 404, code: 404, msg: 'no operation permission' });
      expect((await call('GET', API.projects, { ...plant, projectid: '1' })).code).toBe(0);
    });

    it('fw_plant cannot read project 2 by summary id (404 not found) and keeps the session', async () => {
      expect(await call('GET', `${API.projectSummary}/2`, plant)).toMatchObject({ status: 404, code: 404, msg: 'not found' });
      expect(await call('GET', `${API.projectSummary}/999`, admin)).toMatchObject({ status: 404, msg: 'not found' });
      expect((await projects(plant)).code).toBe(0);
    });

    it('fw_plant cannot read another tenant by tenantId (404)', async () => {
      const r = await call('POST', `${API.cloudProjects}?tenantId=2&isQueryChild=true`, plant, { rootID: 2, rootLabel: 'tenant', treeReturnEnable: true });
      expect(r).toMatchObject({ status: 404, code: 404 });
      expect((await projects(plant)).code).toBe(0);
    });

    it('the tenant tree holds the caller’s projects as children', async () => {
      const r = await call<CloudProjectNode[]>('POST', `${API.cloudProjects}?tenantId=1&isQueryChild=true`, plant, { rootID: 1, rootLabel: 'tenant', treeReturnEnable: true });
      expect(r.data).toHaveLength(1);
      expect(r.data[0]).toMatchObject({ id: 1, modelLabel: 'tenant', name: '示范能源集团' });
      expect(r.data[0]?.children?.map((c) => [c.id, c.modelLabel])).toEqual([[1, 'project']]);
      const flat = await call<CloudProjectNode[]>('POST', `${API.cloudProjects}?tenantId=1`, admin, { treeReturnEnable: false });
      expect(flat.data.map((n) => n.modelLabel)).toEqual(['tenant', 'project', 'project']);
    });

    it('the project summary counts the seeded nodes per model label', async () => {
      const r = await call<ProjectSummary>('GET', `${API.projectSummary}/1`, plant);
      expect(r.data.project.name).toBe('华东示范工厂');
      const counts = Object.fromEntries(r.data.nodeCounts.map((c) => [c.modelLabel, c.count]));
      expect(counts).toEqual({
        building: 3,
        floor: 4,
        room: 10,
        distributionroom: 1,
        cabinet: 19,
        generatrix: 3,
        transformer: 3,
        meter: 101,
        chiller: 3,
        chilledpump: 3,
        coolingpump: 3,
        coolingtower: 3,
        aircompressor: 4,
        boiler: 1,
        envsensor: 11,
        gasdetector: 5,
        camera: 6,
      });
      expect(r.data.userCount).toBe(5);
    });

    it('fw_plant lacks project_update: PUT gives 404 no operation permission and changes nothing', async () => {
      const r = await call('PUT', `${API.projects}/1`, plant, { name: 'Hacked', capacityKva: 1 });
      expect(r).toMatchObject({ status: 404, code: 404, msg: 'no operation permission' });
      expect((await projects(plant)).data[0]?.name).toBe('华东示范工厂');
      expect((await call('DELETE', `${API.projects}/1`, plant)).msg).toBe('no operation permission');
    });

    it('project create validates every field: 400 naming the field, nothing stored', async () => {
      const before = (await projects(admin)).data.length;
      const bad: [object, string][] = [
        [{ name: 'Bad<name>', capacityKva: 10 }, 'name'],
        [{ name: '', capacityKva: 10 }, 'name'],
        [{ name: 'x'.repeat(51), capacityKva: 10 }, 'name'],
        [{ name: 'Ok', capacityKva: -1 }, 'capacityKva'],
        [{ name: 'Ok' }, 'capacityKva'],
        [{ name: 'Ok', capacityKva: 1, latitude: 91 }, 'latitude'],
        [{ name: 'Ok', capacityKva: 1, extra: 1 }, 'extra'],
        [{ name: 'Ok', capacityKva: 'lots' }, 'capacityKva'],
      ];
      for (const [body, field] of bad) {
        const r = await call('POST', API.projects, admin, body);
        expect(r, JSON.stringify(body)).toMatchObject({ status: 400, code: 400 });
        expect(r.msg).toContain(field);
      }
      expect((await projects(admin)).data.length).toBe(before);
    });

    it('project create, duplicate name (409), update and delete for a platform admin', async () => {
      const body = { name: '新建测试项目', enName: 'New Test Project', code: 'NT-01', capacityKva: 800, areaM2: 1200.5, latitude: 31.2, longitude: 121.4, industry: 'industrial' };
      const created = await call<ProjectInfo>('POST', API.projects, admin, body);
      expect(created).toMatchObject({ status: 200, code: 0, data: { name: '新建测试项目', capacityKva: 800, timezone: 'Asia/Shanghai', tenantid: 1, createTime: store.clock.now } });
      const id = created.data.projectId;
      expect(await call('POST', API.projects, admin, body)).toMatchObject({ status: 409, code: 409 });
      const updated = await call<ProjectInfo>('PUT', `${API.projects}/${id}`, admin, { ...body, name: '改名项目', capacityKva: 900 });
      expect(updated.data).toMatchObject({ projectId: id, name: '改名项目', capacityKva: 900 });
      expect(await call('PUT', `${API.projects}/1`, admin, { ...body, name: '滨江办公园区' })).toMatchObject({ status: 409 });
      expect((await call('DELETE', `${API.projects}/${id}`, admin)).code).toBe(0);
      expect(await call('GET', `${API.projectSummary}/${id}`, admin)).toMatchObject({ status: 404 });
      expect(await call('DELETE', `${API.projects}/${id}`, admin)).toMatchObject({ status: 404, msg: 'not found' });
    });

    it('operationAuthCheck answers from the role, and/or, with ROOT passing unless authStringent', async () => {
      const check = (h: Headers, names: string[], andOr = 'and') => call<boolean>('POST', `${API.operationAuthCheck}?andOr=${andOr}`, h, names).then((r) => r.data);
      expect(await check(plant, ['project_browse'])).toBe(true);
      expect(await check(plant, ['project_update'])).toBe(false);
      expect(await check(plant, ['project_browse', 'project_update'])).toBe(false);
      expect(await check(plant, ['project_browse', 'project_update'], 'or')).toBe(true);
      expect(await check(plant, ['project_update project_browse'])).toBe(true);
      const root = (await loginAs(t.app, store.clock, 'ROOT', 'Root@12345')).headers;
      expect(await check(root, ['no_such_permission'])).toBe(true);
      const { writeFileSync, readFileSync } = await import('node:fs');
      const path = `${store.dataDir}/config.json`;
      const original = readFileSync(path, 'utf8');
      writeFileSync(path, JSON.stringify({ ...JSON.parse(original), authStringent: true }));
      try {
        expect(await check(root, ['no_such_permission'])).toBe(false);
        expect(await check(root, ['project_update'])).toBe(true);
        expect((await call<boolean>('GET', API.cloudRootExists, {})).data).toBe(false);
      } finally {
        writeFileSync(path, original);
      }
      expect((await call<boolean>('GET', API.cloudRootExists, {})).data).toBe(true);
    });

    it('the user tree needs user_browse and stays inside the tenant', async () => {
      const tree = await call<{ id: number; name: string; childUsers: { name: string; childUsers: { name: string }[] }[] }[]>('GET', `${API.userTree}/1`, admin);
      expect(tree.code).toBe(0);
      expect(tree.data[0]?.name).toBe('示范能源集团');
      const names = JSON.stringify(tree.data);
      for (const n of ['平台运维中心', '华东示范工厂运维组', '项目经理', '厂站运维']) expect(names).toContain(n);
      expect((await call('GET', `${API.userGroup}/1`, admin)).code).toBe(0);
      expect(await call('GET', `${API.userTree}/1`, plant)).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect(await call('GET', `${API.userTree}/999`, admin)).toMatchObject({ status: 404, msg: 'not found' });
    });

    it('malformed query and params give 400 naming the field', async () => {
      const q = await call('POST', `${API.cloudProjects}?tenantId=abc`, admin, {});
      expect(q).toMatchObject({ status: 400, code: 400 });
      expect(q.msg).toContain('tenantId');
      const p = await call('GET', `${API.projectSummary}/abc`, admin);
      expect(p.msg).toContain('projectId');
      const h = await call('GET', API.projects, { ...admin, projectid: 'x1' });
      expect(h).toMatchObject({ status: 400 });
    });
  });
}
