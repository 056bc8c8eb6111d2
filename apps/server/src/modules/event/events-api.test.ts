import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, EVENT_API, type AlgorithmConfig, type EventDetail, type EventRecord, type RuleConfig } from '@ems/contract';
import { hotRule } from '../../test/fixtures.js';
import { loginAs, STORES, loopTurnsDuring } from '../../test/helpers.js';
import type { EventTables } from './tables.js';
import { eventFixture, MIN, NOW, type EventFixture } from './test-fixture.js';

const DAY = 86_400_000;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`events and rule configuration API (${kind})`, () => {
    let f: EventFixture;
    let admin: Record<string, string>;
    let cloud: Record<string, string>;
    let plant: Record<string, string>;
    let building: number;
    let sensor: number;
    let other: number;
    let ruleId: number;
    let otherEvent: number;
    const ids: number[] = [];

    const query = (headers: Record<string, string>, body: object = {}) =>
      f.call<EventRecord[]>('POST', EVENT_API.query, headers, { startTime: NOW - DAY, endTime: NOW + DAY, ...body });

    beforeAll(async () => {
      f = await eventFixture(kind);
      admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      cloud = (await loginAs(f.t.app, f.store.clock, 'fw_cloud')).headers;
      plant = { ...(await loginAs(f.t.app, f.store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      building = await f.node(1, null, 'building', 'api hall');
      sensor = await f.node(1, await f.node(1, building, 'room', 'api room'), 'envsensor', 'api sensor');
      other = await f.node(2, null, 'envsensor', 'office sensor');
      const r = await f.call<RuleConfig>('POST', EVENT_API.ruleSave, admin, hotRule(sensor));
      ruleId = r.data.id;
      await f.call('POST', EVENT_API.ruleSave, { ...admin, projectid: '2' }, hotRule(other));
      // three events on the sensor (raised, finished, raised again, finished, raised), one in project 2
      const t = (ts: number, value: number, device = sensor) => ({ deviceId: device, dataId: DATA_ID.temperature, ts, value });
      await f.write(1, [t(NOW - 50 * MIN, 45), t(NOW - 40 * MIN, 30), t(NOW - 30 * MIN, 46), t(NOW - 20 * MIN, 30), t(NOW - 10 * MIN, 47)]);
      await f.write(2, [t(NOW - 5 * MIN, 50, other)]);
      const all = await query(admin);
      ids.push(...all.data.map((e) => e.id));
      const o = await query({ ...admin, projectid: '2' });
      otherEvent = o.data[0]?.id as number;
    });
    afterAll(async () => f?.close());

    it('query: newest first with total and paging, texts in the request language, node filter includes descendants', async () => {
      const r = await query(admin, { page: { index: 0, limit: 2 } });
      expect(r.total).toBe(3);
      expect(r.data.map((e) => [e.status, e.value, e.startTime])).toEqual([
        [0, 47, NOW - 10 * MIN],
        [1, 46, NOW - 30 * MIN],
      ]);
      expect(r.data[0]).toMatchObject({ nodeId: sensor, nodeName: 'api sensor', modelLabel: 'envsensor', dataId: DATA_ID.temperature, unit: '°C', limit: 40, ruleId, logType: 804, eventClass: 2, confirmState: 1 });
      expect(r.data[0]?.message).toContain('限值');
      const en = await query({ ...admin, 'accept-language': 'en-US' }, { nodeId: building, modelLabel: 'building', status: 1 });
      expect(en.data.map((e) => e.value)).toEqual([46, 45]);
      expect(en.data[0]?.message).toContain('limit');
      expect((await query(admin, { logTypes: [704, 705] })).total).toBe(0);
      expect((await query(admin, { levels: [2], eventTypes: [2], deviceId: sensor })).total).toBe(3);
      const bad = await query(admin, { endTime: NOW - 2 * DAY });
      expect([bad.status, bad.msg]).toEqual([400, expect.stringContaining('endTime')]);
    });

    it('query: the page and the total are read in separate turns of the event loop', async () => {
      // better-sqlite3 answers synchronously: both statements in one turn held every other request back (issue 12)
      const { result: r, turns } = await loopTurnsDuring(() => query(admin, { page: { index: 0, limit: 2 } }));
      expect(r.total).toBe(3);
      expect(turns).toBeGreaterThanOrEqual(2);
    });

    it("project isolation: another project's event is 404 and never listed", async () => {
      expect(otherEvent).toBeGreaterThan(0);
      const d = await f.call('GET', `${EVENT_API.detail}?id=${otherEvent}`, cloud);
      expect([d.status, d.msg]).toEqual([404, '无操作权限']);
      expect((await f.call('GET', `${EVENT_API.detail}?id=${otherEvent}`, admin)).status).toBe(404);
      expect((await query(cloud)).data.map((e) => e.projectId)).toEqual([1, 1, 1]);
      const c = await f.call('POST', EVENT_API.confirm, cloud, { ids: [ids[0] as number, otherEvent], comment: 'x' });
      expect(c.status).toBe(404);
      expect((await query(cloud, { confirmState: 3 })).total).toBe(0);
    });

    it('confirmation: fw_plant is refused (404); fw_cloud confirms a batch with a comment, who and when kept; confirming again keeps the first', async () => {
      const refused = await f.call('POST', EVENT_API.confirm, plant, { ids: [ids[0] as number], comment: 'seen' });
      expect([refused.status, refused.msg]).toEqual([404, 'no operation permission']);
      f.store.clock.now = NOW + 3 * MIN;
      const ok = await f.call<number>('POST', EVENT_API.confirm, cloud, { ids: [ids[0] as number, ids[1] as number], comment: ' fan replaced ' });
      expect([ok.status, ok.data]).toEqual([200, 2]);
      f.store.clock.now = NOW + 9 * MIN;
      const again = await f.call<number>('POST', EVENT_API.confirm, admin, { ids: [ids[0] as number, ids[2] as number], comment: 'second' });
      expect(again.data).toBe(1);
      const d = await f.call<EventDetail>('GET', `${EVENT_API.detail}?id=${ids[0]}`, plant);
      expect(d.data).toMatchObject({ confirmState: 3, confirmUser: 'fw_cloud', confirmTime: NOW + 3 * MIN, confirmComment: 'fan replaced', ruleName: 'too hot', upperLimit: expect.any(Number) });
      const bad = await f.call('POST', EVENT_API.confirm, cloud, { ids: [], comment: '' });
      expect([bad.status, bad.msg]).toEqual([400, expect.stringContaining('ids')]);
    });

    it('export: an xlsx with the headers of the request language and a file name in content-disposition', async () => {
      for (const [lang, header, name] of [
        ['en-US', 'Start time', 'events-'],
        ['zh-CN', '开始时间', encodeURIComponent('事件导出-')],
      ] as const) {
        const res = await f.t.app.inject({ method: 'POST', url: EVENT_API.export, headers: { ...admin, 'accept-language': lang }, payload: { startTime: NOW - DAY, endTime: NOW + DAY } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toContain(name);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0];
        expect(ws?.getRow(1).getCell(1).value).toBe(header);
        expect(ws?.rowCount).toBe(4);
      }
    });

    it('rule CRUD: bad input is 400 naming the field in the request language; writes need the sysevent permissions; scope', async () => {
      const en = { ...admin, 'accept-language': 'en-US' };
      const cases: [object, string][] = [
        [{ ...hotRule(sensor), conditions: [] }, 'conditions'],
        [{ ...hotRule(sensor), conditions: [{ dataId: DATA_ID.temperature, operator: 7, limit: 1 }] }, 'conditions.0.operator'],
        [{ ...hotRule(sensor), conditions: [{ dataId: 999, operator: 1, limit: 1 }] }, 'conditions.0.dataId'],
        [{ ...hotRule(sensor), name: '   ' }, 'name'],
        [{ ...hotRule(sensor), combinator: 3 }, 'combinator'],
        [{ ...hotRule(sensor), hysteresis: -1 }, 'hysteresis'],
        [{ ...hotRule(sensor), level: 3 }, 'level'],
      ];
      for (const [body, field] of cases) {
        const r = await f.call('POST', EVENT_API.ruleSave, en, body);
        expect([r.status, r.msg], field).toEqual([400, expect.stringContaining(field)]);
      }
      const zh = await f.call('POST', EVENT_API.ruleSave, admin, { ...hotRule(sensor), name: ' ' });
      expect(zh.msg).toContain('名称不能为空');
      expect((await f.call('POST', EVENT_API.ruleSave, plant, hotRule(sensor))).status).toBe(404);
      expect((await f.call('POST', EVENT_API.ruleSave, admin, hotRule(other))).status).toBe(404);
      const created = await f.call<RuleConfig>('POST', EVENT_API.ruleSave, admin, { ...hotRule(sensor), name: 'to delete' });
      expect(created.data).toMatchObject({ name: 'to delete', nodeName: 'api sensor', logType: 804, conditions: [{ dataName: '温度', unit: '°C' }] });
      const updated = await f.call<RuleConfig>('POST', EVENT_API.ruleSave, admin, { ...hotRule(sensor), id: created.data.id, name: 'renamed', level: 1 });
      expect(updated.data).toMatchObject({ id: created.data.id, name: 'renamed', logType: 803 });
      const list = await f.call<RuleConfig[]>('POST', EVENT_API.ruleList, plant, { keyword: 'renamed' });
      expect([list.total, list.data[0]?.id]).toEqual([1, created.data.id]);
      expect((await f.call('DELETE', EVENT_API.ruleDelete, plant, { ids: [created.data.id] })).status).toBe(404);
      const del = await f.call<number[]>('DELETE', EVENT_API.ruleDelete, admin, { ids: [created.data.id] });
      expect(del.data).toEqual([created.data.id]);
      expect((await f.call('GET', `${EVENT_API.ruleDetail}?id=${created.data.id}`, admin)).status).toBe(404);
    });

    it('algorithm CRUD: the parameters a kind needs are required (400 naming them); defaults filled in; paging index 0 limit 100', async () => {
      const en = { ...admin, 'accept-language': 'en-US' };
      const base = { name: 'demand', kind: 'demand', nodeId: sensor, modelLabel: 'envsensor', params: {}, enabled: true };
      const missing = await f.call('POST', EVENT_API.algorithmSave, en, { ...base, kind: 'baseLoad' });
      expect([missing.status, missing.msg]).toEqual([400, expect.stringContaining('params.nightLimit')]);
      const night = await f.call('POST', EVENT_API.algorithmSave, en, { ...base, kind: 'baseLoad', params: { nightLimit: 1, nightStartHour: 5, nightEndHour: 5 } });
      expect([night.status, night.msg]).toEqual([400, expect.stringContaining('params.nightEndHour')]);
      const badKind = await f.call('POST', EVENT_API.algorithmSave, en, { ...base, kind: 'magic' });
      expect([badKind.status, badKind.msg]).toEqual([400, expect.stringContaining('kind')]);
      const badSub = await f.call('POST', EVENT_API.algorithmSave, en, { ...base, params: { contractKw: 100, windowMinutes: 15, subintervalMinutes: 4 } });
      expect(badSub.msg).toContain('params.subintervalMinutes');
      const outside = await f.call('POST', EVENT_API.algorithmSave, en, { ...base, kind: 'offline', params: { offlineMinutes: 5, deviceIds: [other] } });
      expect([outside.status, outside.msg]).toEqual([400, expect.stringContaining('params.deviceIds')]);
      const ok = await f.call<AlgorithmConfig>('POST', EVENT_API.algorithmSave, admin, { ...base, params: { contractKw: 100 } });
      expect(ok.data.params).toMatchObject({ contractKw: 100, preAlarmPercent: 90, windowMinutes: 15, subintervalMinutes: 1, predictionFactor: 1 });
      const states = await f.call<number>('POST', EVENT_API.algorithmStates, admin, { ids: [ok.data.id], enabled: false });
      expect(states.data).toBe(1);
      const list = await f.call<AlgorithmConfig[]>('POST', EVENT_API.algorithmList, admin, { kind: 'demand', page: { index: 0, limit: 100 } });
      expect(list.data.map((a) => [a.id, a.enabled])).toContainEqual([ok.data.id, false]);
      expect((await f.call('POST', EVENT_API.algorithmStates, admin, { ids: [ok.data.id, 999999], enabled: true })).status).toBe(404);
      expect((await f.call<number[]>('DELETE', EVENT_API.algorithmDelete, admin, { ids: [ok.data.id] })).data).toEqual([ok.data.id]);
    });

    it('export: more events than one read (250) come whole and newest first, ties on the start time across reads kept in id order', async () => {
      // the export reads a piece at a time after the last event of the previous piece (issue 12)
      const at = NOW - 30 * DAY;
      const row = (i: number) => ({ project_id: 1, rule_id: null, algorithm_id: null, log_type: 1, event_class: 1, event_type: null, level: 2, status: 1, confirm_state: 1, node_id: sensor, model_label: 'envsensor', device_id: null, data_id: null, value: i, limit_value: null, start_time: at - Math.floor(i / 3) * MIN, end_time: at, message_zh: `piece ${i}`, message_en: `piece ${i}`, active_key: null, confirm_user: null, confirm_time: null, confirm_comment: null });
      const edb = f.t.app.ems.db.withTables<EventTables>();
      for (let i = 0; i < 2_400; i += 400) await edb.insertInto('event').values(Array.from({ length: 400 }, (_, k) => row(i + k))).execute();
      const res = await f.t.app.inject({ method: 'POST', url: EVENT_API.export, headers: { ...admin, 'accept-language': 'en-US' }, payload: { startTime: at - DAY, endTime: at + 1 } });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws?.rowCount).toBe(2_401);
      expect(ws?.getRow(1).font?.bold).toBe(true);
      expect(ws?.getColumn(11).width).toBe(60);
      // ids ascend with i, so newest first with ties by id descending is i = 2, 1, 0, 5, 4, 3, ...
      const want = Array.from({ length: 2_400 }, (_, k) => `piece ${3 * Math.floor(k / 3) + 2 - (k % 3)}`);
      expect(Array.from({ length: 2_400 }, (_, k) => ws?.getRow(k + 2).getCell(11).value)).toEqual(want);
    });
  });
}
