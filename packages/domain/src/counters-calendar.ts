/**
 * Calendar buckets for rollups in a project's IANA timezone (default Asia/Shanghai), computed with
 * Intl so DST and non-hour offsets are right (no fixed +8). Timestamps are ms since the epoch.
 */
export type Grain = '15m' | 'hour' | 'day' | 'month';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const HOUR_MS = 3_600_000;
/** zone → hour (ts / 1 h, floored) → offset of local time from UTC, ms; NaN for an hour that holds an offset change */
const hourOffsets = new Map<string, Map<number, number>>();

/** The UTC offset that holds for the whole hour around ts (from Intl, once per zone and hour), else undefined. */
function hourOffset(ts: number, timeZone: string): number | undefined {
  let zone = hourOffsets.get(timeZone);
  if (!zone || zone.size > 500_000) hourOffsets.set(timeZone, (zone = new Map()));
  const h = Math.floor(ts / HOUR_MS);
  let off = zone.get(h);
  if (off === undefined) {
    const a = offsetFromParts(h * HOUR_MS, intlParts(h * HOUR_MS, timeZone));
    const b = offsetFromParts((h + 1) * HOUR_MS - 1000, intlParts((h + 1) * HOUR_MS - 1000, timeZone));
    off = a === b ? a : NaN;
    zone.set(h, off);
  }
  return Number.isNaN(off) ? undefined : off;
}

const offsetFromParts = (ts: number, l: LocalParts) => Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(ts / 1000) * 1000;

/**
 * Wall-clock fields of a timestamp in a timezone. Intl is asked once per zone and hour for the UTC
 * offset of that hour (the fields then come from the shifted instant), and for every instant of an
 * hour in which the offset changes.
 */
export function localParts(ts: number, timeZone: string): LocalParts {
  const off = hourOffset(ts, timeZone);
  if (off === undefined) return intlParts(ts, timeZone);
  const d = new Date(ts + off);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** Wall-clock fields of a timestamp in a timezone, from Intl. */
function intlParts(ts: number, timeZone: string): LocalParts {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ts))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { year: p.year ?? 1970, month: p.month ?? 1, day: p.day ?? 1, hour: (p.hour ?? 0) % 24, minute: p.minute ?? 0, second: p.second ?? 0 };
}

/** Offset of local time from UTC at ts, ms in whole seconds (e.g. +8 h for Asia/Shanghai); from the per-hour cache. */
export function utcOffsetMs(ts: number, timeZone: string): number {
  return hourOffset(ts, timeZone) ?? offsetFromParts(ts, intlParts(ts, timeZone));
}

const offsetAt = utcOffsetMs;

/** The instant of local wall-clock time y-m-d h:00 in the zone (fields may overflow, as Date.UTC allows). */
export function zonedStart(year: number, month: number, day: number, timeZone: string, hour = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  let t = guess - offsetAt(guess, timeZone);
  t = guess - offsetAt(t, timeZone);
  return t;
}

/** Start of the bucket of the given grain that contains ts, in the zone. */
export function bucketStart(ts: number, grain: Grain, timeZone: string): number {
  if (grain === '15m') return Math.floor(ts / 900_000) * 900_000;
  const l = localParts(ts, timeZone);
  if (grain === 'hour') return Math.floor(ts / 1000) * 1000 - (l.minute * 60 + l.second) * 1000;
  if (grain === 'day') return zonedStart(l.year, l.month, l.day, timeZone);
  return zonedStart(l.year, l.month, 1, timeZone);
}

/** End (exclusive) of the bucket that starts at `start`. */
export function bucketEnd(start: number, grain: Grain, timeZone: string): number {
  if (grain === '15m') return start + 900_000;
  if (grain === 'hour') return start + 3_600_000;
  const l = localParts(start, timeZone);
  if (grain === 'day') return zonedStart(l.year, l.month, l.day + 1, timeZone);
  return zonedStart(l.year, l.month + 1, 1, timeZone);
}
