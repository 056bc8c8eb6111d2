import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_API, DASHBOARD_API, ENERGY_COUNTER_DATA_ID, type ConsumptionAnalysis, type ProjectDashboard } from '@ems/contract';
import { STORES, json, loginAs, startSimulated, type TestApp, type TestStore } from '../../test/helpers.js';
import { DEMO_PLANTS, walk, type SimMeter } from '../seed/demo-plant.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai (as the other demo-plant tests). */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const JULY = { from: Date.UTC(2026, 6, 1) - 8 * 3_600_000, to: Date.UTC(2026, 7, 1) - 8 * 3_600_000 };

/**
 * The supply meters of each energy type of the demo plants: the meters the whole medium passes
 * through first (issue 11, defect 3: the four compressors' output meters were added to the air header).
 */
const SUPPLY: Record<number, Record<number, string[]>> = {
  1: { 2: ['E-HV'], 3: ['W-MAIN'], 15: ['G-MAIN'], 16: ['S-MAIN'], 18: ['C-CHP'], 45: ['A-MAIN'] },
  2: { 2: ['E2-HV'], 3: ['W2-MAIN'], 15: ['G2-REST'], 18: ['C2-CHP'] },
};

/**
 * For every energy type of both demo projects, seeded 3 days: the month's total on the project home
 * and in /energyConsumption is the total of the supply meters (read straight from the day rollups),
 * both count the same meters, and they agree with each other.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`project totals are the supply meters' totals; the children's shares add up to them (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let headers: Record<string, string>;

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 3, instantDays: 1 }));
      headers = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
    }, 300_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the supply lists are the demo model\'s meters without a parent meter, output meters left out', () => {
      DEMO_PLANTS.forEach(({ nodes }, i) => {
        const tops: Record<number, string[]> = {};
        walk(nodes, (n) => {
          const s = n.sim as SimMeter | undefined;
          if (s?.kind !== 'meter' || s.energyType === 0 || s.parent !== undefined || n.attrs?.purpose === 'output') return;
          (tops[s.energyType] ??= []).push(n.code ?? '');
        });
        expect(tops).toEqual(SUPPLY[i + 1]);
      });
    });

    it.each([1, 2])('project %i: home and analysis month totals = Σ of the supply meters, for every energy type', async (projectId) => {
      const dash = json<ProjectDashboard>(await t.app.inject({ method: 'GET', url: `${DASHBOARD_API.project}/${projectId}`, headers })).data;
      const expected = SUPPLY[projectId] as Record<number, string[]>;
      expect(dash.energy.map((e) => e.energyType).sort((a, b) => a - b)).toEqual(Object.keys(expected).map(Number));
      for (const [type, codes] of Object.entries(expected)) {
        const energyType = Number(type);
        const rows = await t.app.ems.db
          .selectFrom('rollup_day')
          .innerJoin('node', 'node.id', 'rollup_day.device_id')
          .select((eb) => eb.fn.sum<number>('rollup_day.value').as('v'))
          .where('node.project_id', '=', projectId)
          .where('node.code', 'in', codes)
          .where('rollup_day.data_id', '=', ENERGY_COUNTER_DATA_ID[energyType] as number)
          .where('rollup_day.bucket_start', '>=', JULY.from)
          .where('rollup_day.bucket_start', '<', JULY.to)
          .executeTakeFirstOrThrow();
        const supplyTotal = Number(rows.v);
        expect(supplyTotal, `${projectId}/${type}`).toBeGreaterThan(0);
        const home = dash.energy.find((e) => e.energyType === energyType);
        expect(home?.meterCount, `${projectId}/${type} home meters`).toBe(codes.length);
        expect(home?.month.value, `${projectId}/${type} home`).toBeCloseTo(supplyTotal, 6);
        const analysis = json<ConsumptionAnalysis>(
          await t.app.inject({
            method: 'POST',
            url: ANALYSIS_API.consumption,
            headers,
            payload: { nodeId: projectId, modelLabel: 'project', energyType, startTime: JULY.from, endTime: JULY.to - 1, dateType: 3, ranking: false },
          }),
        ).data;
        expect(analysis.meterCount, `${projectId}/${type} analysis meters`).toBe(codes.length);
        expect(analysis.kpi.total, `${projectId}/${type} analysis`).toBeCloseTo(supplyTotal, 6);
        expect(analysis.kpi.total).toBeCloseTo(home?.month.value ?? NaN, 6);
      }
    });

    const analyse = async (projectId: number, energyType: number, node: { nodeId: number; modelLabel: string } = { nodeId: projectId, modelLabel: 'project' }) =>
      json<ConsumptionAnalysis>(
        await t.app.inject({ method: 'POST', url: ANALYSIS_API.consumption, headers, payload: { ...node, energyType, startTime: JULY.from, endTime: JULY.to - 1, dateType: 3 } }),
      ).data;

    it('the factory\'s electricity ranking (issue 11, defect 4 and review): the buildings with their own consumption, the switch room only its losses, shares adding up to 100 %', async () => {
      const a = await analyse(1, 2);
      const byName = new Map(a.children.map((c) => [c.name, c]));
      expect([...byName.keys()].sort()).toEqual(['10kV配电室', '1#厂房', '2#仓库', '动力中心'].sort());
      // every building holds its meters now (they sat under 10kV配电室's feeders: 无计量表, the switch room 67.8 %)
      for (const name of ['1#厂房', '2#仓库', '动力中心']) {
        expect(byName.get(name)?.value, name).toBeGreaterThan(0);
        expect(byName.get(name)?.meterCount, name).toBeGreaterThan(0);
      }
      const shares = a.children.map((c) => c.sharePct ?? 0);
      for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
      expect(shares.reduce((x, y) => x + y, 0) + (a.unassigned?.sharePct ?? 0)).toBeCloseTo(100, 6);
      // 1#厂房 (the workshops, office, AHUs) is the largest; 10kV配电室 keeps the losses of E-HV, E-T1 and E-T2 (2.6–3.4 % each)
      expect(byName.get('1#厂房')?.sharePct).toBeGreaterThan(40);
      expect(byName.get('10kV配电室')?.sharePct).toBeGreaterThan(2);
      expect(byName.get('10kV配电室')?.sharePct).toBeLessThan(8);
      expect(byName.get('1#厂房')?.sharePct).toBeGreaterThan(byName.get('10kV配电室')?.sharePct ?? Infinity);
    });

    it('the factory\'s output rooms (生产车间A/B, 装配车间): their own consumption of every medium they use, per piece of their output', async () => {
      const b1 = (await t.app.ems.db.selectFrom('node').select('id').where('project_id', '=', 1).where('code', '=', 'P1-B1').executeTakeFirstOrThrow()).id;
      const floors = await t.app.ems.db.selectFrom('node').select(['id', 'code']).where('project_id', '=', 1).where('code', 'in', ['P1-B1-1F', 'P1-B1-2F']).execute();
      for (const energyType of [2, 45]) {
        const building = await analyse(1, energyType, { nodeId: Number(b1), modelLabel: 'building' });
        expect(building.kpi.total, `${energyType}`).toBeGreaterThan(0);
        for (const f of floors) {
          const floor = await analyse(1, energyType, { nodeId: Number(f.id), modelLabel: 'floor' });
          for (const room of floor.children.filter((c) => c.output !== null && c.output !== undefined)) {
            const where = `${energyType} ${room.name}`;
            expect(room.value, where).toBeGreaterThan(0);
            expect(room.output, where).toBeGreaterThan(0);
            expect(room.intensityPerOutput, where).toBeCloseTo((room.value ?? NaN) / (room.output ?? NaN), 9);
          }
        }
      }
      const f1 = await analyse(1, 2, { nodeId: Number(floors.find((f) => f.code === 'P1-B1-1F')?.id), modelLabel: 'floor' });
      // the two workshops, and the floor's lighting metered at the floor (a child holding its meter)
      expect(f1.children.map((c) => c.name).sort()).toEqual(['1#厂房1F照明', '生产车间A', '生产车间B']);
      expect(f1.children.every((c) => (c.value ?? 0) > 0)).toBe(true);
    });

    it.each([1, 2])('project %i: for every energy type and every node with children, the children\'s shares and the unassigned part add up to the total', async (projectId) => {
      const nodes = await t.app.ems.db.selectFrom('node').select(['id', 'model_label']).where('project_id', '=', projectId).where('model_label', 'in', ['building', 'floor', 'room', 'distributionroom']).execute();
      for (const energyType of Object.keys(SUPPLY[projectId] as object).map(Number)) {
        for (const node of [{ nodeId: projectId, modelLabel: 'project' }, ...nodes.map((n) => ({ nodeId: Number(n.id), modelLabel: n.model_label }))]) {
          const a = await analyse(projectId, energyType, node);
          if (a.kpi.total === null || a.kpi.total === 0) continue;
          const parts = [...a.children.map((c) => c.sharePct ?? 0), a.unassigned?.sharePct ?? 0];
          const where = `${projectId}/${energyType}/${node.modelLabel}:${node.nodeId}`;
          for (const p of parts) expect(p, where).toBeGreaterThan(-0.5);
          expect(parts.reduce((x, y) => x + y, 0), where).toBeCloseTo(100, 6);
        }
      }
    });
  });
}
