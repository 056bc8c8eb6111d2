import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, EVENT_API, LOG_TYPE, type EventDetail, type EventRecord, type RuleConfig } from '@ems/contract';
import { hotRule } from '../../test/fixtures.js';
import { loginAs, STORES } from '../../test/helpers.js';
import { eventFixture, MIN, NOW, type EventFixture } from './test-fixture.js';

const DAY = 86_400_000;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`inspection orders, log type 711 (${kind})`, () => {
    let f: EventFixture;
    let admin: Record<string, string>;
    let cloud: Record<string, string>;
    let plant: Record<string, string>;
    let sensor: number;
    let source: EventRecord;
    let foreign: EventRecord;
    let order: EventRecord;

    const orders = async (headers: Record<string, string>) =>
      f.call<EventRecord[]>('POST', EVENT_API.query, headers, { startTime: NOW - DAY, endTime: NOW + DAY, logTypes: [LOG_TYPE.inspectionOrder] });
    const countOrders = async () => (await f.t.app.ems.db.selectFrom('event' as never).select('id' as never).where('log_type' as never, '=', 711 as never).execute()).length;

    beforeAll(async () => {
      f = await eventFixture(kind);
      admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      cloud = (await loginAs(f.t.app, f.store.clock, 'fw_cloud')).headers;
      plant = { ...(await loginAs(f.t.app, f.store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      sensor = await f.node(1, null, 'envsensor', 'pump room sensor');
      const other = await f.node(2, null, 'envsensor', 'office sensor');
      expect((await f.call<RuleConfig>('POST', EVENT_API.ruleSave, admin, hotRule(sensor))).status).toBe(200);
      expect((await f.call<RuleConfig>('POST', EVENT_API.ruleSave, { ...admin, projectid: '2' }, hotRule(other))).status).toBe(200);
      await f.write(1, [{ deviceId: sensor, dataId: DATA_ID.temperature, ts: NOW - 10 * MIN, value: 45 }]);
      await f.write(2, [{ deviceId: other, dataId: DATA_ID.temperature, ts: NOW - 9 * MIN, value: 46 }]);
      const all = await f.call<EventRecord[]>('POST', EVENT_API.query, admin, { startTime: NOW - DAY, endTime: NOW + DAY });
      source = all.data[0] as EventRecord;
      foreign = (await f.call<EventRecord[]>('POST', EVENT_API.query, { ...admin, projectid: '2' }, { startTime: NOW - DAY, endTime: NOW + DAY })).data[0] as EventRecord;
      expect(source.logType).toBe(LOG_TYPE.environmentLimit);
    });
    afterAll(async () => f?.close());

    it('raise: fw_cloud raises an order from an event — an early-warning event of its own on the node, notified live with log type 711', async () => {
      f.notes.length = 0;
      const r = await f.call<EventRecord>('POST', EVENT_API.raiseOrder, cloud, { eventId: source.id, comment: ' check the fan ' });
      expect(r.status).toBe(200);
      order = r.data;
      expect(order).toMatchObject({ logType: 711, eventClass: 4, eventType: null, level: null, status: 0, confirmState: 1, nodeId: sensor, nodeName: 'pump room sensor', sourceEventId: source.id, startTime: f.store.clock.now });
      expect(order.message).toContain('巡检工单');
      expect(order.message).toContain('fw_cloud');
      expect(order.message).toContain('check the fan');
      expect(order.message).toContain(source.message);
      expect(f.notes).toHaveLength(1);
      const note = f.notes[0];
      expect(note?.logType).toBe(711);
      expect(f.description(note!)).toMatchObject({ eventClass: 4, eventId: order.id, nodeId: sensor, projectId: 1 });
      const listed = await orders(cloud);
      expect(listed.data.map((e) => e.id)).toEqual([order.id]);
      const d = await f.call<EventDetail>('GET', `${EVENT_API.detail}?id=${order.id}`, { ...plant });
      expect(d.data.message.startsWith('Inspection order: check pump room sensor on site (raised by fw_cloud: check the fan)')).toBe(true);
    });

    it('one open order per event, none from an order, none outside the scope or without workorder_create — and nothing is written', async () => {
      const before = await countOrders();
      const again = await f.call('POST', EVENT_API.raiseOrder, { ...cloud, 'accept-language': 'en-US' }, { eventId: source.id, comment: '' });
      expect(again.status).toBe(400);
      expect(again.code).not.toBe(0);
      expect(again.msg).toContain('eventId');
      expect(again.msg).toContain('already has an open inspection order');
      const fromOrder = await f.call('POST', EVENT_API.raiseOrder, cloud, { eventId: order.id, comment: '' });
      expect(fromOrder.status).toBe(400);
      expect(fromOrder.msg).toContain('eventId');
      expect((await f.call('POST', EVENT_API.raiseOrder, cloud, { eventId: foreign.id, comment: '' })).status).toBe(404);
      expect((await f.call('POST', EVENT_API.raiseOrder, plant, { eventId: source.id, comment: '' })).status).toBe(404);
      expect((await f.call('POST', EVENT_API.raiseOrder, cloud, { eventId: source.id, comment: 'x'.repeat(201) })).status).toBe(400);
      expect(await countOrders()).toBe(before);
    });

    it('the engine leaves an open order alone when it reloads: only people close orders', async () => {
      await f.t.app.events.checkNow();
      const d = await f.call<EventDetail>('GET', `${EVENT_API.detail}?id=${order.id}`, cloud);
      expect(d.data.status).toBe(0);
    });

    it('close: needs what was found, only orders, only in the scope; fw_plant closes — finished and confirmed with the comment; closing again changes nothing', async () => {
      const noComment = await f.call('POST', EVENT_API.closeOrders, plant, { ids: [order.id], comment: '   ' });
      expect(noComment.status).toBe(400);
      expect(noComment.msg).toContain('comment');
      const notOrder = await f.call('POST', EVENT_API.closeOrders, plant, { ids: [order.id, source.id], comment: 'done' });
      expect(notOrder.status).toBe(400);
      expect(notOrder.msg).toContain('ids');
      expect((await f.call('POST', EVENT_API.closeOrders, admin, { ids: [order.id, foreign.id], comment: 'done' })).status).toBe(404);
      expect((await f.call<EventDetail>('GET', `${EVENT_API.detail}?id=${order.id}`, cloud)).data.status).toBe(0);

      f.store.clock.now += 30 * MIN;
      const closed = await f.call<number>('POST', EVENT_API.closeOrders, plant, { ids: [order.id], comment: ' fan belt replaced ' });
      expect(closed.status).toBe(200);
      expect(closed.data).toBe(1);
      const d = await f.call<EventDetail>('GET', `${EVENT_API.detail}?id=${order.id}`, cloud);
      expect(d.data).toMatchObject({ status: 1, endTime: f.store.clock.now, confirmState: 3, confirmUser: 'fw_plant', confirmTime: f.store.clock.now, confirmComment: 'fan belt replaced' });
      expect((await f.call<number>('POST', EVENT_API.closeOrders, plant, { ids: [order.id], comment: 'again' })).data).toBe(0);
      // closed, the event may have a new order
      const next = await f.call<EventRecord>('POST', EVENT_API.raiseOrder, cloud, { eventId: source.id, comment: '' });
      expect(next.status).toBe(200);
      expect(next.data.id).not.toBe(order.id);
    });
  });
}
