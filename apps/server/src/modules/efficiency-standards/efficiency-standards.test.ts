import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, EFFICIENCY_STANDARDS_API, PERMISSIONS, POWER_API, type EfficiencyStandard, type EfficiencyStandardSummary, type ProjectInfo, type TransformerFleet } from '@ems/contract';
import { DEFAULT_STANDARDS, type ChillerGradeRow, type GradeRow } from '@ems/domain';
import { md5hex } from '../../lib/hash.js';
import { seedRepository } from '../seed/repository.js';
import { DEMO, STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { currentStandard, onStandardChanged } from './service.js';

type Headers = Record<string, string>;
/** Asia/Shanghai wall-clock time → ms */
const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h - 8);
const NOW = at(2025, 3, 10, 14);
const RANGE = { startTime: at(2025, 3, 1), endTime: at(2025, 3, 3) - 1 };
const url = (kind: string) => EFFICIENCY_STANDARDS_API.one.replace(':kind', kind);
const resetUrl = (kind: string) => EFFICIENCY_STANDARDS_API.reset.replace(':kind', kind);

const chiller = DEFAULT_STANDARDS.chiller;
const body = (rows: readonly unknown[], o: Partial<{ code: string; effectiveDate: string }> = {}) => ({
  code: o.code ?? chiller.code,
  title: chiller.title,
  effectiveDate: o.effectiveDate ?? chiller.effectiveDate,
  note: chiller.note,
  rows,
});
/** the demo chillers' band (528 < CC ≤ 1163 kW) is row index 2 (the 3rd row) */
const withRow2 = (patch: Partial<ChillerGradeRow>) => chiller.rows.map((r, i) => (i === 2 ? { ...r, ...patch } : r));

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`efficiency standards (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let root: Headers;
    let pfAdmin: Headers;
    let fwCloud: Headers;
    let fwPlant: Headers;
    let tenant2: Headers;
    let projectId: number;
    let transformerId: number;

    const call = <T>(method: 'GET' | 'PUT' | 'POST', u: string, headers: Headers, payload?: unknown) =>
      t.app.inject({ method, url: u, headers, ...(payload !== undefined ? { payload: payload as object } : {}) }).then((r) => json<T>(r));
    const zh = (h: Headers) => ({ ...h, 'accept-language': 'zh-CN' });

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
      store.clock.now = NOW;
      t = await startApp(store);
      const en = async (name: string, pw?: string) => ({ ...(await loginAs(t.app, store.clock, name, pw)).headers, 'accept-language': 'en-US' });
      root = await en('ROOT', 'Root@12345');
      pfAdmin = await en('pf_admin');
      fwCloud = await en('fw_cloud');
      fwPlant = await en('fw_plant');
      tenant2 = await addUser(2, 't2_std', PERMISSIONS.map((p) => p.id));
      // a project with one transformer: 1000 kVA dry, class F, steel core, P0 1.0 kW, Pk 8.0 kW, and its LV main
      const created = json<ProjectInfo>(await t.app.inject({ method: 'POST', url: API.projects, headers: pfAdmin, payload: { name: 'Grades', capacityKva: 1000, timezone: 'Asia/Shanghai' } }));
      projectId = created.data.projectId;
      pfAdmin = await en('pf_admin');
      const node = async (parent: number | null, label: string, name: string, attrs: Record<string, unknown>) =>
        Number(
          (
            await t.app.ems.db
              .insertInto('node')
              .values({ project_id: projectId, parent_id: parent, model_label: label, name, code: name, attrs: JSON.stringify(attrs), sort: 0 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const room = await node(null, 'distributionroom', 'DR', {});
      transformerId = await node(room, 'transformer', 'T1', { ratedKva: 1000, p0Kw: 1, pkKw: 8, i0Pct: 1, ukPct: 6, insulation: 'dry', secondaryVoltageKv: 0.4 });
      await node(transformerId, 'meter', 'LV1', { energyType: 2 });
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('any signed-in user reads the four published editions: code, effective date, rows', async () => {
      const list = await call<EfficiencyStandardSummary[]>('GET', EFFICIENCY_STANDARDS_API.list, fwPlant);
      expect(list.status).toBe(200);
      expect(list.data.map((s) => [s.kind, s.code, s.effectiveDate, s.edited, s.rowCount])).toEqual([
        ['transformer', 'GB 20052-2024', '2025-02-01', false, DEFAULT_STANDARDS.transformer.rows.length],
        ['chiller', 'GB 19577-2024', '2025-02-01', false, 5],
        ['compressor', 'GB 19153-2019', '2020-07-01', false, 498],
        ['boiler', 'GB 24500-2020', '2021-06-01', false, DEFAULT_STANDARDS.boiler.rows.length],
      ]);
      const one = await call<EfficiencyStandard>('GET', url('chiller'), fwCloud);
      expect(one.data.rows).toEqual(JSON.parse(JSON.stringify(chiller.rows)));
      expect(one.data).toMatchObject({ title: '热泵和冷水机组能效限定值及能效等级', updatedBy: null, updateTime: null });
      expect((await call('GET', url('pump'), fwCloud)).status).toBe(400);
    });

    it('ROOT edits a row: stored, read back, in force for the services, the listeners told, audited', async () => {
      const told: string[] = [];
      const off = onStandardChanged(t.app.ems, (k) => told.push(k));
      const r = await call<EfficiencyStandard>('PUT', url('chiller'), root, body(withRow2({ cop: [6.3, 6.0, 5.5] }), { code: 'GB 19577-2024 (site)' }));
      off();
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ code: 'GB 19577-2024 (site)', edited: true, updatedBy: 'ROOT', updateTime: NOW, defaultCode: 'GB 19577-2024' });
      expect(r.data.rows[2]).toMatchObject({ cop: [6.3, 6.0, 5.5] });
      expect(told).toEqual(['chiller']);
      expect((await currentStandard(t.app.ems, 'chiller')).rows[2]?.cop).toEqual([6.3, 6.0, 5.5]);
      const read = await call<EfficiencyStandard>('GET', url('chiller'), fwPlant);
      expect(read.data.rows[2]).toMatchObject({ cop: [6.3, 6.0, 5.5] });
      const audit = await t.app.ems.db.selectFrom('audit_log').selectAll().where('target_type', '=', 'efficiencyStandard').execute();
      expect(audit.map((a) => [a.kind, a.action, a.target_name, a.user_name])).toEqual([['config', 'update', 'chiller GB 19577-2024 (site)', 'ROOT']]);
      expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({ changes: [{ row: 3, before: { cop: [6.2, 6.0, 5.4] }, after: { cop: [6.3, 6.0, 5.5] } }] });
    });

    it('refuses a grade-1 COP worse than grade 2, naming the row and field in the request language; nothing changes', async () => {
      const bad = body(withRow2({ cop: [5.9, 6.0, 5.4] }));
      const en = await call('PUT', url('chiller'), root, bad);
      expect(en.status).toBe(400);
      expect(en.code).not.toBe(0);
      expect(en.msg).toContain('rows[2].cop');
      expect(en.msg).toContain('row 3 (water-cooled 528–1163 kW), COP: grade 1 must be at least as good as grade 2');
      const cn = await call('PUT', url('chiller'), zh(root), bad);
      expect(cn.msg).toContain('第 3 行（水冷 528–1163 kW）的COP：1 级须不劣于 2 级');
      expect((await currentStandard(t.app.ems, 'chiller')).rows[2]?.cop).toEqual([6.3, 6.0, 5.5]);
    });

    it('refuses overlapping and unsorted bands, a negative limit, a wrong field and a bad date, naming them', async () => {
      const overlap = await call('PUT', url('chiller'), root, body(chiller.rows.map((r, i) => (i === 1 ? { ...r, upToKw: 600 } : r))));
      expect(overlap.status).toBe(400);
      expect(overlap.msg).toContain('row 3 (water-cooled 528–1163 kW) overlaps row 2 (water-cooled 300–600 kW)');
      const unsorted = await call('PUT', url('chiller'), zh(root), body([chiller.rows[1], chiller.rows[0], ...chiller.rows.slice(2)]));
      expect(unsorted.msg).toContain('第 2 行（水冷 ≤ 300 kW）须排在第 1 行（水冷 300–528 kW）之前');
      const negative = await call('PUT', url('chiller'), root, body(withRow2({ iplv: [8.1, -7.5, 6.2] })));
      expect(negative.status).toBe(400);
      expect(negative.msg).toContain('rows[2].iplv[1]');
      expect(negative.msg).toContain('row 3: IPLV, grade 2 is missing or not an allowed value');
      const extra = await call('PUT', url('chiller'), root, body(withRow2({ colour: 'red' } as never)));
      expect(extra.status).toBe(400);
      expect(extra.msg).toContain('rows[2]');
      const date = await call('PUT', url('chiller'), root, body(chiller.rows, { effectiveDate: '2025-13-01' }));
      expect(date.status).toBe(400);
      expect(date.msg).toContain('effectiveDate');
      expect((await call<EfficiencyStandard>('GET', url('chiller'), root)).data.code).toBe('GB 19577-2024 (site)');
    });

    it('only the platform operator holding efficiencystandard_update edits or resets: fw_cloud and a second tenant administrator are refused', async () => {
      for (const h of [fwCloud, fwPlant, tenant2]) {
        const put = await call('PUT', url('boiler'), h, { ...body(DEFAULT_STANDARDS.boiler.rows), code: 'x' });
        expect(put.status).toBe(404);
        expect(put.msg).toBe('no operation permission');
        expect((await call('POST', resetUrl('chiller'), h)).status).toBe(404);
      }
      expect((await call<EfficiencyStandard>('GET', url('chiller'), tenant2)).data.edited).toBe(true);
      const boiler = DEFAULT_STANDARDS.boiler;
      const ok = await call<EfficiencyStandard>('PUT', url('boiler'), pfAdmin, { code: boiler.code, title: boiler.title, effectiveDate: boiler.effectiveDate, note: boiler.note, rows: boiler.rows });
      expect(ok.status).toBe(200);
      expect(ok.data.updatedBy).toBe('pf_admin');
    });

    it('reset brings back the published edition and is audited', async () => {
      const r = await call<EfficiencyStandard>('POST', resetUrl('chiller'), root);
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ code: 'GB 19577-2024', edited: false, updatedBy: null });
      expect(r.data.rows).toEqual(JSON.parse(JSON.stringify(chiller.rows)));
      expect(await currentStandard(t.app.ems, 'chiller')).toBe(DEFAULT_STANDARDS.chiller);
      const audit = await t.app.ems.db.selectFrom('audit_log').select(['action', 'target_name']).where('target_type', '=', 'efficiencyStandard').orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['update', 'update', 'reset']);
    });

    it('an edited transformer row regrades the fleet (grade 3 → below, with the below-grade suggestion); reset → grade 3 again', async () => {
      const fleet = () => call<TransformerFleet>('POST', POWER_API.fleet, pfAdmin, { projectId, ...RANGE }).then((r) => r.data.rows.find((x) => x.id === transformerId));
      // GB 20052-2024 表2, 1000 kVA dry, steel, class F: grade 3 P0 1.415 / Pk 8.13 kW; the unit's Pk 8.0 meets only grade 3
      expect((await fleet())?.grade).toBe(3);
      const rows = DEFAULT_STANDARDS.transformer.rows.map((r): GradeRow =>
        r.insulation === 'dry' && r.ratedKva === 1000 && r.core === 'steel' && r.insulationClass === 'F' ? { ...r, limits: [r.limits[0], r.limits[1], { p0Kw: 1.415, pkKw: 7.9 }] } : r,
      );
      const t0 = DEFAULT_STANDARDS.transformer;
      const put = await call('PUT', url('transformer'), root, { code: t0.code, title: t0.title, effectiveDate: t0.effectiveDate, note: t0.note, rows });
      expect(put.status).toBe(200);
      const edited = await fleet();
      expect(edited?.grade).toBe('below');
      expect(edited?.suggestions.map((s) => s.kind)).toContain('belowGrade');
      expect((await call('POST', resetUrl('transformer'), root)).status).toBe(200);
      expect((await fleet())?.grade).toBe(3);
    });
  });
}
