import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, EQUIPMENT_STATUS_API as API, type EquipmentScheme, type EquipmentStatusOptions, type StateEnergy, type TariffVersion } from '@ems/contract';
import { EXAMPLE_PERIOD_CALENDAR, EXAMPLE_TOU_PRICES } from '@ems/domain';
import { STORES, attachScheme, createProject, createStore, insertNode, json, startApp, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import { compactSeriesDays } from '../timeseries/repository.js';
import type { ReadingInput } from '../timeseries/service.js';

const Q = 900_000;
const H = 3_600_000;
/** Asia/Shanghai wall-clock time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);
/** the pinned clock: 2025-03-12 14:37 in Shanghai */
const NOW = at(2025, 3, 12, 14, 37);
const hourOf = (t: number) => new Date(t + 8 * H).getUTCHours();
const P = DATA_ID.activePower;

/**
 * The planted compressor meter C counts, per 15 min of each local day: 26.5 kWh (106 kW, loaded)
 * 08–12 and 14–18, 8 kWh (32 kW, unloaded) 12–14, 0.2 kWh (0.8 kW, stopped) otherwise. A day: running
 * 8 h / 848 kWh, standby 2 h / 64 kWh, stopped 14 h / 11.2 kWh. With the example tariff (March: valley
 * 23–07 ¥0.25, flat 07–08, 11–17, 22–23 ¥0.60, peak 08–11, 17–22 ¥1.00) the waste of a day is standby
 * 64 × 0.6 = 38.40 plus stopped 0.05 × (28 × 0.25 + 4 × 0.6 + 16 × 1 + 4 × 0.6 + 4 × 0.25) = 5.76: ¥44.16.
 * The room sensor S reads 25 °C on 10 March only.
 */
const kwhAt = (t: number) => {
  const h = hourOf(t);
  return (h >= 8 && h < 12) || (h >= 14 && h < 18) ? 26.5 : h >= 12 && h < 14 ? 8 : 0.2;
};

const programme = (projectId: number, c: number, extra: Record<string, unknown>[] = []) => ({
  projectId,
  name: '空压机状态',
  devices: [
    {
      deviceId: c,
      expressions: [
        { state: 'running', combinator: 1, conditions: [{ deviceId: c, dataId: P, operator: 4, limit: 60 }, ...extra] },
        { state: 'standby', combinator: 1, conditions: [{ deviceId: c, dataId: P, operator: 1, limit: 5 }, { deviceId: c, dataId: P, operator: 2, limit: 60 }] },
        { state: 'stopped', combinator: 1, conditions: [{ deviceId: c, dataId: P, operator: 5, limit: 5 }] },
      ],
    },
  ],
});

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`equipment-status programmes and energy by state (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    let c: number;
    let s: number;
    let room: number;
    let schemeId: number;
    const en = () => ({ ...admin, 'accept-language': 'en-US' });
    const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
      t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }).then((r) => json<T>(r));
    const energy = (body: Record<string, unknown>) => call<StateEnergy>('POST', API.energy, { projectId, schemeId, ...body });

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'States plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      room = await insertNode(t.app, { projectId, parentId: null, label: 'room', name: '空压站' });
      c = await insertNode(t.app, { projectId, parentId: room, label: 'meter', name: '1#空压机电表', attrs: { energyType: 2 } });
      s = await insertNode(t.app, { projectId, parentId: room, label: 'envsensor', name: '空压站温度' });
      const rs: ReadingInput[] = [];
      let kwh = 5000;
      for (let ts = at(2025, 3, 10); ts <= NOW; ts += Q) {
        rs.push({ deviceId: c, dataId: DATA_ID.activeEnergyImport, ts, value: kwh });
        kwh += kwhAt(ts);
      }
      for (let ts = at(2025, 3, 10); ts < at(2025, 3, 11); ts += 5 * 60_000) rs.push({ deviceId: s, dataId: DATA_ID.temperature, ts, value: 25 });
      await writeReadings(t.app, projectId, rs);
      const versions = [
        {
          effectiveFrom: '2025-01-01',
          basis: 'capacity',
          capacityKva: 1000,
          priceKvaMonth: '20',
          priceKwMonth: '30',
          contractKw: 800,
          demandElection: 'contract',
          pfStandard: null,
          addReverseKvarh: false,
          meterReadingDay: null,
          touPrices: EXAMPLE_TOU_PRICES,
          surcharges: [],
          calendar: EXAMPLE_PERIOD_CALENDAR,
        },
      ] as unknown as TariffVersion[];
      await attachScheme(t.app, admin, projectId, 'TOU', versions);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('options: the electricity meters to classify (with their place), the nodes to read, the comparable points (no counters)', async () => {
      const r = await call<EquipmentStatusOptions>('GET', `${API.options}?projectId=${projectId}`, undefined, en());
      expect(r.status).toBe(200);
      expect(r.data.devices).toEqual([{ id: c, name: '1#空压机电表', path: '空压站' }]);
      expect(r.data.sources.map((x) => x.id).sort()).toEqual([c, s].sort());
      expect(r.data.dataPoints.find((d) => d.dataId === P)).toMatchObject({ name: 'active power P', unit: 'kW' });
      expect(r.data.dataPoints.some((d) => d.dataId === DATA_ID.activeEnergyImport)).toBe(false);
    });

    it('create → detail with resolved device and data names; listed; a second one of that name is a conflict', async () => {
      const r = await call<EquipmentScheme>('POST', API.create, programme(projectId, c));
      expect(r.status).toBe(200);
      schemeId = r.data.id;
      const d = await call<EquipmentScheme>('GET', API.detail.replace(':id', String(schemeId)));
      expect(d.data.devices).toHaveLength(1);
      expect(d.data.devices[0]).toMatchObject({ deviceId: c, deviceName: '1#空压机电表' });
      expect(d.data.devices[0]?.expressions.map((e) => e.state)).toEqual(['running', 'standby', 'stopped']);
      expect(d.data.devices[0]?.expressions[1]?.conditions[1]).toEqual({ deviceId: c, deviceName: '1#空压机电表', dataId: P, dataName: '有功功率', unit: 'kW', operator: 2, limit: 60 });
      const list = await call<EquipmentScheme[]>('GET', `${API.schemes}?projectId=${projectId}`);
      expect(list.data.map((x) => x.name)).toEqual(['空压机状态']);
      const dup = await call('POST', API.create, programme(projectId, c));
      expect(dup.status).toBe(409);
    });

    it.each([
      ['a device that is no electricity meter', (b: ReturnType<typeof programme>) => ({ ...b, name: 'x1', devices: [{ ...b.devices[0], deviceId: s }] }), 'is not an electricity meter'],
      ['a node of no project of the caller', (b: ReturnType<typeof programme>) => ({ ...b, name: 'x2', devices: [{ ...b.devices[0], deviceId: 999_999 }] }), 'is not an electricity meter'],
      [
        'a counter compared',
        (b: ReturnType<typeof programme>) => ({ ...b, name: 'x3', devices: [{ deviceId: c, expressions: [{ state: 'running', combinator: 1, conditions: [{ deviceId: c, dataId: DATA_ID.activeEnergyImport, operator: 1, limit: 1 }] }] }] }),
        'not an instantaneous or status point',
      ],
      [
        'a state defined twice',
        (b: ReturnType<typeof programme>) => ({ ...b, name: 'x4', devices: [{ deviceId: c, expressions: [b.devices[0]!.expressions[0], b.devices[0]!.expressions[0]] }] }),
        'defines state running twice',
      ],
      ['a comparison code out of range', (b: ReturnType<typeof programme>) => ({ ...b, name: 'x5', devices: [{ deviceId: c, expressions: [{ state: 'running', combinator: 1, conditions: [{ deviceId: c, dataId: P, operator: 7, limit: 1 }] }] }] }), 'operator'],
      ['no conditions', (b: ReturnType<typeof programme>) => ({ ...b, name: 'x6', devices: [{ deviceId: c, expressions: [{ state: 'running', combinator: 1, conditions: [] }] }] }), 'conditions'],
      ['no devices', (b: ReturnType<typeof programme>) => ({ ...b, name: 'x7', devices: [] }), 'devices'],
    ])('refuses %s with a 400 naming it (en), storing nothing', async (_, make, text) => {
      const r = await call('POST', API.create, make(programme(projectId, c)), en());
      expect(r.status).toBe(400);
      expect(r.code).not.toBe(0);
      expect(r.msg).toContain(text);
      const list = await call<EquipmentScheme[]>('GET', `${API.schemes}?projectId=${projectId}`);
      expect(list.data).toHaveLength(1);
    });

    it('worked check: 10–11 March, 48 h: running 16 h / 1696 kWh, standby 4 h / 128 kWh, stopped 28 h / 22.4 kWh; waste 150.4 kWh ¥88.32', async () => {
      const r = await energy({ startTime: at(2025, 3, 10), endTime: at(2025, 3, 11, 12) });
      expect(r.status).toBe(200);
      const e = r.data;
      expect(e.bucket).toBe('hour');
      expect(e.priced).toBe(true);
      expect(e.totals.hours).toEqual({ running: 16, standby: 4, stopped: 28, unknown: 0 });
      expect(e.totals.kwh.running).toBeCloseTo(1696, 6);
      expect(e.totals.kwh.standby).toBeCloseTo(128, 6);
      expect(e.totals.kwh.stopped).toBeCloseTo(22.4, 6);
      expect(e.totals.wasteKwh).toBeCloseTo(150.4, 6);
      expect(e.totals.wasteYuan).toBeCloseTo(88.32, 6);
      expect(e.buckets).toHaveLength(48);
      // 12:00 local: standby, flat price
      const noon = e.buckets.find((b) => b.start === at(2025, 3, 10, 12));
      expect(noon?.hours.standby).toBe(1);
      expect(noon?.wasteYuan).toBeCloseTo(32 * 0.6, 6);
      expect(e.devices).toHaveLength(1);
      expect(e.devices[0]).toMatchObject({ deviceId: c, deviceName: '1#空压机电表' });
    });

    it('worked check up to now: state hours sum to the range read (until now), state kWh to the metered kWh of the rollups', async () => {
      const e = (await energy({ startTime: at(2025, 3, 10), endTime: at(2025, 3, 12) })).data;
      expect(e.bucket).toBe('day');
      expect(e.until).toBe(at(2025, 3, 12, 14, 30));
      const h = e.totals.hours;
      expect(h.running + h.standby + h.stopped + h.unknown).toBeCloseTo((e.until - e.from) / H, 9);
      const metered = await t.app.ems.db
        .selectFrom('rollup_15m')
        .select((eb) => eb.fn.sum<number>('value').as('v'))
        .where('device_id', '=', c)
        .where('data_id', '=', DATA_ID.activeEnergyImport)
        .where('bucket_start', '>=', e.from)
        .where('bucket_start', '<', e.until)
        .executeTakeFirstOrThrow();
      const k = e.totals.kwh;
      expect(k.running + k.standby + k.stopped + k.unknown).toBeCloseTo(Number(metered.v), 6);
      expect(e.totals.meteredKwh).toBeCloseTo(Number(metered.v), 6);
      expect(e.buckets.map((b) => b.start)).toEqual([at(2025, 3, 10), at(2025, 3, 11), at(2025, 3, 12)]);
    });

    it('update: running also needs the room below 40 °C; without a temperature (11 March) running intervals become unknown, the others keep their state', async () => {
      const body = programme(projectId, c, [{ deviceId: s, dataId: DATA_ID.temperature, operator: 2, limit: 40 }]);
      const r = await call<EquipmentScheme>('PUT', API.update.replace(':id', String(schemeId)), body);
      expect(r.status).toBe(200);
      expect(r.data.devices[0]?.expressions[0]?.conditions[1]).toMatchObject({ deviceId: s, deviceName: '空压站温度', dataId: DATA_ID.temperature });
      const day10 = (await energy({ startTime: at(2025, 3, 10), endTime: at(2025, 3, 10) })).data.totals.hours;
      expect(day10).toEqual({ running: 8, standby: 2, stopped: 14, unknown: 0 });
      const day11 = (await energy({ startTime: at(2025, 3, 11), endTime: at(2025, 3, 11) })).data.totals;
      expect(day11.hours).toEqual({ running: 0, standby: 2, stopped: 14, unknown: 8 });
      expect(day11.kwh.unknown).toBeCloseTo(848, 6);
    });

    it('bounds: a range over 400 days, an end before the start, a device outside the programme are 400s in the request language', async () => {
      const long = await call('POST', API.energy, { projectId, schemeId, startTime: at(2024, 1, 1), endTime: at(2025, 3, 1) }, en());
      expect([long.status, long.msg]).toEqual([400, expect.stringContaining('longer than 400 days')]);
      const back = await call('POST', API.energy, { projectId, schemeId, startTime: at(2025, 3, 2), endTime: at(2025, 3, 1) });
      expect([back.status, back.msg]).toEqual([400, expect.stringContaining('结束时间早于开始时间')]);
      const other = await call('POST', API.energy, { projectId, schemeId, deviceIds: [s], startTime: at(2025, 3, 10), endTime: at(2025, 3, 10) }, en());
      expect([other.status, other.msg]).toEqual([400, expect.stringContaining('is not in the programme')]);
    });

    it('export: the device sheet with its total, the bucket sheet on the project clock', async () => {
      const res = await t.app.inject({ method: 'POST', url: API.energyExport, headers: en(), payload: { projectId, schemeId, startTime: at(2025, 3, 10), endTime: at(2025, 3, 10) } });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const dev = wb.getWorksheet('Devices');
      expect(dev?.getRow(2).values).toEqual([undefined, '1#空压机电表', 8, 2, 14, 0, 848, 64, 11.2, 0, 923.2, 75.2, 44.16]);
      expect(dev?.getRow(3).getCell(1).value).toBe('Total');
      const by = wb.getWorksheet('By period');
      expect(by?.getRow(2).getCell(1).value).toBe('2025-03-10 00:00');
      expect(by?.rowCount).toBe(25);
    });

    it.runIf(kind === 'postgres')('PostgreSQL day rows: with the closed days compacted (issue 16), the 15-min kWh and the temperature means read the same', async () => {
      // the programme needs the meter's 15-min kWh and the room's mean temperature (the update above): 10–12 March
      // hold day rows (9–11 March UTC of the meter, 9 March UTC of the sensor) and rows
      const ask = async () => ({
        hours: (await energy({ startTime: at(2025, 3, 10), endTime: at(2025, 3, 11, 12) })).data,
        days: (await energy({ startTime: at(2025, 3, 10), endTime: at(2025, 3, 12) })).data,
        day10: (await energy({ startTime: at(2025, 3, 10), endTime: at(2025, 3, 10) })).data,
      });
      const before = await ask();
      expect(before.day10.totals.hours).toEqual({ running: 8, standby: 2, stopped: 14, unknown: 0 });
      expect((await compactSeriesDays(t.app.ems, NOW + 24 * H)).problems).toEqual([]);
      const count = async (table: 'reading_day' | 'rollup_15m_day') => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.ems.db)).rows[0]?.n);
      expect(await count('reading_day')).toBeGreaterThan(0);
      expect(await count('rollup_15m_day')).toBeGreaterThan(0);
      expect(await ask()).toEqual(before);
    });

    it('delete: gone from the list and its detail is 404', async () => {
      const r = await call('DELETE', API.remove.replace(':id', String(schemeId)));
      expect(r.status).toBe(200);
      expect((await call<EquipmentScheme[]>('GET', `${API.schemes}?projectId=${projectId}`)).data).toEqual([]);
      expect((await call('GET', API.detail.replace(':id', String(schemeId)))).status).toBe(404);
    });
  });
}
