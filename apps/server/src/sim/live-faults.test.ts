import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_TYPE } from '@ems/contract';
import { createStore, startApp, STORES, type TestApp, type TestStore } from '../test/helpers.js';
import type { StoredNotification } from '../modules/message/notifier.js';
import { Simulator } from './simulator.js';

/** Pinned clock: Wednesday 2026-07-15 15:00 Asia/Shanghai, a working afternoon. */
const NOW = Date.UTC(2026, 6, 15, 7, 0);
const MIN = 60_000;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`the demo's planted live faults raise real events through the seeded rules (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let sim: Simulator;
    const notes: StoredNotification[] = [];
    let code: Map<number, string>;

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store, { sim: false });
      t.app.ems.notifier.subscribe((n) => notes.push(n));
      sim = new Simulator(t.app.ems, { days: 1, instantDays: 1, live: true, liveIntervalMs: 3_600_000 });
      await sim.run();
      // the first live minute, through the ingest service as the demo gateway; then the timed checks
      store.clock.now = NOW + MIN;
      await sim.tick();
      await t.app.events.idle();
      await t.app.events.checkNow();
      const nodes = await t.app.ems.db.selectFrom('node').select(['id', 'code']).execute();
      code = new Map(nodes.map((n) => [Number(n.id), n.code]));
    }, 120_000);
    afterAll(async () => {
      await sim?.stop();
      await t?.app.close();
      await store?.dispose();
    });

    const raised = (logType: number) => notes.filter((n) => n.logType === logType).map((n) => code.get(n.nodeId));

    it('the substation sensor above 40 °C and the leaking paint-line detector raise one limit event each, on event diagnosis (804: no energy quantity)', () => {
      expect(raised(LOG_TYPE.environmentLimit).sort()).toEqual(['P1-ENV-SUB', 'P1-GD-PAINT2']);
      expect(raised(LOG_TYPE.limit)).toEqual([]);
    });

    it('the paint-line detector sits in pre-alarm: its level-1 rule (≥ 25 %LEL, early warning) fires, not level 2 (≥ 50)', () => {
      const gas = notes.filter((n) => n.logType === LOG_TYPE.environmentLimit && code.get(n.nodeId) === 'P1-GD-PAINT2').map((n) => JSON.parse(n.description) as { level: number; eventClass: number; value: number });
      // early warning in level and class alike
      expect(gas.map((g) => [g.level, g.eventClass])).toEqual([[4, 4]]);
      expect(gas[0]!.value).toBeGreaterThanOrEqual(25);
      expect(gas[0]!.value).toBeLessThan(50);
    });

    it('the silent gate meter is offline (801); no other device is', () => {
      expect(raised(LOG_TYPE.deviceOffline)).toEqual(['E-GATE']);
    });

    it("the EV feeder's breaker opens: one switch event (802)", () => {
      expect(raised(LOG_TYPE.switchChange)).toEqual(['P1-F-EV']);
    });

    it("the domestic water main's unmetered leak: its last closed hour loses more than 5 % (706)", () => {
      expect(raised(LOG_TYPE.balanceLoss)).toEqual(['W-DOM']);
      expect(raised(LOG_TYPE.negativeLoss)).toEqual([]);
    });

    it("the factory incomer's summer afternoon peak passes the contracted 2000 kW of its tariff: the pre-alarm (704) and the over-limit (705)", () => {
      expect(raised(LOG_TYPE.demandPreAlarm)).toEqual(['E-HV']);
      expect(raised(LOG_TYPE.demandOverLimit)).toEqual(['E-HV']);
      const over = notes.find((n) => n.logType === LOG_TYPE.demandOverLimit);
      expect((JSON.parse(over?.description ?? '{}') as { limit: number }).limit).toBe(2000);
    });

    it("the toilets' night leak (planted 21 days back, so last night too) is abnormal consumption (703)", () => {
      expect(raised(LOG_TYPE.abnormal)).toEqual(['W-TOILET']);
    });

    it('every raised event is stored active (the switch event finished at once) and unconfirmed', async () => {
      const rows = await t.app.ems.db.withTables<{ event: { id: number; status: number; confirm_state: number; log_type: number } }>().selectFrom('event').selectAll().execute();
      expect(rows.length).toBe(notes.length);
      for (const r of rows) expect([Number(r.status), Number(r.confirm_state)]).toEqual([Number(r.log_type) === 802 ? 1 : 0, 1]);
    });
  });
}
