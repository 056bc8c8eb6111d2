import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_API, REPORT_API, type ConsumptionAnalysis, type Report } from '@ems/contract';
import { STORES, json, loginAs, startSimulated, type TestApp, type TestStore } from '../../test/helpers.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai (as the flow and balance tests). */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const DAY_START = Date.UTC(2026, 6, 14) - 8 * 3_600_000;

/**
 * The reports of the simulated demo factory (project 1, 3 days): the project's daily electricity
 * report of 14 July against the analysis page's figure for that day, its rows, TOU cost and meter
 * readings against each other; a monthly report of every node of the plant adds up.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`reports of the demo factory (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let headers: Record<string, string>;
    const report = async (body: Record<string, unknown>) =>
      json<Report>(await t.app.inject({ method: 'POST', url: REPORT_API.query, headers, payload: { projectId: 1, nodeId: 1, modelLabel: 'project', energyType: 2, ...body } }));

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 3, instantDays: 0 }));
      headers = (await loginAs(t.app, store.clock, 'fw_cloud')).headers;
    }, 300_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the daily report of 14 July: the total is the analysis page figure of the day; rows, shares, TOU cost and readings add up', async () => {
      const r = await report({ kind: 'daily', date: '2026-07-14' });
      expect(r.status).toBe(200);
      const d = r.data;
      const c = d.consumption!;
      const analysis = json<ConsumptionAnalysis>(
        await t.app.inject({ method: 'POST', url: ANALYSIS_API.consumption, headers, payload: { nodeId: 1, modelLabel: 'project', energyType: 2, startTime: DAY_START, endTime: DAY_START + 86_400_000 - 1, dateType: 1 } }),
      ).data;
      expect(c.total).not.toBeNull();
      expect(c.total!).toBeGreaterThan(1000);
      expect(c.total!).toBeCloseTo(analysis.kpi.total!, 4);
      expect(c.rows.reduce((a, x) => a + (x.total ?? 0), 0)).toBeCloseTo(c.total!, 6);
      expect(c.rows.reduce((a, x) => a + (x.sharePct ?? 0), 0)).toBeCloseTo(100, 9);
      // every hour of the day is complete
      expect(c.columnTotals.every((v) => v !== null && v > 0)).toBe(true);
      const tou = d.tou!;
      expect(tou.totals.totalFen).toBe(tou.rows.reduce((a, x) => a + x.totalFen, 0));
      expect(tou.totals.totalKwh + tou.totals.unpricedKwh).toBeCloseTo(c.total!, 3);
      // each meter's register difference × multiplier is its metered consumption of the day
      const meters = (await report({ kind: 'daily', date: '2026-07-14', rows: 'meters', sections: ['consumption'] })).data.consumption!;
      const metered = new Map(meters.rows.map((x) => [x.id, x.total]));
      const ok = d.readings!.rows.filter((x) => x.quality === 'ok');
      expect(ok.length).toBeGreaterThan(10);
      for (const m of ok) expect(m.consumption!, m.name).toBeCloseTo(metered.get(m.id) ?? NaN, 3);
      expect(d.power!.node.maxDemandKw!).toBeGreaterThan(0);
      console.log(`demo daily report (${kind}): ${c.total!.toFixed(1)} kWh in ${c.rows.length} rows, ¥${(tou.totals.totalFen / 100).toFixed(2)}, MD ${d.power!.node.maxDemandKw} kW, PF ${d.power!.node.powerFactor}`);
    });

    it('a monthly report of every node of the plant: totals are the Σ of the rows, shares add to 100', async () => {
      const nodes = await t.app.ems.db.selectFrom('node').select(['id', 'model_label']).where('project_id', '=', 1).where('model_label', '!=', 'meter').execute();
      expect(nodes.length).toBeGreaterThan(5);
      const t0 = performance.now();
      let withRows = 0;
      for (const n of nodes) {
        const r = await report({ nodeId: Number(n.id), modelLabel: n.model_label, kind: 'monthly', date: '2026-07', sections: ['consumption'] });
        expect(r.status, `${n.model_label}_${n.id}`).toBe(200);
        const c = r.data.consumption!;
        if (c.rows.length === 0) continue;
        withRows++;
        expect(c.total ?? 0).toBeCloseTo(c.rows.reduce((a, x) => a + (x.total ?? 0), 0), 6);
        if ((c.total ?? 0) > 0 && c.rows.every((x) => (x.total ?? 0) >= 0)) expect(c.rows.reduce((a, x) => a + (x.sharePct ?? 0), 0)).toBeCloseTo(100, 9);
      }
      expect(withRows).toBeGreaterThan(3);
      console.log(`demo monthly reports (${kind}): ${nodes.length} nodes in ${Math.round(performance.now() - t0)} ms`);
    });
  });
}
