import { describe, expect, it } from 'vitest';
import { eventQuantityUnit, limitEventKind, limitEventType, quantityOfLogType } from './event-kinds.js';

describe('limitEventKind: where a limit rule\'s event goes (issue 4 §1 table; issue 11 defect 6)', () => {
  it.each([
    ['accident level on any quantity → 803, class accident (table row 803)', 1, true, { logType: 803, eventClass: 1, level: 1 }],
    ['accident level on a temperature → 803', 1, false, { logType: 803, eventClass: 1, level: 1 }],
    ['an energy quantity at alarm → 702, alarm in class and level (table row 702; spec: 702 is class 2)', 2, true, { logType: 702, eventClass: 2, level: 2 }],
    ['a temperature alarm → 804 on event diagnosis, not among the energy-consumption events', 2, false, { logType: 804, eventClass: 2, level: 2 }],
    ['a gas early warning → 804, early warning in class and level (not 告警 beside 预警)', 4, false, { logType: 804, eventClass: 4, level: 4 }],
  ])('%s', (_name, level, energy, kind) => {
    expect(limitEventKind(level, energy)).toEqual(kind);
  });
});

describe('limitEventType: the spec\'s event type by the data point (issue 4 table: "temperature 2 or power over-limit 3 by the data point")', () => {
  it.each([
    ['temperature (18) → temperature 2', 18, false, 2],
    ['active power (3) → power over-limit 3', 3, true, 3],
    ['water flow (23), an energy quantity → 3', 23, true, 3],
    ['humidity (19) → none: a humidity limit is no temperature event', 19, false, null],
    ['combustible gas (100) → none: a gas alarm is no power over-limit', 100, false, null],
  ])('%s', (_name, dataId, energy, type) => {
    expect(limitEventType(dataId, energy)).toBe(type);
  });
});

describe('eventQuantityUnit: the unit of value and limit follows what they measure', () => {
  it.each([
    ['a loss rate of a water main reads %, not m3', 'lossRate', 'm3', '%'],
    ['a COP is kWh per kWh: no unit', 'cop', 'kWh', ''],
    ['a specific power', 'specificPower', 'kWh', 'kW/(m³/min)'],
    ['minutes without data', 'offlineMinutes', null, 'min'],
    ['a demand', 'demand', 'kW', 'kW'],
    ['a night hour of water use', 'nightUse', 'm3', 'm3/h'],
    ['the data point itself', null, '°C', '°C'],
  ])('%s', (_name, quantity, pointUnit, unit) => {
    expect(eventQuantityUnit(quantity, pointUnit)).toBe(unit);
  });

  it('events stored before quantities: a loss warning, an offline or a demand event by its log type; others keep the data point', () => {
    expect([706, 707, 801, 704, 705, 702, 708].map(quantityOfLogType)).toEqual(['lossRate', 'lossRate', 'offlineMinutes', 'demand', 'demand', null, null]);
  });
});
