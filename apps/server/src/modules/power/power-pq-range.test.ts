import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DATA_ID, POWER_API, type ProjectInfo, type TransformerAnalysis, type TransformerFleet } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { writeBatch, type ReadingInput } from '../timeseries/service.js';
import { pqAggregatorOf } from './pq-aggregator.js';

const B = 600_000;
const DAY = 86_400_000;
/** Asia/Shanghai wall-clock time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);
/** the pinned clock: 1 April 2025 00:00 in Shanghai */
const NOW = at(2025, 4, 1);
/** 30 days: 2–31 March */
const RANGE = { startTime: at(2025, 3, 2), endTime: at(2025, 4, 1) - 1 };
/** the planted day, 20 days before the end of the range: phase B at 240 V (+9.09 %) all day, THD A 6 % from 00:00 to 06:00 */
const PLANTED = at(2025, 3, 12);

/**
 * PQ over a 30-day range comes from the stored 10-min aggregates, not from the last two days of
 * raw readings: one reading per 10 min of Ua 224.4 V (+2 %), Ub 220 V, Uc 220 V and THD A 3 % for
 * the whole range, with the planted day above. 30 × 144 = 4320 buckets.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`PQ over a month from the 10-min aggregates (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};
    const post = <T>(url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: admin, payload }).then((r) => json<T>(r));
    const node = async (code: string, label: string, parent: string | null, attrs: Record<string, unknown> = {}) => {
      const r = await t.app.ems.db
        .insertInto('node')
        .values({ project_id: projectId, parent_id: parent === null ? null : (ids[parent] as number), model_label: label, name: `${label} ${code}`, code, attrs: JSON.stringify(attrs), sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[code] = Number(r.id);
    };

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      const created = json<ProjectInfo>(await t.app.inject({ method: 'POST', url: API.projects, headers: admin, payload: { name: 'PQ plant', capacityKva: 1000, timezone: 'Asia/Shanghai' } }));
      projectId = created.data.projectId;
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      await node('DR', 'distributionroom', null);
      await node('T', 'transformer', 'DR', { ratedKva: 1000, p0Kw: 1, pkKw: 8, insulation: 'dry', secondaryVoltageKv: 0.4 });
      await node('LV', 'meter', 'T', { energyType: 2 });
      const lv = ids.LV as number;
      const rs: ReadingInput[] = [];
      for (let ts = RANGE.startTime; ts < NOW; ts += B) {
        const planted = ts >= PLANTED && ts < PLANTED + DAY;
        rs.push(
          { deviceId: lv, dataId: DATA_ID.voltageA, ts, value: 224.4 },
          { deviceId: lv, dataId: DATA_ID.voltageB, ts, value: planted ? 240 : 220 },
          { deviceId: lv, dataId: DATA_ID.voltageC, ts, value: 220 },
          { deviceId: lv, dataId: DATA_ID.thdVoltageA, ts, value: planted && ts < PLANTED + DAY / 4 ? 6 : 3 },
        );
      }
      for (let i = 0; i < rs.length; i += 5000) expect((await writeBatch(t.app.ems, projectId, rs.slice(i, i + 5000))).rejected).toBe(0);
      await pqAggregatorOf(t.app.ems).flush();
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    const expectPlanted = (pq: TransformerFleet['rows'][number]['pq']) => {
      expect(pq).toMatchObject({ from: RANGE.startTime, to: NOW, complete: true });
      const idx = (k: string) => pq?.indices.find((x) => x.key === k);
      // phase B: 144 of 4320 buckets at +9.09 % (outside ±7 %); A +2 % and C 0 % all within
      expect(idx('voltageDeviation')).toMatchObject({ measured: 4320, within: 4176, worstPhase: 'b', cp95: 0 });
      expect(idx('voltageDeviation')?.compliancePct).toBeCloseTo(96.67, 2);
      expect(idx('voltageDeviation')?.max).toBeCloseTo(9.091, 3);
      // THD A over 5 % in 36 buckets
      expect(idx('thdVoltage')).toMatchObject({ measured: 4320, within: 4284, worstPhase: 'a', cp95: 3, max: 6 });
      expect(pq?.overallCompliancePct).toBeCloseTo(96.67, 2);
    };

    it('fleet over 30 days: the planted day 20 days before the end lowers compliance (the last two days alone are 100 %)', async () => {
      const r = await post<TransformerFleet>(POWER_API.fleet, { projectId, ...RANGE });
      expect(r.status).toBe(200);
      expectPlanted(r.data.rows[0]?.pq ?? null);
      const lastTwo = await post<TransformerFleet>(POWER_API.fleet, { projectId, startTime: at(2025, 3, 30), endTime: RANGE.endTime });
      expect(lastTwo.data.rows[0]?.pq?.overallCompliancePct).toBe(100);
    });

    it('the figures come from pq_10m: with the raw PQ readings gone the reply is the same; the trend is hourly over a month, daily over a year', async () => {
      await sql`delete from reading where device_id = ${ids.LV} and data_id in (${sql.join([DATA_ID.voltageA, DATA_ID.voltageB, DATA_ID.voltageC, DATA_ID.thdVoltageA])})`.execute(t.app.ems.db);
      const a = await post<TransformerAnalysis>(POWER_API.analysis, { projectId, transformerId: ids.T, ...RANGE });
      expect(a.status).toBe(200);
      expectPlanted(a.data.row.pq);
      expect(a.data.pqTrendStepMs).toBe(3_600_000);
      expect(a.data.pqTrend).toHaveLength(30 * 24);
      expect(a.data.pqTrend.find((p) => p.t === PLANTED + 3 * 3_600_000)).toMatchObject({ devB: 9.091, devA: 2, devC: 0, thdA: 6 });
      const year = await post<TransformerAnalysis>(POWER_API.analysis, { projectId, transformerId: ids.T, startTime: at(2024, 4, 6), endTime: RANGE.endTime });
      expectPlanted({ ...(year.data.row.pq as NonNullable<TransformerFleet['rows'][number]['pq']>), from: RANGE.startTime });
      expect(year.data.pqTrendStepMs).toBe(DAY);
      // the planted day: B at +9.09 % all day; THD A 6 % for a quarter of it
      expect(year.data.pqTrend.find((p) => p.t === PLANTED)).toMatchObject({ devB: 9.091, thdA: 3.75 });
    });
  });
}
