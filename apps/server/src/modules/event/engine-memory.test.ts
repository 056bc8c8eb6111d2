import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_API, DATA_ID, EVENT_API, LOG_TYPE, type AlgorithmConfig } from '@ems/contract';
import { at, TOU_VERSION } from '../../test/fixtures.js';
import { attachScheme, loginAs, STORES } from '../../test/helpers.js';
import { engineDataRepository } from './data-repository.js';
import { createEngineState, REMEMBER_MS, type AlgCfg, type EventSink } from './engine-state.js';
import { periodicChecks } from './periodic.js';
import { eventFixture, MIN, type EventFixture } from './test-fixture.js';

const NONE: EventSink = { insert: async () => undefined, finish: async () => undefined, setWorst: async () => undefined };

/**
 * The engine re-reads its rules every 30 s but keeps what it read for them (contracted demands, time
 * zones, child meters) for REMEMBER_MS: an API change of rules or algorithms forgets them at once, a
 * tariff edit (the cost module sends no signal) or a new child meter reaches them when the lifetime ends.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`what the engine remembers between checks (${kind})`, () => {
    let f: EventFixture;
    let admin: Record<string, string>;
    let schemeId: number;
    let incomer: number;
    let alg: AlgorithmConfig;

    const power = (from: number, kw: number, minutes: number) =>
      f.write(1, Array.from({ length: minutes }, (_, i) => ({ deviceId: incomer, dataId: DATA_ID.activePower, ts: from + i * MIN, value: kw })));
    const overs = async () => (await f.eventsOf({ algorithmId: alg.id })).filter((e) => e.logType === LOG_TYPE.demandOverLimit).length;
    /** the tariff's contracted demand edited through the cost API */
    const contract = async (kw: number) => {
      const r = await f.call('PUT', COST_API.update.replace(':id', String(schemeId)), admin, {
        name: 'remembered contract',
        projectId: 1,
        versions: [{ ...TOU_VERSION, effectiveFrom: '2025-01-01', capacityKva: 4000, contractKw: kw }],
      });
      expect(r.code, r.msg).toBe(0);
    };

    beforeAll(async () => {
      f = await eventFixture(kind);
      f.store.clock.now = at(2025, 3, 11, 11);
      admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      schemeId = await attachScheme(f.t.app, admin, 1, 'remembered contract', [{ ...TOU_VERSION, effectiveFrom: '2025-01-01', capacityKva: 4000, contractKw: 2000 }]);
      incomer = await f.node(1, null, 'meter', 'remembering incomer');
      const saved = await f.call<AlgorithmConfig>('POST', EVENT_API.algorithmSave, admin, { name: 'remembering demand', kind: 'demand', nodeId: incomer, modelLabel: 'meter', params: {}, enabled: true });
      expect(saved.code, saved.msg).toBe(0);
      alg = saved.data;
    });
    afterAll(async () => f?.close());

    it("the timed check's re-read keeps the contract it judged against; a change of rules through the API forgets it", async () => {
      await power(at(2025, 3, 11, 12), 2100, 20);
      await power(at(2025, 3, 11, 12, 20), 1000, 20);
      expect(await overs()).toBe(1);
      await contract(2400);
      // every 30 s: the rules are read again, the contract is not
      await f.t.app.events.checkNow();
      await power(at(2025, 3, 11, 12, 40), 2100, 20);
      await power(at(2025, 3, 11, 13), 1000, 20);
      expect(await overs()).toBe(2);
      // an API change of rules or algorithms: the tariff's 2400 kW from now on
      await f.t.app.events.reload();
      await power(at(2025, 3, 11, 13, 20), 2100, 20);
      expect(await overs()).toBe(2);
      await contract(2000);
      await f.t.app.events.reload();
    });

    it('a tariff edit and a new child meter reach the rules once REMEMBER_MS has passed; a new configuration alone forgets nothing', async () => {
      let wall = 0;
      const data = engineDataRepository(f.t.app.ems.db);
      const state = createEngineState(f.t.app.ems, data, NONE, '', () => wall);
      const demand: AlgCfg = { id: alg.id, projectId: 1, name: alg.name, kind: 'demand', nodeId: incomer, modelLabel: 'meter', params: {}, level: 2, devices: [incomer] };
      const parent = await f.node(1, null, 'meter', 'remembering parent');
      const balance: AlgCfg = { id: -1, projectId: 1, name: 'b', kind: 'balance', nodeId: parent, modelLabel: 'meter', params: { tolerancePercent: 5 }, level: 2, devices: [parent] };
      const ts = at(2025, 3, 11, 14);
      expect([await state.contractAt(demand, ts), await state.childrenOf(balance)]).toEqual([2000, []]);
      await contract(2400);
      const child = await f.node(1, null, 'meter', 'remembered child', { parentMeterId: parent });
      state.configure({ rulesByDevice: new Map(), algorithms: [demand, balance], nodes: new Map(), points: new Map() });
      wall += REMEMBER_MS - 1;
      expect([await state.contractAt(demand, ts), await state.childrenOf(balance)]).toEqual([2000, []]);
      wall += 1;
      expect([await state.contractAt(demand, ts), await state.childrenOf(balance)]).toEqual([2400, [child]]);
      await contract(2000);
      state.forget();
      expect(await state.contractAt(demand, ts)).toBe(2000);
    });

    it('a device that has never reported is looked up in the store once, not at every check', async () => {
      const data = engineDataRepository(f.t.app.ems.db);
      const asked: number[][] = [];
      const recording: typeof data = { ...data, lastSeen: async (ids, atOrBefore) => (asked.push([...ids]), data.lastSeen(ids, atOrBefore)) };
      const box = await f.node(1, null, 'room', 'lookup box');
      const silent = await f.node(1, box, 'meter', 'never reported');
      const talking = await f.node(1, box, 'meter', 'reported once');
      const t0 = at(2025, 3, 11, 15);
      await f.write(1, [{ deviceId: talking, dataId: DATA_ID.activePower, ts: t0, value: 1 }]);
      const state = createEngineState(f.t.app.ems, data, NONE);
      const offline: AlgCfg = { id: -2, projectId: 1, name: 'o', kind: 'offline', nodeId: box, modelLabel: 'room', params: { offlineMinutes: 10 }, level: 2, devices: [silent, talking] };
      state.configure({ rulesByDevice: new Map(), algorithms: [offline], nodes: new Map(), points: new Map() });
      for (const now of [t0 + MIN, t0 + 2 * MIN, t0 + 3 * MIN]) await periodicChecks(state, recording, now, ['offline']);
      expect(asked).toEqual([[silent, talking]]);
      expect([...state.lastSeen]).toEqual([[talking, t0]]);
    });
  });
}
