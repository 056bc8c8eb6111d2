import { LOG_TYPE, type EventRecord } from '@ems/contract';

/**
 * Tag colours of event classes and levels (spec section 3): 1 accident red, 2 alarm orange,
 * 4 early warning blue, 3 general teal, 5 other green. antd preset names, so the theme sets the shades.
 */
export const CLASS_COLOURS: Readonly<Record<number, string>> = { 1: 'red', 2: 'orange', 3: 'cyan', 4: 'blue', 5: 'green' };

/** Events are shown from this long before their start to this long after their end (or now). */
export const TREND_MARGIN_MS = 2 * 3_600_000;

/** The trend window of an event: 2 h before the start to 2 h after the end, the end being now while active; never past now. */
export function trendWindow(e: Pick<EventRecord, 'startTime' | 'endTime'>, now: number): { startTime: number; endTime: number } {
  const end = e.endTime ?? now;
  return { startTime: e.startTime - TREND_MARGIN_MS, endTime: Math.min(now, end + TREND_MARGIN_MS) };
}

export type DurationUnit = 'd' | 'h' | 'm' | 's';

/** A duration as its two largest non-zero units (days, hours, minutes, seconds); under a second is 0 s. */
export function durationParts(ms: number): { unit: DurationUnit; n: number }[] {
  let rest = Math.max(0, Math.floor(ms / 1000));
  const units: [DurationUnit, number][] = [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ];
  const parts: { unit: DurationUnit; n: number }[] = [];
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || (unit === 's' && parts.length === 0)) parts.push({ unit, n });
  }
  return parts.slice(0, 2);
}

/** How long an event lasted, or has lasted so far while active. */
export function eventDurationMs(e: Pick<EventRecord, 'startTime' | 'endTime'>, now: number): number {
  return (e.endTime ?? now) - e.startTime;
}

/** The device whose data point the event watched: its deviceId, else the node it was raised on. */
export function deviceOf(e: Pick<EventRecord, 'deviceId' | 'nodeId'>): number {
  return e.deviceId ?? e.nodeId;
}

/** What a translation function needs here (i18next's t with options). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Log types of limit rules (an energy quantity 702, an accident 803, another quantity 804): the type names the data point. */
const LIMIT_LOG_TYPES: readonly number[] = [LOG_TYPE.limit, LOG_TYPE.accidentLevel, LOG_TYPE.environmentLimit];

/**
 * What kind of event it is, as a person reads it (issue 11: a quota forecast is no 'power over-limit',
 * a humidity limit no 'temperature'): a limit rule's event is its data point over the limit, anything
 * else is named by its log type. The spec's event-type code stays in the record.
 */
export function eventKindLabel(e: Pick<EventRecord, 'logType' | 'dataName'>, t: Translate): string {
  if (LIMIT_LOG_TYPES.includes(e.logType) && e.dataName) return t('kind.limit', { point: e.dataName });
  return t(`kind.${e.logType}`, { defaultValue: String(e.logType) });
}

/** What value and limit measure: the quantity (a loss rate of the metered point, a COP, …), else the data point; '--' without either. */
export function quantityLabel(e: Pick<EventRecord, 'quantity' | 'dataName'>, t: Translate): string {
  if (e.quantity) return t(`quantity.${e.quantity}`, { point: e.dataName ?? '', defaultValue: e.dataName ?? '--' });
  return e.dataName ?? '--';
}

/**
 * The one severity an event shows: its level (spec section 3), or its class when it has none (a switch
 * change, an inspection order). The class is the header's list it was filed under; shown beside a level
 * it read '告警' next to '预警' for a pre-alarm (issue 11).
 */
export function severityOf(e: Pick<EventRecord, 'level' | 'eventClass'>): { kind: 'level' | 'class'; value: number } {
  return e.level === null ? { kind: 'class', value: e.eventClass } : { kind: 'level', value: e.level };
}
