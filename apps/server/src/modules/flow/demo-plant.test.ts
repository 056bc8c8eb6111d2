import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_API, FLOW_API, type BalanceTree, type EnergyFlowReply, type LiveFlowReply, type PipeAnalysis } from '@ems/contract';
import { STORES, json, loginAs, startSimulated, type TestApp, type TestStore } from '../../test/helpers.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai (as the balance and simulator tests). */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 6, 15) - 8 * 3_600_000;
/** the last seven whole days: 8–14 July, as a custom range */
const WEEK = { startTime: TODAY - 7 * DAY, endTime: TODAY - 1, dateType: 6 };

/**
 * The demo factory (project 1) seeded for 8 days: the flow from E-HV through the transformer mains
 * and feeders to the equipment loses at every parent the 2–4 % the simulator planted (as the
 * balance page finds), nothing is unmetered, the flow conserves, and the live view finds E-GATE,
 * which stopped reporting 20 minutes before "now", offline.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`energy flow on the demo factory (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let headers: Record<string, string>;
    const post = async <T>(url: string, payload: Record<string, unknown>) => json<T>(await t.app.inject({ method: 'POST', url, headers, payload }));
    const flow = async (energyType: number) => (await post<EnergyFlowReply>(FLOW_API.period, { nodeId: 1, modelLabel: 'project', energyType, ...WEEK })).data;

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 8, instantDays: 1 }));
      headers = (await loginAs(t.app, store.clock, 'fw_plant')).headers;
    }, 300_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('electricity: E-HV supplies E-T1/T2/T3; every loss branch is 2–4 % of its parent; supply = end use + loss', async () => {
      const d = await flow(2);
      const hv = d.nodes.find((n) => n.code === 'E-HV');
      expect(hv).toMatchObject({ depth: 0, role: 'supply' });
      const mains = d.links.filter((l) => l.source === hv?.key && l.kind === 'flow').map((l) => d.nodes.find((n) => n.key === l.target)?.code);
      expect(mains.sort()).toEqual(['E-T1', 'E-T2', 'E-T3']);
      const losses = d.links.filter((l) => l.kind === 'loss');
      expect(losses.length).toBeGreaterThan(5);
      for (const l of losses) {
        expect(l.sharePct, l.source).toBeGreaterThan(2);
        expect(l.sharePct, l.source).toBeLessThan(4);
      }
      expect([d.faults, d.totals.unmetered, d.totals.excess]).toEqual([[], 0, 0]);
      const supply = d.totals.supply ?? NaN;
      expect(Math.abs(supply - d.totals.endUse - d.totals.loss)).toBeLessThan(1e-6 * supply);
      // the same energy the balance page reads for the incomer
      const balance = json<BalanceTree>(await t.app.inject({ method: 'POST', url: BALANCE_API.tree, headers, payload: { projectId: 1, energyType: 2, startTime: WEEK.startTime, endTime: WEEK.endTime } })).data;
      expect(supply).toBeCloseTo(balance.rows.find((r) => r.code === 'E-HV')?.value ?? NaN, 4);
      expect(hv?.lossRatePct).toBeCloseTo(balance.rows.find((r) => r.code === 'E-HV')?.balance?.lossRatePct ?? NaN, 9);
      console.log(`demo flow (${kind}): supply ${supply.toFixed(1)} kWh, end use ${d.totals.endUse.toFixed(1)}, loss ${d.totals.loss.toFixed(1)} (${d.totals.lossRatePct?.toFixed(2)} % of supply), ${losses.length} loss branches`);
    });

    it('water, gas, steam, compressed air: each loss branch 2–4 %, no fault', async () => {
      for (const type of [3, 15, 16, 45]) {
        const d = await flow(type);
        expect(d.faults, String(type)).toEqual([]);
        for (const l of d.links.filter((x) => x.kind === 'loss')) {
          expect(l.sharePct, `${type} ${l.source}`).toBeGreaterThan(2);
          expect(l.sharePct, `${type} ${l.source}`).toBeLessThan(4);
        }
      }
    });

    it('3#变低压总表 this month, E-GATE silent for the last 20 minutes: one loss and one unmetered figure on 能耗平衡 (range, night and day) and 能流分析', async () => {
      const month = { startTime: Date.UTC(2026, 6, 1) - 8 * 3_600_000, endTime: Date.UTC(2026, 7, 1) - 8 * 3_600_000 - 1 };
      const balance = (await post<BalanceTree>(BALANCE_API.tree, { projectId: 1, energyType: 2, ...month })).data;
      const row = balance.rows.find((r) => r.code === 'E-T3');
      const b = row?.balance;
      expect(b?.status).toBe('pass');
      expect(b?.lossRatePct).toBeGreaterThan(2);
      expect(b?.lossRatePct).toBeLessThan(4);
      // E-GATE's last 20 minutes (its 09:00 hour) are unmetered: a few kWh, not loss
      expect(b?.unmetered).toBeGreaterThan(0);
      expect(b?.unmetered).toBeLessThan(0.05 * (row?.value ?? 0));
      const night = balance.night.find((n) => n.meterId === row?.meterId);
      expect(night?.dayLossRatePct).toBeGreaterThan(2);
      expect(night?.dayLossRatePct).toBeLessThan(4);
      expect(night?.nightLossRatePct).toBeGreaterThan(2);
      const flow = (await post<EnergyFlowReply>(FLOW_API.period, { nodeId: 1, modelLabel: 'project', energyType: 2, ...month, dateType: 3 })).data;
      const t3 = flow.nodes.find((n) => n.code === 'E-T3');
      expect(t3?.status).toBe('pass');
      expect(t3?.loss).toBeCloseTo(b?.loss ?? NaN, 6);
      expect(t3?.lossRatePct).toBeCloseTo(b?.lossRatePct ?? NaN, 9);
      const branch = (kind: string) => flow.links.find((l) => l.source === t3?.key && l.kind === kind)?.value;
      expect(branch('loss')).toBeCloseTo(b?.loss ?? NaN, 6);
      expect(branch('unmetered')).toBeCloseTo(b?.unmetered ?? NaN, 6);
      // the same consumption on both pages, and the row's figures add up: 用能 − 下级合计 = 损耗 + 未计量,
      // 下级合计 the Σ of the child rows, as the flow's branches out of the node (issue 11 review)
      expect(t3?.value).toBeCloseTo(row?.value ?? NaN, 6);
      const kids = balance.rows.filter((r) => r.parentMeterId === row?.meterId);
      expect(b?.childrenTotal).toBeCloseTo(kids.reduce((x, k) => x + (k.value ?? 0), 0), 6);
      expect(b?.childrenTotal).toBeCloseTo(flow.links.filter((l) => l.source === t3?.key && l.kind === 'flow').reduce((x, l) => x + l.value, 0), 6);
      expect((row?.value ?? 0) - (b?.childrenTotal ?? 0)).toBeCloseTo((b?.loss ?? 0) + (b?.unmetered ?? 0), 6);
    });

    it('natural gas this month, G-MAIN over its three users: 能耗平衡, 管网 and 能流分析 show one supply, one Σ of the users, one loss, λ and unmetered figure', async () => {
      const month = { startTime: Date.UTC(2026, 6, 1) - 8 * 3_600_000, endTime: Date.UTC(2026, 7, 1) - 8 * 3_600_000 - 1 };
      const tree = (await post<BalanceTree>(BALANCE_API.tree, { projectId: 1, energyType: 15, ...month })).data;
      const row = tree.rows.find((r) => r.code === 'G-MAIN');
      const b = row?.balance;
      const pipe = (await post<PipeAnalysis>(BALANCE_API.pipe, { projectId: 1, ...month })).data.media.find((m) => m.energyType === 15);
      const flow = (await post<EnergyFlowReply>(FLOW_API.period, { nodeId: 1, modelLabel: 'project', energyType: 15, ...month, dateType: 3 })).data;
      const main = flow.nodes.find((n) => n.code === 'G-MAIN');
      const out = (kind: string) => flow.links.filter((l) => l.source === main?.key && l.kind === kind).reduce((x, l) => x + l.value, 0);
      expect(b?.parentTotal).toBeGreaterThan(0);
      for (const [what, balance, other] of [
        ['supply', b?.parentTotal, [pipe?.balance.parentTotal, main?.value, row?.value]],
        ['users', b?.childrenTotal, [pipe?.balance.childrenTotal, out('flow')]],
        ['loss', b?.loss, [pipe?.balance.loss, main?.loss]],
        ['rate', b?.lossRatePct, [pipe?.balance.lossRatePct, main?.lossRatePct]],
      ] as const) {
        for (const v of other) expect(v, what).toBeCloseTo(balance ?? NaN, 6);
      }
      expect(pipe?.balance.unmetered ?? 0).toBeCloseTo(b?.unmetered ?? 0, 6);
      expect(out('unmetered')).toBeCloseTo(b?.unmetered ?? 0, 6);
      // the pipe's shares are of the supply over the month: each ≤ 100 %, the users, loss and unmetered adding up to 100 %
      const shares = pipe?.endUsers.map((u) => u.sharePct ?? NaN) ?? [];
      for (const share of shares) expect(share).toBeLessThanOrEqual(100);
      const base = pipe?.balance.parentTotal ?? NaN;
      expect(shares.reduce((x, y) => x + y, 0) + (((pipe?.balance.loss ?? 0) + (pipe?.balance.unmetered ?? 0)) / base) * 100).toBeCloseTo(100, 6);
    });

    it('live: active power on the meters, E-GATE offline and left out of the flow; today so far on each meter', async () => {
      const d = (await post<LiveFlowReply>(FLOW_API.live, { nodeId: 1, modelLabel: 'project', energyType: 2 })).data;
      const hv = d.meters.find((m) => m.code === 'E-HV');
      expect(hv).toMatchObject({ source: 'power', online: true, unit: 'kW' });
      expect(hv?.value).toBeGreaterThan(100);
      expect(NOW - (hv?.ts ?? 0)).toBeLessThanOrEqual(5 * 60_000);
      expect(hv?.periodTotal).toBeGreaterThan(0);
      const gate = d.meters.find((m) => m.code === 'E-GATE');
      expect(gate?.online).toBe(false);
      expect(d.missing.map((m) => m.meterId)).toContain(gate?.meterId);
      expect(d.meters.filter((m) => !m.online).map((m) => m.code)).toEqual(['E-GATE']);
      const hvLoss = d.links.find((l) => l.source === `m:${hv?.meterId}` && l.kind === 'loss');
      console.log(`demo live (${kind}): E-HV ${hv?.value} kW, loss branch ${hvLoss?.value?.toFixed(1) ?? '-'} kW (${hvLoss?.sharePct?.toFixed(2) ?? '-'} %), today ${hv?.periodTotal?.toFixed(1)} kWh`);
      // gaps between instantaneous values within the meters' accuracy classes are no metering fault (issue 11: 计量故障 for 0.32 %)
      expect(d.faults).toEqual([]);
      const water = (await post<LiveFlowReply>(FLOW_API.live, { nodeId: 1, modelLabel: 'project', energyType: 3 })).data;
      expect(water.meters.some((m) => m.source === 'flow' && m.online)).toBe(true);
      const steam = (await post<LiveFlowReply>(FLOW_API.live, { nodeId: 1, modelLabel: 'project', energyType: 16 })).data;
      expect(steam.rateUnit).toBe('t/h');
      expect(steam.meters.every((m) => m.source === 'rate15m' && m.online)).toBe(true);
    });
  });
}
