import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulated, STORES, type TestApp, type TestStore } from '../../test/helpers.js';
import { replayHistory } from '../event/history.js';
import { abnormalPass } from './background.js';

/** Pinned clock: Wednesday 2026-07-15 15:00 Asia/Shanghai. */
const NOW = Date.UTC(2026, 6, 15, 7, 0);
const dayStart = (n: number) => Date.UTC(2026, 6, 15 - n, -8);

type Ev = { id: number; algorithm_id: number | null; device_id: number | null; log_type: number; start_time: number; end_time: number | null; waste_amount: number | null; waste_fen: number | null };

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`the demo as it runs: event history, then the background pass (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let toilet: number;

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 30, instantDays: 0 }));
      await t.app.events.idle();
      await t.app.events.close();
      const db = t.app.ems.db;
      await db.withTables<{ event: Ev }>().deleteFrom('event').execute();
      const sim = await db.selectFrom('sim_state' as never).select(['project_id', 'anchor', 'planned_now'] as never[]).execute();
      const windows = (sim as unknown as { project_id: number; anchor: number; planned_now: number }[]).map((r) => ({ projectId: Number(r.project_id), from: Number(r.anchor), to: Number(r.planned_now) }));
      // the history raises the night-use algorithm's 703 on the toilets' leak; the abnormal pass then judges the same month
      await replayHistory(t.app.ems, windows);
      toilet = Number((await db.selectFrom('node').select('id').where('code', '=', 'W-TOILET').executeTakeFirstOrThrow()).id);
      await abnormalPass(t.app.ems);
    }, 300_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it("the leak's nightly findings join the night-use algorithm's one 703 event, which carries their waste and ¥; no second event", async () => {
      const db = t.app.ems.db;
      const events = await db.withTables<{ event: Ev }>().selectFrom('event').selectAll().where('log_type', '=', 703).where('device_id', '=', toilet).execute();
      expect(events).toHaveLength(1);
      const ev = events[0] as Ev;
      expect(ev.algorithm_id).not.toBeNull();
      expect(Number(ev.start_time)).toBe(dayStart(21));
      const findings = await db
        .withTables<{ abnormal_finding: { meter_id: number; event_id: number | null; excess: number; fen: number | null; start_time: number } }>()
        .selectFrom('abnormal_finding')
        .selectAll()
        .where('meter_id', '=', toilet)
        .execute();
      expect(findings).toHaveLength(22);
      for (const f of findings) expect(Number(f.event_id)).toBe(Number(ev.id));
      expect(Number(ev.waste_amount)).toBeCloseTo(
        findings.reduce((a, f) => a + Number(f.excess), 0),
        6,
      );
      expect(Number(ev.waste_fen)).toBe(findings.reduce((a, f) => a + Number(f.fen), 0));
      // the pass judged every enabled rule up to now
      const rules = await db.withTables<{ abnormal_rule: { evaluated_to: number; enabled: number } }>().selectFrom('abnormal_rule').selectAll().where('enabled', '=', 1).execute();
      for (const r of rules) expect(Number(r.evaluated_to)).toBe(NOW);
    });
  });
}
