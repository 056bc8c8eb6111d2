import { localParts, utcOffsetMs } from '@ems/domain';

/**
 * The one place the web app turns instants into text, and wall-clock fields into instants (HOUSE-STYLE
 * rule 15): always in a PROJECT's IANA time zone, passed in, never the browser's own. Instants are ms
 * since the epoch.
 */

/** The zone of a project that carries none (the demo plants' and the project form's default). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Patterns the module formats: YYYY, MM, DD, HH, mm, ss and SSS; anything else is copied as it is. */
export type TimePattern = string;
export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

const known = new Map<string, boolean>();

/** True when the runtime knows the IANA zone (a project's stored zone might be misspelt). */
export function isKnownZone(timeZone: string): boolean {
  let ok = known.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      ok = true;
    } catch {
      ok = false;
      console.warn(`unknown time zone "${timeZone}", times are shown in ${DEFAULT_TIME_ZONE}`);
    }
    known.set(timeZone, ok);
  }
  return ok;
}

/** The zone to compute in: the given one when known, else the default. */
export function zoneOrDefault(timeZone: string | null | undefined): string {
  return timeZone && isKnownZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `ms` as the wall clock in `timeZone` shows it, e.g. formatInZone(t, 'Asia/Shanghai', 'MM-DD HH:mm'). */
export function formatInZone(ms: number, timeZone: string, pattern: TimePattern = DATE_TIME): string {
  const p = localParts(ms, timeZone);
  const millis = ((ms % 1000) + 1000) % 1000;
  return pattern.replace(/YYYY|SSS|MM|DD|HH|mm|ss/g, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(p.year, 4);
      case 'MM':
        return pad(p.month);
      case 'DD':
        return pad(p.day);
      case 'HH':
        return pad(p.hour);
      case 'mm':
        return pad(p.minute);
      case 'ss':
        return pad(p.second);
      default:
        return pad(millis, 3);
    }
  });
}

/** As formatInZone, with `empty` ('--') for a missing or non-finite time. */
export function formatTime(ms: number | null | undefined, timeZone: string, pattern: TimePattern = DATE_TIME, empty = '--'): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? empty : formatInZone(ms, timeZone, pattern);
}

/**
 * The zone's wall clock at `ms` read as if it were UTC (ms + the zone's offset then). Charts drawn with
 * `useUTC: true` on such values put ticks and labels at the plant's round hours and days.
 */
export function toWallClock(ms: number, timeZone: string): number {
  return ms + utcOffsetMs(ms, timeZone);
}

/**
 * The instant at which the zone's clock shows the wall-clock time `wallMs` (fields read as UTC). A time
 * shown twice (the hour repeated when DST ends) gives the first; a time skipped when DST starts gives
 * an instant within that hour of it.
 */
export function fromWallClock(wallMs: number, timeZone: string): number {
  let t = wallMs - utcOffsetMs(wallMs, timeZone);
  t = wallMs - utcOffsetMs(t, timeZone);
  return t;
}
