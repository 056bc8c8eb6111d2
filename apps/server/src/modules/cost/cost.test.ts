import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_API, COST_API, DATA_ID, type ConsumptionAnalysis, type CostPeriod, type CostScheme, type CostSchemeInput, type CostYear, type DemandCurve, type MonthBill, type TariffVersion } from '@ems/contract';
import { TOU_VERSION, at, counter } from '../../test/fixtures.js';
import { zonedDateTime } from '../../lib/zoned-time.js';
import { STORES, createProject, insertNode, json, loginAs, startAt, writeReadings, type TestApp, type TestStore, loopTurnsDuring } from '../../test/helpers.js';
/** the pinned clock (EMS_NOW style): 2025-07-10 12:00 in Shanghai */
const NOW = at(2025, 7, 10, 12);
const SPIKE = at(2025, 6, 18, 14);

/** the shared time-of-use version (sharp 1 h, peak 6 h, flat 9 h, valley 8 h a day) with 2 June (端午) all valley */
const VERSION_A: TariffVersion = {
  ...TOU_VERSION,
  calendar: { ...TOU_VERSION.calendar, holidays: [{ date: '2025-06-02', name: '端午节', schedule: [{ start: '00:00', end: '24:00', period: 'valley' }] }] },
};

/*
 * THE BILL OF JUNE 2025, BY HAND. Top-level meters M1 (10 kWh + 6 kvarh per 15 min, plus 40 kWh
 * in the 18 June 14:00 block) and M3 (5 kWh + 2 kvarh); M2 is under M1 and is not billed.
 * 60 kWh an hour; 29 ordinary days + 2 June all valley:
 *   sharp  29 × 1 h × 60            =  1 740 kWh × 1.2247 =  2 130.978  →  2 130.98
 *   peak   29 × 6 h × 60            = 10 440 kWh × 1.0206 = 10 655.064  → 10 655.06
 *   flat   29 × 9 h × 60 + 40       = 15 700 kWh × 0.6212 =  9 752.84   →  9 752.84
 *   valley 29 × 8 h × 60 + 24 × 60  = 15 360 kWh × 0.2718 =  4 174.848  →  4 174.85
 *   energy fee 26 713.73 on 43 240 kWh
 * MD = (50 + 5) × 4 = 220 kW at 18 June 14:00. Contract 200 kW (= 40 % of 500 kVA), 105 % = 210:
 *   demand: 200 × 40 = 8 000.00 + (220 − 210) × 80 = 800.00 → 8 800.00
 *   capacity: 500 × 30 = 15 000.00 → demand is cheaper; billed 8 800.00
 * cosφ = 43 240 / √(43 240² + 23 040²) = 0.88253 → 0.88; standard 0.90 → +1 %:
 *   (8 800.00 + 26 713.73) × 1 % = 355.1373 → 355.14
 * funds 43 240 × 0.029 = 1 253.96
 * TOTAL 26 713.73 + 8 800.00 + 355.14 + 1 253.96 = 37 122.83
 */
const HAND = {
  lines: [
    { key: 'sharp', quantity: 1740, unitPriceYuan: '1.2247', fen: 213098 },
    { key: 'peak', quantity: 10440, unitPriceYuan: '1.0206', fen: 1065506 },
    { key: 'flat', quantity: 15700, unitPriceYuan: '0.6212', fen: 975284 },
    { key: 'valley', quantity: 15360, unitPriceYuan: '0.2718', fen: 417485 },
    { key: 'demandContract', quantity: 200, unitPriceYuan: '40', fen: 800000 },
    { key: 'demandExcess', quantity: 10, unitPriceYuan: '80', fen: 80000 },
    { key: 'powerFactor', fen: 35514 },
    { key: 'funds', name: '政府性基金及附加', quantity: 43240, unitPriceYuan: '0.029', fen: 125396 },
  ],
  energyFen: 2671373,
  basicFen: 880000,
  capacityFeeFen: 1500000,
  demandFeeFen: 880000,
  pfFen: 35514,
  totalFen: 3712283,
};

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`cost: tariff schemes and bills (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    let schemeId: number;
    const ids: Record<string, number> = {};

    const node = (name: string, label: string, parentId: number | null, attrs: Record<string, unknown> = {}) => insertNode(t.app, { projectId, parentId, label, name, attrs });
    const post = async <T>(url: string, payload: Record<string, unknown>, headers = admin) => json<T>(await t.app.inject({ method: 'POST', url, headers, payload }));
    const bill = (month: number, headers = admin) => post<MonthBill>(COST_API.bill, { nodeId: projectId, modelLabel: 'project', year: 2025, month }, headers);
    const scheme = (versions: TariffVersion[]): CostSchemeInput => ({ name: 'Test 10 kV', projectId, versions });

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Cost plant', capacityKva: 500, timezone: 'Asia/Shanghai' }));
      ids.DR = await node('DR', 'distributionroom', null);
      ids.M1 = await node('M1', 'meter', ids.DR, { energyType: 2 });
      ids.M2 = await node('M2', 'meter', ids.DR, { energyType: 2, parentMeterId: ids.M1 });
      ids.M3 = await node('M3', 'meter', ids.DR, { energyType: 2 });
      const from = at(2025, 5, 1);
      const to = at(2025, 7, 10, 12);
      await writeReadings(t.app, projectId, [
        ...counter(ids.M1, DATA_ID.activeEnergyImport, from, to, (ts) => (ts === SPIKE ? 50 : 10)),
        ...counter(ids.M1, DATA_ID.reactiveEnergyImport, from, to, () => 6),
        ...counter(ids.M2, DATA_ID.activeEnergyImport, from, to, () => 3),
        ...counter(ids.M3, DATA_ID.activeEnergyImport, from, to, () => 5),
        ...counter(ids.M3, DATA_ID.reactiveEnergyImport, from, to, () => 2),
      ]);
      const s = await post<CostScheme>(COST_API.create, scheme([VERSION_A]));
      expect(s.code, JSON.stringify(s)).toBe(0);
      schemeId = s.data.id;
      const attached = json<CostScheme>(
        await t.app.inject({ method: 'PUT', url: COST_API.nodes.replace(':id', String(schemeId)), headers: admin, payload: { nodes: [{ nodeId: projectId, modelLabel: 'project' }] } }),
      );
      expect(attached.data.nodes).toEqual([{ nodeId: projectId, modelLabel: 'project', name: 'Cost plant' }]);
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the June bill equals the bill computed by hand, to the cent (energy by period, basic fee both ways, 力调, surcharge, total)', async () => {
      const b = await bill(6);
      expect(b.status).toBe(200);
      const d = b.data;
      expect(d.lines).toEqual(HAND.lines);
      expect([d.energyFen, d.basicFen, d.capacityFeeFen, d.demandFeeFen, d.cheaper, d.pfFen, d.totalFen]).toEqual([
        HAND.energyFen,
        HAND.basicFen,
        HAND.capacityFeeFen,
        HAND.demandFeeFen,
        'demand',
        HAND.pfFen,
        HAND.totalFen,
      ]);
      expect([d.kwh, d.kvarh, d.cosPhi, d.pfPct, d.mdKw, d.mdTime, d.meterCount, d.missingIntervals]).toEqual([43240, 23040, 0.88, 1, 220, SPIKE, 2, 0]);
      expect(d.kwhByPeriod).toEqual({ sharp: 1740, peak: 10440, flat: 15700, valley: 15360, deepValley: 0 });
      expect(d.averagePriceYuanPerKwh).toBeCloseTo(37122.83 / 43240, 6);
      // compensation to 0.90 at the month's average 43 240 / 720 h kW
      const p = 43240 / 720;
      expect(d.compensationKvar).toBeCloseTo(p * (Math.sqrt(1 - 0.88 ** 2) / 0.88 - Math.sqrt(1 - 0.9 ** 2) / 0.9), 9);
    });

    it('the year view holds the same June, months not begun or without data are unbilled, and the year total is Σ months', async () => {
      const y = await post<CostYear>(COST_API.year, { nodeId: projectId, modelLabel: 'project', year: 2025 });
      const june = y.data.months[5];
      expect(june?.totalFen).toBe(HAND.totalFen);
      expect(y.data.months.map((m) => m.billed)).toEqual([false, false, false, false, true, true, true, false, false, false, false, false]);
      expect(y.data.months[0]?.kwh).toBe(0);
      expect(y.data.totalFen).toBe(y.data.months.reduce((a, m) => a + m.totalFen, 0));
    });

    it('the year is worked in slices: other work gets turns of the event loop between its months and their reads', async () => {
      // better-sqlite3 answers synchronously: twelve months read at once held every other request back (issue 12)
      const { result: y, turns } = await loopTurnsDuring(() => post<CostYear>(COST_API.year, { nodeId: projectId, modelLabel: 'project', year: 2025 }));
      expect(y.status).toBe(200);
      // a turn between months (11), and between the week-long reads of each billed month
      expect(turns).toBeGreaterThanOrEqual(11);
    });

    it('a day shows the energy fee only, with the basic fee allocated and labelled so', async () => {
      const p = await post<CostPeriod>(COST_API.period, { nodeId: projectId, modelLabel: 'project', cycle: 12, startTime: at(2025, 6, 18, 9) });
      expect(p.data.grain).toBe('hour');
      expect(p.data.buckets).toHaveLength(24);
      // 18 June: 1 440 kWh + 40 kWh in the 14:00 block (flat)
      expect(p.data.kwhByPeriod).toEqual({ sharp: 60, peak: 360, flat: 580, valley: 480, deepValley: 0 });
      expect(p.data.buckets[14]?.kwhByPeriod.flat).toBe(100);
      // 8 800.00 × 1 / 30 = 293.33
      expect(p.data.allocatedBasic).toEqual({ key: 'basicAllocated', fen: 29333, allocated: true });
      expect(p.data.totalFen).toBe(p.data.energyFen + 29333);
    });

    it('the demand curve of June: 2 880 blocks, MD with its time, the contract line', async () => {
      const c = await post<DemandCurve>(COST_API.demand, { nodeId: projectId, modelLabel: 'project', year: 2025, month: 6 });
      expect(c.data.points).toHaveLength(2880);
      expect([c.data.mdKw, c.data.mdTime, c.data.contractKw]).toEqual([220, SPIKE, 200]);
      expect(c.data.points[0]).toEqual({ time: at(2025, 6, 1), kw: 60 });
    });

    it('/energyConsumption splits June by time-of-use period exactly as the bill does (hourly rollups: the calendar is on whole hours)', async () => {
      const a = await post<ConsumptionAnalysis>(ANALYSIS_API.consumption, { nodeId: projectId, modelLabel: 'project', energyType: 2, startTime: at(2025, 6, 1), endTime: at(2025, 7, 1) - 1, dateType: 3 });
      expect(a.status).toBe(200);
      expect(a.data.tou).toEqual({ schemeName: 'Test 10 kV', totals: { sharp: 1740, peak: 10440, flat: 15700, valley: 15360, deepValley: 0 }, unclassified: 0 });
      // 2 June (端午) all valley; 18 June with the 40 kWh spike in the flat 14:00 block
      expect(a.data.series[1]?.tou).toEqual({ sharp: 0, peak: 0, flat: 0, valley: 1440, deepValley: 0 });
      expect(a.data.series[17]?.tou).toEqual({ sharp: 60, peak: 360, flat: 580, valley: 480, deepValley: 0 });
      for (const b of a.data.series) {
        const tou = b.tou;
        if (!tou || b.value === null) continue;
        expect(tou.sharp + tou.peak + tou.flat + tou.valley + tou.deepValley).toBeCloseTo(b.value, 6);
      }
      // no split for other energy types
      const water = await post<ConsumptionAnalysis>(ANALYSIS_API.consumption, { nodeId: projectId, modelLabel: 'project', energyType: 3, startTime: at(2025, 6, 1), endTime: at(2025, 7, 1) - 1, dateType: 3 });
      expect(water.data.tou ?? null).toBeNull();
    });

    it('a change of tariff from 1 June recomputes June and July, and leaves May as it was', async () => {
      const mayBefore = (await bill(5)).data.totalFen;
      const versionB: TariffVersion = { ...VERSION_A, effectiveFrom: '2025-06-01', touPrices: { ...VERSION_A.touPrices, flat: '0.7000' } };
      const res = json<CostScheme>(await t.app.inject({ method: 'PUT', url: COST_API.update.replace(':id', String(schemeId)), headers: admin, payload: scheme([versionB, VERSION_A]) }));
      expect(res.data.versions.map((v) => v.effectiveFrom)).toEqual(['2025-01-01', '2025-06-01']);
      expect((await bill(5)).data.totalFen).toBe(mayBefore);
      const june = (await bill(6)).data;
      // flat 15 700 × 0.7000 = 10 990.00; energy 26 713.73 − 9 752.84 + 10 990.00 = 27 950.89
      // 力调 (8 800.00 + 27 950.89) × 1 % = 367.5089 → 367.51; total 27 950.89 + 8 800 + 367.51 + 1 253.96 = 38 372.36
      expect(june.lines.find((l) => l.key === 'flat')).toEqual({ key: 'flat', quantity: 15700, unitPriceYuan: '0.7000', fen: 1099000 });
      expect([june.energyFen, june.pfFen, june.totalFen, june.versions]).toEqual([2795089, 36751, 3837236, ['2025-06-01']]);
      const july = (await bill(7)).data;
      expect(july.lines.find((l) => l.key === 'flat')?.unitPriceYuan).toBe('0.7000');
      const y = await post<CostYear>(COST_API.year, { nodeId: projectId, modelLabel: 'project', year: 2025 });
      expect(y.data.months[5]?.totalFen).toBe(3837236);
      expect(y.data.months[4]?.totalFen).toBe(mayBefore);
    });

    it('a contract below 40 % of capacity is saved with a warning, not refused (发改办价格〔2016〕1583号: billed at 40 %)', async () => {
      const low = await post<CostScheme>(COST_API.create, { ...scheme([{ ...VERSION_A, contractKw: 199 }]) }, { ...admin, 'accept-language': 'en-US' });
      expect(low.status).toBe(200);
      expect(low.data.versions[0]?.contractKw).toBe(199);
      expect(low.data.warnings).toEqual([{ field: 'versions[0].contractKw', message: 'the contracted demand is below 40 % of the capacity: the basic fee bills 40 % of it (200 kW)' }]);
      const ok = await post<CostScheme>(COST_API.create, { ...scheme([VERSION_A]) }, admin);
      expect(ok.data.warnings).toBeUndefined();
      for (const id of [low.data.id, ok.data.id]) expect((await t.app.inject({ method: 'DELETE', url: COST_API.remove.replace(':id', String(id)), headers: admin })).statusCode).toBe(200);
    });

    it('400 naming the field: a calendar with a gap, a period without a price', async () => {
      const bad = async (v: Partial<TariffVersion>) => post<null>(COST_API.create, { ...scheme([{ ...VERSION_A, ...v }]) }, { ...admin, 'accept-language': 'en-US' });
      const gap = await bad({ calendar: { seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: [{ start: '00:00', end: '23:00', period: 'flat' }] }] } });
      expect([gap.status, gap.msg]).toEqual([400, 'invalid field versions[0].calendar: season all: 23:00 is not covered']);
      const price = await bad({ touPrices: { peak: '1', flat: '0.6', valley: '0.3' } });
      expect([price.status, price.msg]).toEqual([400, 'invalid field versions[0].touPrices.sharp: a period of the calendar has no price']);
    });

    it('permissions: scheme writes need feescheme_*, attaching needs costscheme_relate_node, other projects are 404', async () => {
      const cloud = (await loginAs(t.app, store.clock, 'fw_cloud')).headers;
      const plant = (await loginAs(t.app, store.clock, 'fw_plant')).headers;
      // fw_cloud opens the cost pages but holds no feescheme_create and is not on this project
      expect((await post(COST_API.create, { ...scheme([VERSION_A]) }, cloud)).status).toBe(404);
      expect((await bill(6, cloud)).msg).toBe('无操作权限');
      const nodes = await t.app.inject({ method: 'PUT', url: COST_API.nodes.replace(':id', String(schemeId)), headers: cloud, payload: { nodes: [] } });
      expect(nodes.statusCode).toBe(404);
      // fw_plant reads the cost pages of its own project only, and writes no scheme
      expect((await bill(6, plant)).status).toBe(404);
      expect((await post(COST_API.create, { ...scheme([VERSION_A]), projectId: 1 }, plant)).status).toBe(404);
    });

    it('exports the year table as .xlsx with the name from content-disposition', async () => {
      const res = await t.app.inject({ method: 'POST', url: COST_API.export, headers: admin, payload: { nodeId: projectId, modelLabel: 'project', year: 2025, view: 'summary' } });
      expect(res.statusCode).toBe(200);
      expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe('电费汇总-Cost plant-2025.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws?.getRow(1).getCell(7).value).toBe('总电费(元)');
      // the billed months May–July, one row each
      expect(ws?.getColumn(1).values.slice(2)).toEqual(['2025-05', '2025-06', '2025-07']);
      expect(ws?.getRow(3).getCell(7).value).toBe(38372.36);
    });

    it("the basic-fee export writes each month's maximum-demand time on the project's clock (not UTC)", async () => {
      const y = await post<CostYear>(COST_API.year, { nodeId: projectId, modelLabel: 'project', year: 2025 });
      const june = y.data.months.find((m) => m.month === 6);
      const res = await t.app.inject({ method: 'POST', url: COST_API.export, headers: admin, payload: { nodeId: projectId, modelLabel: 'project', year: 2025, view: 'basic' } });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const row = ws.getColumn(1).values.indexOf('2025-06');
      expect(june?.mdTime).toBeGreaterThan(0);
      // the spike of 18 June 14:00 in Shanghai sets June's maximum demand
      expect(ws.getRow(row).getCell(3).value).toMatch(/^2025-06-18 14:\d\d$/);
      expect(ws.getRow(row).getCell(3).value).toBe(zonedDateTime(june!.mdTime!, 'Asia/Shanghai', false));
    });

    it('attaching nodes: a node of another label, or not in the project, is refused with 400 naming it, and the attachment stays', async () => {
      const put = async (nodes: object[]) =>
        json<CostScheme>(await t.app.inject({ method: 'PUT', url: COST_API.nodes.replace(':id', String(schemeId)), headers: admin, payload: { nodes } }));
      const project = { nodeId: projectId, modelLabel: 'project' };
      for (const wrong of [{ nodeId: ids.M1, modelLabel: 'building' }, { nodeId: 2_000_000_000, modelLabel: 'meter' }, { nodeId: 1, modelLabel: 'project' }]) {
        const r = await put([project, wrong]);
        expect(r, JSON.stringify(wrong)).toMatchObject({ status: 400, code: 400 });
        expect(r.msg).toContain('nodes[1]');
      }
      const list = json<CostScheme[]>(await t.app.inject({ method: 'GET', url: COST_API.schemes, headers: admin }));
      expect(list.data.find((x) => x.id === schemeId)?.nodes).toEqual([{ nodeId: projectId, modelLabel: 'project', name: 'Cost plant' }]);
    });
  });
}
