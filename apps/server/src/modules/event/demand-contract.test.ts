import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, EVENT_API, LOG_TYPE, type AlgorithmConfig } from '@ems/contract';
import { at, TOU_VERSION } from '../../test/fixtures.js';
import { attachScheme, loginAs, STORES } from '../../test/helpers.js';
import { eventFixture, MIN, type EventFixture } from './test-fixture.js';

/**
 * Issue 11 defect 5: one source of truth for the contracted demand. The demand rule judges against the
 * contracted demand of the tariff version in force for its node that day (the basic fee's), unless an
 * administrator sets one in the rule; the rule's reply says which applies.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`the demand rule takes the tariff's contracted demand (${kind})`, () => {
    let f: EventFixture;
    let admin: Record<string, string>;
    let incomer: number;
    let alg: AlgorithmConfig;

    /** one P reading a minute from `from`, the clock following (a meter of project 1 unless told) */
    const power = (node: number, from: number, kw: number, minutes: number, projectId = 1) =>
      f.write(projectId, Array.from({ length: minutes }, (_, i) => ({ deviceId: node, dataId: DATA_ID.activePower, ts: from + i * MIN, value: kw })));
    const over = async (algorithmId: number) => (await f.eventsOf({ algorithmId })).filter((e) => e.logType === LOG_TYPE.demandOverLimit);
    const detail = async (id: number) => (await f.call<AlgorithmConfig>('GET', `${EVENT_API.algorithmDetail}?id=${id}`, admin)).data;

    beforeAll(async () => {
      f = await eventFixture(kind);
      f.store.clock.now = at(2025, 3, 11, 11);
      admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      // the factory's tariff: 2000 kW contracted, 2400 kW from 12 March (a new version of the scheme);
      // from 13 March 8000 kVA with 2400 kW, below its 40 % (3200 kW): billed, and so judged, at 3200 kW
      await attachScheme(f.t.app, admin, 1, 'stepped contract', [
        { ...TOU_VERSION, effectiveFrom: '2025-01-01', capacityKva: 4000, contractKw: 2000 },
        { ...TOU_VERSION, effectiveFrom: '2025-03-12', capacityKva: 4000, contractKw: 2400 },
        { ...TOU_VERSION, effectiveFrom: '2025-03-13', capacityKva: 8000, contractKw: 2400 },
      ]);
      incomer = await f.node(1, null, 'meter', 'contract incomer');
      const saved = await f.call<AlgorithmConfig>('POST', EVENT_API.algorithmSave, admin, { name: 'incomer demand', kind: 'demand', nodeId: incomer, modelLabel: 'meter', params: { preAlarmPercent: 90 }, enabled: true });
      expect(saved.code, saved.msg).toBe(0);
      alg = saved.data;
    });
    afterAll(async () => f?.close());

    it("without an administrator's figure the rule says it judges the tariff's 2000 kW, and an over-limit event holds the demand against it", async () => {
      expect(alg.contract).toEqual({ kw: 2000, source: 'tariff', schemeId: expect.any(Number), schemeName: 'stepped contract', effectiveFrom: '2025-01-01', enteredKw: 2000, minKw: 1600 });
      expect(alg.params.contractKw).toBeUndefined();
      await power(incomer, at(2025, 3, 11, 12), 2100, 20);
      const raised = await over(alg.id);
      expect(raised.map((e) => [e.status, e.value])).toEqual([[0, 2100]]);
      const listed = await f.call<{ limit: number; unit: string }[]>('POST', EVENT_API.query, admin, { startTime: at(2025, 3, 11), endTime: at(2025, 3, 12), logTypes: [705] });
      expect(listed.data.map((e) => [e.limit, e.unit])).toEqual([[2000, 'kW']]);
      await power(incomer, at(2025, 3, 11, 12, 20), 1000, 20);
      expect((await over(alg.id)).map((e) => e.status)).toEqual([1]);
    });

    it('the version in force that day: from 12 March the same load is within the 2400 kW of the new version', async () => {
      f.store.clock.now = at(2025, 3, 12, 11);
      // a new day, a new session (the last one idled out with the clock moved on)
      admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      expect((await detail(alg.id)).contract).toMatchObject({ kw: 2400, source: 'tariff', effectiveFrom: '2025-03-12' });
      await power(incomer, at(2025, 3, 12, 12), 2100, 20);
      expect(await over(alg.id)).toHaveLength(1);
    });

    it("an administrator's contracted demand overrides the tariff's, and the rule says so", async () => {
      const saved = await f.call<AlgorithmConfig>('POST', EVENT_API.algorithmSave, admin, { id: alg.id, name: 'incomer demand', kind: 'demand', nodeId: incomer, modelLabel: 'meter', params: { contractKw: 1500 }, enabled: true });
      expect(saved.data.contract).toEqual({ kw: 1500, source: 'admin', schemeId: null, schemeName: null, effectiveFrom: null, enteredKw: null, minKw: null });
      await power(incomer, at(2025, 3, 12, 13), 2100, 20);
      const list = await over(alg.id);
      expect(list).toHaveLength(2);
      const last = (await f.call<{ limit: number }[]>('POST', EVENT_API.query, admin, { startTime: at(2025, 3, 12, 13), endTime: at(2025, 3, 13), logTypes: [705] })).data;
      expect(last.map((e) => e.limit)).toEqual([1500]);
    });

    it("a contract below 40 % of the capacity is judged as the bill holds it: 2400 kW entered, 8000 kVA → 3200 kW, and the rule says the floor raised it", async () => {
      f.store.clock.now = at(2025, 3, 13, 11);
      admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      const feeder = await f.node(1, null, 'meter', 'floor incomer');
      const saved = await f.call<AlgorithmConfig>('POST', EVENT_API.algorithmSave, admin, { name: 'floor demand', kind: 'demand', nodeId: feeder, modelLabel: 'meter', params: {}, enabled: true });
      expect(saved.code, saved.msg).toBe(0);
      expect(saved.data.contract).toMatchObject({ kw: 3200, source: 'tariff', effectiveFrom: '2025-03-13', enteredKw: 2400, minKw: 3200 });
      // 3000 kW is over the 2400 entered but within the 3200 billed: no over-limit event
      await power(feeder, at(2025, 3, 13, 12), 3000, 20);
      expect(await over(saved.data.id)).toEqual([]);
      await power(feeder, at(2025, 3, 13, 12, 20), 3400, 20);
      expect((await over(saved.data.id)).map((e) => e.value)).toEqual([3400]);
      const listed = await f.call<{ nodeId: number; limit: number }[]>('POST', EVENT_API.query, admin, { startTime: at(2025, 3, 13), endTime: at(2025, 3, 14), logTypes: [705] });
      expect(listed.data.filter((e) => e.nodeId === feeder).map((e) => e.limit)).toEqual([3200]);
    });

    it('a tariff that bills by capacity has no contracted demand: the rule says so and raises nothing', async () => {
      const park = { ...admin, projectid: '2' };
      const meter = await f.node(2, null, 'meter', 'park incomer');
      const saved = await f.call<AlgorithmConfig>('POST', EVENT_API.algorithmSave, park, { name: 'park demand', kind: 'demand', nodeId: meter, modelLabel: 'meter', params: {}, enabled: true });
      expect(saved.code, saved.msg).toBe(0);
      expect(saved.data.contract).toMatchObject({ kw: null, source: 'none' });
      await power(meter, at(2025, 3, 12, 14), 9000, 20, 2);
      expect(await f.eventsOf({ algorithmId: saved.data.id })).toEqual([]);
    });
  });
}
