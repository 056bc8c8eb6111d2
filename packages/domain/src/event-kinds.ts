/**
 * What an event is, by what it measures (issue 4 §1 table as amended by issue 11 defect 6). The
 * numbers are the contract's LOG_TYPE, EVENT_TYPE, EVENT_LEVEL and EVENT_CLASS codes; this package
 * stays free of @ems/contract.
 */

/** Temperature data point (DATA_ID.temperature). */
const TEMPERATURE = 18;
/**
 * Instantaneous points that are the rate of a consumption (DATA_ID.activePower, DATA_ID.waterFlow): what
 * the site draws now, as a counter says what it drew. A demand is active power averaged over a window.
 */
const CONSUMPTION_RATES: ReadonlySet<number> = new Set([3, 23]);

/** What a limit rule watches, from the data-point catalogue. */
export interface LimitPoint {
  dataId: number;
  /** the catalogue's kind: 'counter', 'instant' or 'status' */
  kind: string;
  /** the energy type it meters (ENERGY_TYPE code), null for none */
  energyType: number | null;
}

/**
 * A consumption quantity: a counter of an energy type (kWh, kvarh, m³ of water, gas or air, t of steam,
 * GJ, cooling kWh) or the rate of one (active power, water flow). Its limit is an energy-consumption
 * event. Voltage, current, frequency, power factor, THD, unbalance, harmonics, reactive and apparent
 * power describe the supply, not what is consumed, though the catalogue gives them the electricity
 * energy type (they come from the same meter); they and every point without an energy type are not.
 */
export function isConsumptionQuantity(p: LimitPoint): boolean {
  return p.energyType !== null && (p.kind === 'counter' || CONSUMPTION_RATES.has(p.dataId));
}

/** Where a limit rule's events go and how they are classed and typed. */
export interface LimitEventKind {
  /** 803 at accident level; else 702 for a rule on consumption quantities, 804 for any other */
  logType: 702 | 803 | 804;
  /** 1 accident, 2 alarm, 4 early warning: what the header files it under (spec section 4) */
  eventClass: 1 | 2 | 4;
  /** the event's level (spec section 3) */
  level: 1 | 2 | 4;
  /** the spec's event type (2 temperature, 3 power over-limit), null when none of the five fits */
  eventType: 2 | 3 | null;
}

/**
 * What every event of a limit rule is, from its level and the points of all its conditions (issue 4 §1
 * table as amended by issue 11 defect 6). One answer per rule, whichever condition held, so the kind the
 * rule list shows is the kind of its events:
 * - the rule is on consumption when every condition watches a consumption quantity
 *   ({@link isConsumptionQuantity}); one voltage, temperature or gas condition makes it a rule on other
 *   quantities (its event may be about that condition, which is no consumption);
 * - accident level (1) → 803, class accident;
 * - on consumption → 702, listed among the energy-consumption events; the spec classes 702 as an alarm, so
 *   its level is alarm (2) as the table gives it (an early warning on it is refused on save);
 * - otherwise → 804, listed on event diagnosis; its class comes from the description and is the level's, so
 *   an early warning reads early warning in both (issue 11: '告警 class beside 预警 level');
 * - event type, at any level: power over-limit (3) on consumption, temperature (2) when every condition
 *   watches a temperature, else none (a voltage or humidity limit is neither).
 */
export function limitRuleKind(level: number, points: readonly LimitPoint[]): LimitEventKind {
  const consumption = points.length > 0 && points.every(isConsumptionQuantity);
  const temperature = points.length > 0 && points.every((p) => p.dataId === TEMPERATURE);
  const eventType = consumption ? 3 : temperature ? 2 : null;
  if (level === 1) return { logType: 803, eventClass: 1, level: 1, eventType };
  if (consumption) return { logType: 702, eventClass: 2, level: 2, eventType };
  const l = level === 4 ? 4 : 2;
  return { logType: 804, eventClass: l, level: l, eventType };
}

/** Units whose rate per hour has a name of its own (kWh/h is kW). */
const PER_HOUR: Readonly<Record<string, string>> = { kWh: 'kW', kvarh: 'kvar' };

/**
 * The unit of an event's value and limit: the quantity's when the event measures something other than
 * its data point (a loss rate in %, not the meter's m³), else the data point's.
 * - lossRate % · cop '' (kWh/kWh) · specificPower kW/(m³/min) · offlineMinutes min · demand kW
 * - nightUse: the data point's unit per hour: m3 → m3/h, t → t/h; an energy per hour is a power
 *   (kWh → kW, kvarh → kvar, GJ → GJ/h)
 */
export function eventQuantityUnit(quantity: string | null | undefined, pointUnit: string | null): string | null {
  switch (quantity) {
    case 'lossRate':
      return '%';
    case 'cop':
      return '';
    case 'specificPower':
      return 'kW/(m³/min)';
    case 'offlineMinutes':
      return 'min';
    case 'demand':
      return 'kW';
    case 'nightUse':
      return pointUnit ? (PER_HOUR[pointUnit] ?? `${pointUnit}/h`) : null;
    default:
      return pointUnit;
  }
}
