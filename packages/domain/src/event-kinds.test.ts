import { describe, expect, it } from 'vitest';
import { eventQuantityUnit, isConsumptionQuantity, limitRuleKind, type LimitPoint } from './event-kinds.js';

/** Catalogue rows as migrations 0003 and 0008 seed them: [dataId, kind, energyType]. */
const P = (dataId: number, kind: string, energyType: number | null): LimitPoint => ({ dataId, kind, energyType });
const KWH = P(1, 'counter', 2);
const KVARH = P(2, 'counter', 2);
const POWER = P(3, 'instant', 2);
const REACTIVE_POWER = P(4, 'instant', 2);
const VOLTAGE_A = P(5, 'instant', 2);
const CURRENT_A = P(8, 'instant', 2);
const PF = P(11, 'instant', 2);
const FREQUENCY = P(12, 'instant', 2);
const WATER = P(13, 'counter', 3);
const STEAM = P(15, 'counter', 16);
const TEMPERATURE = P(18, 'instant', null);
const HUMIDITY = P(19, 'instant', null);
const APPARENT_POWER = P(21, 'instant', 2);
const WATER_FLOW = P(23, 'instant', 3);
const THD_U = P(26, 'instant', 2);
const UNBALANCE_U = P(32, 'instant', 2);
const GAS = P(100, 'instant', null);
const OUTPUT = P(106, 'counter', null);

describe('isConsumptionQuantity: counters of an energy type and the rates of consumption, not the supply\'s electrical quantities (issue 11 defect 6)', () => {
  it.each([
    ['active energy kWh (counter, electricity)', KWH, true],
    ['reactive energy kvarh (counter, electricity)', KVARH, true],
    ['water m³ (counter)', WATER, true],
    ['steam t (counter)', STEAM, true],
    ['active power kW: the rate of the kWh drawn', POWER, true],
    ['water flow m³/h: the rate of the water drawn', WATER_FLOW, true],
    ['voltage, though the catalogue gives it energy type 2', VOLTAGE_A, false],
    ['current', CURRENT_A, false],
    ['frequency', FREQUENCY, false],
    ['power factor', PF, false],
    ['voltage THD', THD_U, false],
    ['voltage unbalance', UNBALANCE_U, false],
    ['reactive power', REACTIVE_POWER, false],
    ['apparent power', APPARENT_POWER, false],
    ['temperature (no energy type)', TEMPERATURE, false],
    ['production output: a counter without an energy type', OUTPUT, false],
  ])('%s → %s', (_name, point, expected) => {
    expect(isConsumptionQuantity(point)).toBe(expected);
  });
});

describe('limitRuleKind: one kind per rule, its list entry and its events alike (issue 4 §1 table; issue 11 defect 6)', () => {
  it.each([
    ['active power at alarm → 702 among the energy-consumption events, power over-limit, alarm in class and level (table row 702)', 2, [POWER], { logType: 702, eventClass: 2, level: 2, eventType: 3 }],
    ['a water counter at alarm → 702, type 3', 2, [WATER], { logType: 702, eventClass: 2, level: 2, eventType: 3 }],
    ['a voltage alarm → 804 on event diagnosis, no type: a voltage is no power over-limit', 2, [VOLTAGE_A], { logType: 804, eventClass: 2, level: 2, eventType: null }],
    ['a THD early warning → 804, early warning in class and level', 4, [THD_U], { logType: 804, eventClass: 4, level: 4, eventType: null }],
    ['a voltage accident → 803, class accident, no type (table row 803: residual current or temperature)', 1, [VOLTAGE_A], { logType: 803, eventClass: 1, level: 1, eventType: null }],
    ['a temperature accident → 803, temperature 2', 1, [TEMPERATURE], { logType: 803, eventClass: 1, level: 1, eventType: 2 }],
    ['an active-power accident → 803, power over-limit 3', 1, [POWER], { logType: 803, eventClass: 1, level: 1, eventType: 3 }],
    ['a temperature alarm → 804, temperature 2 (not among the energy-consumption events)', 2, [TEMPERATURE], { logType: 804, eventClass: 2, level: 2, eventType: 2 }],
    ['a gas early warning → 804, no type (not 告警 beside 预警)', 4, [GAS], { logType: 804, eventClass: 4, level: 4, eventType: null }],
    ['power and energy together → 702', 2, [POWER, KWH], { logType: 702, eventClass: 2, level: 2, eventType: 3 }],
    ['power or voltage → 804 whichever condition holds: its event may be the voltage', 2, [POWER, VOLTAGE_A], { logType: 804, eventClass: 2, level: 2, eventType: null }],
    ['voltage first, power second → the same 804 (not by the first condition)', 2, [VOLTAGE_A, POWER], { logType: 804, eventClass: 2, level: 2, eventType: null }],
    ['temperature or humidity → 804, no type: its event may be the humidity', 4, [TEMPERATURE, HUMIDITY], { logType: 804, eventClass: 4, level: 4, eventType: null }],
  ])('%s', (_name, level, points, kind) => {
    expect(limitRuleKind(level, points)).toEqual(kind);
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
    ['a night hour of electricity is a power: kWh/h is kW', 'nightUse', 'kWh', 'kW'],
    ['a night hour of reactive energy: kvar', 'nightUse', 'kvarh', 'kvar'],
    ['a night hour of steam', 'nightUse', 't', 't/h'],
    ['the data point itself', null, '°C', '°C'],
  ])('%s', (_name, quantity, pointUnit, unit) => {
    expect(eventQuantityUnit(quantity, pointUnit)).toBe(unit);
  });
});
