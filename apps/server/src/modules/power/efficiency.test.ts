import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, EFFICIENCY_STANDARDS_API, POWER_API, type TransformerEfficiency } from '@ems/contract';
import { DEFAULT_STANDARDS, type GradeRow } from '@ems/domain';
import { at, counter, TOU_VERSION } from '../../test/fixtures.js';
import { STORES, attachScheme, createProject, insertNode, json, loginAs, loopTurnsDuring, startAt, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';

const NOW = at(2025, 3, 10, 14, 37);
/** 1–2 March 2025 */
const RANGE = { startTime: at(2025, 3, 1), endTime: at(2025, 3, 3) - 1 };
const hourOf = (t: number) => new Date(t + 8 * 3_600_000).getUTCHours();

/*
 * The planted fleet, TOU tariff of test/fixtures (valley 00–08 ¥0.2718, flat 08–10, 13–18, 22–24 ¥0.6212, peak 10–12, 18–22
 * ¥1.0206, sharp 12–13 ¥1.2247; the round-the-clock price (8 × 0.2718 + 9 × 0.6212 + 6 × 1.0206 + 1.2247) / 24 = 15.1135 / 24 = 0.629729):
 * - T1 1 000 kVA dry, P0 1.0 kW, Pk 8.0 kW: 600 kW + 450 kvar (β 0.75) 00–12, 400 + 300 (β 0.5) 12–24.
 *   A day: no-load 24 kWh, ¥15.1135; load 12 × 4.5 + 12 × 2 = 78 kWh, ¥43.872 (each hour at its own price, transformer-cost.test.ts).
 *   Two days: 48 kWh ¥30.227 → 30.23; 156 kWh ¥87.744 → 87.74; loss 204 kWh ¥117.97; output 24 000 kWh; loss rate 204 / 24 204 = 0.8428 %.
 * - T2 SCB13 1 250 kVA (P0 1.67, Pk 9.69): 400 kW + 300 kvar all day (β 0.4). Two days: no-load 1.67 × 48 = 80.16 → 80.2 kWh,
 *   ¥1.67 × 30.227 = 50.479 → 50.48; load 9.69 × 0.16 × 48 = 74.4192 → 74.4 kWh, ¥1.5504 × 30.227 = 46.864 → 46.86; output 19 200 kWh.
 * - T3 SCB13 800 kVA (P0 1.21, Pk 6.96): 320 kW + 240 kvar (β 0.5), 704 + 528 (880 kVA, β 1.1) from 10:00 to 11:00.
 *   Overloaded: moving the 80 kVA above its rating onto T2 (500 → 580 kVA of 1 250) saves, per overloaded quarter,
 *   6.96 × (1.1² − 1) − 9.69 × (0.464² − 0.4²) = 1.4616 − 0.535818 = 0.925782 kW (onto T1, 750 → 830 of 1 000: 1.4616 − 1.0112, less);
 *   8 such quarters of 192: 0.0385743 kW × 8 760 h = 337.91 → 338 kWh a year, × 0.629729 → ¥213; T2 then peaks at 46.4 %.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`transformer efficiency: losses in kWh and ¥, fleet totals, the chosen unit's buckets (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};
    const post = async <T>(url: string, payload: Record<string, unknown>, headers = admin) => json<T>(await t.app.inject({ method: 'POST', url, headers, payload }));
    const en = () => ({ ...admin, 'accept-language': 'en-US' });

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Three units', capacityKva: 3050, timezone: 'Asia/Shanghai' }));
      const room = await insertNode(t.app, { projectId, parentId: null, label: 'distributionroom', name: 'DR' });
      ids.room = room;
      const units = [
        ['T1', { ratedKva: 1000, p0Kw: 1, pkKw: 8, i0Pct: 1, ukPct: 6, insulation: 'dry' }, (h: number) => (h < 12 ? 600 : 400)],
        ['T2', { ratedKva: 1250, p0Kw: 1.67, pkKw: 9.69, i0Pct: 0.7, ukPct: 6, insulation: 'dry' }, () => 400],
        ['T3', { ratedKva: 800, p0Kw: 1.21, pkKw: 6.96, i0Pct: 0.8, ukPct: 6, insulation: 'dry' }, (h: number) => (h === 10 ? 704 : 320)],
      ] as const;
      for (const [name, attrs, kw] of units) {
        ids[name] = await insertNode(t.app, { projectId, parentId: room, label: 'transformer', name, attrs: { ...attrs, secondaryVoltageKv: 0.4 } });
        const lv = await insertNode(t.app, { projectId, parentId: ids[name] as number, label: 'meter', name: `${name} LV`, attrs: { energyType: 2 } });
        const p = (ts: number) => kw(hourOf(ts)) / 4;
        await writeReadings(t.app, projectId, [...counter(lv, DATA_ID.activeEnergyImport, at(2025, 3, 1), NOW, p), ...counter(lv, DATA_ID.reactiveEnergyImport, at(2025, 3, 1), NOW, (ts) => p(ts) * 0.75)]);
      }
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('without a tariff: kWh only, every measured hour unpriced; then the TOU tariff is attached to the project', async () => {
      const r = await post<TransformerEfficiency>(POWER_API.efficiency, { projectId, ...RANGE });
      expect(r.status).toBe(200);
      expect(r.data.tariff).toEqual({ schemeId: null, schemeName: null, unpricedHours: 144 });
      expect(r.data.rows.map((x) => [x.name, x.lossKwh, x.lossYuan])).toEqual([
        ['T1', 204, null],
        ['T2', 154.6, null],
        ['T3', expect.any(Number), null],
      ]);
      expect(r.data.totals.lossYuan).toBeNull();
      await attachScheme(t.app, admin, projectId, 'TOU', [TOU_VERSION]);
    });

    it('T1 and T2 by hand: no-load at the round-the-clock price, load loss at the price of its hours; loss = no-load + load; η and loss rate', async () => {
      const r = await post<TransformerEfficiency>(POWER_API.efficiency, { projectId, ...RANGE });
      expect([r.data.from, r.data.to, r.data.grain, r.data.step]).toEqual([at(2025, 3, 1), at(2025, 3, 3), '15m', 'hour']);
      expect(r.data.tariff).toMatchObject({ schemeName: 'TOU', unpricedHours: 0 });
      const [t1, t2] = r.data.rows;
      expect(t1).toMatchObject({ name: 'T1', energyKwh: 24000, noLoadLossKwh: 48, loadLossKwh: 156, lossKwh: 204, noLoadLossYuan: 30.23, loadLossYuan: 87.74, lossYuan: 117.97, loadRateAvgPct: 62.5, grade: 3, pq: null });
      expect(t1?.lossRatePct).toBeCloseTo(0.8428, 4);
      expect(t1?.efficiencyPct).toBeCloseTo(99.1572, 4);
      expect(t2).toMatchObject({ name: 'T2', energyKwh: 19200, noLoadLossKwh: 80.2, loadLossKwh: 74.4, lossKwh: 154.6, noLoadLossYuan: 50.48, loadLossYuan: 46.86, lossYuan: 97.34, loadRateAvgPct: 40 });
      expect(t2?.zoneHours).toEqual({ light: 0, economic: 0, optimal: 48, over: 0 });
      // ¥ against the tariff: the no-load ¥ per kWh is the round-the-clock price, the load loss's sits below it (heavier by night for T1)
      expect((t1?.noLoadLossYuan ?? 0) / (t1?.noLoadLossKwh ?? 1)).toBeCloseTo(0.629729, 3);
      expect((t2?.loadLossYuan ?? 0) / (t2?.loadLossKwh ?? 1)).toBeCloseTo(0.629729, 3);
    });

    it('the fleet total is the sum of the rows (energy, losses, ¥, zone hours); the mean load rate weighs by capacity', async () => {
      const { rows, totals } = (await post<TransformerEfficiency>(POWER_API.efficiency, { projectId, ...RANGE })).data;
      const sum = (get: (x: (typeof rows)[number]) => number | null, d: number) => Math.round(rows.reduce((a, x) => a + Math.round((get(x) ?? 0) * 10 ** d), 0)) / 10 ** d;
      expect(totals.energyKwh).toBe(sum((x) => x.energyKwh, 1));
      expect(totals.noLoadLossKwh).toBe(sum((x) => x.noLoadLossKwh, 1));
      expect(totals.loadLossKwh).toBe(sum((x) => x.loadLossKwh, 1));
      expect(totals.lossKwh).toBe(sum((x) => x.lossKwh, 1));
      expect(totals.lossYuan).toBe(sum((x) => x.lossYuan, 2));
      expect(totals.lossKwh).toBeCloseTo(totals.noLoadLossKwh + totals.loadLossKwh, 9);
      for (const x of rows) expect(x.lossKwh).toBeCloseTo((x.noLoadLossKwh ?? 0) + (x.loadLossKwh ?? 0), 9);
      expect(totals.zoneHours.optimal + totals.zoneHours.economic + totals.zoneHours.light + totals.zoneHours.over).toBe(3 * 48);
      // T3: 8 quarters at β 1.1, 184 at 0.5: mean 0.525
      expect(rows[2]?.loadRateAvgPct).toBeCloseTo(52.5, 6);
      expect(totals.loadRateAvgPct).toBeCloseTo((62.5 * 1000 + 40 * 1250 + 52.5 * 800) / 3050, 6);
      expect(totals.lossRatePct).toBeCloseTo((totals.lossKwh / (totals.energyKwh + totals.lossKwh)) * 100, 9);
    });

    it('T3 overloaded 10:00–11:00: move the 80 kVA above its rating onto T2, 338 kWh and ¥213 a year', async () => {
      const { rows } = (await post<TransformerEfficiency>(POWER_API.efficiency, { projectId, ...RANGE })).data;
      expect(rows[2]?.suggestions).toEqual([{ kind: 'overloaded', loadRateMaxPct: 110, into: { id: ids.T2, name: 'T2', loadRateMaxPct: 46.4 }, saving: { kwhPerYear: 338, yuanPerYear: 213 } }]);
      expect(rows[0]?.suggestions).toEqual([]);
    });

    it("the chosen unit: hourly buckets priced hour by hour (Σ buckets = its row), its load curve with the zone bounds, η curve, optimum and operating point", async () => {
      const d = (await post<TransformerEfficiency>(POWER_API.efficiency, { projectId, transformerId: ids.T1, ...RANGE })).data.detail;
      expect(d?.transformerId).toBe(ids.T1);
      expect(d?.buckets).toHaveLength(48);
      // 00:00 valley: 1 kWh no-load (¥0.2718), 4.5 kWh load (¥1.2231); 12:00 sharp: 1 kWh (¥1.2247), 2 kWh (¥2.4494)
      expect(d?.buckets[0]).toEqual({ t: at(2025, 3, 1), hours: 1, energyKwh: 600, noLoadLossKwh: 1, loadLossKwh: 4.5, noLoadLossYuan: 0.2718, loadLossYuan: 1.2231, loadRateAvgPct: 75 });
      expect(d?.buckets[12]).toEqual({ t: at(2025, 3, 1, 12), hours: 1, energyKwh: 400, noLoadLossKwh: 1, loadLossKwh: 2, noLoadLossYuan: 1.2247, loadLossYuan: 2.4494, loadRateAvgPct: 50 });
      const yuan = d?.buckets.reduce((a, b) => a + (b.noLoadLossYuan ?? 0) + (b.loadLossYuan ?? 0), 0) ?? 0;
      expect(yuan).toBeCloseTo(117.971, 3);
      expect(d?.load).toHaveLength(192);
      expect(d?.zoneBounds).toEqual({ economicLower: 14.29, optimalLower: 19, optimalUpper: 75, economicUpper: 100 });
      // β_opt √(1/8) = 35.36 %; at cosφ 0.8, η(0.625) = 500 / (500 + 1 + 8 × 0.390625) = 99.1818 %
      expect(d?.optimum?.loadRatePct).toBe(35.36);
      expect(d?.operating).toEqual({ loadRatePct: 62.5, efficiencyPct: 99.1818 });
      expect(d?.etaCurve).toHaveLength(61);
    });

    it('date types: a week is in days, a 400-day range in months from hour rollups, worked in slices', async () => {
      const week = (await post<TransformerEfficiency>(POWER_API.efficiency, { projectId, startTime: at(2025, 3, 3), endTime: at(2025, 3, 10) - 1 })).data;
      expect([week.grain, week.step, week.detail?.buckets.length]).toEqual(['15m', 'day', 7]);
      expect(week.detail?.buckets[0]).toMatchObject({ t: at(2025, 3, 3), hours: 24, noLoadLossKwh: 24, loadLossKwh: 78, noLoadLossYuan: 15.1135, loadLossYuan: 43.872 });
      const { result, turns } = await loopTurnsDuring(() => post<TransformerEfficiency>(POWER_API.efficiency, { projectId, startTime: NOW - 400 * 86_400_000, endTime: NOW }));
      expect([result.status, result.data.grain, result.data.step]).toEqual([200, 'hour', 'month']);
      // hour rollups over 1–10 March: the same day figures
      expect(result.data.detail?.buckets).toHaveLength(1);
      expect(result.data.rows[0]).toMatchObject({ noLoadLossKwh: 9 * 24 + 14, loadRateMaxPct: 75 });
      expect(turns).toBeGreaterThanOrEqual(26);
    });

    it('the export: fleet rows with ¥ and the totals row, the chosen unit\'s buckets, in the language asked', async () => {
      const res = await t.app.inject({ method: 'POST', url: POWER_API.efficiencyExport, headers: en(), payload: { projectId, ...RANGE } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('transformer-efficiency-20250301.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws?.getRow(2).values).toEqual([undefined, 'T1', 1000, 62.5, 75, 24000, 48, 156, 204, 30.23, 87.74, 117.97, 0.8428, 99.1572, 35.3553, 37.7964, 0, 0, 48, 0, 'optimal', 'grade 3']);
      expect(ws?.getRow(5).getCell(1).value).toBe('Fleet total');
      // the totals row's loss cost (¥, column 11) is the sum of the rows'
      const cell = (row: number, col: number) => ws?.getRow(row).getCell(col).value as number;
      expect(cell(5, 11)).toBeCloseTo(cell(2, 11) + cell(3, 11) + cell(4, 11), 9);
      expect(String(ws?.getRow(4).getCell(22).value)).toBe('Overloaded: peak load rate 110 %; move the load above the rating onto T2 (its peak then 46.4 %), saving 338 kWh (¥213) a year');
      expect(wb.worksheets[1]?.name).toBe('T1 losses');
      expect(wb.worksheets[1]?.getRow(2).values).toEqual([undefined, '2025-03-01 00:00', 1, 75, 600, 1, 4.5, 0.2718, 1.2231]);
      const zh = await t.app.inject({ method: 'POST', url: POWER_API.efficiencyExport, headers: admin, payload: { projectId, ...RANGE } });
      expect(decodeURIComponent(String(zh.headers['content-disposition']))).toContain('变压器能效-20250301.xlsx');
    });

    it('an administrator\'s edit of the GB 20052 table regrades T1 (grade 3 → below, a grade-1 unit worth 2 263 kWh, ¥1 425 a year); reset → grade 3', async () => {
      const t1 = async () => (await post<TransformerEfficiency>(POWER_API.efficiency, { projectId, ...RANGE })).data.rows[0];
      expect((await t1())?.grade).toBe(3);
      const std = DEFAULT_STANDARDS.transformer;
      // 表2 1 000 kVA dry steel class F: grade 3's Pk 8.13 → 7.9 kW, below T1's 8.0
      const rows = std.rows.map((r): GradeRow => (r.insulation === 'dry' && r.ratedKva === 1000 && r.core === 'steel' && r.insulationClass === 'F' ? { ...r, limits: [r.limits[0], r.limits[1], { p0Kw: 1.415, pkKw: 7.9 }] } : r));
      const url = EFFICIENCY_STANDARDS_API.one.replace(':kind', 'transformer');
      const put = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { code: std.code, title: std.title, effectiveDate: std.effectiveDate, note: std.note, rows } });
      expect(put.statusCode).toBe(200);
      // grade 1 is 1.02 / 7.315 kW: (1 − 1.02) + (8 − 7.315) × mean β² 0.40625 = 0.258281 kW × 8 760 = 2 262.5 → 2 263 kWh, × 0.629729 → ¥1 425
      const edited = await t1();
      expect(edited?.grade).toBe('below');
      expect(edited?.suggestions).toEqual([{ kind: 'belowGrade', p0Kw: 1, pkKw: 8, gradeOne: { p0Kw: 1.02, pkKw: 7.315 }, saving: { kwhPerYear: 2263, yuanPerYear: 1425 } }]);
      expect((await t.app.inject({ method: 'POST', url: EFFICIENCY_STANDARDS_API.reset.replace(':kind', 'transformer'), headers: admin })).statusCode).toBe(200);
      expect((await t1())?.grade).toBe(3);
    });

    it("scope and input: 400 naming the field, 404 outside the caller's projects or without the page", async () => {
      const back = await post(POWER_API.efficiency, { projectId, startTime: RANGE.endTime, endTime: RANGE.startTime }, en());
      expect([back.status, back.msg]).toEqual([400, 'invalid field endTime: ends before it starts']);
      const span = await post(POWER_API.efficiency, { projectId, startTime: at(2024, 1, 1), endTime: at(2025, 3, 1) }, en());
      expect([span.status, span.msg]).toEqual([400, 'invalid field endTime: the range is longer than 400 days']);
      const notT = await post(POWER_API.efficiency, { projectId, transformerId: ids.room, ...RANGE }, en());
      expect([notT.status, notT.msg]).toEqual([400, 'invalid field transformerId: not a transformer']);
      const foreignT = await post(POWER_API.efficiency, { projectId: 1, transformerId: ids.T1, ...RANGE });
      expect(foreignT.status).toBe(400);
      const cloud = { ...(await loginAs(t.app, store.clock, 'fw_cloud')).headers, 'accept-language': 'en-US' };
      const other = await post(POWER_API.efficiency, { projectId, ...RANGE }, cloud);
      expect([other.status, other.msg]).toEqual([404, 'no operation permission']);
      // fw_cloud reads the demo factory's three units; fw_plant (the operator) has not the page
      const demo = await post<TransformerEfficiency>(POWER_API.efficiency, { projectId: 1, ...RANGE }, cloud);
      expect(demo.status).toBe(200);
      expect(demo.data.rows.map((x) => x.name)).toEqual(['1#变压器', '2#变压器', '3#变压器']);
      const plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers };
      expect((await post(POWER_API.efficiency, { projectId: 1, ...RANGE }, plant)).status).toBe(404);
    });
  });
}
