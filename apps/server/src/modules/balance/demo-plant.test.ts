import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_API, type BalanceTree, type PipeAnalysis } from '@ems/contract';
import { STORES, json, loginAs, startSimulated, type TestApp, type TestStore } from '../../test/helpers.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai (the simulator's own tests use it too). */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 6, 15) - 8 * 3_600_000;
/** the last seven whole days: 8–14 July */
const WEEK = { startTime: TODAY - 7 * DAY, endTime: TODAY - 1 };

/**
 * The demo factory (project 1) seeded by the simulator for 8 days: the balance pages find the loss
 * the simulator planted (every parent = Σ children ÷ (1 − λ), λ 2.6–3.4 % ± noise, so 2–4 % over a
 * week) and the night-time leak on W-TOILET 1#厂房卫生间用水 (+1.2 m³/h, metered) in the night figures.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`energy balance on the demo factory (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let headers: Record<string, string>;
    const tree = async (energyType: number) =>
      json<BalanceTree>(await t.app.inject({ method: 'POST', url: BALANCE_API.tree, headers, payload: { projectId: 1, energyType, ...WEEK } })).data;

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 8, instantDays: 0 }));
      headers = (await loginAs(t.app, store.clock, 'fw_plant')).headers;
    }, 300_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('electricity: every parent meter loses 2–4 % of its energy to its children over the week, all pass', async () => {
      const d = await tree(2);
      const nodes = d.rows.filter((r) => r.balance);
      expect(nodes.length).toBeGreaterThan(5);
      for (const r of nodes) {
        expect(r.balance?.status, r.code).toBe('pass');
        expect(r.balance?.lossRatePct, r.code).toBeGreaterThan(2);
        expect(r.balance?.lossRatePct, r.code).toBeLessThan(4);
      }
      const hv = d.rows.find((r) => r.code === 'E-HV');
      expect(hv?.depth).toBe(0);
      expect(d.rows.filter((r) => r.parentMeterId === hv?.meterId).map((r) => r.code).sort()).toEqual(['E-T1', 'E-T2', 'E-T3']);
      console.log(`demo balance (${kind}): ${nodes.map((r) => `${r.code} ${r.balance?.lossRatePct?.toFixed(2)} %`).join(', ')}`);
    });

    it('water, gas, steam, compressed air: each parent within 2–4 % too', async () => {
      for (const type of [3, 15, 16, 45]) {
        for (const r of (await tree(type)).rows.filter((x) => x.balance)) {
          expect(r.balance?.lossRatePct, r.code).toBeGreaterThan(2);
          expect(r.balance?.lossRatePct, r.code).toBeLessThan(4);
        }
      }
    });

    it('the night-time leak on W-TOILET stands out: over 1 m³/h at night, the highest night rate of the water end uses', async () => {
      const d = await tree(3);
      const code = new Map(d.rows.map((r) => [r.meterId, r.code]));
      const toilet = d.meterNight.find((m) => code.get(m.meterId) === 'W-TOILET');
      expect(toilet?.nightPerHour).toBeGreaterThan(1.0);
      expect(code.get(d.meterNight[0]?.meterId ?? -1)).toBe('W-TOILET');
      for (const sibling of ['W-OFFICE', 'W-CANTEEN']) {
        const m = d.meterNight.find((x) => code.get(x.meterId) === sibling);
        expect(m?.nightPerHour, sibling).toBeLessThan(0.2);
      }
      // metered, so the balance of W-DOM stays inside its tolerance
      expect(d.rows.find((r) => r.code === 'W-DOM')?.balance?.status).toBe('pass');
      console.log(`demo night (${kind}): ${d.meterNight.slice(0, 4).map((m) => `${code.get(m.meterId)} ${m.nightPerHour?.toFixed(2)}/h night, ${m.dayPerHour?.toFixed(2)}/h day, ${m.nightSharePct?.toFixed(1)} %`).join('; ')}`);
    });

    it('pipe page: each medium supply against end users, no step in a steady week', async () => {
      const r = json<PipeAnalysis>(await t.app.inject({ method: 'POST', url: BALANCE_API.pipe, headers, payload: { projectId: 1, ...WEEK } }));
      expect(r.data.media.map((m) => m.energyType)).toEqual([3, 15, 16, 45]);
      for (const m of r.data.media) {
        expect(m.days).toHaveLength(7);
        expect(m.stepChange, String(m.energyType)).toBeNull();
        expect(m.balance.lossRatePct).toBeGreaterThan(2);
      }
      console.log(`demo pipe (${kind}): ${r.data.media.map((m) => `${m.energyType} ${m.balance.lossRatePct?.toFixed(2)} %`).join(', ')}`);
    });
  });
}
