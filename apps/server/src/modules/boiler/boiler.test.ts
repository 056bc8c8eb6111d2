import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, BOILER_API, DATA_ID, EFFICIENCY_STANDARDS_API, type BoilerAnalysis, type BoilerItem, type ProjectInfo } from '@ems/contract';
import { DEFAULT_STANDARDS, absolutePressureMpa, saturatedLiquidEnthalpyKjPerKg, steamEnthalpyKjPerKg, waterEnthalpyKjPerKg } from '@ems/domain';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { compactSeriesDays } from '../timeseries/repository.js';
import { writeBatch, type ReadingInput } from '../timeseries/service.js';

const Q = 900_000;
const H = 3_600_000;
/** Asia/Shanghai wall-clock time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);
/** the pinned clock: 2025-03-10 14:37 in Shanghai */
const NOW = at(2025, 3, 10, 14, 37);
/** 1–3 March 2025 as a custom date range (over 2 days: day buckets); nothing is counted on the 3rd */
const RANGE = { startTime: at(2025, 3, 1), endTime: at(2025, 3, 4) - 1, dateType: 6 };

/**
 * The planted boiler: a 4 t/h gas steam boiler (LHV 36 MJ/m³, blowdown 5 %, q5 at rating 2.1 %, gas
 * at 3.5 ¥/m³) with its steam meter S (t) and gas meter G (m³). On 1 March it raises 2 t/h of steam
 * (load 50 %) for 250 m³/h of gas; on 2 March 1 t/h (25 %) for 130 m³/h. Its instruments read every
 * hour: 0.8 MPa gauge saturated steam, feed water 60 °C, air 20 °C; flue gas 130 °C with 3.5 % O₂ and
 * 50 ppm CO on the 1st, 110 °C with 5 % O₂ on the 2nd (over the 3.5 % O₂ limit).
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`boiler efficiency (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let plant: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};

    const node = async (code: string, label: string, attrs: Record<string, unknown> = {}) => {
      const r = await t.app.ems.db
        .insertInto('node')
        .values({ project_id: projectId, parent_id: null, model_label: label, name: `${label} ${code}`, code, attrs: JSON.stringify(attrs), sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[code] = Number(r.id);
      return Number(r.id);
    };
    const post = <T>(url: string, payload: Record<string, unknown>, headers = admin) => t.app.inject({ method: 'POST', url, headers, payload }).then((r) => json<T>(r));

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      const created = json<ProjectInfo>(await t.app.inject({ method: 'POST', url: API.projects, headers: admin, payload: { name: 'Boiler house', capacityKva: 100, timezone: 'Asia/Shanghai' } }));
      projectId = created.data.projectId;
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      await node('S', 'meter', { energyType: 16 });
      await node('G', 'meter', { energyType: 15 });
      await node('B', 'boiler', { ratedTph: 4, fuel: 'gas', medium: 'steam', fuelLhvMjPerM3: 36, blowdownPct: 5, q5RatedPct: 2.1, fuelPriceYuanPerM3: 3.5, steamMeterId: ids.S, gasMeterId: ids.G });
      await node('B2', 'boiler', { ratedCapacity: 2, fuel: 'electric' });

      const rs: ReadingInput[] = [];
      let steam = 100;
      let gas = 5000;
      for (let ts = at(2025, 3, 1); ts <= at(2025, 3, 3); ts += Q) {
        rs.push({ deviceId: ids.S as number, dataId: DATA_ID.steamMass, ts, value: steam }, { deviceId: ids.G as number, dataId: DATA_ID.gasVolume, ts, value: gas });
        const first = ts < at(2025, 3, 2);
        steam += first ? 0.5 : 0.25;
        gas += first ? 62.5 : 32.5;
      }
      for (let ts = at(2025, 3, 1); ts < at(2025, 3, 3); ts += H) {
        const first = ts < at(2025, 3, 2);
        const inst = { [DATA_ID.steamPressure]: 0.8, [DATA_ID.feedWaterTemperature]: 60, [DATA_ID.combustionAirTemperature]: 20, [DATA_ID.flueGasTemperature]: first ? 130 : 110, [DATA_ID.flueGasOxygen]: first ? 3.5 : 5, [DATA_ID.flueGasCo]: first ? 50 : 0, [DATA_ID.steamFlow]: first ? 2 : 1 };
        for (const [d, value] of Object.entries(inst)) rs.push({ deviceId: ids.B as number, dataId: Number(d), ts, value });
      }
      // a sample with the burner off (steam flow 0) does not count in the means
      rs.push({ deviceId: ids.B as number, dataId: DATA_ID.steamFlow, ts: at(2025, 3, 1, 5, 30), value: 0 }, { deviceId: ids.B as number, dataId: DATA_ID.flueGasTemperature, ts: at(2025, 3, 1, 5, 30), value: 30 });
      for (let i = 0; i < rs.length; i += 5000) expect((await writeBatch(t.app.ems, projectId, rs.slice(i, i + 5000))).rejected).toBe(0);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('lists the boilers with their nameplate; q5 at rating from the GB/T 10180 table when not set', async () => {
      const r = json<BoilerItem[]>(await t.app.inject({ method: 'GET', url: `${BOILER_API.boilers}?projectId=${projectId}`, headers: admin }));
      expect(r.data).toHaveLength(2);
      expect(r.data[0]).toMatchObject({ id: ids.B, ratedTph: 4, fuel: 'gas', medium: 'steam', fuelLhvMjPerM3: 36, blowdownPct: 5, q5RatedPct: 2.1, steamMeterId: ids.S, steamMeterName: 'meter S', gasMeterId: ids.G, gasMeterName: 'meter G' });
      expect(r.data[1]).toMatchObject({ id: ids.B2, ratedTph: 2, fuel: 'electric', q5RatedPct: 3.5, steamMeterId: null });
    });

    it('direct η per day and overall with IF97 enthalpies, losses, ratios, grade and limits', async () => {
      const r = await post<BoilerAnalysis>(BOILER_API.analysis, { projectId, boilerId: ids.B, ...RANGE });
      expect(r.status).toBe(200);
      const a = r.data;
      expect([a.grain, a.from, a.to, a.buckets.length]).toEqual(['day', at(2025, 3, 1), at(2025, 3, 4), 3]);
      expect(a.buckets[2]).toMatchObject({ steamT: null, gasM3: null, directEfficiencyPct: null, flueTempC: null });
      const p = absolutePressureMpa(0.8);
      const u = steamEnthalpyKjPerKg(p) - waterEnthalpyKjPerKg(60, p) + 0.05 * (saturatedLiquidEnthalpyKjPerKg(p) - waterEnthalpyKjPerKg(60, p));
      // 1 March: 48 t of steam, 6000 m³ of gas → η = 48 000 × u / (6000 × 36 000)
      const [d1, d2] = a.buckets;
      expect(d1).toMatchObject({ time: at(2025, 3, 1), steamT: 48, gasM3: 6000, loadPct: 50, pressureMpa: 0.8, feedWaterC: 60, flueTempC: 130, o2Pct: 3.5, excessAir: 1.2, coPpm: 50 });
      expect(d1?.directEfficiencyPct).toBeCloseTo(((48_000 * u) / (6000 * 36_000)) * 100, 2);
      expect(d1?.steamPerGas).toBeCloseTo(80, 6);
      expect(d1?.kgcePerSteamT).toBeCloseTo((6000 * 36_000) / 29_307.6 / 48, 2);
      expect(d1?.fuelCostYuanPerSteamT).toBeCloseTo(437.5, 6);
      // q5 at half load doubles; q2 from 130 °C and α 1.2
      expect(d1?.losses.q5).toBeCloseTo(4.2, 6);
      expect(d1?.losses.q2).toBeGreaterThan(5);
      expect(d1?.losses.q2).toBeLessThan(5.6);
      expect(d1?.indirectEfficiencyPct).toBeCloseTo(100 - (d1?.losses.q2 ?? 0) - (d1?.losses.q3 ?? 0) - 4.2, 2);
      expect(d1?.losses.unaccounted).toBeCloseTo((d1?.indirectEfficiencyPct ?? 0) - (d1?.directEfficiencyPct ?? 0), 2);
      // 2 March: 24 t for 3120 m³
      expect(d2).toMatchObject({ steamT: 24, gasM3: 3120, loadPct: 25, flueTempC: 110, o2Pct: 5 });
      expect(d2?.directEfficiencyPct).toBeCloseTo(((24_000 * u) / (3120 * 36_000)) * 100, 2);
      expect(d2?.losses.q5).toBeCloseTo(8.4, 6);
      // overall: Σ useful ÷ Σ fuel
      expect(a.total).toMatchObject({ steamT: 72, gasM3: 9120 });
      expect(a.total.directEfficiencyPct).toBeCloseTo(((72_000 * u) / (9120 * 36_000)) * 100, 2);
      expect(a.total.flueTempC).toBeCloseTo((130 * 48 + 110 * 24) / 72, 2);
      // the losses of the range weighted by fuel
      expect(a.total.losses.q5).toBeCloseTo((4.2 * 6000 + 8.4 * 3120) / 9120, 3);
      expect(a.grade).toBe('below');
      expect(a.gradeLimits?.map((g) => g.grade)).toEqual([1, 2, 3]);
      expect(a.standard.code).toBe('GB 24500-2020');
      expect(a.limits).toEqual({ flueTempMaxC: 150, excessAirMax: 1.2, o2MaxPct: expect.closeTo(3.5, 9) as unknown as number });
    });

    it('date types: a day in hours (only up to now), a year in months from the month rollups', async () => {
      const day = await post<BoilerAnalysis>(BOILER_API.analysis, { projectId, boilerId: ids.B, startTime: at(2025, 3, 1), endTime: at(2025, 3, 2) - 1, dateType: 1 });
      expect([day.data.grain, day.data.buckets.length]).toEqual(['hour', 24]);
      expect(day.data.buckets[3]).toMatchObject({ time: at(2025, 3, 1, 3), steamT: 2, gasM3: 250 });
      const year = await post<BoilerAnalysis>(BOILER_API.analysis, { projectId, boilerId: ids.B, startTime: at(2025, 1, 1), endTime: at(2026, 1, 1) - 1, dateType: 5 });
      expect([year.data.grain, year.data.buckets.length]).toEqual(['month', 12]);
      expect(year.data.buckets[2]).toMatchObject({ time: at(2025, 3, 1), steamT: 72, gasM3: 9120 });
      expect(year.data.buckets[5]).toMatchObject({ steamT: null, directEfficiencyPct: null });
      expect(year.data.total.directEfficiencyPct).toBeCloseTo(a2(year.data), 2);
    });

    it('bad input: 400 naming the field in the request language; another project or a non-boiler: refused', async () => {
      const back = await post<null>(BOILER_API.analysis, { projectId, boilerId: ids.B, startTime: RANGE.endTime, endTime: RANGE.startTime, dateType: 6 }, { ...admin, 'accept-language': 'en-US' });
      expect([back.status, back.code !== 0, (back.msg ?? '').includes('ends before it starts')]).toEqual([400, true, true]);
      const long = await post<null>(BOILER_API.analysis, { projectId, boilerId: ids.B, startTime: at(2024, 1, 1), endTime: at(2025, 3, 1), dateType: 6 });
      expect([long.status, (long.msg ?? '').includes('400')]).toEqual([400, true]);
      const meter = await post<null>(BOILER_API.analysis, { projectId, boilerId: ids.S, ...RANGE }, { ...admin, 'accept-language': 'en-US' });
      expect([meter.status, (meter.msg ?? '').includes('not a boiler')]).toEqual([400, true]);
      // fw_plant is assigned project 1 only
      const other = await post<null>(BOILER_API.analysis, { projectId, boilerId: ids.B, ...RANGE }, plant);
      expect(other.status).toBe(404);
      const schema = await post<null>(BOILER_API.analysis, { projectId, boilerId: ids.B, ...RANGE, dateType: 9 });
      expect(schema.status).toBe(400);
    });

    it('an administrator lowers the GB 24500 gas limits under the planted 55.8 %: the same boiler regrades at once; back to the published edition', async () => {
      const before = await post<BoilerAnalysis>(BOILER_API.analysis, { projectId, boilerId: ids.B, ...RANGE });
      expect(before.data.grade).toBe('below');
      const ed = DEFAULT_STANDARDS.boiler;
      const rows = ed.rows.map((r) => (r.fuel === 'gas' ? { ...r, efficiencyPct: [55, 50, 45] } : r));
      const url = EFFICIENCY_STANDARDS_API.update.replace(':kind', 'boiler');
      const put = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { code: ed.code, title: ed.title, effectiveDate: ed.effectiveDate, note: 'test', rows } });
      expect(put.statusCode).toBe(200);
      const after = await post<BoilerAnalysis>(BOILER_API.analysis, { projectId, boilerId: ids.B, ...RANGE });
      expect([after.data.grade, after.data.gradeLimits?.map((g) => g.efficiencyPct)]).toEqual([1, [55, 50, 45]]);
      const reset = await t.app.inject({ method: 'POST', url: EFFICIENCY_STANDARDS_API.reset.replace(':kind', 'boiler'), headers: admin });
      expect(reset.statusCode).toBe(200);
      expect((await post<BoilerAnalysis>(BOILER_API.analysis, { projectId, boilerId: ids.B, ...RANGE })).data.grade).toBe('below');
    });

    it('exports the day table with a total row, read back', async () => {
      const res = await t.app.inject({ method: 'POST', url: BOILER_API.export, headers: { ...admin, 'accept-language': 'en-US' }, payload: { projectId, boilerId: ids.B, ...RANGE } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('boiler-efficiency');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws?.getRow(1).getCell(4).value).toBe('Direct η (%)');
      expect([ws?.getRow(2).getCell(1).value, ws?.getRow(2).getCell(2).value, ws?.getRow(2).getCell(3).value]).toEqual(['2025-03-01', 48, 6000]);
      expect([ws?.getRow(5).getCell(1).value, ws?.getRow(5).getCell(2).value]).toEqual(['Total', 72]);
    });

    it.runIf(kind === 'postgres')('PostgreSQL day rows: with the closed days compacted (issue 16), the steam-weighted means and the load shape read the same', async () => {
      // days and hours: each bucket's weighted instants and load shape (the sources take the buckets' overall range)
      const ask = async () => ({
        days: (await post<BoilerAnalysis>(BOILER_API.analysis, { projectId, boilerId: ids.B, ...RANGE })).data,
        hours: (await post<BoilerAnalysis>(BOILER_API.analysis, { projectId, boilerId: ids.B, startTime: at(2025, 3, 1), endTime: at(2025, 3, 2) - 1, dateType: 1 })).data,
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

/** Σ useful ÷ Σ fuel recomputed from a reply's buckets (each bucket's useful heat in GJ and its gas). */
function a2(a: BoilerAnalysis): number {
  let useful = 0;
  let fuel = 0;
  for (const b of a.buckets) {
    if (b.usefulHeatGj === null || b.gasM3 === null) continue;
    useful += b.usefulHeatGj * 1e6;
    fuel += b.gasM3 * 36_000;
  }
  return (useful / fuel) * 100;
}
