import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_API, DATA_ID, type BalanceTree, type BalanceTrend, type PipeAnalysis } from '@ems/contract';
import { at, counter } from '../../test/fixtures.js';
import { STORES, createProject, insertNode, json, loginAs, startAt, writeReadings, type TestApp, type TestStore, loopTurnsDuring } from '../../test/helpers.js';
import type { ReadingInput } from '../timeseries/service.js';
/** the pinned clock: 2025-03-10 14:37 in Shanghai */
const NOW = at(2025, 3, 10, 14, 37);
const KWH = DATA_ID.activeEnergyImport;
const WATER = DATA_ID.waterVolume;
const GAS = DATA_ID.gasVolume;
/** 1–7 March 2025, local days; readings run to 8 March 00:00 so each day holds 96 intervals */
const RANGE = { startTime: at(2025, 3, 1), endTime: at(2025, 3, 8) - 1 };
const FROM = at(2025, 3, 1);
const TO = at(2025, 3, 8);
/** local hour of a timestamp in Shanghai */
const hourOf = (t: number) => new Date(t + 8 * 3_600_000).getUTCHours();

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`energy balance (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let plant: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};

    const meter = async (code: string, attrs: Record<string, unknown>) => (ids[code] = await insertNode(t.app, { projectId, parentId: null, label: 'meter', name: `meter ${code}`, code, attrs }));
    const write = (rs: ReadingInput[]) => writeReadings(t.app, projectId, rs);
    const elec = async (code: string, rate: number | ((t: number) => number), attrs: Record<string, unknown> = {}, from = FROM) => {
      const id = await meter(code, { energyType: 2, ...attrs });
      await write(counter(id, KWH, from, TO, rate));
      return id;
    };
    const post = <T>(url: string, payload: Record<string, unknown>, headers = admin) => t.app.inject({ method: 'POST', url, headers, payload }).then((r) => json<T>(r));
    const tree = (energyType = 2, headers = admin) => post<BalanceTree>(BALANCE_API.tree, { projectId, energyType, ...RANGE }, headers);
    const row = (d: BalanceTree, code: string) => d.rows.find((r) => r.code === code);

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Balance plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));

      // P1 (tolerance 15 %): 12 kWh per 15 min at night (00–06), 10 by day; children C1 4 + C2 5; C1 feeds G1 3.9
      const p1 = await elec('P1', (ts) => (hourOf(ts) < 6 ? 12 : 10), { lossTolerancePct: 15 });
      const c1 = await elec('C1', 4, { parentMeterId: p1 });
      await elec('C2', 5, { parentMeterId: p1 });
      await elec('G1', 3.9, { parentMeterId: c1 });
      // P2 (default tolerance 5 %): 10 against C3 9 → 10 %, fails
      const p2 = await elec('P2', 10);
      await elec('C3', 9, { parentMeterId: p2 });
      // P3: 5 against C4 6 → −20 %, metering fault
      const p3 = await elec('P3', 5);
      await elec('C4', 6, { parentMeterId: p3 });
      // P4: C6 reports only from 4 March → incomplete, never a partial sum
      const p4 = await elec('P4', 10);
      await elec('C5', 4, { parentMeterId: p4 });
      await elec('C6', 5, { parentMeterId: p4 }, at(2025, 3, 4));
      // water: W0 supply 2.0 m³ per 15 min, 2.4 from 4 March (a leak); end users W2 0.5 + W3 0.38 (under W1 0.9) + W4 1.0
      const w0 = await meter('W0', { energyType: 3 });
      await write(counter(w0, WATER, FROM, TO, (ts) => (ts < at(2025, 3, 4) ? 2 : 2.4)));
      const w1 = await meter('W1', { energyType: 3, parentMeterId: w0 });
      await write(counter(w1, WATER, FROM, TO, () => 0.9));
      for (const [code, rate, parent] of [
        ['W2', 0.5, w1],
        ['W3', 0.38, w1],
        ['W4', 1.0, w0],
      ] as const) {
        const id = await meter(code, { energyType: 3, parentMeterId: parent });
        await write(counter(id, WATER, FROM, TO, () => rate));
      }
      // gas: N0 10 m³ per 15 min over N1 6 and N2 3, N2 reporting from 4 March (as P4 over C6)
      const n0 = await meter('N0', { energyType: 15 });
      await write(counter(n0, GAS, FROM, TO, () => 10));
      const n1 = await meter('N1', { energyType: 15, parentMeterId: n0 });
      await write(counter(n1, GAS, FROM, TO, () => 6));
      const n2 = await meter('N2', { energyType: 15, parentMeterId: n0 });
      await write(counter(n2, GAS, at(2025, 3, 4), TO, () => 3));
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the tree in depth-first order with Σ children, loss, λ and status against each tolerance (hand-computed)', async () => {
      const r = await tree();
      expect(r.status).toBe(200);
      const d = r.data;
      expect([d.from, d.to, d.unit, d.timezone]).toEqual([FROM, TO, 'kWh', 'Asia/Shanghai']);
      expect(d.energyTypes).toEqual([2, 3, 15]);
      expect(d.rows.map((x) => [x.code, x.depth])).toEqual([
        ['P1', 0],
        ['C1', 1],
        ['G1', 2],
        ['C2', 1],
        ['P2', 0],
        ['C3', 1],
        ['P3', 0],
        ['C4', 1],
        ['P4', 0],
        ['C5', 1],
        ['C6', 1],
      ]);
      // P1 per day: 24 × 12 + 72 × 10 = 1008; children 96 × 9 = 864; 7 days: 7056 − 6048 = 1008 → 14.2857 % ≤ 15
      const p1 = row(d, 'P1');
      expect(p1?.value).toBeCloseTo(7056, 6);
      expect(p1?.balance).toMatchObject({ childrenSum: 6048, missingChildren: 0, tolerancePct: 15, status: 'pass' });
      expect(p1?.balance?.loss).toBeCloseTo(1008, 6);
      expect(p1?.balance?.lossRatePct).toBeCloseTo((1008 / 7056) * 100, 9);
      // C1 over G1: 2688 − 2620.8 = 67.2 → 2.5 % with the electricity default 5 %
      expect(row(d, 'C1')?.balance).toMatchObject({ tolerancePct: 5, status: 'pass' });
      expect(row(d, 'C1')?.balance?.lossRatePct).toBeCloseTo(2.5, 9);
      expect(row(d, 'G1')?.balance).toBeNull();
      expect(row(d, 'G1')?.value).toBeCloseTo(3.9 * 96 * 7, 6);
      // P2: 6720 − 6048 → 10 % > 5 %
      expect(row(d, 'P2')?.balance).toMatchObject({ parent: 6720, childrenSum: 6048, loss: 672, tolerancePct: 5, status: 'fail' });
      expect(row(d, 'P2')?.balance?.lossRatePct).toBeCloseTo(10, 9);
    });

    it('negative loss beyond the meters\' accuracy is a metering fault; a child missing days: loss over the days all report, the rest unmetered', async () => {
      const d = (await tree()).data;
      expect(row(d, 'P3')?.balance).toMatchObject({ parent: 3360, childrenSum: 4032, loss: -672, status: 'meteringFault', unmetered: null });
      expect(row(d, 'P3')?.balance?.lossRatePct).toBeCloseTo(-20, 9);
      // C6 reports 4 of the 7 days: P4's loss is taken over 4–7 March (960 − 864 a day → 10 %), never a
      // partial sum; 1–3 March P4 960 − C5 384 a day = 1728 is unmetered (未计量), not loss
      expect(row(d, 'P4')?.balance).toMatchObject({ parent: 3840, childrenSum: 3456, missingChildren: 0, loss: 384, status: 'fail', unmetered: 1728 });
      expect(row(d, 'P4')?.balance?.lossRatePct).toBeCloseTo(10, 9);
      expect([row(d, 'P4')?.value, row(d, 'C5')?.value, row(d, 'C6')?.value]).toEqual([6720, 2688, 1920]);
      // the row's figures add up (issue 11 review): 用能 6720 − 下级合计 (2688 + 1920) = 损耗 384 + 未计量 1728
      expect([row(d, 'P4')?.balance?.parentTotal, row(d, 'P4')?.balance?.childrenTotal]).toEqual([6720, 4608]);
    });

    it('every row of every energy type: 下级合计 = Σ of the child rows shown, 用能 − 下级合计 = 损耗 + 未计量', async () => {
      for (const energyType of [2, 3, 15]) {
        const d = (await tree(energyType)).data;
        const nodes = d.rows.filter((r) => r.balance);
        expect(nodes.length).toBeGreaterThan(0);
        for (const r of nodes) {
          const b = r.balance;
          const kids = d.rows.filter((x) => x.parentMeterId === r.meterId);
          expect(kids.length, r.code).toBe(r.childCount);
          expect(b?.parentTotal, r.code).toBe(r.value);
          expect(b?.childrenTotal, r.code).toBeCloseTo(kids.reduce((x, k) => x + (k.value ?? 0), 0), 9);
          expect((r.value ?? 0) - (b?.childrenTotal ?? 0), r.code).toBeCloseTo((b?.loss ?? 0) + (b?.unmetered ?? 0), 9);
        }
      }
    });

    it('worst nodes: metering fault first, then failures, then passes by margin (P1 −0.7 points from its tolerance, C1 −2.5); incomplete left out', async () => {
      const d = (await tree()).data;
      expect(d.worst.map((w) => [w.name, w.status])).toEqual([
        ['meter P3', 'meteringFault'],
        ['meter P2', 'fail'],
        ['meter P4', 'fail'],
        ['meter P1', 'pass'],
        ['meter C1', 'pass'],
      ]);
    });

    it('night (00–06) against day: the night-only excess of P1 shows as night loss per hour', async () => {
      const d = (await tree()).data;
      const n = d.night.find((x) => x.meterId === ids.P1);
      // per night: 24 × 12 − 24 × 9 = 72 over 6 h; per day part: 72 × 10 − 72 × 9 = 72 over 18 h
      expect(n?.nightLoss).toBeCloseTo(7 * 72, 6);
      expect(n?.nightLossRatePct).toBeCloseTo(25, 9);
      expect(n?.nightLossPerHour).toBeCloseTo(12, 9);
      expect(n?.dayLoss).toBeCloseTo(7 * 72, 6);
      expect(n?.dayLossRatePct).toBeCloseTo(10, 9);
      expect(n?.dayLossPerHour).toBeCloseTo(4, 9);
      expect(n?.nightStatus).toBe('fail');
      expect([n?.nightUnmetered, n?.dayUnmetered]).toEqual([null, null]);
      // P4 over the nights C6 reports (4–7 March): 10 %; the nights before are unmetered, 3 × (240 − 96)
      const p4 = d.night.find((x) => x.meterId === ids.P4);
      expect(p4?.nightStatus).toBe('fail');
      expect(p4?.nightLossRatePct).toBeCloseTo(10, 9);
      expect(p4?.nightUnmetered).toBeCloseTo(432, 6);
      // end uses by night rate per hour: C3 36, C4 24, C2 and C6 20 (by id), C5 16, G1 15.6; parents are left out
      expect(d.meterNight.map((m) => m.meterId)).toEqual([ids.C3, ids.C4, ids.C2, ids.C6, ids.C5, ids.G1]);
      const c2 = d.meterNight.find((m) => m.meterId === ids.C2);
      expect([c2?.nightPerHour, c2?.dayPerHour, c2?.nightSharePct]).toEqual([20, 20, 25]);
      expect(d.meterNight.some((m) => m.meterId === ids.P1)).toBe(false);
    });

    it('daily λ trend of a node with its tolerance; incomplete days before a child reports', async () => {
      const r = await post<BalanceTrend>(BALANCE_API.trend, { projectId, meterId: ids.P4, ...RANGE });
      expect(r.status).toBe(200);
      expect(r.data.tolerancePct).toBe(5);
      expect(r.data.days.map((x) => [x.time, x.status])).toEqual([1, 2, 3, 4, 5, 6, 7].map((day) => [at(2025, 3, day), day < 4 ? 'incomplete' : 'fail']));
      expect(r.data.days[3]).toMatchObject({ parent: 960, childrenSum: 864, loss: 96 });
      expect(r.data.days[3]?.lossRatePct).toBeCloseTo(10, 9);
    });

    it('pipe: supply against end users per medium, daily λ and the step of the leak from 4 March', async () => {
      const r = await post<PipeAnalysis>(BALANCE_API.pipe, { projectId, ...RANGE });
      expect(r.status).toBe(200);
      expect(r.data.media.map((m) => m.energyType)).toEqual([3, 15]);
      const w = r.data.media[0];
      expect(w?.supply.map((m) => m.meterId)).toEqual([ids.W0]);
      expect(w?.endUsers.map((m) => m.meterId)).toEqual([ids.W2, ids.W3, ids.W4]);
      // supply 3 × 192 + 4 × 230.4 = 1497.6; end users 1.88 × 96 × 7 = 1263.36
      expect(w?.balance.parent).toBeCloseTo(1497.6, 6);
      expect(w?.balance.childrenSum).toBeCloseTo(1263.36, 6);
      expect([w?.balance.parentTotal, w?.balance.childrenTotal, w?.balance.unmetered]).toEqual([w?.balance.parent, w?.balance.childrenSum, null]);
      expect(w?.balance.lossRatePct).toBeCloseTo((234.24 / 1497.6) * 100, 6);
      expect(w?.balance).toMatchObject({ tolerancePct: 8, status: 'fail' });
      expect(w?.days[0]?.lossRatePct).toBeCloseTo(6, 6);
      expect(w?.days[6]?.lossRatePct).toBeCloseTo((0.52 / 2.4) * 100, 6);
      expect(w?.stepChange?.time).toBe(at(2025, 3, 4));
      expect(w?.stepChange?.beforePct).toBeCloseTo(6, 6);
      expect(w?.stepChange?.afterPct).toBeCloseTo((0.52 / 2.4) * 100, 6);
    });

    it('pipe with an end user reporting from 4 March: 供给 and 末端合计 over the range, shares of the supply adding up to 100 % with the loss and the unmetered part', async () => {
      const gas = (await post<PipeAnalysis>(BALANCE_API.pipe, { projectId, ...RANGE })).data.media.find((m) => m.energyType === 15);
      const b = gas?.balance;
      // N0 7 × 960 = 6720 over N1 7 × 576 = 4032 and N2 4 × 288 = 1152; over 4–7 March 3840 − 3456: loss 384 (10 %); 1–3 March 3 × (960 − 576) = 1152 unmetered
      expect([b?.parentTotal, b?.childrenTotal, b?.parent, b?.childrenSum, b?.loss, b?.unmetered]).toEqual([6720, 5184, 3840, 3456, 384, 1152]);
      expect(b?.lossRatePct).toBeCloseTo(10, 9);
      expect(gas?.supply.map((m) => [m.value, m.sharePct])).toEqual([[6720, 100]]);
      const shares = gas?.endUsers.map((m) => m.sharePct ?? NaN) ?? [];
      expect(shares[0]).toBeCloseTo(60, 9);
      expect(shares[1]).toBeCloseTo((1152 / 6720) * 100, 9);
      for (const share of shares) expect(share).toBeLessThanOrEqual(100);
      expect(shares.reduce((x, y) => x + y, 0) + ((384 + 1152) / 6720) * 100).toBeCloseTo(100, 9);
      // the export's columns are the card's: supply and Σ end users over the range, loss and λ over the covered days
      const res = await t.app.inject({ method: 'POST', url: BALANCE_API.pipeExport, headers: { ...admin, 'accept-language': 'en-US' }, payload: { projectId, ...RANGE } });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]?.getRow(3).values).toEqual([undefined, 'natural gas (Nm³)', 6720, 5184, 384, 10, 1152, 5, 'over tolerance']);
    });

    it('export: the tree table as .xlsx with the file name in content-disposition, in the language asked', async () => {
      const res = await t.app.inject({ method: 'POST', url: BALANCE_API.treeExport, headers: { ...admin, 'accept-language': 'en-US' }, payload: { projectId, energyType: 2, ...RANGE } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('energy-balance-20250301.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws?.getRow(1).values).toEqual([undefined, 'Meter', 'Consumption (kWh)', 'Σ children (kWh)', 'Loss (kWh)', 'Loss rate (%)', 'Unmetered (kWh)', 'Tolerance (%)', 'Status']);
      expect(ws?.getRow(2).values).toEqual([undefined, 'meter P1', 7056, 6048, 1008, 14.29, undefined, 15, 'pass']);
      expect(ws?.getRow(3).getCell(1).alignment?.indent).toBe(1);
      expect(ws?.getRow(10).values).toEqual([undefined, 'meter P4', 6720, 4608, 384, 10, 1728, 5, 'over tolerance']);
      const zh = await t.app.inject({ method: 'POST', url: BALANCE_API.treeExport, headers: admin, payload: { projectId, energyType: 2, ...RANGE } });
      expect(decodeURIComponent(String(zh.headers['content-disposition']))).toContain('能耗平衡-20250301.xlsx');
    });

    it('a 400-day range is worked in slices: other work gets turns of the event loop while the tree, trend and pipe are answered', async () => {
      // better-sqlite3 answers synchronously: read in one piece, a long range held every other request back (issue 12)
      const turnsDuring = async (call: () => Promise<{ status: number }>) => {
        const { result, turns } = await loopTurnsDuring(call);
        expect(result.status).toBe(200);
        return turns;
      };
      const long = { startTime: TO - 400 * 86_400_000, endTime: TO - 1 };
      // half a month a read: 27 reads of the days alone, and as many of the night hours for the tree
      expect(await turnsDuring(() => post(BALANCE_API.tree, { projectId, energyType: 2, ...long }))).toBeGreaterThanOrEqual(26);
      expect(await turnsDuring(() => post(BALANCE_API.trend, { projectId, meterId: ids.P1, ...long }))).toBeGreaterThanOrEqual(26);
      expect(await turnsDuring(() => post(BALANCE_API.pipe, { projectId, ...long }))).toBeGreaterThanOrEqual(26);
    });

    it("scope and input: another project is 404 'no operation permission'; bad fields are 400 naming the field", async () => {
      const other = await tree(2, plant);
      expect([other.status, other.msg]).toEqual([404, 'no operation permission']);
      const back = await post(BALANCE_API.tree, { projectId, energyType: 2, startTime: RANGE.endTime, endTime: RANGE.startTime }, { ...admin, 'accept-language': 'en-US' });
      expect([back.status, back.msg]).toEqual([400, 'invalid field endTime: ends before it starts']);
      const type = await post(BALANCE_API.tree, { projectId, energyType: 19, ...RANGE });
      expect([type.status, type.msg]).toEqual([400, '参数 energyType 不合法：没有累计量测点的能源类型']);
      const leaf = await post(BALANCE_API.trend, { projectId, meterId: ids.G1, ...RANGE }, { ...admin, 'accept-language': 'en-US' });
      expect([leaf.status, leaf.msg]).toEqual([400, 'invalid field meterId: not a meter with child meters']);
      const missing = await post(BALANCE_API.tree, { projectId, ...RANGE });
      expect(missing.status).toBe(400);
      expect(missing.msg).toContain('energyType');
    });
  });
}
