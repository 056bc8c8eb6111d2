/**
 * What an event is, by what it measures (issue 4 §1 table as amended by issue 11 defect 6). The
 * numbers are the contract's LOG_TYPE, EVENT_TYPE, EVENT_LEVEL and EVENT_CLASS codes; this package
 * stays free of @ems/contract.
 */

/** Temperature data point (DATA_ID.temperature). */
const TEMPERATURE = 18;

/** Where a limit rule's event goes and how it is classed. */
export interface LimitEventKind {
  /** 803 at accident level; else 702 for an energy quantity, 804 for any other */
  logType: 702 | 803 | 804;
  /** 1 accident, 2 alarm, 4 early warning: what the header files it under (spec section 4) */
  eventClass: 1 | 2 | 4;
  /** the event's level (spec section 3) */
  level: 1 | 2 | 4;
}

/**
 * The kind of a limit rule's event from the rule's level and whether the watched data point is an
 * energy quantity (one with an energy type: power, current, kWh, water, gas volume, …):
 * - accident (1) → 803, class accident (issue 4 table);
 * - an energy quantity → 702, listed among the energy-consumption events; the spec classes 702 as an
 *   alarm, so its level is alarm (2) as the table gives it (an early warning on it is refused on save);
 * - any other quantity (temperature, humidity, gas, noise, …) → 804, listed on event diagnosis, not among
 *   the energy-consumption events; its class comes from the description and is the level's, so an early
 *   warning reads early warning in both (issue 11: '告警 class beside 预警 level').
 */
export function limitEventKind(level: number, energyQuantity: boolean): LimitEventKind {
  if (level === 1) return { logType: 803, eventClass: 1, level: 1 };
  if (energyQuantity) return { logType: 702, eventClass: 2, level: 2 };
  const l = level === 4 ? 4 : 2;
  return { logType: 804, eventClass: l, level: l };
}

/**
 * The spec's event type (1 residual current, 2 temperature, 3 power over-limit, 4 probe failure,
 * 5 switch event) of a limit on a data point, "by the data point" (issue 4 table): temperature 2, an
 * energy quantity 3; null when none fits (humidity, gas concentration, noise, PM2.5: a humidity limit
 * is not a temperature event and a gas alarm is not a power over-limit).
 */
export function limitEventType(dataId: number, energyQuantity: boolean): 2 | 3 | null {
  if (dataId === TEMPERATURE) return 2;
  return energyQuantity ? 3 : null;
}

/**
 * The unit of an event's value and limit: the quantity's when the event measures something other than
 * its data point (a loss rate in %, not the meter's m³), else the data point's.
 * - lossRate % · cop '' (kWh/kWh) · specificPower kW/(m³/min) · offlineMinutes min · demand kW
 * - nightUse: the data point's unit per hour (m3 → m3/h)
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
      return pointUnit ? `${pointUnit}/h` : null;
    default:
      return pointUnit;
  }
}

/**
 * The quantity of an event stored before events carried one, by its log type where that is
 * unambiguous (a loss warning is a loss rate, an offline event minutes, a demand event kW); null
 * otherwise (an efficiency event of old could be a COP or a specific power: its data point's unit stays).
 */
export function quantityOfLogType(logType: number): string | null {
  if (logType === 706 || logType === 707) return 'lossRate';
  if (logType === 801) return 'offlineMinutes';
  if (logType === 704 || logType === 705) return 'demand';
  return null;
}
