import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, EVENT_API, TARGET_LOG_TYPES, targetOfLogType, type AlgorithmConfig, type EventRecord, type RuleConfig } from '@ems/contract';
import { eventQuantity } from '../../db/migrations/0015-event-quantity.js';
import { loginAs, STORES } from '../../test/helpers.js';
import type { EventTables } from './tables.js';
import { eventFixture, MIN, NOW, type EventFixture } from './test-fixture.js';

const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * Issue 11 defect 6: what an event says it is. Its unit follows what it measures, its type, class,
 * level and page follow issue 4's log-type table, and a limit on temperature, humidity or gas is no
 * energy-consumption event.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`events say what they measure (issue 11 defect 6, ${kind})`, () => {
    let f: EventFixture;
    let admin: Record<string, string>;
    let room: number;

    beforeAll(async () => {
      f = await eventFixture(kind);
      admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      room = await f.node(1, await f.node(1, null, 'building', 'label hall'), 'room', 'label room');
    });
    afterAll(async () => f?.close());

    const save = async <T extends { id: number }>(url: string, body: object) => {
      const r = await f.call<T>('POST', url, admin, body);
      expect(r.code, r.msg).toBe(0);
      return r.data;
    };
    const rule = (nodeId: number, modelLabel: string, dataId: number, limit: number, extra: object = {}) =>
      save<RuleConfig>(EVENT_API.ruleSave, { name: 'label rule', nodeId, modelLabel, conditions: [{ dataId, operator: 1, limit }], combinator: 1, minDurationSec: 0, hysteresis: 0, level: 2, enabled: true, ...extra });
    const algorithm = (body: object) => save<AlgorithmConfig>(EVENT_API.algorithmSave, { enabled: true, ...body });
    /** the events of a page (its log types, as the browser asks) on one node */
    const page = async (target: keyof typeof TARGET_LOG_TYPES, nodeId: number) =>
      (await f.call<EventRecord[]>('POST', EVENT_API.query, admin, { startTime: NOW - 30 * DAY, endTime: NOW + 30 * DAY, logTypes: [...TARGET_LOG_TYPES[target]], nodeId, modelLabel: 'meter' })).data;
    const eventOf = async (nodeId: number) => {
      const list = (await f.call<EventRecord[]>('POST', EVENT_API.query, admin, { startTime: NOW - 30 * DAY, endTime: NOW + 30 * DAY })).data.filter((e) => e.nodeId === nodeId);
      expect(list, `one event on node ${nodeId}`).toHaveLength(1);
      return list[0] as EventRecord;
    };
    const summary = (e: EventRecord) => ({ logType: e.logType, page: targetOfLogType(e.logType), eventClass: e.eventClass, level: e.level, eventType: e.eventType, unit: e.unit });

    it('a limit on an energy quantity (active power) is an energy-consumption event (702): type power over-limit, class and level alarm, kW', async () => {
      const meter = await f.node(1, room, 'meter', 'press feeder');
      const r = await rule(meter, 'meter', DATA_ID.activePower, 300);
      expect([r.logType, r.eventType]).toEqual([702, 3]);
      await f.write(1, [{ deviceId: meter, dataId: DATA_ID.activePower, ts: NOW + MIN, value: 320 }]);
      expect(summary(await eventOf(meter))).toEqual({ logType: 702, page: 'energyConsumptionEvent', eventClass: 2, level: 2, eventType: 3, unit: 'kW' });
      expect((await page('energyConsumptionEvent', meter)).map((e) => e.dataName)).toEqual(['有功功率']);
    });

    it('humidity and gas limits go to event diagnosis (804), not among the energy-consumption events: an early warning is early warning in class and level, and neither is typed temperature or power over-limit', async () => {
      const sensor = await f.node(1, room, 'envsensor', 'damp corner');
      const detector = await f.node(1, room, 'gasdetector', 'paint booth detector');
      const damp = await rule(sensor, 'envsensor', DATA_ID.humidity, 90, { level: 4 });
      const gas = await rule(detector, 'gasdetector', DATA_ID.combustibleGas, 25, { level: 4 });
      expect([damp.logType, damp.eventType, gas.logType, gas.eventType]).toEqual([804, null, 804, null]);
      await f.write(1, [
        { deviceId: sensor, dataId: DATA_ID.humidity, ts: NOW + 2 * MIN, value: 93 },
        { deviceId: detector, dataId: DATA_ID.combustibleGas, ts: NOW + 2 * MIN, value: 31 },
      ]);
      expect(summary(await eventOf(sensor))).toEqual({ logType: 804, page: 'eventDiagnosis', eventClass: 4, level: 4, eventType: null, unit: '%' });
      expect(summary(await eventOf(detector))).toEqual({ logType: 804, page: 'eventDiagnosis', eventClass: 4, level: 4, eventType: null, unit: '%LEL' });
      // the notification the header classifies carries the same class
      const note = f.notes.find((n) => n.nodeId === detector);
      expect([note?.logType, f.description(note!).eventClass, f.description(note!).level]).toEqual([804, 4, 4]);
      expect(await page('energyConsumptionEvent', detector)).toEqual([]);
    });

    it('a voltage or THD limit is no energy-consumption event: 804 on event diagnosis, no type, its early warning accepted (the catalogue gives them the electricity energy type)', async () => {
      const pq = await f.node(1, room, 'meter', 'pq meter');
      const volts = await rule(pq, 'meter', DATA_ID.voltageA, 250);
      const thd = await rule(pq, 'meter', DATA_ID.thdVoltageA, 5, { level: 4 });
      expect([volts.logType, volts.eventType, thd.logType, thd.eventType]).toEqual([804, null, 804, null]);
      await f.write(1, [
        { deviceId: pq, dataId: DATA_ID.voltageA, ts: NOW + 3 * MIN, value: 262 },
        { deviceId: pq, dataId: DATA_ID.thdVoltageA, ts: NOW + 3 * MIN, value: 6.5 },
      ]);
      const list = (await f.call<EventRecord[]>('POST', EVENT_API.query, admin, { startTime: NOW - DAY, endTime: NOW + DAY })).data.filter((e) => e.nodeId === pq);
      expect(list.map((e) => ({ ...summary(e), dataId: e.dataId })).sort((a, b) => (a.dataId ?? 0) - (b.dataId ?? 0))).toEqual([
        { logType: 804, page: 'eventDiagnosis', eventClass: 2, level: 2, eventType: null, unit: 'V', dataId: DATA_ID.voltageA },
        { logType: 804, page: 'eventDiagnosis', eventClass: 4, level: 4, eventType: null, unit: '%', dataId: DATA_ID.thdVoltageA },
      ]);
      expect(await page('energyConsumptionEvent', pq)).toEqual([]);
    });

    it('a rule on several points has one kind, listed and raised alike, whichever condition holds: power or voltage is 804; power and energy 702', async () => {
      const feeder = await f.node(1, room, 'meter', 'mixed feeder');
      const conditions = [
        { dataId: DATA_ID.activePower, operator: 1, limit: 400 },
        { dataId: DATA_ID.voltageA, operator: 1, limit: 250 },
      ];
      const mixed = await rule(feeder, 'meter', DATA_ID.activePower, 400, { conditions, combinator: 2 });
      // the power condition holds: the event is still the rule's kind, as the rule list says
      await f.write(1, [{ deviceId: feeder, dataId: DATA_ID.activePower, ts: NOW + 4 * MIN, value: 420 }, { deviceId: feeder, dataId: DATA_ID.voltageA, ts: NOW + 4 * MIN, value: 230 }]);
      const e = await eventOf(feeder);
      expect([mixed.logType, mixed.eventType]).toEqual([804, null]);
      expect([e.logType, e.eventType, e.dataId, e.unit]).toEqual([804, null, DATA_ID.activePower, 'kW']);
      // listed by the same answer whichever condition comes first
      const swapped = await rule(feeder, 'meter', DATA_ID.voltageA, 250, { conditions: [...conditions].reverse(), combinator: 2, enabled: false });
      expect([swapped.logType, swapped.eventType]).toEqual([804, null]);
      const consumption = await rule(feeder, 'meter', DATA_ID.activePower, 400, { conditions: [conditions[0], { dataId: DATA_ID.activeEnergyImport, operator: 1, limit: 1e9 }], enabled: false });
      expect([consumption.logType, consumption.eventType]).toEqual([702, 3]);
      // an early warning is refused only where the events would be 702; the mixed rule takes one
      const early = await rule(feeder, 'meter', DATA_ID.activePower, 400, { conditions, combinator: 2, level: 4, enabled: false });
      expect([early.logType, early.level]).toEqual([804, 4]);
    });

    it('rule configuration: an early warning on an energy quantity and a type its data point contradicts are refused, naming the field', async () => {
      const meter = await f.node(1, room, 'meter', 'refused feeder');
      const base = { name: 'refused', nodeId: meter, modelLabel: 'meter', conditions: [{ dataId: DATA_ID.activePower, operator: 1, limit: 1 }], combinator: 1, minDurationSec: 0, hysteresis: 0, enabled: true };
      const early = await f.call('POST', EVENT_API.ruleSave, { ...admin, 'accept-language': 'en-US' }, { ...base, level: 4 });
      expect([early.status, early.msg]).toEqual([400, expect.stringContaining('level')]);
      const typed = await f.call('POST', EVENT_API.ruleSave, admin, { ...base, level: 2, eventType: 2 });
      expect([typed.status, typed.msg]).toEqual([400, expect.stringContaining('eventType')]);
    });

    it('a water balance loss reads its loss rate in %, value and limit (not m³)', async () => {
      const parent = await f.node(1, room, 'meter', 'water main');
      const child = await f.node(1, room, 'meter', 'water branch', { parentMeterId: parent });
      await algorithm({ name: 'water balance', kind: 'balance', nodeId: parent, modelLabel: 'meter', params: { tolerancePercent: 5, dataId: DATA_ID.waterVolume } });
      const h = Date.UTC(2025, 2, 11, 10);
      const counter = (device: number, perQuarter: number) => [0, 1, 2, 3, 4].map((i) => ({ deviceId: device, dataId: DATA_ID.waterVolume, ts: h + i * 15 * MIN, value: 100 + i * perQuarter }));
      await f.write(1, [...counter(parent, 4), ...counter(child, 3.4)]);
      f.store.clock.now = h + HOUR + 5 * MIN;
      await f.t.app.events.checkNow();
      const e = await eventOf(parent);
      expect({ ...summary(e), quantity: e.quantity, dataName: e.dataName }).toEqual({
        logType: 706,
        page: 'energyLossWarning',
        eventClass: 2,
        level: 2,
        eventType: 3,
        unit: '%',
        quantity: 'lossRate',
        dataName: '累计水量',
      });
      expect(e.value).toBeCloseTo(15, 6);
      expect(e.limit).toBe(5);
      // the event spans the hour that lost it, from its start
      expect(e.startTime).toBe(h);
    });

    it('a silent meter reads minutes without data; a COP reads no unit, a specific power kW/(m³/min)', async () => {
      const box = await f.node(1, room, 'room', 'quiet box');
      const quiet = await f.node(1, box, 'meter', 'quiet meter');
      const chatty = await f.node(1, box, 'meter', 'chatty meter');
      const t0 = Date.UTC(2025, 2, 11, 12);
      await f.write(1, [{ deviceId: quiet, dataId: DATA_ID.activePower, ts: t0, value: 1 }]);
      await algorithm({ name: 'quiet offline', kind: 'offline', nodeId: box, modelLabel: 'room', params: { offlineMinutes: 10 } });
      await f.write(1, [{ deviceId: chatty, dataId: DATA_ID.activePower, ts: t0 + 14 * MIN, value: 1 }]);
      f.store.clock.now = t0 + 15 * MIN;
      await f.t.app.events.checkNow();
      const off = await eventOf(quiet);
      expect({ ...summary(off), quantity: off.quantity, value: off.value, limit: off.limit }).toEqual({
        logType: 801,
        page: 'eventDiagnosis',
        eventClass: 3,
        level: 2,
        eventType: 4,
        unit: 'min',
        quantity: 'offlineMinutes',
        value: 15,
        limit: 10,
      });
      // offline from the moment the silence passed the limit
      expect(off.startTime).toBe(t0 + 10 * MIN);

      const elec = await f.node(1, room, 'meter', 'plant kWh');
      const cool = await f.node(1, room, 'meter', 'plant cooling');
      const airElec = await f.node(1, room, 'meter', 'station kWh');
      const air = await f.node(1, room, 'meter', 'station air');
      await algorithm({ name: 'plant COP', kind: 'efficiency', nodeId: elec, modelLabel: 'meter', params: { indicator: 'cop', threshold: 4, outputDeviceId: cool } });
      await algorithm({ name: 'station SP', kind: 'efficiency', nodeId: airElec, modelLabel: 'meter', params: { indicator: 'specificPower', threshold: 6, outputDeviceId: air } });
      const h = Date.UTC(2025, 2, 11, 14);
      const c = (device: number, dataId: number, per: number) => [0, 1, 2, 3, 4].map((i) => ({ deviceId: device, dataId, ts: h + i * 15 * MIN, value: 500 + i * per }));
      await f.write(1, [...c(elec, DATA_ID.activeEnergyImport, 25), ...c(cool, DATA_ID.coolingEnergy, 75), ...c(airElec, DATA_ID.activeEnergyImport, 30), ...c(air, DATA_ID.compressedAirVolume, 250)]);
      f.store.clock.now = h + HOUR + MIN;
      await f.t.app.events.checkNow();
      const cop = await eventOf(elec);
      const sp = await eventOf(airElec);
      expect([cop.logType, cop.quantity, cop.unit, sp.logType, sp.quantity, sp.unit]).toEqual([708, 'cop', '', 708, 'specificPower', 'kW/(m³/min)']);
      expect(cop.value).toBeCloseTo(3, 6);
      expect(sp.value).toBeCloseTo(7.2, 6);
    });

    it('the quota forecast is an early warning on the energy-consumption events: type and level as issue 4 gives them, in kWh', async () => {
      const meter = await f.node(1, room, 'meter', 'quota label meter');
      const monthStart = Date.UTC(2025, 1, 28, 16);
      const at = Date.UTC(2025, 2, 11, 4);
      f.store.clock.now = at;
      await f.write(1, [
        { deviceId: meter, dataId: DATA_ID.activeEnergyImport, ts: monthStart, value: 0 },
        { deviceId: meter, dataId: DATA_ID.activeEnergyImport, ts: at, value: 10_000 },
      ]);
      await algorithm({ name: 'label quota', kind: 'quota', nodeId: meter, modelLabel: 'meter', params: { quotaMonthly: 20_000 } });
      await f.t.app.events.checkNow();
      expect(summary(await eventOf(meter))).toEqual({ logType: 701, page: 'energyConsumptionEvent', eventClass: 4, level: 4, eventType: 3, unit: 'kWh' });
    });

    it('events stored before they carried a quantity read the right unit once the store is upgraded (migration 0015)', async () => {
      const elec = await f.node(1, room, 'meter', 'old station kWh');
      const air = await f.node(1, room, 'meter', 'old station air');
      const sp = await algorithm({ name: 'old station SP', kind: 'efficiency', nodeId: elec, modelLabel: 'meter', params: { indicator: 'specificPower', threshold: 6, outputDeviceId: air } });
      const old = (logType: number, nodeId: number, algorithmId: number | null, dataId: number) =>
        f.t.app.ems.db
          .withTables<EventTables>()
          .insertInto('event')
          .values({ project_id: 1, rule_id: null, algorithm_id: algorithmId, log_type: logType, event_class: 2, event_type: 3, level: 2, status: 1, confirm_state: 1, node_id: nodeId, model_label: 'meter', device_id: nodeId, data_id: dataId, quantity: null, value: 7.7, limit_value: 6, start_time: NOW - DAY, end_time: NOW - DAY + HOUR, message_zh: 'old', message_en: 'old', active_key: null })
          .execute();
      await old(708, elec, sp.id, DATA_ID.activeEnergyImport);
      expect((await eventOf(elec)).unit).toBe('kWh');
      await eventQuantity().up(f.t.app.ems.db as never);
      const e = await eventOf(elec);
      expect([e.quantity, e.unit]).toEqual(['specificPower', 'kW/(m³/min)']);
    });
  });
}
