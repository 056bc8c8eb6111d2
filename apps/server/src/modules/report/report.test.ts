import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, REPORT_API as API, type Report, type ReportTemplate } from '@ems/contract';
import { TOU_VERSION, at, counter } from '../../test/fixtures.js';
import { STORES, attachScheme, createProject, createStore, insertNode, json, startApp, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import { lastCompletePeriod, reportAttachment } from './deliver.js';
import { declareReset } from '../timeseries/service.js';
import { XLSX_HEADER_ROW } from './export.js';

const KWH = DATA_ID.activeEnergyImport;
const H = 3_600_000;
/** the pinned clock: 2 April 2025 10:07 in Shanghai */
const NOW = at(2025, 4, 2, 10, 7);
const hourOf = (t: number) => new Date(t + 8 * H).getUTCHours();
/** M1's raw register step per 15 min (CT×PT 10): 0.1 (1 kWh) 08:00–18:00 local, else 0.05 (0.5 kWh) */
const m1Step = (t: number) => (hourOf(t) >= 8 && hourOf(t) < 18 ? 0.1 : 0.05);

/**
 * The planted plant: project ─ W1 room ─ M1 (CT×PT 10, under HV), W2 room ─ M2 (under HV), DR
 * distribution room ─ HV incomer. Per 15 min: HV 3 kWh (and 1 kvarh), M2 1 kWh, M1 1 kWh 08–18 local
 * else 0.5. A day: HV 288, M1 10 h × 4 + 14 h × 2 = 68, M2 96; DR's own part (HV − M1 − M2) 124.
 * Shares of the day: W1 68/288 = 23.61 → 23.6, W2 33.33 → 33.3, DR 43.06 → 43.0 + the left-over 0.1
 * (largest remainder) = 43.1; 100.0 in all.
 */
describe('the last complete period in the zone (the e-mail default)', () => {
  it('yesterday, last month, last year on the project clock, not UTC', () => {
    // 1 April 00:30 in Shanghai is still 31 March in UTC
    expect(lastCompletePeriod('daily', at(2025, 4, 1, 0, 30), 'Asia/Shanghai')).toEqual({ year: 2025, month: 3, day: 31 });
    expect(lastCompletePeriod('daily', at(2025, 3, 1, 9), 'Asia/Shanghai')).toEqual({ year: 2025, month: 2, day: 28 });
    expect(lastCompletePeriod('monthly', at(2025, 1, 1, 0, 30), 'Asia/Shanghai')).toEqual({ year: 2024, month: 12, day: 1 });
    expect(lastCompletePeriod('monthly', at(2025, 4, 1, 0, 30), 'Asia/Shanghai')).toEqual({ year: 2025, month: 3, day: 1 });
    expect(lastCompletePeriod('yearly', at(2025, 1, 1, 0, 30), 'Asia/Shanghai')).toEqual({ year: 2024, month: 1, day: 1 });
  });
});

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`period reports (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const ids = {} as Record<'W1' | 'W2' | 'DR' | 'HV' | 'M1' | 'M2', number>;
    const en = () => ({ ...admin, 'accept-language': 'en-US' });
    const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
      t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }).then((r) => json<T>(r));
    const report = (body: Record<string, unknown>, headers = admin) => call<Report>('POST', API.query, { projectId, nodeId: projectId, modelLabel: 'project', energyType: 2, ...body }, headers);

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      ({ projectId, admin } = await createProject(t, store.clock, { name: '报表工厂', enName: 'Report plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      const node = (name: string, label: string, parentId: number | null, attrs: Record<string, unknown> = {}) => insertNode(t.app, { projectId, parentId, label, name, attrs });
      ids.W1 = await node('一车间', 'room', null);
      ids.W2 = await node('二车间', 'room', null);
      ids.DR = await node('配电室', 'distributionroom', null);
      ids.HV = await node('进线柜', 'meter', ids.DR, { energyType: 2 });
      ids.M1 = await node('一车间总表', 'meter', ids.W1, { energyType: 2, parentMeterId: ids.HV, ctPt: 10 });
      ids.M2 = await node('二车间总表', 'meter', ids.W2, { energyType: 2, parentMeterId: ids.HV });
      const from = at(2025, 3, 1);
      const end = at(2025, 4, 2, 10);
      await writeReadings(t.app, projectId, [
        ...counter(ids.HV, KWH, from, end, 3, { start: 20_000 }),
        ...counter(ids.HV, DATA_ID.reactiveEnergyImport, from, end, 1, { start: 7000 }),
        ...counter(ids.M1, KWH, from, end, m1Step, { start: 500 }),
        ...counter(ids.M2, KWH, from, end, 1, { start: 1000 }),
      ]);
      await attachScheme(t.app, admin, projectId, 'TOU', [TOU_VERSION]);
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('daily, children: 24 hourly columns from local midnight; each row its own part; totals are the Σ of the rows; shares add to 100', async () => {
      const r = await report({ kind: 'daily', date: '2025-03-10' }, en());
      expect(r.status).toBe(200);
      const d = r.data;
      expect([d.from, d.to, d.timezone, d.unit, d.date, d.periodLabel]).toEqual([at(2025, 3, 10), at(2025, 3, 11), 'Asia/Shanghai', 'kWh', '2025-03-10', '2025-03-10']);
      expect(d.title).toBe('Report plant electricity daily report 2025-03-10');
      expect(d.columns).toHaveLength(24);
      expect(d.columns[0]).toMatchObject({ start: at(2025, 3, 10), label: '00:00', intervals: 4 });
      expect(d.columns[8]?.label).toBe('08:00');
      const c = d.consumption!;
      expect(c.rows.map((x) => [x.name, x.total, x.sharePct])).toEqual([
        ['一车间', 68, 23.6],
        ['二车间', 96, 33.3],
        ['配电室', 124, 43.1],
      ]);
      // W1 at 07:00 local: 4 × 0.5 kWh; at 08:00: 4 × 1
      expect([c.rows[0]?.values[7], c.rows[0]?.values[8]]).toEqual([2, 4]);
      expect(c.total).toBe(288);
      expect(c.columnTotals.every((v) => v === 12)).toBe(true);
      expect(c.rows.reduce((a, x) => a + (x.total ?? 0), 0)).toBeCloseTo(c.total!, 9);
      expect(c.rows.reduce((a, x) => a + (x.sharePct ?? 0), 0)).toBeCloseTo(100, 9);
      expect(c.rows.every((x) => x.quality.columns === 24 && x.quality.missing === 0)).toBe(true);
    });

    it('TOU cost per row to the fen (W2: 4 kWh an hour under the TOU tariff = ¥60.45); the rows add up to the totals', async () => {
      const d = (await report({ kind: 'daily', date: '2025-03-10', sections: ['tou'] })).data;
      expect(d.consumption).toBeNull();
      const tou = d.tou!;
      expect(tou.schemeName).toBe('TOU');
      const w2 = tou.rows.find((x) => x.id === ids.W2)!;
      // valley 32 kWh × 0.2718 = 8.70, flat 36 × 0.6212 = 22.36, peak 24 × 1.0206 = 24.49, sharp 4 × 1.2247 = 4.90
      expect(w2.kwh).toEqual({ sharp: 4, peak: 24, flat: 36, valley: 32, deepValley: 0 });
      expect(w2.fen).toEqual({ sharp: 490, peak: 2449, flat: 2236, valley: 870, deepValley: 0 });
      expect(w2.totalFen).toBe(6045);
      expect(tou.totals.totalKwh).toBe(288);
      expect(tou.totals.totalFen).toBe(tou.rows.reduce((a, x) => a + x.totalFen, 0));
      for (const p of ['sharp', 'peak', 'flat', 'valley'] as const) expect(tou.totals.fen[p]).toBe(tou.rows.reduce((a, x) => a + x.fen[p], 0));
      expect(tou.periods).toEqual(['sharp', 'peak', 'flat', 'valley']);
    });

    it('meter readings: every meter with start and end register, multiplier and consumption; power: MD with its time and PF', async () => {
      const d = (await report({ kind: 'daily', date: '2025-03-10', sections: ['readings', 'power'] })).data;
      const byId = new Map(d.readings!.rows.map((x) => [x.id, x]));
      // M2: 1000 + 9 days × 96 = 1864 → 1960; HV 20000 + 9 × 288 × … (3 per 15 min)
      expect(byId.get(ids.M2)).toMatchObject({ startRegister: 1864, endRegister: 1960, multiplier: 1, consumption: 96, quality: 'ok' });
      expect(byId.get(ids.HV)).toMatchObject({ startRegister: 20_000 + 9 * 288, endRegister: 20_000 + 10 * 288, consumption: 288, quality: 'ok' });
      const m1 = byId.get(ids.M1)!;
      expect(m1.multiplier).toBe(10);
      expect(m1.startRegister).toBeCloseTo(500 + 9 * 6.8, 6);
      expect(m1.consumption).toBeCloseTo(68, 6);
      expect(d.readings!.total).toBeCloseTo(288 + 68 + 96, 6);
      const p = d.power!;
      // the node: HV's 3 kWh per 15 min = 12 kW, the first window of the day; PF 288 / √(288² + 96²) = 0.95
      expect(p.node).toMatchObject({ maxDemandKw: 12, maxDemandAt: at(2025, 3, 10), powerFactor: 0.95 });
      const rows = new Map(p.rows.map((x) => [x.id, x]));
      expect(rows.get(ids.W1)).toMatchObject({ maxDemandKw: 4, maxDemandAt: at(2025, 3, 10, 8), powerFactor: null });
      // DR's own part: 3 − 0.5 − 1 = 1.5 kWh (6 kW) before 08:00
      expect(rows.get(ids.DR)).toMatchObject({ maxDemandKw: 6, maxDemandAt: at(2025, 3, 10) });
    });

    it('monthly and yearly: daily and monthly columns in the zone; later columns not due; meters rows', async () => {
      const m = (await report({ kind: 'monthly', date: '2025-03' })).data;
      expect(m.columns).toHaveLength(31);
      expect(m.columns[0]).toMatchObject({ start: at(2025, 3, 1), label: '03-01', intervals: 96 });
      expect(m.consumption!.total).toBe(31 * 288);
      expect(m.consumption!.columnTotals.every((v) => v === 288)).toBe(true);
      const a = (await report({ kind: 'monthly', date: '2025-04-15' })).data;
      // 2 April 10:00: day 1 complete, day 2 partial, the rest not yet due
      expect(a.asOf).toBe(at(2025, 4, 2, 10));
      expect(a.consumption!.columnTotals.slice(0, 3)).toEqual([288, 40 * 3, null]);
      expect(a.consumption!.rows[0]?.quality).toMatchObject({ columns: 2, missing: 0, partial: 1 });
      const y = (await report({ kind: 'yearly', date: '2025', rows: 'meters' })).data;
      expect(y.columns.map((c) => c.label)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
      expect(y.consumption!.rows.map((x) => x.name)).toEqual(['进线柜', '一车间总表', '二车间总表']);
      const hv = y.consumption!.rows[0]!;
      expect(hv.values.slice(0, 4)).toEqual([null, null, 31 * 288, 288 + 40 * 3]);
      expect(y.consumption!.total).toBeCloseTo(y.consumption!.rows.reduce((s, x) => s + (x.total ?? 0), 0), 6);
      expect(y.consumption!.rows.reduce((s, x) => s + (x.sharePct ?? 0), 0)).toBeCloseTo(100, 9);
    });

    it.each([
      ['an unknown node', { nodeId: 999_999, modelLabel: 'room' }, 'nodeId', 'is not a node of the project'],
      ['an impossible date', { date: '2025-02-30' }, 'date', 'is not a valid YYYY-MM-DD'],
      ['a month for a daily report', { date: '2025-03' }, 'date', 'is not a valid YYYY-MM-DD'],
      ['a kind of report that does not exist', { kind: 'weekly' }, 'kind', 'must be daily, monthly or yearly'],
      ['a period that has not started', { date: '2025-05-01' }, 'date', 'has not started yet'],
      ['a year out of range', { kind: 'yearly', date: '1999' }, 'date', 'outside 2000–2099'],
      ['an energy type without a counter', { energyType: 19 }, 'energyType', 'has no counter data point'],
    ])('refuses %s with a 400 naming it (en)', async (_, body, field, text) => {
      const r = await report({ kind: 'daily', date: '2025-03-10', ...body }, en());
      expect(r.status).toBe(400);
      expect(r.code).not.toBe(0);
      expect(r.msg).toContain(field);
      expect(r.msg).toContain(text);
    });

    it('a node with more rows than a report holds is refused (pick a lower node); zh message', async () => {
      const room = await insertNode(t.app, { projectId, parentId: null, label: 'room', name: '大车间' });
      for (let i = 0; i < 501; i++) await insertNode(t.app, { projectId, parentId: room, label: 'meter', name: `表${i}`, attrs: { energyType: 3 } });
      const r = await report({ nodeId: room, modelLabel: 'room', energyType: 3, kind: 'daily', date: '2025-03-10', rows: 'meters' });
      expect(r.status).toBe(400);
      expect(r.msg).toContain('超过 500 行');
    });

    it('a project outside the caller is not found', async () => {
      const r = await call<Report>('POST', API.query, { projectId: 999_999, nodeId: 999_999, modelLabel: 'project', energyType: 2, kind: 'daily', date: '2025-03-10' });
      expect(r.status).toBe(404);
    });

    it('xlsx: a sheet per section with the title, project and period, a frozen header, number formats and a bold totals row', async () => {
      const res = await t.app.inject({ method: 'POST', url: API.export, headers: en(), payload: { projectId, nodeId: projectId, modelLabel: 'project', energyType: 2, kind: 'daily', date: '2025-03-10' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('Report_plant_electricity_daily_report_2025-03-10.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Consumption', 'TOU cost', 'Meter readings', 'Power']);
      const ws = wb.getWorksheet('Consumption')!;
      expect(ws.getCell(1, 1).value).toBe('Report plant electricity daily report 2025-03-10');
      expect(String(ws.getCell(2, 1).value)).toContain('Project: Report plant');
      expect(String(ws.getCell(3, 1).value)).toContain('Period: 2025-03-10 (Asia/Shanghai)');
      expect(String(ws.getCell(3, 1).value)).toContain('Unit: kWh');
      expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: XLSX_HEADER_ROW });
      const head = ws.getRow(XLSX_HEADER_ROW);
      expect([head.getCell(1).value, head.getCell(2).value, head.getCell(26).value, head.getCell(27).value]).toEqual(['Name', '00:00', 'Total (kWh)', 'Share (%)']);
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(1).value).toBe('一车间');
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(26).value).toBe(68);
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(2).numFmt).toBe('#,##0.00');
      const totals = ws.getRow(XLSX_HEADER_ROW + 4);
      expect([totals.getCell(1).value, totals.getCell(26).value, totals.getCell(27).value]).toEqual(['Total', 288, 100]);
      expect(totals.font?.bold).toBe(true);
      const tou = wb.getWorksheet('TOU cost')!;
      const touTotals = tou.getRow(XLSX_HEADER_ROW + 4);
      expect(touTotals.getCell(1).value).toBe('Total');
      // name, 4 periods' kWh, 4 periods' ¥, total kWh, total ¥ (fen / 100), average price
      expect(touTotals.getCell(10).value).toBe(288);
      expect(touTotals.getCell(11).value).toBeGreaterThan(0);
      expect(tou.getRow(XLSX_HEADER_ROW).getCell(11).value).toBe('Total (¥)');
    });

    it('PDF preview by GET with the token: a PDF embedding Noto Sans SC for the Chinese names; an unknown section is a 400', async () => {
      const q = new URLSearchParams({ projectId: String(projectId), nodeId: String(projectId), modelLabel: 'project', energyType: '2', kind: 'monthly', date: '2025-03', sections: 'consumption,power' });
      const res = await t.app.inject({ method: 'GET', url: `${API.pdf}?${q}`, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline/);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.includes(Buffer.from('NotoSansSC'))).toBe(true);
      const bad = json(await t.app.inject({ method: 'GET', url: `${API.pdf}?${q.toString().replace('consumption%2Cpower', 'foo')}`, headers: en() }));
      expect(bad.status).toBe(400);
      expect(bad.msg).toContain('unknown section foo');
      const anon = await t.app.inject({ method: 'GET', url: `${API.pdf}?${q}` });
      expect(anon.statusCode).toBe(401);
    });

    it('templates: create → list with the node name → update → delete, each audited; a duplicate name is a conflict; a foreign node a 400', async () => {
      const body = { projectId, name: '车间日报', nodeId: projectId, modelLabel: 'project', energyType: 2, kind: 'daily', rows: 'children', sections: ['consumption', 'tou'] };
      const c = await call<ReportTemplate>('POST', API.create, body);
      expect(c.status).toBe(200);
      expect(c.data).toMatchObject({ name: '车间日报', nodeName: '报表工厂', kind: 'daily', sections: ['consumption', 'tou'] });
      expect((await call('POST', API.create, body)).status).toBe(409);
      const bad = await call('POST', API.create, { ...body, name: 'x', nodeId: 999_999, modelLabel: 'room' }, en());
      expect(bad.status).toBe(400);
      expect(bad.msg).toContain('is not a node of the project');
      const u = await call<ReportTemplate>('PUT', API.update.replace(':id', String(c.data.id)), { ...body, nodeId: ids.W1, modelLabel: 'room', kind: 'monthly' });
      expect(u.data).toMatchObject({ nodeName: '一车间', kind: 'monthly' });
      const list = await call<ReportTemplate[]>('GET', `${API.templates}?projectId=${projectId}`);
      expect(list.data.map((x) => x.name)).toEqual(['车间日报']);
      expect((await call<number>('DELETE', API.remove.replace(':id', String(c.data.id)))).data).toBe(c.data.id);
      expect((await call<ReportTemplate[]>('GET', `${API.templates}?projectId=${projectId}`)).data).toEqual([]);
      const audit = await t.app.ems.db.selectFrom('audit_log').select(['action', 'kind']).where('target_type', '=', 'reportTemplate').where('target_id', '=', c.data.id).orderBy('id').execute();
      expect(audit).toEqual([
        { action: 'create', kind: 'config' },
        { action: 'update', kind: 'config' },
        { action: 'delete', kind: 'config' },
      ]);
    });

    it('reportAttachment: the template report as xlsx for the e-mail, by default of the last complete period; a template of another project is refused', async () => {
      const tpl = await call<ReportTemplate>('POST', API.create, { projectId, name: '一车间月报', nodeId: ids.W1, modelLabel: 'room', energyType: 2, kind: 'monthly', rows: 'meters', sections: ['consumption', 'readings'] });
      expect(tpl.status).toBe(200);
      const a = await reportAttachment(t.app.ems, { projectId, templateId: tpl.data.id, lang: 'en-US' });
      // 2 April 2025: the last complete month is March; W1's meter M1 uses 68 kWh a day
      expect(a.title).toBe('一车间 electricity monthly report 2025-03');
      expect(a.fileName).toBe('一车间_electricity_monthly_report_2025-03.xlsx');
      expect(a.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(a.content as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Consumption', 'Meter readings']);
      const ws = wb.getWorksheet('Consumption')!;
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(1).value).toBe('一车间总表');
      expect(ws.getRow(XLSX_HEADER_ROW + 1).getCell(33).value).toBeCloseTo(31 * 68, 6);
      const day = await reportAttachment(t.app.ems, { projectId, templateId: tpl.data.id, kind: 'daily', date: { year: 2025, month: 3, day: 10 }, lang: 'zh-CN' });
      expect(day.title).toBe('一车间电日报 2025-03-10');
      await expect(reportAttachment(t.app.ems, { projectId: projectId + 1000, templateId: tpl.data.id, lang: 'zh-CN' })).rejects.toThrow();
    });

    it('readings at the boundaries: the last register before a missing one, a replacement in between, none older than the look-back; MD on a tie is the earliest window', async () => {
      // a room of its own (added last: the project's other figures above are untouched)
      const room = await insertNode(t.app, { projectId, parentId: null, label: 'room', name: 'Boundary room' });
      const R = await insertNode(t.app, { projectId, parentId: room, label: 'meter', name: 'R', attrs: { energyType: 2 } });
      const S = await insertNode(t.app, { projectId, parentId: room, label: 'meter', name: 'S', attrs: { energyType: 2 } });
      const T = await insertNode(t.app, { projectId, parentId: room, label: 'meter', name: 'T', attrs: { energyType: 2 } });
      const day = at(2025, 3, 12);
      const replaced = at(2025, 3, 12, 12);
      // R: 1 per 15 min from 100 (11 March 00:00), no reading at 12 March 00:00; replaced at 12:00 (closing 244, opening 5), then 1 per 15 min from 5
      await declareReset(t.app.ems, projectId, { deviceId: R, dataId: KWH, ts: replaced, closing: 244, opening: 5 });
      await writeReadings(t.app, projectId, [
        ...counter(R, KWH, at(2025, 3, 11), replaced, 1, { start: 100, skip: (x) => x === day }),
        ...counter(R, KWH, replaced + 900_000, at(2025, 3, 13), 1, { start: 6 }),
        // S: 2 per 15 min (8 kW in every window: a tie all day), its last reading 12 March 20:00
        ...counter(S, KWH, at(2025, 3, 11), at(2025, 3, 12, 20), 2, { start: 0 }),
        // T: one reading long before the look-back, then from 06:00 only
        { deviceId: T, dataId: KWH, ts: at(2025, 3, 1), value: 7 },
        ...counter(T, KWH, at(2025, 3, 12, 6), at(2025, 3, 13), 1, { start: 50 }),
      ]);
      const d = (await report({ nodeId: room, modelLabel: 'room', kind: 'daily', date: '2025-03-12', rows: 'meters', sections: ['readings', 'power'] }, en())).data;
      const rows = new Map(d.readings!.rows.map((x) => [x.id, x]));
      // R: from 23:45 the day before (195) to 244, then 5 → 53 at midnight: 49 + 48
      expect(rows.get(R)).toMatchObject({ startRegister: 195, endRegister: 53, consumption: 97, resets: 1 });
      // S: 0 + 96 × 2 = 192 at midnight → 192 + 80 × 2 = 352 at 20:00, the last before the end
      expect(rows.get(S)).toMatchObject({ startRegister: 192, endRegister: 352, consumption: 160, quality: 'estimated' });
      // T: the 1 March reading is older than the look-back: no start register
      expect(rows.get(T)).toMatchObject({ startRegister: null, endRegister: 50 + 72, consumption: null, quality: 'missing' });
      const power = new Map(d.power!.rows.map((x) => [x.id, x]));
      expect(power.get(S)).toMatchObject({ maxDemandKw: 8, maxDemandAt: day });
      expect(power.get(T)).toMatchObject({ maxDemandKw: 4, maxDemandAt: at(2025, 3, 12, 6) });
    });
  });
}
