import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type KyselyPlugin } from 'kysely';
import { ENERGY_TYPE, ENERGY_TYPE_VALUES, HIERARCHY_MAX_ITEMS, MODEL_API, MODEL_LABELS, permissionId, type HierarchyResult, type ModelInfo, type ModelNode } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type Reply, type TestApp, type TestStore } from '../../test/helpers.js';

type Headers = Record<string, string>;
type Expr = { prop: string; operator: string; limit: unknown };

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`plant model service (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Headers;
    let plant: Headers;
    let cloud: Headers;

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
      const h = async (name: string) => ({ ...(await loginAs(t.app, store.clock, name)).headers, 'accept-language': 'en-US' });
      admin = await h('pf_admin');
      plant = await h('fw_plant');
      cloud = await h('fw_cloud');
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    const call = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown): Promise<Reply<T>> =>
      t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) }).then((r) => json<T>(r));
    const query = (h: Headers, body: object) => call<ModelNode[]>('POST', MODEL_API.query, h, body);
    const write = (h: Headers, items: object[]) => call<HierarchyResult[]>('POST', MODEL_API.writeHierarchy, h, items);
    const remove = (h: Headers, label: string, ids: number[], bodyLabel = label) => call<number[]>('DELETE', `${MODEL_API.remove}/${label}`, h, { modelLabel: bodyLabel, idRange: ids });
    /** nodes of a label under a node */
    const under = (h: Headers, label: string, tree: { id: number; modelLabel: string }, more: object = {}) =>
      query(h, { rootLabel: label, rootID: -1, rootCondition: { treeNode: tree, ...more } });
    const ids = (r: Reply<ModelNode[]>) => r.data.map((n) => n.id);
    const names = (r: Reply<ModelNode[]>) => r.data.map((n) => n.name);

    /** Creates a building under project 1 with the given children; returns the written tree. */
    async function building(name: string, children: object[], h = admin) {
      const r = await write(h, [{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name, children }] }]);
      expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 0 });
      const b = r.data[0]?.children?.[0];
      if (!b) throw new Error('no building written');
      return b;
    }

    const METERS = [
      { name: 'Alpha pump meter', energyType: 2, ratedKw: 10, code: 'M-A' },
      { name: 'Beta line', energyType: 2, ratedKw: 20, code: 'M-B' },
      { name: 'Gamma_water', energyType: 3, ratedKw: 30, code: 'M-C' },
      { name: 'Delta gas', energyType: 15, ratedKw: 20, code: 'M-D' },
      { name: 'alpha small', energyType: 2, code: 'M-E' },
      { name: '空压站 Air', energyType: 45, ratedKw: 5.5, ctPt: 200, code: 'M-F' },
    ];
    let meterHome: { id: number; modelLabel: string };
    let meterIds: Record<string, number>;
    const byName = (...n: string[]) => n.map((x) => meterIds[x]);

    beforeAll(async () => {
      const b = await building(
        'Meter fixture',
        METERS.map((m) => ({ modelLabel: 'meter', ...m })),
      );
      meterHome = { id: b.id, modelLabel: 'building' };
      meterIds = Object.fromEntries((b.children ?? []).map((c) => [String(c.name), c.id]));
    });

    const meters = (expressions: Expr[], more: object = {}) => under(admin, 'meter', meterHome, { filter: { expressions }, ...more });

    describe('query operators', () => {
      const cases: [string, Expr[], string[]][] = [
        ['EQ on a number attribute', [{ prop: 'ratedKw', operator: 'EQ', limit: 20 }], ['Beta line', 'Delta gas']],
        ['NE on an enum attribute', [{ prop: 'energyType', operator: 'NE', limit: 2 }], ['Gamma_water', 'Delta gas', '空压站 Air']],
        ['GT', [{ prop: 'ratedKw', operator: 'GT', limit: 20 }], ['Gamma_water']],
        ['GE', [{ prop: 'ratedKw', operator: 'GE', limit: 20 }], ['Beta line', 'Gamma_water', 'Delta gas']],
        ['LT', [{ prop: 'ratedKw', operator: 'LT', limit: 20 }], ['Alpha pump meter', '空压站 Air']],
        ['LE', [{ prop: 'ratedKw', operator: 'LE', limit: 10 }], ['Alpha pump meter', '空压站 Air']],
        ['IN with an array', [{ prop: 'energyType', operator: 'IN', limit: [3, 15] }], ['Gamma_water', 'Delta gas']],
        ['LIKE is a case-insensitive contains', [{ prop: 'name', operator: 'LIKE', limit: 'ALPHA' }], ['Alpha pump meter', 'alpha small']],
        ['LIKE treats _ and % literally', [{ prop: 'name', operator: 'LIKE', limit: '_' }], ['Gamma_water']],
        ['LIKE on Chinese text', [{ prop: 'name', operator: 'LIKE', limit: '空压' }], ['空压站 Air']],
        ['BETWEEN is inclusive', [{ prop: 'ratedKw', operator: 'BETWEEN', limit: [10, 20] }], ['Alpha pump meter', 'Beta line', 'Delta gas']],
        ['EQ null finds nodes without the attribute', [{ prop: 'ratedKw', operator: 'EQ', limit: null }], ['alpha small']],
        ['EQ on a column (code)', [{ prop: 'code', operator: 'EQ', limit: 'M-C' }], ['Gamma_water']],
        ['operators are case-insensitive and expressions are ANDed', [{ prop: 'energyType', operator: 'eq', limit: 2 }, { prop: 'ratedKw', operator: 'ge', limit: 15 }], ['Beta line']],
        ['the default ctPt is 1 on create', [{ prop: 'ctPt', operator: 'EQ', limit: 1 }], ['Alpha pump meter', 'Beta line', 'Gamma_water', 'Delta gas', 'alpha small']],
        ['GT on strings compares by code point', [{ prop: 'name', operator: 'GT', limit: 'a' }], ['alpha small', '空压站 Air']],
      ];
      for (const [rule, expressions, expected] of cases) {
        it(`${rule}`, async () => {
          const r = await meters(expressions);
          expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 0, total: expected.length });
          expect(ids(r).sort()).toEqual(byName(...expected).sort());
        });
      }
    });

    it('page.index is the row offset, page.limit the size; total counts before paging', async () => {
      const orders = [{ orderType: 'asc', priority: 1, propertyLabel: 'code' }];
      const all = await meters([], { orders });
      expect(all.total).toBe(6);
      expect(all.data.map((n) => n.code)).toEqual(['M-A', 'M-B', 'M-C', 'M-D', 'M-E', 'M-F']);
      const p = await meters([], { orders, page: { index: 1, limit: 2 } });
      expect(p.total).toBe(6);
      expect(p.data.map((n) => n.code)).toEqual(['M-B', 'M-C']);
      const last = await meters([], { orders, page: { index: 5, limit: 4 } });
      expect(last.data.map((n) => n.code)).toEqual(['M-F']);
      expect((await meters([], { orders, page: { index: 10, limit: 4 } })).data).toEqual([]);
    });

    it('orders by two props in priority order, missing values last', async () => {
      const r = await meters([], {
        orders: [
          { orderType: 'desc', priority: 2, propertyLabel: 'name' },
          { orderType: 'asc', priority: 1, propertyLabel: 'ratedKw' },
        ],
      });
      expect(names(r)).toEqual(['空压站 Air', 'Alpha pump meter', 'Delta gas', 'Beta line', 'Gamma_water', 'alpha small']);
      const desc = await meters([], { orders: [{ orderType: 'desc', priority: 1, propertyLabel: 'ratedKw' }, { orderType: 'asc', priority: 2, propertyLabel: 'name' }] });
      expect(names(desc)).toEqual(['Gamma_water', 'Beta line', 'Delta gas', 'Alpha pump meter', '空压站 Air', 'alpha small']);
    });

    it('props picks the returned properties; id and modelLabel always; default all with attributes flattened', async () => {
      const picked = await meters([{ prop: 'code', operator: 'EQ', limit: 'M-F' }], { props: ['name', 'ctPt'] });
      expect(picked.data).toEqual([{ id: meterIds['空压站 Air'], modelLabel: 'meter', name: '空压站 Air', ctPt: 200 }]);
      const full = await meters([{ prop: 'code', operator: 'EQ', limit: 'M-F' }]);
      expect(full.data[0]).toMatchObject({ modelLabel: 'meter', name: '空压站 Air', projectId: 1, parentId: meterHome.id, code: 'M-F', energyType: 45, ctPt: 200, ratedKw: 5.5, registerMax: null, parentMeterId: null });
    });

    it('tree return attaches the listed sub-layer labels two levels down, each with its own filter, props and orders', async () => {
      const b = await building('Tree fixture', [
        { modelLabel: 'floor', name: 'F1', children: [{ modelLabel: 'room', name: 'R1' }, { modelLabel: 'room', name: 'R2' }] },
        { modelLabel: 'floor', name: 'F2', children: [{ modelLabel: 'room', name: 'R3' }] },
        { modelLabel: 'room', name: 'R0' },
        { modelLabel: 'meter', name: 'not listed', energyType: 2 },
      ]);
      const r = await query(admin, {
        rootLabel: 'building',
        rootID: b.id,
        treeReturnEnable: true,
        subLayerConditions: [
          { modelLabel: 'floor', filter: { expressions: [{ prop: 'name', operator: 'EQ', limit: 'F1' }] } },
          { modelLabel: 'room', props: ['name'], orders: [{ orderType: 'desc', priority: 1, propertyLabel: 'name' }] },
        ],
      });
      expect(r.total).toBe(1);
      const root = r.data[0];
      expect(root).toMatchObject({ id: b.id, modelLabel: 'building', name: 'Tree fixture' });
      const shape = (n: ModelNode): unknown => ({ name: n.name, children: (n.children ?? []).map(shape) });
      expect(root?.children?.map(shape)).toEqual([
        { name: 'F1', children: [{ name: 'R2', children: [] }, { name: 'R1', children: [] }] },
        { name: 'R0', children: [] },
      ]);
      expect(Object.keys(root?.children?.[1] ?? {}).sort()).toEqual(['children', 'id', 'modelLabel', 'name']);
      const flat = await query(admin, { rootLabel: 'building', rootID: b.id, treeReturnEnable: false, subLayerConditions: [{ modelLabel: 'floor' }] });
      expect(flat.data[0]?.children).toBeUndefined();
    });

    it('a level of 33,000 parents (more values than SQLite binds in one statement) is read a part at a time: every child under its parent, in order', async () => {
      const b = await building('Wide fixture', []);
      const db = t.app.ems.db;
      const floors = Array.from({ length: 33_000 }, (_, i) => ({ project_id: 1, parent_id: b.id, model_label: 'floor', name: `W${i}`, attrs: '{}', sort: i }));
      for (let i = 0; i < floors.length; i += 2000) await db.insertInto('node').values(floors.slice(i, i + 2000)).execute();
      const ids = (await db.selectFrom('node').select('id').where('parent_id', '=', b.id).orderBy('sort').execute()).map((r) => Number(r.id));
      const last = ids[ids.length - 1] as number;
      const first = ids[0] as number;
      await db
        .insertInto('node')
        .values([last, first, last].map((parent, k) => ({ project_id: 1, parent_id: parent, model_label: 'room', name: `WR${k}`, attrs: '{}', sort: k })))
        .execute();
      const r = await query(admin, { rootLabel: 'building', rootID: b.id, treeReturnEnable: true, subLayerConditions: [{ modelLabel: 'floor', props: ['name'] }, { modelLabel: 'room', props: ['name'] }] });
      expect(r, r.msg).toMatchObject({ status: 200, code: 0 });
      const got = r.data[0]?.children ?? [];
      expect(got).toHaveLength(33_000);
      expect(got[0]?.children?.map((c) => c.name)).toEqual(['WR1']);
      expect(got[32_999]?.children?.map((c) => c.name)).toEqual(['WR0', 'WR2']);
      expect(got.slice(1, 32_999).every((f) => f.children?.length === 0)).toBe(true);
      await db.deleteFrom('node').where('parent_id', 'in', [first, last]).execute();
      for (let i = 0; i < ids.length; i += 2000) await db.deleteFrom('node').where('id', 'in', ids.slice(i, i + 2000)).execute();
    }, 120_000);

    it('rootLabel project returns the visible projects as nodes, with their nodes as children', async () => {
      const r = await query(plant, { rootLabel: 'project', rootID: -1, treeReturnEnable: true, subLayerConditions: [{ modelLabel: 'distributionroom' }, { modelLabel: 'transformer' }] });
      expect(r.data.map((p) => [p.id, p.modelLabel, p.projectId])).toEqual([[1, 'project', 1]]);
      const room = r.data[0]?.children?.[0];
      expect(room).toMatchObject({ modelLabel: 'distributionroom', name: '10kV配电室', parentId: null, voltageKv: 10 });
      expect(room?.children?.map((c) => [c.name, c.ratedKva])).toEqual([
        ['1#变压器', 1600],
        ['2#变压器', 1600],
      ]);
      const all = await query(admin, { rootLabel: 'project', rootID: null, rootCondition: { filter: { expressions: [{ prop: 'capacityKva', operator: 'LT', limit: 3000 }] } } });
      expect(all, all.msg).toMatchObject({ status: 200 });
      expect(all.data.map((p) => p.name)).toEqual(['滨江办公园区']);
    });

    it('the projectid header narrows the scope to that project', async () => {
      const r = await query({ ...admin, projectid: '2' }, { rootLabel: 'building', rootID: -1 });
      expect(r.data.map((n) => n.projectId)).toEqual([2, 2]);
      expect(r.data.map((n) => n.name)).toEqual(['A座', 'B座']);
    });

    it('one hierarchy write creates, updates, deletes (delete_flag) and moves (moveFrom) together', async () => {
      const b = await building('Write fixture', [
        { modelLabel: 'floor', name: 'F1', children: [{ modelLabel: 'room', name: 'R1' }] },
        { modelLabel: 'floor', name: 'F2', children: [{ modelLabel: 'room', name: 'R3' }, { modelLabel: 'room', name: 'R4' }] },
      ]);
      const [f1, f2] = b.children ?? [];
      const r3 = f2?.children?.[0];
      const r4 = f2?.children?.[1];
      if (!f1 || !f2 || !r3 || !r4) throw new Error('fixture');
      const r = await write(admin, [
        {
          modelLabel: 'building',
          id: b.id,
          name: 'Write fixture 2',
          floorCount: 2,
          children: [
            {
              modelLabel: 'floor',
              id: f1.id,
              children: [
                { modelLabel: 'room', id: r3.id, name: 'R3 moved', moveFrom: { id: f2.id, modelLabel: 'floor' } },
                { modelLabel: 'room', name: 'R new', roomType: 'office', areaM2: 12.5 },
              ],
            },
            { modelLabel: 'floor', id: f2.id, delete_flag: true },
          ],
        },
      ]);
      expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 0 });
      const top = r.data[0];
      expect(top).toMatchObject({ id: b.id, modelLabel: 'building', name: 'Write fixture 2', floorCount: 2 });
      expect(top?.children?.[1]).toEqual({ id: f2.id, modelLabel: 'floor', delete_flag: true });
      const newRoom = top?.children?.[0]?.children?.[1];
      expect(newRoom).toMatchObject({ modelLabel: 'room', name: 'R new', roomType: 'office', areaM2: 12.5, parentId: f1.id, projectId: 1 });
      expect(typeof newRoom?.id).toBe('number');
      const rooms = await under(admin, 'room', { id: b.id, modelLabel: 'building' }, { orders: [{ orderType: 'asc', priority: 1, propertyLabel: 'name' }] });
      expect(rooms.data.map((n) => [n.name, n.parentId])).toEqual([
        ['R new', f1.id],
        ['R1', f1.id],
        ['R3 moved', f1.id],
      ]);
      const floors = await under(admin, 'floor', { id: b.id, modelLabel: 'building' });
      expect(names(floors)).toEqual(['F1']);
      expect((await query(admin, { rootLabel: 'room', rootID: r4.id })).status).toBe(404);
    });

    it('a node added later lists after its siblings in the default order (sort = last + 1)', async () => {
      const b = await building('Sort fixture', [{ modelLabel: 'floor', name: 'Z first' }, { modelLabel: 'floor', name: 'Y second' }]);
      const r = await write(admin, [{ modelLabel: 'building', id: b.id, children: [{ modelLabel: 'floor', name: 'A added later' }] }]);
      expect(r.code).toBe(0);
      expect(names(await under(admin, 'floor', { id: b.id, modelLabel: 'building' }))).toEqual(['Z first', 'Y second', 'A added later']);
    });

    it('many new siblings in one write, over several items, list after the ones there in the order of the request', async () => {
      const b = await building('Sort many', [{ modelLabel: 'floor', name: 'F0' }]);
      const more = Array.from({ length: 30 }, (_, i) => ({ modelLabel: 'floor', name: `F${i + 1}` }));
      const r = await write(admin, [
        { modelLabel: 'building', id: b.id, children: more.slice(0, 20) },
        { modelLabel: 'building', id: b.id, children: more.slice(20) },
      ]);
      expect(r.code).toBe(0);
      expect(names(await under(admin, 'floor', { id: b.id, modelLabel: 'building' }))).toEqual(['F0', ...more.map((f) => f.name)]);
    });

    describe('2,000 nodes in one write (issue 12: written a few hundred rows to a statement; the cap is HIERARCHY_MAX_ITEMS)', () => {
      /** 20 floors of 98 rooms: 1,980 nodes, 1,981 with the building's own item */
      const floors = (tag: string) =>
        Array.from({ length: 20 }, (_, f) => ({
          modelLabel: 'floor',
          name: `${tag} F${f}`,
          children: Array.from({ length: 98 }, (_, r) => ({ modelLabel: 'room', name: `${tag} R${f}-${r}`, ...(r % 7 === 0 ? { roomType: 'office' } : {}) })),
        }));
      const count = async (): Promise<number> => Number((await t.app.ems.db.selectFrom('node').select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow()).n);

      /** The call with the statements it runs counted (a plugin on the store's instance for the while). */
      async function countingStatements<T>(call: () => Promise<T>): Promise<{ result: T; statements: number }> {
        let statements = 0;
        // every statement run, built or written by hand, comes back through transformResult
        const plugin: KyselyPlugin = {
          transformQuery: ({ node }) => node,
          transformResult: ({ result }) => {
            statements++;
            return Promise.resolve(result);
          },
        };
        const ems = t.app.ems;
        const db = ems.db;
        ems.db = db.withPlugin(plugin);
        try {
          return { result: await call(), statements };
        } finally {
          ems.db = db;
        }
      }

      it('are stored under their parents in the order of the request, with the ids the reply gives, in a handful of statements', async () => {
        const b = await building('Bulk fixture', []);
        const sent = floors('Bulk');
        const { result: r, statements } = await countingStatements(() => write(admin, [{ modelLabel: 'building', id: b.id, children: sent }]));
        expect(r, r.msg).toMatchObject({ status: 200, code: 0 });
        // an INSERT per level and 500 rows, not one per node
        expect(statements).toBeLessThanOrEqual(20);
        const replied = r.data[0]?.children ?? [];
        expect(replied.map((f) => [f.name, f.parentId])).toEqual(sent.map((f) => [f.name, b.id]));
        expect(replied.flatMap((f) => (f.children ?? []).map((c) => [c.name, c.parentId, c.roomType]))).toEqual(
          sent.flatMap((f, i) => f.children.map((c) => [c.name, replied[i]?.id, c.roomType ?? null])),
        );
        expect(new Set(replied.flatMap((f) => [f.id, ...(f.children ?? []).map((c) => c.id)])).size).toBe(20 + 1960);

        const storedFloors = await under(admin, 'floor', { id: b.id, modelLabel: 'building' });
        expect(storedFloors.data.map((f) => [f.id, f.name])).toEqual(replied.map((f) => [f.id, f.name]));
        const rooms = await under(admin, 'room', { id: b.id, modelLabel: 'building' });
        expect(rooms.total).toBe(1960);
        for (const f of replied) {
          const stored = rooms.data.filter((n) => n.parentId === f.id);
          expect(stored.map((n) => [n.id, n.name, n.roomType])).toEqual((f.children ?? []).map((c) => [c.id, c.name, c.roomType]));
        }
      });

      it('1,980 changes, 1,960 moves, then 1,980 deletes, each in a handful of statements', async () => {
        const b = await building('Bulk changed', floors('Bulk changed'));
        const tree = b.children ?? [];
        const renamed = tree.map((f) => ({
          modelLabel: 'floor',
          id: f.id,
          name: `${String(f.name)} v2`,
          children: (f.children ?? []).map((c, i) => ({ modelLabel: 'room', id: c.id, name: `${String(c.name)} v2`, roomType: i % 2 === 0 ? 'warehouse' : null })),
        }));
        const changed = await countingStatements(() => write(admin, [{ modelLabel: 'building', id: b.id, children: renamed }]));
        expect(changed.result, changed.result.msg).toMatchObject({ status: 200, code: 0 });
        expect(changed.statements).toBeLessThanOrEqual(30);
        expect(changed.result.data[0]?.children?.[3]?.children?.[4]).toMatchObject({ id: tree[3]?.children?.[4]?.id, name: 'Bulk changed R3-4 v2', roomType: 'warehouse' });
        const rooms = await under(admin, 'room', { id: b.id, modelLabel: 'building' });
        expect(rooms.data.map((n) => [n.id, n.name, n.roomType]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual(
          renamed.flatMap((f) => f.children.map((c) => [c.id, c.name, c.roomType])).sort((x, y) => Number(x[0]) - Number(y[0])),
        );
        expect(names(await under(admin, 'floor', { id: b.id, modelLabel: 'building' }))).toEqual(renamed.map((f) => f.name));

        // every room to the first floor
        const [first] = tree;
        if (!first) throw new Error('fixture');
        const moving = tree.flatMap((f) => (f.children ?? []).map((c) => ({ modelLabel: 'room', id: c.id, moveFrom: { id: f.id, modelLabel: 'floor' } })));
        const moved = await countingStatements(() => write(admin, [{ modelLabel: 'floor', id: first.id, children: moving }]));
        expect(moved.result, moved.result.msg).toMatchObject({ status: 200, code: 0 });
        expect(moved.statements).toBeLessThanOrEqual(30);
        const onFirst = await under(admin, 'room', { id: first.id, modelLabel: 'floor' });
        expect(onFirst.total).toBe(1960);
        expect(onFirst.data.every((n) => n.parentId === first.id)).toBe(true);

        const before = await count();
        const gone = tree.flatMap((f) => [f, ...(f.children ?? [])]).map((n) => ({ modelLabel: n.modelLabel, id: n.id, delete_flag: true }));
        const deleted = await countingStatements(() => write(admin, gone));
        expect(deleted.result, deleted.result.msg).toMatchObject({ status: 200, code: 0 });
        expect(deleted.statements).toBeLessThanOrEqual(40);
        expect(await count()).toBe(before - 1980);
        expect((await under(admin, 'room', { id: b.id, modelLabel: 'building' })).total).toBe(0);
      });

      it('a change is seen by the items after it: a node named twice keeps the last name, a node moved is in its new subtree', async () => {
        const b = await building('Seen fixture', [
          { modelLabel: 'meter', name: 'M1', energyType: 2 },
          { modelLabel: 'meter', name: 'M2', energyType: 2 },
        ]);
        const [m1, m2] = b.children ?? [];
        if (!m1 || !m2) throw new Error('fixture');
        const twice = await write(admin, [
          { modelLabel: 'meter', id: m1.id, name: 'M1 first' },
          { modelLabel: 'meter', id: m1.id, name: 'M1 last', ratedKw: 3 },
        ]);
        expect(twice.data.map((n) => [n.name, n.ratedKw])).toEqual([
          ['M1 first', null],
          ['M1 last', 3],
        ]);
        expect((await query(admin, { rootLabel: 'meter', rootID: m1.id })).data[0]).toMatchObject({ name: 'M1 last', ratedKw: 3 });
        const home = { id: b.id, modelLabel: 'building' };
        // M2 under M1, then M1 under M2: M2 is in M1's subtree by then
        const cycle = await write(admin, [
          { modelLabel: 'meter', id: m1.id, children: [{ modelLabel: 'meter', id: m2.id, moveFrom: home }] },
          { modelLabel: 'meter', id: m2.id, children: [{ modelLabel: 'meter', id: m1.id, moveFrom: home }] },
        ]);
        expect(cycle).toMatchObject({ status: 400 });
        expect(cycle.msg).toContain('1.children.0.moveFrom');
        // a node under itself
        const self = await write(admin, [{ modelLabel: 'meter', id: m1.id, children: [{ modelLabel: 'meter', id: m1.id, moveFrom: home }] }]);
        expect(self).toMatchObject({ status: 400 });
        expect(self.msg).toContain('0.children.0.moveFrom');
        const meters = await under(admin, 'meter', home);
        expect(meters.data.map((n) => [n.id, n.parentId])).toEqual([
          [m1.id, b.id],
          [m2.id, b.id],
        ]);
      });

      it('more than HIERARCHY_MAX_ITEMS nodes in all, at any level: 400 naming the first item over, nothing written', async () => {
        const b = await building('Over the cap', []);
        const before = await count();
        // 1,981 under the building's item, then one floor of 20 more: the 2,001st item is the new floor's 19th room
        const over = [...floors('Over'), { modelLabel: 'floor', name: 'Over extra', children: Array.from({ length: 20 }, (_, r) => ({ modelLabel: 'room', name: `Over X${r}` })) }];
        const r = await write(admin, [{ modelLabel: 'building', id: b.id, children: over }]);
        expect(r).toMatchObject({ status: 400, code: 400 });
        expect(r.msg).toContain('0.children.20.children.18');
        expect(r.msg).toContain(String(HIERARCHY_MAX_ITEMS));
        expect(await count()).toBe(before);
      });

      it('one invalid node among them, found before or after the rows are inserted, writes nothing', async () => {
        const b = await building('Bulk refused', []);
        const before = await count();
        const badValue = floors('Bad value');
        Object.assign(badValue[15]?.children[50] ?? {}, { roomType: 'spaceship' });
        const r1 = await write(admin, [{ modelLabel: 'building', id: b.id, children: badValue }]);
        expect(r1).toMatchObject({ status: 400, code: 400 });
        expect(r1.msg).toContain('0.children.15.children.50.roomType');
        // a reference is checked once every row is in: the 1,980 rows are taken back
        const badRef = floors('Bad ref');
        badRef[18]?.children.splice(40, 1, { modelLabel: 'meter', name: 'Bad ref meter', energyType: 2, parentMeterId: 2_000_000_000 } as never);
        const r2 = await write(admin, [{ modelLabel: 'building', id: b.id, children: badRef }]);
        expect(r2).toMatchObject({ status: 400, code: 400 });
        expect(r2.msg).toContain('0.children.18.children.40.parentMeterId');
        expect(await count()).toBe(before);
        expect((await under(admin, 'floor', { id: b.id, modelLabel: 'building' })).data).toEqual([]);
      });
    });

    it('a validation error anywhere in the array writes nothing (all or nothing)', async () => {
      const count = async () =>
        Number(
          (await t.app.ems.db.selectFrom('node').select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirstOrThrow()).n,
        );
      const before = await count();
      const r = await write(admin, [
        { modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: 'Atomic A', children: [{ modelLabel: 'floor', name: 'AF' }] }] },
        { modelLabel: 'building', id: meterHome.id, name: 'Renamed fixture' },
        { modelLabel: 'project', id: 1, children: [{ modelLabel: 'transformer', name: 'Bad T', ratedKva: -5 }] },
      ]);
      expect(r).toMatchObject({ status: 400, code: 400 });
      expect(r.msg).toContain('2.children.0.ratedKva');
      expect(await count()).toBe(before);
      expect((await query(admin, { rootLabel: 'building', rootID: meterHome.id })).data[0]?.name).toBe('Meter fixture');
      const missing = await write(admin, [
        { modelLabel: 'meter', name: 'top level', projectId: 1, energyType: 2 },
        { modelLabel: 'meter', name: 'no type', projectId: 1 },
      ]);
      expect(missing).toMatchObject({ status: 400 });
      expect(missing.msg).toContain('1.energyType');
      expect(await count()).toBe(before);
    });

    it('a moved node needs moveFrom naming its old parent and cannot move under its own subtree', async () => {
      const b = await building('Move fixture', [{ modelLabel: 'floor', name: 'MF1', children: [{ modelLabel: 'room', name: 'MR' }] }, { modelLabel: 'floor', name: 'MF2' }]);
      const [f1, f2] = b.children ?? [];
      const room = f1?.children?.[0];
      if (!f1 || !f2 || !room) throw new Error('fixture');
      const noFrom = await write(admin, [{ modelLabel: 'floor', id: f2.id, children: [{ modelLabel: 'room', id: room.id }] }]);
      expect(noFrom.status).toBe(400);
      expect(noFrom.msg).toContain('0.children.0.moveFrom');
      const wrongFrom = await write(admin, [{ modelLabel: 'floor', id: f2.id, children: [{ modelLabel: 'room', id: room.id, moveFrom: { id: f2.id, modelLabel: 'floor' } }] }]);
      expect(wrongFrom.msg).toContain('moveFrom');
      const cycle = await write(admin, [{ modelLabel: 'floor', id: f1.id, children: [{ modelLabel: 'building', id: b.id, moveFrom: { id: 1, modelLabel: 'project' } }] }]);
      expect(cycle.status).toBe(400);
      const notAllowed = await write(admin, [{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'floor', id: f2.id, moveFrom: { id: b.id, modelLabel: 'building' } }] }]);
      expect(notAllowed.msg).toContain('floor is not allowed under project');
      const ok = await write(admin, [{ modelLabel: 'building', id: b.id, children: [{ modelLabel: 'room', id: room.id, moveFrom: { id: f1.id, modelLabel: 'floor' } }] }]);
      expect(ok).toMatchObject({ status: 200, code: 0 });
      expect(ok.data[0]?.children?.[0]).toMatchObject({ id: room.id, parentId: b.id, projectId: 1 });
      expect((await query(admin, { rootLabel: 'room', rootID: room.id })).data[0]?.parentId).toBe(b.id);
      const toProject = await write(admin, [{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'meter', id: meterIds['Delta gas'], moveFrom: { id: meterHome.id, modelLabel: 'building' } }] }]);
      expect(toProject.data[0]?.children?.[0]).toMatchObject({ parentId: null, projectId: 1 });
      const back = await write(admin, [{ modelLabel: 'building', id: meterHome.id, children: [{ modelLabel: 'meter', id: meterIds['Delta gas'], moveFrom: { id: 1, modelLabel: 'project' } }] }]);
      expect(back.data[0]?.children?.[0]).toMatchObject({ parentId: meterHome.id });
    });

    it('DELETE by idRange removes the nodes with their subtrees', async () => {
      const b = await building('Delete fixture', [{ modelLabel: 'floor', name: 'DF', children: [{ modelLabel: 'room', name: 'DR' }] }]);
      const f = b.children?.[0];
      const room = f?.children?.[0];
      if (!f || !room) throw new Error('fixture');
      expect(await remove(admin, 'building', [b.id], 'floor')).toMatchObject({ status: 400 });
      expect(await remove(admin, 'floor', [b.id])).toMatchObject({ status: 400 });
      expect(await remove(admin, 'building', [b.id, 999999])).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect((await query(admin, { rootLabel: 'room', rootID: room.id })).code).toBe(0);
      const r = await remove(admin, 'building', [b.id]);
      expect(r).toMatchObject({ status: 200, code: 0, total: 3 });
      expect([...r.data].sort((x, y) => x - y)).toEqual([b.id, f.id, room.id].sort((x, y) => x - y));
      for (const [label, id] of [['building', b.id], ['floor', f.id], ['room', room.id]] as const) {
        expect((await query(admin, { rootLabel: label, rootID: id })).status).toBe(404);
      }
    });

    it('model-meta describes every label, its attributes and allowed children in the request language', async () => {
      const en = await call<ModelInfo[]>('GET', MODEL_API.models, admin);
      expect(en.data.map((m) => m.label)).toEqual([...MODEL_LABELS]);
      const meter = en.data.find((m) => m.label === 'meter');
      expect(meter?.name).toBe('meter');
      expect(meter?.attrs.map((a) => a.name)).toEqual(['energyType', 'ctPt', 'registerMax', 'ratedKw', 'parentMeterId', 'lossTolerancePct', 'supply', 'accuracyClass', 'purpose']);
      const et = meter?.attrs.find((a) => a.name === 'energyType');
      expect(et).toMatchObject({ type: 'enum', required: true, label: 'energy type' });
      expect(et?.values?.map((v) => v.value)).toEqual(ENERGY_TYPE_VALUES.map((v) => v.value));
      expect(et?.values?.map((v) => v.value)).toEqual(expect.arrayContaining([ENERGY_TYPE.electricity, ENERGY_TYPE.water, ENERGY_TYPE.gas, ENERGY_TYPE.steam, ENERGY_TYPE.cooling, ENERGY_TYPE.compressedAir]));
      expect(meter?.attrs.find((a) => a.name === 'ctPt')).toMatchObject({ type: 'number', default: 1 });
      expect(meter?.attrs.find((a) => a.name === 'parentMeterId')).toMatchObject({ type: 'ref', refLabel: 'meter' });
      const zh = await call<ModelInfo>('GET', `${MODEL_API.modelByLabel}/transformer`, { ...admin, 'accept-language': 'zh-CN' });
      expect(zh.data).toMatchObject({ label: 'transformer', name: '变压器', children: ['generatrix', 'cabinet', 'meter'] });
      expect(zh.data.attrs.find((a) => a.name === 'ratedKva')).toMatchObject({ label: '额定容量', unit: 'kVA', required: true });
      expect(await call('GET', `${MODEL_API.modelByLabel}/nosuch`, admin)).toMatchObject({ status: 404, code: 404 });
      expect((await call('GET', MODEL_API.models, {})).status).toBe(401);
    });

    it('modelNodes lists the projects and nodes the caller may see', async () => {
      const r = await call<{ modelLabel: string; id: number }[]>('GET', MODEL_API.modelNodes, plant);
      expect(r.data[0]).toEqual({ modelLabel: 'project', id: 1 });
      expect(r.data.some((n) => n.modelLabel === 'project' && n.id === 2)).toBe(false);
      const seen = new Set(r.data.filter((n) => n.modelLabel !== 'project').map((n) => n.id));
      const project2 = await query(admin, { rootLabel: 'building', rootID: -1, rootCondition: { filter: { expressions: [{ prop: 'projectId', operator: 'EQ', limit: 2 }] } } });
      expect(project2.data.length).toBe(2);
      for (const n of project2.data) expect(seen.has(n.id)).toBe(false);
      expect(seen.has(meterHome.id)).toBe(true);
    });

    describe('tenancy', () => {
      let p2Building: ModelNode;
      beforeAll(async () => {
        const role = await t.app.ems.db.selectFrom('role').select('id').where('name', '=', '厂站运维').executeTakeFirstOrThrow();
        const perms = ['device_create', 'device_update', 'device_delete'].map((n) => permissionId(n) as number);
        await t.app.ems.db.insertInto('role_permission').values(perms.map((permission_id) => ({ role_id: role.id, permission_id }))).execute();
        const r = await query(admin, { rootLabel: 'building', rootID: -1, rootCondition: { treeNode: { id: 2, modelLabel: 'project' } } });
        const first = r.data[0];
        if (!first) throw new Error('no project 2 building');
        p2Building = first;
      });

      it('fw_plant queries only project 1: another project’s ids and tree nodes are 404 no operation permission, the session stays', async () => {
        const all = await query(plant, { rootLabel: 'building', rootID: -1 });
        expect(new Set(all.data.map((n) => n.projectId))).toEqual(new Set([1]));
        expect(await query(plant, { rootLabel: 'building', rootID: p2Building.id })).toMatchObject({ status: 404, code: 404, msg: 'no operation permission' });
        expect(await query(plant, { rootLabel: 'floor', rootCondition: { treeNode: { id: p2Building.id, modelLabel: 'building' } } })).toMatchObject({ status: 404 });
        expect(await query(plant, { rootLabel: 'building', rootCondition: { treeNode: { id: 2, modelLabel: 'project' } } })).toMatchObject({ status: 404 });
        expect(await query(plant, { rootLabel: 'project', rootID: 2 })).toMatchObject({ status: 404 });
        expect(await query({ ...plant, projectid: '2' }, { rootLabel: 'building' })).toMatchObject({ status: 404 });
        expect((await query(plant, { rootLabel: 'building' })).code).toBe(0);
      });

      it('fw_plant cannot write or delete project 2’s nodes: 404 and nothing changes', async () => {
        const snapshot = async () => JSON.stringify((await query(admin, { rootLabel: 'building', rootCondition: { treeNode: { id: 2, modelLabel: 'project' } } })).data);
        const before = await snapshot();
        const attempts: object[][] = [
          [{ modelLabel: 'building', id: p2Building.id, name: 'hacked' }],
          [{ modelLabel: 'project', id: 2, children: [{ modelLabel: 'building', name: 'intruder' }] }],
          [{ modelLabel: 'building', name: 'intruder', projectId: 2 }],
          [{ modelLabel: 'building', id: p2Building.id, delete_flag: true }],
          [{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', id: p2Building.id, moveFrom: { id: 2, modelLabel: 'project' } }] }],
          [{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: 'mine' }] }, { modelLabel: 'building', id: p2Building.id, name: 'hacked' }],
        ];
        for (const items of attempts) {
          expect(await write(plant, items), JSON.stringify(items)).toMatchObject({ status: 404, code: 404, msg: 'no operation permission' });
        }
        expect(await remove(plant, 'building', [p2Building.id])).toMatchObject({ status: 404, msg: 'no operation permission' });
        expect(await snapshot()).toBe(before);
        expect((await query(plant, { rootLabel: 'building', rootCondition: { filter: { expressions: [{ prop: 'name', operator: 'EQ', limit: 'mine' }] } } })).total).toBe(0);
        const own = await write(plant, [{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: 'plant own' }] }]);
        expect(own).toMatchObject({ status: 200, code: 0 });
      });

      it('writes need device_create, device_update or device_delete: else 404 no operation permission', async () => {
        const create = await write(cloud, [{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: 'no right' }] }]);
        expect(create).toMatchObject({ status: 404, msg: 'no operation permission' });
        expect(await write(cloud, [{ modelLabel: 'building', id: meterHome.id, name: 'no right' }])).toMatchObject({ status: 404 });
        expect(await remove(cloud, 'building', [meterHome.id])).toMatchObject({ status: 404, msg: 'no operation permission' });
        expect((await query(cloud, { rootLabel: 'building', rootID: meterHome.id })).data[0]?.name).toBe('Meter fixture');
      });
    });

    describe('bad input is 400 naming the field', () => {
      const queries: [object, string[]][] = [
        [{ rootLabel: 'nosuch' }, ['rootLabel', 'nosuch']],
        [{ rootLabel: 'meter', rootCondition: { filter: { expressions: [{ prop: 'colour', operator: 'EQ', limit: 1 }] } } }, ['rootCondition.filter.expressions.0.prop', 'colour']],
        [{ rootLabel: 'meter', rootCondition: { filter: { expressions: [{ prop: 'name', operator: 'SOUNDEX', limit: 'a' }] } } }, ['operator', 'SOUNDEX']],
        [{ rootLabel: 'meter', rootCondition: { filter: { expressions: [{ prop: 'ratedKw', operator: 'IN', limit: 3 }] } } }, ['expressions.0.limit']],
        [{ rootLabel: 'meter', rootCondition: { filter: { expressions: [{ prop: 'ratedKw', operator: 'BETWEEN', limit: [1, 2, 3] }] } } }, ['expressions.0.limit']],
        [{ rootLabel: 'meter', rootCondition: { filter: { expressions: [{ prop: 'ratedKw', operator: 'GT', limit: 'lots' }] } } }, ['expressions.0.limit']],
        [{ rootLabel: 'meter', rootCondition: { filter: { expressions: [{ prop: 'ratedKw', operator: 'LIKE', limit: '1' }] } } }, ['operator', 'LIKE']],
        [{ rootLabel: 'meter', rootCondition: { orders: [{ orderType: 'asc', priority: 1, propertyLabel: 'height' }] } }, ['orders.0.propertyLabel', 'height']],
        [{ rootLabel: 'meter', rootCondition: { props: ['name', 'weight'] } }, ['props.1', 'weight']],
        [{ rootLabel: 'meter', rootCondition: { page: { index: -1, limit: 10 } } }, ['page.index']],
        [{ rootLabel: 'building', treeReturnEnable: true, subLayerConditions: [{ modelLabel: 'spaceship' }] }, ['subLayerConditions.0.modelLabel', 'spaceship']],
        [{ rootLabel: 'building', treeReturnEnable: true, subLayerConditions: [{ modelLabel: 'floor', props: ['nope'] }] }, ['subLayerConditions.0.props.0', 'nope']],
      ];
      for (const [body, words] of queries) {
        it(`query ${JSON.stringify(body).slice(0, 110)}`, async () => {
          const r = await query(admin, body);
          expect(r, r.msg).toMatchObject({ status: 400, code: 400 });
          for (const w of words) expect(r.msg).toContain(w);
        });
      }

      const writes: [object[], string][] = [
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: 'Bad<name>' }] }], '0.children.0.name'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: 'x'.repeat(51) }] }], '0.children.0.name'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building' }] }], '0.children.0.name'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: 'ok', colour: 'red' }] }], '0.children.0.colour'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'building', name: 'ok', floorCount: 2.5 }] }], '0.children.0.floorCount'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'meter', name: 'ok', energyType: 99 }] }], '0.children.0.energyType'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'meter', name: 'ok', energyType: 2, ctPt: 0 }] }], '0.children.0.ctPt'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'meter', name: 'ok', energyType: 2, parentMeterId: 999999 }] }], '0.children.0.parentMeterId'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'aircompressor', name: 'ok', speedControl: 'turbo' }] }], '0.children.0.speedControl'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'camera', name: 'cam', streamUrl: 'not a url' }] }], '0.children.0.streamUrl'],
        [[{ modelLabel: 'project', id: 1, children: [{ modelLabel: 'envsensor', name: 's', children: [{ modelLabel: 'floor', name: 'f' }] }] }], '0.children.0.children.0.modelLabel'],
        [[{ modelLabel: 'spaceship', name: 'x', projectId: 1 }], '0.modelLabel'],
        [[{ modelLabel: 'building', name: 'orphan' }], '0.projectId'],
        [[{ modelLabel: 'project', children: [] }], '0.id'],
        [[{ modelLabel: 'building', id: null, delete_flag: true }], '0.id'],
      ];
      for (const [items, field] of writes) {
        it(`write names ${field}: ${JSON.stringify(items).slice(0, 90)}`, async () => {
          const r = await write(admin, items);
          expect(r, r.msg).toMatchObject({ status: 400, code: 400 });
          expect(r.msg).toContain(field);
        });
      }

      it('a ref must name a node of its label in the same project', async () => {
        const parent = meterIds['Alpha pump meter'] as number;
        const ok = await write(admin, [{ modelLabel: 'meter', id: meterIds['Beta line'], parentMeterId: parent }]);
        expect(ok).toMatchObject({ status: 200, code: 0 });
        expect(ok.data[0]).toMatchObject({ parentMeterId: parent });
        const notMeter = await write(admin, [{ modelLabel: 'meter', id: meterIds['Beta line'], parentMeterId: meterHome.id }]);
        expect(notMeter.msg).toContain('0.parentMeterId');
        const self = await write(admin, [{ modelLabel: 'meter', id: parent, parentMeterId: parent }]);
        expect(self.status).toBe(400);
        const back = await write(admin, [{ modelLabel: 'meter', id: meterIds['Beta line'], parentMeterId: null }]);
        expect(back.data[0]).toMatchObject({ parentMeterId: null });
      });

      it('messages follow Accept-Language', async () => {
        const r = await query({ ...admin, 'accept-language': 'zh-CN' }, { rootLabel: 'nosuch' });
        expect(r.msg).toContain('参数 rootLabel 不合法');
      });
    });

    it('random filters never crash and return exactly the nodes satisfying the filter', async () => {
      const all = (await meters([])).data;
      expect(all.length).toBe(6);
      const num = fc.oneof(fc.constantFrom(0, 5.5, 10, 20, 30, 2, 3, 15, 45, 200, 1), fc.double({ min: -100, max: 300, noNaN: true }));
      const str = fc.oneof(fc.constantFrom('Alpha pump meter', 'alpha', 'a', 'Gamma_water', '_', '%', 'M-A', 'M-E', '空压', ''), fc.string({ maxLength: 6 }));
      const props: [string, 'number' | 'string'][] = [
        ['ratedKw', 'number'],
        ['energyType', 'number'],
        ['ctPt', 'number'],
        ['registerMax', 'number'],
        ['name', 'string'],
        ['code', 'string'],
      ];
      const expr = fc
        .tuple(fc.constantFrom(...props), fc.constantFrom('EQ', 'NE', 'GT', 'GE', 'LT', 'LE', 'IN', 'LIKE', 'BETWEEN'), fc.boolean())
        .chain(([[prop, type], operator, nullish]) => {
          const v: fc.Arbitrary<unknown> = type === 'number' ? num : str;
          const limit: fc.Arbitrary<unknown> =
            operator === 'IN' ? fc.array(v, { minLength: 1, maxLength: 4 }) : operator === 'BETWEEN' ? fc.tuple(v, v) : (operator === 'EQ' || operator === 'NE') && nullish ? fc.constant(null) : v;
          return limit.map((l) => ({ prop, operator, limit: l, type }));
        });
      const cmp = (a: unknown, b: unknown) => ((a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0);
      const holds = (n: ModelNode, e: { prop: string; operator: string; limit: unknown; type: string }): boolean => {
        const raw = n[e.prop];
        const v = typeof raw === e.type ? raw : null;
        if (e.limit === null) return e.operator === 'NE' ? v !== null : v === null;
        if (v === null) return false;
        const l = e.limit;
        switch (e.operator) {
          case 'EQ':
            return v === l;
          case 'NE':
            return v !== l;
          case 'GT':
            return cmp(v, l) > 0;
          case 'GE':
            return cmp(v, l) >= 0;
          case 'LT':
            return cmp(v, l) < 0;
          case 'LE':
            return cmp(v, l) <= 0;
          case 'IN':
            return (l as unknown[]).includes(v);
          case 'BETWEEN':
            return cmp(v, (l as unknown[])[0]) >= 0 && cmp(v, (l as unknown[])[1]) <= 0;
          default:
            return String(v).toLowerCase().includes(String(l).toLowerCase());
        }
      };
      await fc.assert(
        fc.asyncProperty(fc.array(expr, { minLength: 1, maxLength: 3 }), async (exprs) => {
          const r = await meters(exprs.map(({ prop, operator, limit }) => ({ prop, operator, limit })));
          expect([200, 400]).toContain(r.status);
          if (r.status === 400) {
            // only LIKE on a number property is refused
            expect(exprs.some((e) => e.operator === 'LIKE' && e.type === 'number')).toBe(true);
            return;
          }
          for (const n of r.data) for (const e of exprs) expect(holds(n, e), `${JSON.stringify(e)} on ${JSON.stringify(n)}`).toBe(true);
          const expected = all.filter((n) => exprs.every((e) => holds(n, e))).map((n) => n.id);
          expect(ids(r).sort()).toEqual(expected.sort());
          expect(r.total).toBe(expected.length);
        }),
        { numRuns: 80 },
      );
    });
  });
}
