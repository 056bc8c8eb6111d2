import { classifyInterval, type PeriodCalendar, type TouPrices } from './tariff.js';
import { versionAt } from './tariff-versions.js';

/**
 * Equipment states (spec section 3: equipment-status programmes; DOMAIN §10 idle waste). A programme
 * defines, per device, the states running / standby / stopped, each an expression of conditions on data
 * points (spec section 4: comparison codes 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=; combinators 1 and, 2 or).
 * Each 15-min interval of a device gets one state; its hours and metered kWh go to that state, and the
 * kWh drawn while on standby or stopped (no output) are priced at the time-of-use tariff: the waste.
 */

/** The states in order of precedence: the first whose expression holds wins. */
export const EQUIPMENT_STATES = ['running', 'standby', 'stopped'] as const;
export type EquipmentState = (typeof EQUIPMENT_STATES)[number];
/** 'unknown': a value an expression needs is missing, or no state's expression holds. */
export type StateOrUnknown = EquipmentState | 'unknown';
export const STATES_WITH_UNKNOWN: readonly StateOrUnknown[] = [...EQUIPMENT_STATES, 'unknown'];
/** The states whose energy yields nothing: standby (idle, unloaded) and stopped (control and heater loads). */
export const WASTE_STATES: readonly EquipmentState[] = ['standby', 'stopped'];

/** A condition: the value of data point `dataId` of device `deviceId` against `limit` by comparison code `operator`. */
export interface StateCondition {
  deviceId: number;
  dataId: number;
  /** 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 != */
  operator: number;
  limit: number;
}

/** An expression: conditions joined by the combinator (1 and, 2 or). */
export interface StateExpression {
  combinator: number;
  conditions: readonly StateCondition[];
}

/** A device's definition: an expression per state; a state without one never applies. */
export type StateDefinition = Partial<Record<EquipmentState, StateExpression>>;

/** The value of a data point of a device in the interval being classified; undefined when missing. */
export type ValueOf = (deviceId: number, dataId: number) => number | undefined;

/** Comparison by the spec's codes (section 4): 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=; an unknown code is false. */
export function compareByCode(operator: number, value: number, limit: number): boolean {
  switch (operator) {
    case 1:
      return value > limit;
    case 2:
      return value < limit;
    case 3:
      return value === limit;
    case 4:
      return value >= limit;
    case 5:
      return value <= limit;
    case 6:
      return value !== limit;
    default:
      return false;
  }
}

/**
 * An expression on the interval's values in three-valued (Kleene) logic: null when it cannot be
 * decided because a value it needs is missing. `and` (1) is false as soon as one known condition is
 * false, `or` (2) true as soon as one is true; an expression without conditions is false.
 */
export function expressionHolds(expr: StateExpression, valueOf: ValueOf): boolean | null {
  if (expr.conditions.length === 0) return false;
  const or = expr.combinator === 2;
  let unknown = false;
  for (const c of expr.conditions) {
    const v = valueOf(c.deviceId, c.dataId);
    if (v === undefined || !Number.isFinite(v)) {
      unknown = true;
      continue;
    }
    const holds = compareByCode(c.operator, v, c.limit);
    if (or && holds) return true;
    if (!or && !holds) return false;
  }
  return unknown ? null : !or;
}

/**
 * The state of one interval: the first state in precedence order (running, standby, stopped) whose
 * expression holds, provided every state before it is decidedly false; 'unknown' when a state before
 * the first true one cannot be decided (missing data) or when none holds.
 */
export function stateOf(def: StateDefinition, valueOf: ValueOf): StateOrUnknown {
  for (const s of EQUIPMENT_STATES) {
    const expr = def[s];
    if (!expr) continue;
    const holds = expressionHolds(expr, valueOf);
    if (holds === null) return 'unknown';
    if (holds) return s;
  }
  return 'unknown';
}

/** Mean power (kW) of an interval from the kWh its counter advanced: kWh × 3 600 000 / interval ms (×4 for 15 min). */
export function meanKwFromKwh(kwh: number, intervalMs: number): number {
  return (kwh * 3_600_000) / intervalMs;
}

/** One classified interval of a device: its start (ms), its metered kWh (null: missing) and its state. */
export interface StateInterval {
  start: number;
  kwh: number | null;
  state: StateOrUnknown;
}

/** Hours and kWh per state (unknown included); the kWh of intervals without a reading are left out. */
export interface StateTotals {
  hours: Record<StateOrUnknown, number>;
  kwh: Record<StateOrUnknown, number>;
}

export const emptyTotals = (): StateTotals => ({
  hours: { running: 0, standby: 0, stopped: 0, unknown: 0 },
  kwh: { running: 0, standby: 0, stopped: 0, unknown: 0 },
});

/**
 * Adds intervals of `intervalMs` to the totals: each interval's hours and kWh go to its state, so the
 * state hours sum to the intervals' hours and the state kWh to the metered kWh. Returns the totals.
 */
export function addIntervals(totals: StateTotals, intervals: readonly StateInterval[], intervalMs: number): StateTotals {
  const h = intervalMs / 3_600_000;
  for (const it of intervals) {
    totals.hours[it.state] += h;
    if (it.kwh !== null) totals.kwh[it.state] += it.kwh;
  }
  return totals;
}

/** A tariff version as the pricing reads it (the contract's TariffVersion fits). */
export interface TouVersion {
  effectiveFrom: string;
  calendar: PeriodCalendar;
  touPrices: TouPrices;
}

/** The time-of-use price (¥/kWh) of the interval starting at `start`: its version's price of its period; null when none applies. */
export function touPriceAt(versions: readonly TouVersion[], start: number, timeZone: string): number | null {
  const v = versionAt(versions, start, timeZone);
  if (!v) return null;
  const period = classifyInterval(start, v.calendar, timeZone);
  const price = period ? v.touPrices[period] : undefined;
  if (price === undefined || price === null || price === '') return null;
  const n = Number(price);
  return Number.isFinite(n) ? n : null;
}

/**
 * The TOU price of an interval by its start, remembered per start: the devices of one analysis share
 * their intervals, so each is classified once (a year of 15-min intervals is 35 040 look-ups).
 */
export function touPricer(versions: readonly TouVersion[], timeZone: string): (start: number) => number | null {
  const seen = new Map<number, number | null>();
  return (start) => {
    let p = seen.get(start);
    if (p === undefined) seen.set(start, (p = touPriceAt(versions, start, timeZone)));
    return p;
  };
}

/** The waste: kWh of the intervals in `states` and their cost at the TOU price of each interval (¥); kWh without a price are counted apart. */
export interface WasteCost {
  kwh: number;
  yuan: number;
  unpricedKwh: number;
}

/** Prices the kWh of the intervals in the waste states (standby and stopped by default) at each interval's TOU price (DOMAIN §3; `priceAt`: {@link touPricer}). */
export function wasteCost(intervals: readonly StateInterval[], priceAt: (start: number) => number | null, states: readonly StateOrUnknown[] = WASTE_STATES): WasteCost {
  const out: WasteCost = { kwh: 0, yuan: 0, unpricedKwh: 0 };
  for (const it of intervals) {
    if (it.kwh === null || !states.includes(it.state)) continue;
    out.kwh += it.kwh;
    const price = priceAt(it.start);
    if (price === null) out.unpricedKwh += it.kwh;
    else out.yuan += it.kwh * price;
  }
  return out;
}

/** The symbols of the comparison codes (spec section 4), as a condition is shown: 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=. */
export const COMPARISON_SYMBOLS: Readonly<Record<number, string>> = { 1: '>', 2: '<', 3: '=', 4: '>=', 5: '<=', 6: '!=' };
