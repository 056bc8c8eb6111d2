import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POWER_API, type BusbarView } from '@ems/contract';
import { STORES, json, loginAs, startSimulated, type TestApp, type TestStore } from '../../test/helpers.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai (as the other demo-plant tests). */
const NOW = Date.UTC(2026, 6, 15, 2, 0);

/**
 * The demo factory seeded for a day: its workshop, office, warehouse and plant-room meters sit in the
 * places they supply (issue 11 review), while 母线监测 still draws every feeder of the three busbars
 * with its meter's live values — the feeder cabinet names its meter (attrs.meterId).
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`the demo factory's single-line view (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 1, instantDays: 1 }));
    }, 300_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('every feeder of the three busbars shows its meter, wherever in the model it is sited; 冲压车间馈线 shows 冲压车间 in 生产车间A', async () => {
      const { headers } = await loginAs(t.app, store.clock, 'fw_plant');
      const v = json<BusbarView>(await t.app.inject({ method: 'POST', url: POWER_API.busbar, headers, payload: { projectId: 1 } })).data;
      const feeders = v.supplies.flatMap((s) => s.blocks.flatMap((b) => b.busbars.flatMap((u) => u.feeders)));
      expect(feeders).toHaveLength(18);
      for (const f of feeders) {
        expect(f.meter, f.name).not.toBeNull();
        expect(f.meter?.p, f.name).not.toBeNull();
      }
      const stamp = feeders.find((f) => f.name === '冲压车间馈线');
      const meter = await t.app.ems.db.selectFrom('node as m').innerJoin('node as r', 'r.id', 'm.parent_id').select(['m.id', 'm.code', 'r.code as room']).where('m.id', '=', stamp?.meter?.id ?? 0).executeTakeFirstOrThrow();
      expect([meter.code, meter.room]).toEqual(['E-STAMP', 'P1-R-PRODA']);
    });
  });
}
