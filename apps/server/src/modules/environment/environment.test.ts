import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, ENVIRONMENT_API, permissionId, type Camera, type HazardSource, type SensorAlarm, type SensorGrid, type SensorTrend } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import type { EventTables } from '../event/tables.js';
import { compactSeriesDays } from '../timeseries/repository.js';
import { writeBatch } from '../timeseries/service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Pinned clock: 2025-06-10 10:00 UTC. */
const NOW = Date.UTC(2025, 5, 10, 10);

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`environment, hazard sources and video (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let plant: Record<string, string>;
    let plantEn: Record<string, string>;
    let cloud: Record<string, string>;
    const id: Record<string, number> = {};

    const node = async (key: string, parentId: number | null, label: string, name: string, attrs: object = {}, projectId = 1) => {
      const row = await t.app.ems.db
        .insertInto('node')
        .values({ project_id: projectId, parent_id: parentId, model_label: label, name, attrs: JSON.stringify(attrs), sort: Object.keys(id).length })
        .returning('id')
        .executeTakeFirstOrThrow();
      id[key] = Number(row.id);
      return id[key] as number;
    };
    const post = async <T>(url: string, payload: object, headers = plant) => json<T>(await t.app.inject({ method: 'POST', url, headers, payload }));
    const grid = (body: object, headers = plant) => post<SensorGrid>(ENVIRONMENT_API.sensors, body, headers);

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      plant = (await loginAs(t.app, store.clock, 'fw_plant')).headers;
      plantEn = { ...plant, 'accept-language': 'en-US' };
      cloud = (await loginAs(t.app, store.clock, 'fw_cloud')).headers;
      const b = await node('building', null, 'building', 'env hall');
      const f = await node('floor', b, 'floor', '1F');
      const r1 = await node('r1', f, 'room', 'R1');
      const r2 = await node('r2', f, 'room', 'R2');
      await node('g1', r1, 'gasdetector', 'G1', { gas: 'combustible', alarmLow: 20, alarmHigh: 40, unit: '%LEL' });
      await node('g2', r1, 'gasdetector', 'G2', { gas: 'combustible' });
      await node('e1', r1, 'envsensor', 'E1', { sensorKind: 'temperatureHumidity' });
      await node('cam', r1, 'camera', 'CAM1', { streamUrl: '/eem-service/v1/environment/video/demo/index.m3u8', location: 'north door' });
      await node('e2', r2, 'envsensor', 'E2', { sensorKind: 'temperatureHumidity' });
      await node('g3', r2, 'gasdetector', 'G3', { gas: 'co' });
      await node('pm', r2, 'envsensor', 'PM', { sensorKind: 'pm25' });
      await node('meter', r2, 'meter', 'M', { energyType: 2 });
      await node('p2room', null, 'room', 'other project room', {}, 2);
      const res = await writeBatch(t.app.ems, 1, [
        { deviceId: id.g1!, dataId: DATA_ID.combustibleGas, ts: NOW - 3 * MIN, value: 12 },
        { deviceId: id.g1!, dataId: DATA_ID.combustibleGas, ts: NOW - MIN, value: 22 },
        { deviceId: id.g2!, dataId: DATA_ID.combustibleGas, ts: NOW - MIN, value: 55 },
        { deviceId: id.e1!, dataId: DATA_ID.temperature, ts: NOW - 25 * HOUR, value: 18 },
        { deviceId: id.e1!, dataId: DATA_ID.temperature, ts: NOW - 12 * HOUR, value: 26 },
        { deviceId: id.e1!, dataId: DATA_ID.temperature, ts: NOW - 2 * MIN, value: 30 },
        { deviceId: id.e1!, dataId: DATA_ID.humidity, ts: NOW - 2 * MIN, value: 60 },
        { deviceId: id.e2!, dataId: DATA_ID.temperature, ts: NOW - 10 * MIN, value: 41 },
        { deviceId: id.e2!, dataId: DATA_ID.humidity, ts: NOW - 10 * MIN, value: 50 },
        { deviceId: id.pm!, dataId: DATA_ID.pm25, ts: NOW - MIN, value: 80 },
      ]);
      expect(res.rejected).toBe(0);
      const ev = t.app.ems.db.withTables<EventTables>();
      const event = (deviceId: number, start: number, end: number | null, value: number) =>
        ev
          .insertInto('event')
          .values({
            project_id: 1,
            rule_id: null,
            algorithm_id: null,
            log_type: 702,
            event_class: 2,
            event_type: 3,
            level: 2,
            status: end === null ? 0 : 1,
            confirm_state: 1,
            node_id: deviceId,
            model_label: 'gasdetector',
            device_id: deviceId,
            data_id: DATA_ID.combustibleGas,
            value,
            limit_value: 50,
            start_time: start,
            end_time: end,
            message_zh: `浓度 ${value}`,
            message_en: `concentration ${value}`,
            active_key: null,
            confirm_user: null,
            confirm_time: null,
            confirm_comment: null,
          })
          .execute();
      await event(id.g2!, NOW - 30 * MIN, null, 55);
      await event(id.g2!, NOW - 3 * HOUR, NOW - 2 * HOUR, 51);
      await event(id.g2!, NOW - 9 * 24 * HOUR, NOW - 9 * 24 * HOUR + HOUR, 52);
      await event(id.meter!, NOW - 10 * MIN, null, 1);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the sensor grid of a building: each sensor level from its setpoints, counts and online rate (worked by hand)', async () => {
      const r = await grid({ nodeId: id.building!, modelLabel: 'building' });
      expect(r.status).toBe(200);
      expect(r.data.now).toBe(NOW);
      expect(r.data.offlineAfterMs).toBe(5 * MIN);
      // G1 22 %LEL ≥ its 低报 20 → pre-alarm; G2 55 ≥ default 50 → alarm; E1 30 °C / 60 % → normal;
      // E2 10 min old → offline; G3 never reported → offline; PM 80 ≥ 75 → pre-alarm
      expect(r.data.sensors.map((s) => [s.name, s.level])).toEqual([
        ['G1', 'preAlarm'],
        ['G2', 'alarm'],
        ['E1', 'normal'],
        ['E2', 'offline'],
        ['G3', 'offline'],
        ['PM', 'preAlarm'],
      ]);
      expect(r.data.counts).toEqual({ normal: 1, preAlarm: 2, alarm: 1, offline: 2 });
      // 4 of 6 report: 66.67 %
      expect(r.data.onlineRatePct).toBeCloseTo((4 / 6) * 100, 10);
      const g1 = r.data.sensors[0]!;
      expect(g1.channels).toEqual([
        { quantity: 'combustible', dataId: DATA_ID.combustibleGas, unit: '%LEL', value: 22, ts: NOW - MIN, level: 'preAlarm', thresholds: { unit: '%LEL', highPreAlarm: 20, highAlarm: 40 } },
      ]);
      expect([g1.room?.name, g1.floor?.name, g1.building?.name]).toEqual(['R1', '1F', 'env hall']);
      expect(r.data.sensors[2]!.channels.map((c) => [c.quantity, c.value, c.level])).toEqual([
        ['temperature', 30, 'normal'],
        ['humidity', 60, 'normal'],
      ]);
      expect(r.data.rooms.map((x) => [x.name, x.floor?.name])).toEqual([
        ['R1', '1F'],
        ['R2', '1F'],
      ]);
    });

    it('scope gas: the detectors only (1 pre-alarm, 1 alarm, 1 offline, online 2 of 3)', async () => {
      const r = await grid({ nodeId: id.building!, modelLabel: 'building', scope: 'gas' });
      expect(r.data.sensors.map((s) => s.name)).toEqual(['G1', 'G2', 'G3']);
      expect(r.data.counts).toEqual({ normal: 0, preAlarm: 1, alarm: 1, offline: 1 });
      expect(r.data.onlineRatePct).toBeCloseTo((2 / 3) * 100, 10);
    });

    it('a 15-min offline limit brings E2 back: 41 °C reaches the switch-room 40 °C alarm (R2: 2 of 3 online)', async () => {
      const r = await grid({ nodeId: id.r2!, modelLabel: 'room', offlineAfterMinutes: 15 });
      expect(r.data.sensors.map((s) => [s.name, s.level])).toEqual([
        ['E2', 'alarm'],
        ['G3', 'offline'],
        ['PM', 'preAlarm'],
      ]);
      expect(r.data.onlineRatePct).toBeCloseTo((2 / 3) * 100, 10);
      expect(r.data.rooms.map((x) => x.name)).toEqual(['R2']);
    });

    it("a sensor's 24 h trend: raw readings inside the window, limit lines from its setpoints", async () => {
      const r = await post<SensorTrend>(ENVIRONMENT_API.trend, { sensorId: id.e1! }, plantEn);
      expect(r.status).toBe(200);
      expect([r.data.from, r.data.to]).toEqual([NOW - 24 * HOUR, NOW]);
      const [temp, rh] = r.data.channels;
      expect(temp!.points).toEqual([
        [NOW - 12 * HOUR, 26],
        [NOW - 2 * MIN, 30],
      ]);
      expect([temp!.name, temp!.unit]).toEqual(['temperature', '°C']);
      expect(temp!.limits).toEqual([
        { level: 'alarm', side: 'high', value: 40 },
        { level: 'alarm', side: 'low', value: 5 },
      ]);
      expect(rh!.limits).toEqual([{ level: 'alarm', side: 'high', value: 90 }]);
      const long = await post<SensorTrend>(ENVIRONMENT_API.trend, { sensorId: id.e1!, hours: 48 });
      expect(long.data.channels[0]!.points).toHaveLength(3);
    });

    it('the alarm log: events of the subtree sensors overlapping the last 7 days, newest first; not the meter', async () => {
      const r = await post<SensorAlarm[]>(ENVIRONMENT_API.alarms, { nodeId: id.building!, modelLabel: 'building' }, plantEn);
      expect(r.data.map((a) => [a.sensorName, a.value, a.status, a.message])).toEqual([
        ['G2', 55, 0, 'concentration 55'],
        ['G2', 51, 1, 'concentration 51'],
      ]);
      const env = await post<SensorAlarm[]>(ENVIRONMENT_API.alarms, { nodeId: id.building!, modelLabel: 'building', scope: 'env' });
      expect(env.data).toEqual([]);
    });

    it('cameras of a node and the demo stream behind a session', async () => {
      const r = await post<Camera[]>(ENVIRONMENT_API.cameras, { nodeId: id.building!, modelLabel: 'building' });
      expect(r.data).toEqual([{ id: id.cam, name: 'CAM1', code: '', streamUrl: '/eem-service/v1/environment/video/demo/index.m3u8', location: 'north door', room: { id: id.r1, modelLabel: 'room', name: 'R1' } }]);
      const url = ENVIRONMENT_API.demoVideo.replace(':file', 'index.m3u8');
      const playlist = await t.app.inject({ method: 'GET', url, headers: plant });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(playlist.body).toContain('segment0.ts');
      const seg = await t.app.inject({ method: 'GET', url: ENVIRONMENT_API.demoVideo.replace(':file', 'segment0.ts'), headers: plant });
      expect([seg.statusCode, seg.headers['content-type'], seg.rawPayload[0]]).toEqual([200, 'video/mp2t', 0x47]);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: ENVIRONMENT_API.demoVideo.replace(':file', '..%2Fconfig.json'), headers: plant })).statusCode).toBe(400);
    });

    it('without page_videoMonitor the stream and the camera list are 404 (a role that lost the page, fresh login)', async () => {
      const db = t.app.ems.db;
      const user = await db.selectFrom('app_user').select('id').where('name', '=', 'fw_cloud').executeTakeFirstOrThrow();
      const roles = (await db.selectFrom('user_role').select('role_id').where('user_id', '=', user.id).execute()).map((r) => r.role_id);
      await db.deleteFrom('role_permission').where('role_id', 'in', roles).where('permission_id', '=', permissionId('page_videoMonitor')!).execute();
      const without = (await loginAs(t.app, store.clock, 'fw_cloud')).headers;
      expect((await t.app.inject({ method: 'GET', url: ENVIRONMENT_API.demoVideo.replace(':file', 'index.m3u8'), headers: without })).statusCode).toBe(404);
      expect((await post(ENVIRONMENT_API.cameras, { nodeId: 1, modelLabel: 'project' }, without)).status).toBe(404);
      // the other pages of the role still read the sensors
      expect((await grid({ nodeId: 1, modelLabel: 'project' }, without)).status).toBe(200);
    });

    it("another project's node, or a node under the wrong label, is 404 'no operation permission'", async () => {
      expect((await grid({ nodeId: id.p2room!, modelLabel: 'room' })).status).toBe(404);
      expect((await grid({ nodeId: id.r1!, modelLabel: 'building' })).status).toBe(404);
      expect((await post(ENVIRONMENT_API.trend, { sensorId: id.meter! })).status).toBe(404);
      expect((await post(ENVIRONMENT_API.cameras, { nodeId: 2, modelLabel: 'project' })).status).toBe(404);
    });

    it('bad input: 400 with a message naming the field, in the request language', async () => {
      const a = await grid({ nodeId: 'x', modelLabel: 'building' }, plantEn);
      expect([a.status, a.code !== 0]).toEqual([400, true]);
      expect(a.msg).toContain('nodeId');
      const b = await post(ENVIRONMENT_API.trend, { sensorId: id.e1!, hours: 100 });
      expect(b.status).toBe(400);
      expect(b.msg).toContain('hours');
      expect(b.msg).toContain('参数');
    });

    describe('the hazard-source register', () => {
      const input = (more: object = {}) => ({
        projectId: 1,
        name: 'paint store',
        grade: 3,
        nodeId: id.r1!,
        modelLabel: 'room',
        location: 'R1 north',
        responsible: 'Li Lei',
        phone: '0512-66881234',
        sensorIds: [id.g1!, id.g2!],
        note: 'solvents',
        ...more,
      });
      let created: HazardSource;

      it('the demo register is seeded: three sources of the factory linked to its gas detectors; none of the park in the factory', async () => {
        const list = json<HazardSource[]>(await t.app.inject({ method: 'GET', url: ENVIRONMENT_API.hazards, headers: plant }));
        expect(list.data.map((h) => [h.projectId, h.name, h.grade, h.nodeName, h.sensors.map((x) => x.name)])).toEqual([
          [1, '涂装线溶剂暂存间', 4, '生产车间B', ['涂装线可燃气体探测器1', '涂装线可燃气体探测器2']],
          [1, '锅炉房天然气调压撬', 4, '锅炉房', ['锅炉房可燃气体探测器', '锅炉房一氧化碳探测器']],
          [1, '食堂燃气间', 4, '办公区', ['食堂可燃气体探测器']],
        ]);
      });

      it('create as fw_plant: node name, linked sensors with their levels, the worst as the source level', async () => {
        const r = await post<HazardSource>(ENVIRONMENT_API.createHazard, input());
        expect(r.status).toBe(200);
        created = r.data;
        expect([r.data.name, r.data.grade, r.data.nodeName, r.data.level]).toEqual(['paint store', 3, 'R1', 'alarm']);
        expect(r.data.sensors).toEqual([
          { id: id.g1, name: 'G1', level: 'preAlarm' },
          { id: id.g2, name: 'G2', level: 'alarm' },
        ]);
      });

      it.each([
        [{ phone: 'call me' }, 'phone'],
        [{ name: '' }, 'name'],
        [{ grade: 5 }, 'grade'],
        [{ sensorIds: [1] }, 'sensorIds.0'],
        [{ nodeId: null }, 'nodeId'],
        [{ modelLabel: 'floor' }, 'nodeId'],
        [{ name: 'paint store' }, 'name'],
      ])('%j → 400 naming %s, nothing stored', async (more, field) => {
        const r = await post(ENVIRONMENT_API.createHazard, input(more), plantEn);
        expect(r.status).toBe(400);
        expect(r.msg).toContain(field);
        const list = json<HazardSource[]>(await t.app.inject({ method: 'GET', url: ENVIRONMENT_API.hazards, headers: plant }));
        // the demo's three and the one created above
        expect(list.data.map((h) => h.name)).toEqual(['涂装线溶剂暂存间', '锅炉房天然气调压撬', '食堂燃气间', 'paint store']);
      });

      it('update, list, export, delete; without hazardsource_create or outside the project: 404', async () => {
        const url = ENVIRONMENT_API.updateHazard.replace(':id', String(created.id));
        const u = json<HazardSource>(await t.app.inject({ method: 'PUT', url, headers: plant, payload: input({ grade: 1, sensorIds: [id.e1!], nodeId: null, modelLabel: null }) }));
        expect([u.status, u.data.grade, u.data.nodeName, u.data.level]).toEqual([200, 1, '', 'normal']);
        expect((await post(ENVIRONMENT_API.createHazard, input({ name: 'x' }), cloud)).status).toBe(404);
        expect((await post(ENVIRONMENT_API.createHazard, input({ name: 'y', projectId: 2, nodeId: null, modelLabel: null, sensorIds: [] }))).status).toBe(404);
        const x = await t.app.inject({ method: 'POST', url: ENVIRONMENT_API.export, headers: plant, payload: { table: 'hazards', nodeId: 1, modelLabel: 'project' } });
        expect(x.statusCode).toBe(200);
        expect(decodeURIComponent(x.headers['content-disposition'] as string)).toContain('危险源台账-20250610.xlsx');
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0]!;
        expect([ws.getRow(1).getCell(1).value, ws.rowCount]).toEqual(['名称', 5]);
        expect([ws.getRow(2).getCell(1).value, ws.getRow(2).getCell(7).value]).toEqual(['涂装线溶剂暂存间', '涂装线可燃气体探测器1、涂装线可燃气体探测器2']);
        expect([ws.getRow(5).getCell(1).value, ws.getRow(5).getCell(2).value, ws.getRow(5).getCell(7).value]).toEqual(['paint store', '一级', 'E1']);
        const del = json<number>(await t.app.inject({ method: 'DELETE', url, headers: plant }));
        expect(del.data).toBe(1);
        expect(json<number>(await t.app.inject({ method: 'DELETE', url, headers: plant })).status).toBe(404);
      });
    });

    it('the sensor export: one row per channel with value, unit and level', async () => {
      const x = await t.app.inject({ method: 'POST', url: ENVIRONMENT_API.export, headers: plantEn, payload: { table: 'sensors', nodeId: id.r1!, modelLabel: 'room' } });
      expect(x.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
      const rows = wb.worksheets[0]!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 7));
      // the reading time on the project's clock: NOW − 1 min is 17:59 in Shanghai (09:59 UTC)
      expect(wb.worksheets[0]!.getRow(2).getCell(7).value).toBe('2025-06-10 17:59:00');
      expect(rows).toEqual([
        ['G1', 'R1', 'combustible', 22, '%LEL', 'pre-alarm'],
        ['G2', 'R1', 'combustible', 55, '%LEL', 'alarm'],
        ['E1', 'R1', 'temperature', 30, '°C', 'normal'],
        ['E1', 'R1', 'humidity', 60, '%', 'normal'],
      ]);
    });

    it.runIf(kind === 'postgres')("PostgreSQL day rows: with the closed days compacted (issue 16), a sensor's trend reads the same", async () => {
      // E1's temperature of 9 June (UTC) becomes a day row; 24 h reads one value there and one row, 48 h all three
      const ask = async () => ({
        day: (await post<SensorTrend>(ENVIRONMENT_API.trend, { sensorId: id.e1! })).data,
        twoDays: (await post<SensorTrend>(ENVIRONMENT_API.trend, { sensorId: id.e1!, hours: 48 })).data,
        grid: (await grid({ nodeId: id.building!, modelLabel: 'building' })).data,
      });
      const before = await ask();
      expect(before.twoDays.channels[0]!.points).toHaveLength(3);
      expect((await compactSeriesDays(t.app.ems, NOW + 24 * HOUR)).problems).toEqual([]);
      const count = async (table: 'reading_day') => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.ems.db)).rows[0]?.n);
      expect(await count('reading_day')).toBeGreaterThan(0);
      expect(await ask()).toEqual(before);
    });
  });
}
