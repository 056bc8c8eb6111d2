import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, POWER_API, type TransformerAnalysis, type TransformerFleet } from '@ems/contract';
import { at, counter, flatCapacityVersion } from '../../test/fixtures.js';
import { STORES, attachScheme, createProject, insertNode, json, startAt, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';

const NOW = at(2025, 3, 10, 14, 37);
/** 1–2 March 2025 */
const RANGE = { startTime: at(2025, 3, 1), endTime: at(2025, 3, 3) - 1 };
/** SCB13 1 250 kVA dry (GB 20052-2024 表2 grade 3, class F) */
const SCB13 = { ratedKva: 1250, p0Kw: 1.67, pkKw: 9.69, i0Pct: 0.7, ukPct: 6, insulation: 'dry', secondaryVoltageKv: 0.4 };

/*
 * BY HAND (as transformer-advice.test.ts): 1# carries 400 kW + 300 kvar = 500 kVA (β 0.40), 2# 180 kW
 * + 135 kvar = 225 kVA (β 0.18, below the optimal zone from 1.33 β_JZ² = 19.69 %). 2#'s load on 1#:
 * 725 kVA, β 0.58. Active losses before 1.67 + 9.69 × 0.0324 + 9.69 × 0.16 = 3.534356 kW, after
 * 9.69 × 0.58² = 3.259716 kW: 0.27464 kW × 8 760 h = 2 406 kWh a year. The tariff is flat ¥0.60 all
 * day, so the round-the-clock price is 0.60: ¥1 444 a year.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`transformer suggestions on the overview and the analysis (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};
    const post = async <T>(url: string, payload: Record<string, unknown>, headers = admin) => json<T>(await t.app.inject({ method: 'POST', url, headers, payload }));

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Two units', capacityKva: 2500, timezone: 'Asia/Shanghai' }));
      const room = await insertNode(t.app, { projectId, parentId: null, label: 'distributionroom', name: 'DR' });
      for (const [name, kw, kvar] of [
        ['1#', 400, 300],
        ['2#', 180, 135],
      ] as const) {
        ids[name] = await insertNode(t.app, { projectId, parentId: room, label: 'transformer', name, attrs: SCB13 });
        const lv = await insertNode(t.app, { projectId, parentId: ids[name] as number, label: 'meter', name: `${name} LV`, attrs: { energyType: 2 } });
        await writeReadings(t.app, projectId, [...counter(lv, DATA_ID.activeEnergyImport, at(2025, 3, 1), NOW, kw / 4), ...counter(lv, DATA_ID.reactiveEnergyImport, at(2025, 3, 1), NOW, kvar / 4)]);
      }
      await attachScheme(t.app, admin, projectId, 'Flat 0.60', [flatCapacityVersion('2025-01-01', '0.6')]);
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    const merge = { kind: 'lightLoad', loadRateAvgPct: 18, thresholdPct: 19.69, into: { name: '1#', loadRateAvgPct: 58, loadRateMaxPct: 58 }, saving: { kwhPerYear: 2406, yuanPerYear: 1444 } };

    it('the overview: 2# (18 %) is to be merged onto 1# and disconnected, 2 406 kWh and ¥1 444 a year; 1# has nothing to change', async () => {
      const r = await post<TransformerFleet>(POWER_API.fleet, { projectId, ...RANGE });
      expect(r.status).toBe(200);
      const by = new Map(r.data.rows.map((x) => [x.name, x.suggestions]));
      expect(by.get('1#')).toEqual([]);
      expect(by.get('2#')).toEqual([{ ...merge, into: { id: ids['1#'], ...merge.into } }]);
    });

    it('the analysis of 2# says the same', async () => {
      const r = await post<TransformerAnalysis>(POWER_API.analysis, { projectId, transformerId: ids['2#'], ...RANGE });
      expect(r.data.row.suggestions).toEqual([{ ...merge, into: { id: ids['1#'], ...merge.into } }]);
    });

    it('the export writes the suggestion with its reason and money, in the language asked', async () => {
      const cell = async (lang: string) => {
        const res = await t.app.inject({ method: 'POST', url: POWER_API.fleetExport, headers: { ...admin, 'accept-language': lang }, payload: { projectId, ...RANGE } });
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0];
        return String(ws?.getRow(3).getCell(15).value);
      };
      expect(await cell('zh-CN')).toBe('轻载：平均负载率 18%（最佳经济区下限 19.7%），可将负荷并入 1#（合并后平均 58%、最大 58%）并退出运行，年节电 2,406 kWh（约 ¥1,444）');
      expect(await cell('en-US')).toBe('Light load: mean load rate 18 % (optimal zone from 19.7 %); merge its load onto 1# (then 58 %, peak 58 %) and disconnect it, saving 2,406 kWh (¥1,444) a year');
    });
  });
}
