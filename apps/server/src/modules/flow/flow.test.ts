import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_API, DATA_ID, FLOW_API, permissionId, type BalanceTree, type EnergyFlowReply, type FlowGraph, type LiveFlowReply } from '@ems/contract';
import { at, counter } from '../../test/fixtures.js';
import { STORES, createProject, insertNode, json, loginAs, startAt, writeReadings, type TestApp, type TestStore, loopTurnsDuring } from '../../test/helpers.js';
import type { ReadingInput } from '../timeseries/service.js';
/** the pinned clock: 2025-03-10 14:37 in Shanghai */
const NOW = at(2025, 3, 10, 14, 37);
const KWH = DATA_ID.activeEnergyImport;
const WATER = DATA_ID.waterVolume;
/** 1–7 March 2025 as a custom date range */
const WEEK = { startTime: at(2025, 3, 1), endTime: at(2025, 3, 8) - 1, dateType: 6 };

/**
 * A planted plant (kWh per 15 min): HV 10 → T1 6 (→ F1 3, F2 2.8, both in building B) and T2 3.7
 * (→ F3 3.8, children above the parent); water W0 2 → W1 1.5 and W2 0.3 from 4 March.
 * Over 1–7 March (672 intervals), by hand:
 * HV 6720 → T1 4032 + T2 2486.4, loss 201.6 (3 %); T1 → F1 2016 + F2 1881.6, loss 134.4 (3.333 %);
 * T2 2486.4 → F3 2553.6: −67.2, a metering fault. Supply 6720 = end use 6451.2 + loss 336 − excess 67.2.
 * Water: W0 1344 → W1 1008 + W2 115.2 (4 of 7 days): over 4–7 March 76.8 loss (10 %); 1–3 March 144 unmetered.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`energy flow (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let plant: Record<string, string>;
    let projectId: number;
    let building: number;
    const ids: Record<string, number> = {};

    const node = async (label: string, code: string, parentId: number | null, attrs: Record<string, unknown> = {}) =>
      (ids[code] = await insertNode(t.app, { projectId, parentId, label, name: `${label} ${code}`, code, attrs }));
    const write = (rs: ReadingInput[]) => writeReadings(t.app, projectId, rs);
    const meter = async (code: string, energyType: number, rate: number, parent: string | null, o: { from?: number; to?: number; under?: number } = {}) => {
      const id = await node('meter', code, o.under ?? null, { energyType, ...(parent ? { parentMeterId: ids[parent] } : {}) });
      await write(counter(id, energyType === 2 ? KWH : WATER, o.from ?? at(2025, 3, 1), o.to ?? NOW, rate));
      return id;
    };
    const post = <T>(url: string, payload: Record<string, unknown>, headers = admin) => t.app.inject({ method: 'POST', url, headers, payload }).then((r) => json<T>(r));
    const period = (payload: Record<string, unknown> = {}, headers = admin) => post<EnergyFlowReply>(FLOW_API.period, { nodeId: projectId, modelLabel: 'project', energyType: 2, ...WEEK, ...payload }, headers);
    const link = (d: FlowGraph, source: string, target: string) => d.links.find((l) => l.source === source && l.target === target);
    const m = (code: string) => `m:${ids[code]}`;

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Flow plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      building = await node('building', 'B', null);
      await meter('HV', 2, 10, null);
      await meter('T1', 2, 6, 'HV');
      await meter('T2', 2, 3.7, 'HV');
      await meter('F1', 2, 3, 'T1', { under: building });
      await meter('F2', 2, 2.8, 'T1', { under: building });
      // F3 stops reporting on 8 March: offline now
      await meter('F3', 2, 3.8, 'T2', { to: at(2025, 3, 8) });
      await meter('W0', 3, 2, null);
      await meter('W1', 3, 1.5, 'W0');
      await meter('W2', 3, 0.3, 'W0', { from: at(2025, 3, 4) });
      // live active power, kW: two minutes ago; F3's last one 30 min ago
      const p = (code: string, kw: number, ago = 2) => ({ deviceId: ids[code] as number, dataId: DATA_ID.activePower, ts: NOW - ago * 60_000, value: kw });
      await write([p('HV', 100), p('T1', 60), p('T2', 38), p('F1', 30), p('F2', 28), p('F3', 40, 30)]);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the week: supply → transformers → feeders with each loss as its own branch (hand-computed)', async () => {
      const r = await period();
      expect(r.status).toBe(200);
      const d = r.data;
      expect([d.from, d.to, d.unit, d.name, d.energyTypes, d.meterCount]).toEqual([at(2025, 3, 1), at(2025, 3, 8), 'kWh', 'Flow plant', [2, 3], 6]);
      expect(d.nodes.map((n) => [n.code || n.key, n.depth, n.role ?? n.kind])).toEqual([
        ['HV', 0, 'supply'],
        ['T1', 1, 'distribution'],
        ['F1', 2, 'endUse'],
        ['F2', 2, 'endUse'],
        ['T1', 2, 'loss'],
        ['T2', 1, 'distribution'],
        ['F3', 2, 'endUse'],
        ['HV', 1, 'loss'],
      ]);
      expect(link(d, m('HV'), m('T1'))?.value).toBeCloseTo(4032, 6);
      expect(link(d, m('HV'), m('T1'))?.sharePct).toBeCloseTo(60, 9);
      const hvLoss = link(d, m('HV'), `loss:${ids.HV}`);
      expect(hvLoss?.kind).toBe('loss');
      expect(hvLoss?.value).toBeCloseTo(201.6, 6);
      expect(hvLoss?.sharePct).toBeCloseTo(3, 9);
      const t1 = d.nodes.find((n) => n.key === m('T1'));
      expect(t1).toMatchObject({ status: 'pass', tolerancePct: 5, fault: false });
      expect(t1?.loss).toBeCloseTo(134.4, 6);
      expect(t1?.lossRatePct).toBeCloseTo((134.4 / 4032) * 100, 9);
      expect(link(d, m('T1'), m('F2'))?.supplySharePct).toBeCloseTo(28, 9);
      // T2 below its child: flagged, no branch
      expect(d.nodes.find((n) => n.key === m('T2'))).toMatchObject({ status: 'meteringFault', fault: true });
      expect(d.links.some((l) => l.source === m('T2') && l.kind !== 'flow')).toBe(false);
      expect(d.faults).toHaveLength(1);
      expect(d.faults[0]).toMatchObject({ meterId: ids.T2, kind: 'negativeLoss' });
      expect(d.faults[0]?.excess).toBeCloseTo(67.2, 6);
      const tot = d.totals;
      expect([tot.supply, tot.endUse, tot.loss, tot.excess, tot.unmetered].map((x) => Number(x?.toFixed(6)))).toEqual([6720, 6451.2, 336, 67.2, 0]);
      expect(tot.lossRatePct).toBeCloseTo(5, 9);
    });

    it('a day of the selector (type 1, 3 March): 960 kWh at the incomer, 3 % loss', async () => {
      const d = (await period({ startTime: at(2025, 3, 3), endTime: at(2025, 3, 4) - 1, dateType: 1 })).data;
      expect([d.from, d.to]).toEqual([at(2025, 3, 3), at(2025, 3, 4)]);
      expect(d.totals.supply).toBeCloseTo(960, 6);
      expect(d.nodes.find((n) => n.key === m('HV'))?.lossRatePct).toBeCloseTo(3, 9);
    });

    it('water: a child reporting from 4 March — loss over the days all report, the days before unmetered; the balance page says the same', async () => {
      const d = (await period({ energyType: 3 })).data;
      expect(d.unit).toBe('m3');
      // 4–7 March: W0 768 − W1 576 − W2 115.2 = 76.8 (10 % > 8 %); 1–3 March: W0 576 − W1 432 = 144 unmetered
      const w0 = d.nodes.find((n) => n.key === m('W0'));
      expect(w0).toMatchObject({ status: 'fail', fault: false });
      expect(w0?.loss).toBeCloseTo(76.8, 6);
      expect(w0?.lossRatePct).toBeCloseTo(10, 9);
      expect(link(d, m('W0'), `loss:${ids.W0}`)?.value).toBeCloseTo(76.8, 6);
      const rest = link(d, m('W0'), `unmetered:${ids.W0}`);
      expect(rest?.kind).toBe('unmetered');
      expect(rest?.value).toBeCloseTo(144, 6);
      expect([d.totals.loss.toFixed(6), d.totals.unmetered.toFixed(6)]).toEqual(['76.800000', '144.000000']);
      // one name, one figure: 能耗平衡 over the same days
      const tree = (await post<BalanceTree>(BALANCE_API.tree, { projectId, energyType: 3, startTime: WEEK.startTime, endTime: WEEK.endTime })).data;
      const b = tree.rows.find((r) => r.code === 'W0')?.balance;
      expect([b?.status, b?.loss?.toFixed(6), b?.lossRatePct?.toFixed(6), b?.unmetered?.toFixed(6)]).toEqual(['fail', '76.800000', '10.000000', '144.000000']);
    });

    it('a node: building B holds F1 and F2, whose parent lies outside — two supplies joined, no loss', async () => {
      const d = (await period({ nodeId: building, modelLabel: 'building' })).data;
      expect(d.name).toBe('building B');
      expect(d.nodes.map((n) => n.key)).toEqual(['supply', m('F1'), m('F2')]);
      expect(d.totals.supply).toBeCloseTo(3897.6, 6);
      expect(d.totals.loss).toBe(0);
    });

    it('live: active power per meter with its time; offline F3 greyed and left out, so T2 shows unmetered; 15-min rate for water', async () => {
      const r = await post<LiveFlowReply>(FLOW_API.live, { nodeId: projectId, modelLabel: 'project', energyType: 2 });
      expect(r.status).toBe(200);
      const d = r.data;
      expect([d.rateUnit, d.unit, d.now, d.periodFrom, d.periodTo]).toEqual(['kW', 'kWh', NOW, at(2025, 3, 10), NOW]);
      const hv = d.meters.find((x) => x.meterId === ids.HV);
      // today: 00:00–14:30, 58 intervals × 10 kWh
      expect(hv).toMatchObject({ source: 'power', value: 100, unit: 'kW', ts: NOW - 120_000, online: true, periodTotal: 580, parentMeterId: null });
      expect(d.meters.find((x) => x.meterId === ids.F3)).toMatchObject({ source: 'power', value: 40, online: false, periodTotal: null });
      expect(link(d, m('HV'), `loss:${ids.HV}`)?.value).toBeCloseTo(2, 9);
      expect(link(d, m('T1'), `loss:${ids.T1}`)?.value).toBeCloseTo(2, 9);
      expect(link(d, m('T2'), `unmetered:${ids.T2}`)?.value).toBeCloseTo(38, 9);
      expect(d.missing.map((x) => x.meterId)).toEqual([ids.F3]);
      expect(d.idle).toEqual([]);

      const w = (await post<LiveFlowReply>(FLOW_API.live, { nodeId: projectId, modelLabel: 'project', energyType: 3 })).data;
      expect(w.rateUnit).toBe('m3/h');
      // the last 15-min bucket (14:15–14:30) ÷ 0.25 h
      expect(w.meters.find((x) => x.meterId === ids.W0)).toMatchObject({ source: 'rate15m', value: 8, ts: at(2025, 3, 10, 14, 30), online: true });
      expect(link(w, m('W0'), `loss:${ids.W0}`)?.value).toBeCloseTo(0.8, 9);
    });

    it('a 400-day range is worked in slices: other work gets turns of the event loop while the flow is answered', async () => {
      // better-sqlite3 answers synchronously: the days read in one piece held every other request back (issue 12)
      const { result: r, turns } = await loopTurnsDuring(() => period({ dateType: 6, startTime: NOW - 400 * 86_400_000, endTime: NOW }));
      expect(r.status).toBe(200);
      // 15 days a read of the day rollups: 27 reads
      expect(turns).toBeGreaterThanOrEqual(26);
    });

    it('export: the flow table as .xlsx, file name in content-disposition, in the language asked', async () => {
      const res = await t.app.inject({ method: 'POST', url: FLOW_API.periodExport, headers: { ...admin, 'accept-language': 'en-US' }, payload: { nodeId: projectId, modelLabel: 'project', energyType: 2, ...WEEK } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('energy-flow-20250301.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws?.getRow(1).values).toEqual([undefined, 'From', 'To', 'Kind', 'Flow (kWh)', 'Share of source (%)', 'Share of supply (%)', 'Loss rate (%)']);
      expect(ws?.getRow(2).values).toEqual([undefined, 'meter HV', 'meter T1', 'flow', 4032, 60, 60, 3.33]);
      expect(ws?.getRow(5).values).toEqual([undefined, 'meter T1', 'Loss (meter T1)', 'loss', 134.4, 3.33, 2, 3.33]);
      expect(ws?.rowCount).toBe(8);
      const zh = await t.app.inject({ method: 'POST', url: FLOW_API.periodExport, headers: admin, payload: { nodeId: projectId, modelLabel: 'project', energyType: 2, ...WEEK } });
      expect(decodeURIComponent(String(zh.headers['content-disposition']))).toContain('能流分析-20250301.xlsx');
    });

    it("scope and input: another project is 404; bad fields are 400 naming the field; the page permission is needed", async () => {
      const other = await period({}, plant);
      expect([other.status, other.msg]).toEqual([404, 'no operation permission']);
      // a node of this project named by a user of another
      const foreignNode = await period({ nodeId: building, modelLabel: 'building' }, plant);
      expect([foreignNode.status, foreignNode.msg]).toEqual([404, 'no operation permission']);
      const back = await period({ startTime: WEEK.endTime, endTime: WEEK.startTime }, { ...admin, 'accept-language': 'en-US' });
      expect([back.status, back.msg]).toEqual([400, 'invalid field endTime: ends before it starts']);
      const type = await period({ energyType: 19 });
      expect([type.status, type.msg]).toEqual([400, '参数 energyType 不合法：没有累计量测点的能源类型']);
      const live = await post(FLOW_API.live, { nodeId: projectId, modelLabel: 'project', energyType: 19 }, { ...admin, 'accept-language': 'en-US' });
      expect([live.status, live.msg]).toEqual([400, 'invalid field energyType: an energy type without a counter data point']);
      const span = await period({ startTime: at(2024, 1, 1), endTime: at(2025, 3, 1), dateType: 6 }, { ...admin, 'accept-language': 'en-US' });
      expect([span.status, span.msg]).toEqual([400, 'invalid field endTime: the range is longer than 400 days']);
      const missing = await post(FLOW_API.period, { nodeId: projectId, modelLabel: 'project', ...WEEK });
      expect(missing.status).toBe(400);
      expect(missing.msg).toContain('energyType');

      // fw_plant on the demo project holds both flow pages; without them the call is 404
      const demo = await period({ nodeId: 1, modelLabel: 'project' }, plant);
      expect(demo.status).toBe(200);
      const role = await t.app.ems.db.selectFrom('role').select('id').where('name', '=', '厂站运维').executeTakeFirstOrThrow();
      const pages = ['page_energyFlowAnalyse', 'page_energyFlowAnalysis'].map((p) => permissionId(p) as number);
      await t.app.ems.db.deleteFrom('role_permission').where('role_id', '=', role.id).where('permission_id', 'in', pages).execute();
      try {
        expect((await period({ nodeId: 1, modelLabel: 'project' }, plant)).status).toBe(404);
        expect((await post(FLOW_API.live, { nodeId: 1, modelLabel: 'project', energyType: 2 }, plant)).status).toBe(404);
      } finally {
        await t.app.ems.db.insertInto('role_permission').values(pages.map((p) => ({ role_id: role.id, permission_id: p }))).execute();
      }
    });
  });
}
