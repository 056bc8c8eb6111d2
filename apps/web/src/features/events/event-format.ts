import type { EventRecord } from '@ems/contract';

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
