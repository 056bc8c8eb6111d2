import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILLER_API, DATA_ID, EFFICIENCY_STANDARDS_API, type ChillerEfficiency } from '@ems/contract';
import { DEFAULT_STANDARDS } from '@ems/domain';
import { STORES, createProject, createStore, insertNode, json, loginAs, startApp, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import { compactSeriesDays } from '../timeseries/repository.js';
import type { ReadingInput } from '../timeseries/service.js';

const Q = 900_000;
const H = 3_600_000;
/** Asia/Shanghai wall-clock time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);
const NOW = at(2025, 3, 10, 14, 37);
const hourOf = (t: number) => new Date(t + 8 * H).getUTCHours();
/** 1–2 March 2025 */
const RANGE = { startTime: at(2025, 3, 1), endTime: at(2025, 3, 3) - 1 };

/**
 * The planted plant: chiller CH1 (800 kW water-cooled; cooling meter C1, electricity meter E1), a
 * chilled-water pump (20 kW), a condenser-water pump (30 kW) and a tower (8 kW), each with its meter,
 * and a weather station. The chiller runs 06:00–24:00 local; its quarters cycle through PLR 0.3,
 * 0.5, 0.75, 1.0 at COP = 3 + 6·PLR − 4·PLR² (4.44, 5, 5.25, 5). Hourly instants while it runs:
 * 120 m³/h from 12 °C back to 7 °C, condenser water 30 → 35 °C; outdoors 30 °C and 60 %; off, the
 * chiller reads 15 °C and no flow (left out of the means).
 */
const PLRS = [0.3, 0.5, 0.75, 1] as const;
const copAt = (p: number) => 3 + 6 * p - 4 * p * p;
const RATED = 800;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`chiller plant efficiency (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let manager: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};
    const post = <T>(url: string, payload: Record<string, unknown>, headers = manager) => t.app.inject({ method: 'POST', url, headers, payload }).then((r) => json<T>(r));

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      ({ projectId } = await createProject(t, store.clock, { name: 'Chiller plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      const node = async (code: string, label: string, parent: string | null, attrs: Record<string, unknown> = {}) => {
        ids[code] = await insertNode(t.app, { projectId, parentId: parent === null ? null : (ids[parent] as number), label, name: code, code, attrs });
      };
      await node('ROOM', 'room', null, { roomType: 'plant' });
      await node('CH1', 'chiller', 'ROOM', { ratedCoolingKw: RATED, ratedCop: 6, condenser: 'water' });
      await node('E1', 'meter', 'CH1', { energyType: 2 });
      await node('C1', 'meter', 'CH1', { energyType: 18 });
      await node('P1', 'chilledpump', 'ROOM', { ratedKw: 20 });
      await node('EP1', 'meter', 'P1', { energyType: 2 });
      await node('P2', 'coolingpump', 'ROOM', { ratedKw: 30 });
      await node('EP2', 'meter', 'P2', { energyType: 2 });
      await node('T1', 'coolingtower', 'ROOM', { ratedKw: 8 });
      await node('ET1', 'meter', 'T1', { energyType: 2 });
      await node('OUT', 'envsensor', null, { sensorKind: 'temperatureHumidity' });
      await node('LIGHT', 'meter', 'ROOM', { energyType: 2 });

      const rs: ReadingInput[] = [];
      const reg = { E1: 100, C1: 5000, EP1: 10, EP2: 20, ET1: 30, LIGHT: 0 };
      let k = 0;
      for (let ts = at(2025, 3, 1); ts <= at(2025, 3, 3); ts += Q) {
        for (const [code, value] of Object.entries(reg)) rs.push({ deviceId: ids[code] as number, dataId: code === 'C1' ? DATA_ID.coolingEnergy : DATA_ID.activeEnergyImport, ts, value });
        if (hourOf(ts) >= 6) {
          const p = PLRS[k++ % 4] as number;
          const q = p * RATED * 0.25;
          reg.C1 += q;
          reg.E1 += q / copAt(p);
          reg.EP1 += 5;
          reg.EP2 += 7.5;
          reg.ET1 += 2;
        }
        reg.LIGHT += 1;
        if (ts % H === 0 && ts < at(2025, 3, 3)) {
          const on = hourOf(ts) >= 6;
          const inst = (id: number, dataId: number, value: number) => rs.push({ deviceId: id, dataId, ts, value });
          inst(ids.CH1 as number, DATA_ID.chilledWaterFlow, on ? 120 : 0);
          inst(ids.CH1 as number, DATA_ID.chilledWaterSupplyTemp, on ? 7 : 15);
          inst(ids.CH1 as number, DATA_ID.chilledWaterReturnTemp, on ? 12 : 15);
          inst(ids.CH1 as number, DATA_ID.condenserWaterSupplyTemp, on ? 30 : 15);
          inst(ids.CH1 as number, DATA_ID.condenserWaterReturnTemp, on ? 35 : 15);
          inst(ids.OUT as number, DATA_ID.outdoorTemperature, 30);
          inst(ids.OUT as number, DATA_ID.outdoorHumidity, 60);
        }
      }
      await writeReadings(t.app, projectId, rs);
      manager = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
    }, 120_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('two days: cooling 18 360 kWh, chillers 3 675.06 kWh (COP 4.996, 0.704 kW/RT), pumps and tower 2 088 kWh (EER 3.186), hour buckets', async () => {
      const r = await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId, ...RANGE });
      expect(r.status).toBe(200);
      const e = r.data;
      expect([e.from, e.to, e.bucket, e.trend.length]).toEqual([at(2025, 3, 1), at(2025, 3, 3), 'hour', 48]);
      // 36 cycles of the four quarters: 200 kWh × (0.3 + 0.5 + 0.75 + 1) each
      expect(e.plant.coolingKwh).toBeCloseTo(18360, 4);
      const perCycle = 200 * (0.3 / 4.44 + 0.5 / 5 + 0.75 / 5.25 + 1 / 5);
      expect(e.plant.electricity.chillers).toBeCloseTo(36 * perCycle, 3);
      // the lighting meter in the plant room is no part of the plant
      expect(e.plant.electricity).toMatchObject({ chwPumps: 720, cwPumps: 1080, towers: 288 });
      expect(e.plant.cop).toBeCloseTo(18360 / (36 * perCycle), 6);
      expect(e.plant.kwPerRt).toBeCloseTo(3.517 / (18360 / (36 * perCycle)), 6);
      expect(e.plant.eer).toBeCloseTo(18360 / (36 * perCycle + 2088), 6);
      expect(e.plant.rtHours).toBeCloseTo(18360 / 3.517, 6);
      // 01:00 is off (no cooling, no COP); 06:00 holds one cycle
      expect(e.trend[1]).toMatchObject({ start: at(2025, 3, 1, 1), coolingKwh: 0, cop: null, eer: null });
      expect(e.trend[6]?.coolingKwh).toBeCloseTo(510, 6);
      expect(e.trend[6]?.cop).toBeCloseTo(510 / perCycle, 6);
    });

    it('COP against PLR: 144 running quarters, the fit recovers 3 + 6 PLR − 4 PLR²; COP at 100 % 5.0, IPLV 4.885 (GB/T 18430.1); GB 19577 grade below 3 (COP < 5.4)', async () => {
      const c = (await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId, ...RANGE })).data.chillers[0];
      expect(c).toMatchObject({ id: ids.CH1, name: 'CH1', ratedCoolingKw: 800, ratedCop: 6, condenser: 'water', runHours: 36, grade: 'below' });
      expect(c?.points).toHaveLength(144);
      expect(c?.curve?.n).toBe(144);
      expect(c?.curve?.a).toBeCloseTo(3, 6);
      expect(c?.curve?.b).toBeCloseTo(6, 6);
      expect(c?.curve?.c).toBeCloseTo(-4, 6);
      expect(c?.plrAvg).toBeCloseTo(0.6375, 9);
      expect(c?.copAt100).toBeCloseTo(5, 6);
      // A 5, B 5.25, C 5, D 4.25
      expect(c?.iplv).toBeCloseTo(0.012 * 5 + 0.328 * 5.25 + 0.397 * 5 + 0.263 * 4.25, 6);
      // GB 19577-2024, 528 < CC ≤ 1163 kW water-cooled: grade 3 needs COP 5.4 / IPLV 6.2
      expect(c?.gradeLimits?.[2]).toEqual({ grade: 3, cop: 5.4, iplv: 6.2 });
    });

    it('temperatures while running: CHW 7/12 °C, 120 m³/h → 697.8 kW by 1.163·V·ΔT; CW 30/35 °C; outdoors 30 °C 60 % → wet bulb 24.0 °C, approach 6.0 K', async () => {
      const e = (await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId, ...RANGE })).data;
      expect(e.chillers[0]?.temps).toMatchObject({ chws: 7, chwr: 12, cws: 30, cwr: 35, flowM3h: 120 });
      expect(e.chillers[0]?.temps.loadKw).toBeCloseTo(697.8, 6);
      expect(e.plant.temps).toMatchObject({ chws: 7, chwr: 12, outdoorC: 30, outdoorRh: 60 });
      expect(e.plant.temps.wetBulbC).toBeCloseTo(23.9955, 3);
      expect(e.plant.temps.approachK).toBeCloseTo(6.0045, 3);
      // 03:00: the chiller is off, the weather is still read
      expect(e.temperatures[3]).toMatchObject({ chws: null, cws: null, outdoorC: 30, approachK: null });
    });

    it('date types: a month reads day rollups (31 buckets), a year month rollups (12), the same totals', async () => {
      const m = (await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId, startTime: at(2025, 3, 1), endTime: at(2025, 4, 1) - 1 })).data;
      expect([m.bucket, m.trend.length]).toEqual(['day', 31]);
      expect(m.trend[0]?.coolingKwh).toBeCloseTo(9180, 4);
      expect(m.trend[5]?.coolingKwh).toBeNull();
      expect(m.temperatures[1]?.chwr).toBe(12);
      const y = (await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId, startTime: at(2025, 1, 1), endTime: at(2026, 1, 1) - 1 })).data;
      expect([y.bucket, y.trend.length]).toEqual(['month', 12]);
      expect(y.trend[2]?.start).toBe(at(2025, 3, 1));
      expect(y.trend[2]?.coolingKwh).toBeCloseTo(18360, 4);
      expect(y.plant.coolingKwh).toBeCloseTo(18360, 4);
      expect(y.chillers[0]?.curve?.c).toBeCloseTo(-4, 6);
      expect(y.temperatures[2]).toMatchObject({ chws: 7, cwr: 35, outdoorRh: 60 });
    });

    it('bad input is refused with its reason in the request language and changes nothing; another tenant-less project is not found', async () => {
      const back = await post(CHILLER_API.efficiency, { projectId, startTime: RANGE.endTime, endTime: RANGE.startTime }, { ...manager, 'accept-language': 'en-US' });
      expect(back.status).toBe(400);
      expect(back.code).not.toBe(0);
      expect(back.msg).toContain('ends before it starts');
      const long = await post(CHILLER_API.efficiency, { projectId, startTime: at(2024, 1, 1), endTime: at(2025, 3, 1) }, { ...manager, 'accept-language': 'zh-CN' });
      expect(long.status).toBe(400);
      expect(long.msg).toContain('时间跨度超过400天');
      const extra = await post(CHILLER_API.efficiency, { projectId, ...RANGE, chillerId: 1 });
      expect(extra.status).toBe(400);
      const foreign = await post(CHILLER_API.efficiency, { projectId: 999, ...RANGE });
      expect(foreign.status).toBe(404);
      const operator = (await loginAs(t.app, store.clock, 'fw_plant')).headers;
      expect((await post(CHILLER_API.efficiency, { projectId: 1, ...RANGE }, operator)).status).toBe(404);
    });

    it('export: the chiller table with the plant row and the hourly trend, read back', async () => {
      const res = await t.app.inject({ method: 'POST', url: CHILLER_API.export, headers: { ...manager, 'accept-language': 'en-US' }, payload: { projectId, ...RANGE } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('chiller-plant-20250301.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('Chillers');
      expect(sheet?.getRow(1).getCell(7).value).toBe('COP');
      expect(sheet?.getRow(2).getCell(1).value).toBe('CH1');
      expect(sheet?.getRow(2).getCell(4).value).toBe(18360);
      expect(sheet?.getRow(2).getCell(12).value).toBe('below grade 3');
      expect(sheet?.getRow(3).getCell(1).value).toBe('Plant');
      const trend = wb.getWorksheet('Trend');
      expect(trend?.rowCount).toBe(49);
      expect(trend?.getRow(8).getCell(1).value).toBe('2025-03-01 06:00');
      expect(trend?.getRow(8).getCell(2).value).toBe(510);
    });

    it('the grade follows the standard in force and the nameplate: an edited table regrades, a changed nameplate moves the unit to another row', async () => {
      const grade = async () => (await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId, ...RANGE })).data.chillers[0]?.grade;
      expect(await grade()).toBe('below');
      const root = (await loginAs(t.app, store.clock, 'ROOT', 'Root@12345')).headers;
      const ed = DEFAULT_STANDARDS.chiller;
      // the site lowers grade 3 of 528–1163 kW water-cooled units to COP 4.8 / IPLV 4.8: COP 5.0 ≥ 4.8 and IPLV 4.88 ≥ 4.8
      const rows = ed.rows.map((r) => (r.condenser === 'water' && r.overKw === 528 ? { ...r, cop: [6.2, 6.0, 4.8], iplv: [8.1, 7.5, 4.8] } : r));
      const put = await t.app.inject({ method: 'PUT', url: EFFICIENCY_STANDARDS_API.update.replace(':kind', 'chiller'), headers: root, payload: { code: 'GB 19577-2024 (site)', title: ed.title, effectiveDate: ed.effectiveDate, note: ed.note, rows } });
      expect(put.statusCode).toBe(200);
      expect(await grade()).toBe(3);
      // the nameplate says air-cooled: the air-cooled row (> 50 kW) asks COP 3.4 / IPLV 4.3 of grade 1
      await t.app.ems.db.updateTable('node').set({ attrs: JSON.stringify({ ratedCoolingKw: RATED, ratedCop: 6, condenser: 'air' }) }).where('id', '=', ids.CH1 as number).execute();
      expect(await grade()).toBe(1);
      await t.app.ems.db.updateTable('node').set({ attrs: JSON.stringify({ ratedCoolingKw: RATED, ratedCop: 6, condenser: 'water' }) }).where('id', '=', ids.CH1 as number).execute();
      expect((await t.app.inject({ method: 'POST', url: EFFICIENCY_STANDARDS_API.reset.replace(':kind', 'chiller'), headers: root })).statusCode).toBe(200);
      expect(await grade()).toBe('below');
    });

    it.runIf(kind === 'postgres')('PostgreSQL day rows: with the closed days compacted (issue 16), the 15-min quarters and the means read the same', async () => {
      // two days of hours (running quarters, means of the loop while the flow runs and of the weather) and a month of days
      const ask = async () => ({
        days: (await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId, ...RANGE })).data,
        month: (await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId, startTime: at(2025, 3, 1), endTime: at(2025, 4, 1) - 1 })).data,
      });
      const before = await ask();
      expect((await compactSeriesDays(t.app.ems, NOW + 86_400_000)).problems).toEqual([]);
      const count = async (table: 'reading_day' | 'rollup_15m_day') => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.ems.db)).rows[0]?.n);
      expect(await count('reading_day')).toBeGreaterThan(0);
      expect(await count('rollup_15m_day')).toBeGreaterThan(0);
      expect(await ask()).toEqual(before);
    });
  });
}
