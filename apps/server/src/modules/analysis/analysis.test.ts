import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_API, DATA_ID, type ConsumptionAnalysis, type ConsumptionQuery } from '@ems/contract';
import { at, counter } from '../../test/fixtures.js';
import { STORES, createProject, insertNode, json, loginAs, startAt, writeReadings, type TestApp, type TestStore, loopTurnsDuring } from '../../test/helpers.js';
import type { ReadingInput } from '../timeseries/service.js';

/** the pinned clock: 2025-03-10 14:37 in Shanghai */
const NOW = at(2025, 3, 10, 14, 37);
const KWH = DATA_ID.activeEnergyImport;

const MONTH: Pick<ConsumptionQuery, 'startTime' | 'endTime' | 'dateType'> = { startTime: at(2025, 3, 1), endTime: at(2025, 4, 1) - 1, dateType: 3 };

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`consumption analysis (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let plant: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};

    const node = (name: string, label: string, parentId: number | null, attrs: Record<string, unknown> = {}) => insertNode(t.app, { projectId, parentId, label, name, attrs });
    const write = (rs: ReadingInput[]) => writeReadings(t.app, projectId, rs);
    const query = async (body: Partial<ConsumptionQuery> & Record<string, unknown>, headers = admin) =>
      json<ConsumptionAnalysis>(
        await t.app.inject({ method: 'POST', url: ANALYSIS_API.consumption, headers, payload: { nodeId: projectId, modelLabel: 'project', energyType: 2, ...MONTH, ...body } }),
      );

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      ({ projectId, admin } = await createProject(t, store.clock, { name: '分析工厂', enName: 'Analysis plant', capacityKva: 1000, areaM2: 5000, timezone: 'Asia/Shanghai' }));

      // project ─ B1 building (1000 m²) ─ R1 room ─ M1 meter ─ M1a meter (a tree child of M1)
      //                                 └ R2 room ─ M2 meter (parentMeterId HV)
      //         ├ DR distribution room ─ HV incomer
      //         └ S1 steam (made on site)
      ids.B1 = await node('B1', 'building', null, { areaM2: 1000 });
      // R1 and R2 count their production (pcs); L1, a line inside R1, counts too but R1's count holds it
      ids.R1 = await node('R1', 'room', ids.B1, { outputUnit: 'pcs' });
      ids.L1 = await node('L1', 'room', ids.R1, { outputUnit: 'pcs' });
      ids.R2 = await node('R2', 'room', ids.B1, { outputUnit: 'pcs' });
      ids.DR = await node('DR', 'distributionroom', null);
      ids.HV = await node('HV', 'meter', ids.DR, { energyType: 2 });
      ids.M1 = await node('M1', 'meter', ids.R1, { energyType: 2 });
      ids.M1a = await node('M1a', 'meter', ids.M1, { energyType: 2 });
      ids.M2 = await node('M2', 'meter', ids.R2, { energyType: 2, parentMeterId: ids.HV });
      ids.S1 = await node('S1', 'meter', null, { energyType: 16, supply: 'onsite' });

      const end = at(2025, 3, 10, 14, 30);
      // HV: 5 kWh per 15 min 1–11 March 2024; 8 in February 2025, 10 in March
      const lastYear = counter(ids.HV, KWH, at(2024, 3, 1), at(2024, 3, 11), 5);
      await write([...lastYear, ...counter(ids.HV, KWH, at(2025, 2, 1), end, (ts) => (ts < at(2025, 3, 1) ? 8 : 10), { start: lastYear.at(-1)?.value })]);
      // M1: 2 per 15 min in March, no readings 5 March 00:15–05:45 (interpolated, not good); M1a 1, M2 3; S1 1 t
      await write(counter(ids.M1, KWH, at(2025, 3, 1), end, 2, { skip: (ts) => ts > at(2025, 3, 5) && ts < at(2025, 3, 5, 6) }));
      await write(counter(ids.M1a, KWH, at(2025, 3, 1), end, 1));
      await write(counter(ids.M2, KWH, at(2025, 3, 1), end, 3));
      await write(counter(ids.S1, DATA_ID.steamMass, at(2025, 3, 1), end, 1));
      // output per 15 min in March: R1 4 pcs, L1 3 (inside R1), R2 6
      await write(counter(ids.R1, DATA_ID.productionOutput, at(2025, 3, 1), end, 4));
      await write(counter(ids.L1, DATA_ID.productionOutput, at(2025, 3, 1), end, 3));
      await write(counter(ids.R2, DATA_ID.productionOutput, at(2025, 3, 1), end, 6));
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the project this month: top-level meters HV + M1, like-for-like 同比/环比 to the current hour, tce and CO₂ (hand-computed)', async () => {
      const r = await query({});
      expect(r.status).toBe(200);
      const d = r.data;
      expect([d.from, d.to, d.grain, d.comparedUntil, d.unit, d.meterCount, d.energyTypes]).toEqual([at(2025, 3, 1), at(2025, 4, 1), 'day', at(2025, 3, 10, 14), 'kWh', 2, [2, 16]]);
      // 922 intervals (1 March 00:00 → 10 March 14:30): HV 9220 + M1 1844; compared to 14:00 (920): 9200 + 1840
      // 环比 1–10 Feb 14:00: HV 920 × 8 = 7360; 同比 1–10 March 2024 14:00: HV 920 × 5 = 4600
      expect(d.kpi).toMatchObject({ total: 11064, compared: 11040, momReference: 7360, yoyReference: 4600, areaM2: 5000 });
      expect(d.kpi.momPct).toBeCloseTo(((11040 - 7360) / 7360) * 100, 9);
      expect(d.kpi.yoyPct).toBeCloseTo(140, 9);
      // the references hold HV's 920 intervals of the 1840 compared (M1 has no history): half covered
      expect([d.kpi.yoyCoveragePct, d.kpi.momCoveragePct]).toEqual([50, 50]);
      expect(d.kpi.tce).toBeCloseTo((11064 * 0.1229) / 1000, 9);
      expect(d.kpi.co2T).toBeCloseTo((11064 * 0.5703) / 1000, 9);
      expect(d.kpi.intensityPerM2).toBeCloseTo(11064 / 5000, 9);
      // M1 lost 24 good intervals to the gap: (922 + 898) / (2 × 922)
      expect(d.kpi.qualityPct).toBeCloseTo((1820 / 1844) * 100, 9);
    });

    it('day bars with the same days last year', async () => {
      const s = (await query({})).data.series;
      expect(s).toHaveLength(31);
      expect(s[0]).toEqual({ time: at(2025, 3, 1), value: 96 * 12, lastYear: 96 * 5 });
      expect(s[9]).toEqual({ time: at(2025, 3, 10), value: 58 * 12, lastYear: 96 * 5 });
      // HV read nothing from 11 March 2024 to 1 February 2025: those days hold 0, not null
      expect(s[10]).toEqual({ time: at(2025, 3, 11), value: null, lastYear: 0 });
    });

    it('children ranked by their own consumption with share of the project (adding up to 100 %), 同比/环比, intensity and data quality; a sub-meter is counted by its parent', async () => {
      const d = (await query({})).data;
      const c = d.children;
      // B1: M1 1844 + M2 2766 enter it (M2's parent HV is outside B1); M1a is inside M1; S1 is steam.
      // DR: HV 9220 less the 2766 it passes on to B1's M2 = 6454 (was 9220: 83 % + 42 % = 125 %)
      expect(c.map((x) => [x.name, x.value, x.meterCount])).toEqual([
        ['DR', 6454, 1],
        ['B1', 4610, 2],
      ]);
      const [dr, b1] = c;
      expect(dr?.sharePct).toBeCloseTo((6454 / 11064) * 100, 9);
      expect((dr?.sharePct ?? 0) + (b1?.sharePct ?? 0)).toBeCloseTo(100, 9);
      expect(d.unassigned).toBeNull();
      // compared 9200 − 2760 = 6440 against HV alone a year and a month earlier (M2 has no history)
      expect(dr?.yoyPct).toBeCloseTo(((6440 - 4600) / 4600) * 100, 9);
      expect(dr?.momPct).toBeCloseTo(((6440 - 7360) / 7360) * 100, 9);
      expect([dr?.qualityPct, dr?.areaM2, dr?.intensityPerM2]).toEqual([100, null, null]);
      expect(b1?.sharePct).toBeCloseTo((4610 / 11064) * 100, 9);
      expect([b1?.yoyPct, b1?.momPct, b1?.areaM2, b1?.intensityPerM2]).toEqual([null, null, 1000, 4.61]);
      expect(b1?.qualityPct).toBeCloseTo((1820 / 1844) * 100, 9);
      expect(b1?.series[0]).toBe(96 * 5);
    });

    it('a building: its rooms ranked; a meter: its tree child meter', async () => {
      const b = (await query({ nodeId: ids.B1, modelLabel: 'building' })).data;
      expect([b.name, b.kpi.total, b.kpi.areaM2, b.kpi.intensityPerM2, b.kpi.yoyPct]).toEqual(['B1', 4610, 1000, 4.61, null]);
      expect(b.children.map((x) => [x.name, x.value, x.sharePct])).toEqual([
        ['R2', 2766, 60],
        ['R1', 1844, 40],
      ]);
      const m = (await query({ nodeId: ids.M1, modelLabel: 'meter' })).data;
      expect([m.kpi.total, m.meterCount, m.children.map((x) => [x.name, x.value, x.sharePct])]).toEqual([1844, 1, [['M1a', 922, 50]]]);
      // the rest of M1 is metered at the node itself, by M1
      expect(m.unassigned).toMatchObject({ value: 922, sharePct: 50, meterCount: 1 });
      expect((await query({ nodeId: ids.M1, modelLabel: 'meter', ranking: false })).data.children).toEqual([]);
    });

    it('output intensity (单耗): consumption per piece of the output counters, a counter inside a counted one not added again', async () => {
      const p = (await query({})).data;
      // 922 intervals: R1 3688 + R2 5532 = 9220 pcs (L1 is inside R1); 11064 kWh / 9220 pcs
      expect([p.kpi.output, p.kpi.outputUnit]).toEqual([9220, 'pcs']);
      expect(p.kpi.intensityPerOutput).toBeCloseTo(11064 / 9220, 9);
      const byName = new Map(p.children.map((c) => [c.name, c]));
      expect([byName.get('B1')?.output, byName.get('B1')?.intensityPerOutput]).toEqual([9220, 0.5]);
      expect([byName.get('DR')?.output, byName.get('DR')?.intensityPerOutput]).toEqual([null, null]);
      const b = (await query({ nodeId: ids.B1, modelLabel: 'building' })).data;
      expect(b.children.map((c) => [c.name, c.value, c.output, c.intensityPerOutput])).toEqual([
        ['R2', 2766, 5532, 0.5],
        ['R1', 1844, 3688, 0.5],
      ]);
      // the line on its own; steam has output too, per piece; a day reads hour buckets
      const l1 = (await query({ nodeId: ids.L1, modelLabel: 'room' })).data;
      expect([l1.kpi.total, l1.kpi.output, l1.kpi.intensityPerOutput]).toEqual([null, 2766, null]);
      const day = (await query({ dateType: 1, startTime: at(2025, 3, 10), endTime: at(2025, 3, 11) - 1 })).data;
      expect(day.kpi.output).toBe(58 * 10);
      expect(day.kpi.intensityPerOutput).toBeCloseTo(696 / 580, 9);
    });

    it('a day: hour bars; a year: month bars with like for like to the current hour', async () => {
      const d = (await query({ dateType: 1, startTime: at(2025, 3, 10), endTime: at(2025, 3, 11) - 1 })).data;
      expect([d.grain, d.series.length, d.kpi.total, d.kpi.compared, d.kpi.momReference, d.kpi.yoyReference]).toEqual(['hour', 24, 696, 672, 672, 280]);
      expect([d.kpi.momPct, d.kpi.yoyPct]).toEqual([0, 140]);
      // yesterday both meters read (100 %), a year ago only HV (50 %)
      expect([d.kpi.momCoveragePct, d.kpi.yoyCoveragePct]).toEqual([100, 50]);
      expect(d.series[14]).toEqual({ time: at(2025, 3, 10, 14), value: 24, lastYear: 20 });
      const y = (await query({ dateType: 5, startTime: at(2025, 1, 1), endTime: at(2026, 1, 1) - 1 })).data;
      expect([y.grain, y.series.length]).toEqual(['month', 12]);
      // February: 28 × 96 × 8 (HV); the gap from March 2024 to February 2025 holds no consumption
      expect(y.series.slice(1, 3).map((b) => b.value)).toEqual([21504, 11064]);
      expect(y.series[2]?.lastYear).toBe(4800);
      expect(y.kpi.compared).toBe(21504 + 11040);
      expect([y.kpi.yoyReference, y.kpi.momReference]).toEqual([4600, 4600]);
    });

    it('a past custom range compares whole spans; a reference of 0 gives no change', async () => {
      const d = (await query({ dateType: 6, startTime: at(2025, 2, 1), endTime: at(2025, 3, 1) - 1 })).data;
      expect([d.grain, d.kpi.total, d.kpi.compared, d.comparedUntil, d.kpi.momReference, d.kpi.momPct, d.kpi.yoyReference]).toEqual(['day', 21504, 21504, at(2025, 3, 1), 0, null, null]);
    });

    it('a long range is worked in slices: other work gets turns of the event loop between the reads', async () => {
      // better-sqlite3 answers synchronously: the seven reads started together ran in one turn (issue 12)
      const { result: r, turns } = await loopTurnsDuring(() => query({ dateType: 6, startTime: NOW - 400 * 86_400_000, endTime: NOW }));
      expect(r.status).toBe(200);
      expect(turns).toBeGreaterThanOrEqual(3);
    });

    it('steam made on site: consumption shows, tce and CO₂ do not', async () => {
      const d = (await query({ energyType: 16 })).data;
      expect([d.unit, d.kpi.total, d.kpi.tce, d.kpi.co2T]).toEqual(['t', 922, null, null]);
    });

    it('export: the table as .xlsx (total row, then the children) with the file name in content-disposition', async () => {
      const res = await t.app.inject({ method: 'POST', url: ANALYSIS_API.consumptionExport, headers: { ...admin, 'accept-language': 'en-US' }, payload: { nodeId: projectId, modelLabel: 'project', energyType: 2, ...MONTH } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''energy-consumption-Analysis%20plant-20250301.xlsx`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = (wb.worksheets[0]?.getSheetValues() ?? []).filter(Boolean).map((r) => (r as unknown[]).slice(1));
      expect(rows[0]).toEqual(['Node', 'Consumption (kWh)', 'YoY (%)', 'MoM (%)', 'Share (%)', 'Intensity (kWh/m²)', 'Data quality (%)', 'Output (pcs)', 'Per unit of output (kWh/pcs)']);
      expect(rows[1]).toEqual(['Analysis plant (Total)', 11064, 140, 50, 100, 2.2128, 98.7, 9220, 1.2]);
      expect(rows[2]).toEqual(['DR', 6454, 40, -12.5, 58.33, undefined, 100]);
      expect(rows[3]).toEqual(['B1', 4610, undefined, undefined, 41.67, 4.61, 98.7, 9220, 0.5]);
      const zh = await t.app.inject({ method: 'POST', url: ANALYSIS_API.consumptionExport, headers: admin, payload: { nodeId: projectId, modelLabel: 'project', energyType: 2, ...MONTH } });
      expect(zh.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('能耗分析-分析工厂-20250301.xlsx')}`);
    });

    it("scope: another project's node is 404 'no operation permission'; so is a node under the wrong label", async () => {
      const other = await query({}, plant);
      expect([other.status, other.msg]).toEqual([404, 'no operation permission']);
      expect((await query({ nodeId: ids.B1, modelLabel: 'building' }, plant)).status).toBe(404);
      expect((await query({ nodeId: ids.B1, modelLabel: 'room' })).status).toBe(404);
      expect((await query({ nodeId: 999_999, modelLabel: 'building' })).status).toBe(404);
      const own = await query({ nodeId: 1 }, plant);
      expect(own.status).toBe(200);
    });

    it('bad input is 400 naming the field, in the language', async () => {
      const en = { ...admin, 'accept-language': 'en-US' };
      expect(await query({ energyType: 19 }, en)).toMatchObject({ status: 400, msg: 'invalid field energyType: an energy type without a counter data point' });
      expect(await query({ startTime: at(2025, 3, 2), endTime: at(2025, 3, 1), dateType: 6 }, en)).toMatchObject({ status: 400, msg: 'invalid field endTime: ends before it starts' });
      expect(await query({ startTime: at(2024, 1, 1), endTime: at(2025, 3, 1), dateType: 6 }, en)).toMatchObject({ status: 400, msg: 'invalid field endTime: the range is longer than 400 days' });
      expect((await query({ dateType: 8 }, en)).msg).toContain('dateType');
      expect((await query({ nodeId: 'x' as unknown as number }, en)).msg).toContain('nodeId');
      expect((await query({ colour: 'red' }, en)).msg).toContain('colour');
      expect((await query({ energyType: 19 })).msg).toBe('参数 energyType 不合法：没有累计量测点的能源类型');
    });
  });
}
