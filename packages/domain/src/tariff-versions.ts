import { localParts, zonedStart } from './counters-calendar.js';

/**
 * A tariff scheme's versions over time (DOMAIN.md §3): each version takes effect from a local date
 * ('YYYY-MM-DD', from its 00:00), so a change of tariff applies to the intervals from that midnight
 * on, and a billing period crossing a change is billed version by version over its own days.
 */

const DAY_MS = 86_400_000;

/**
 * The version of a tariff scheme in force at ts: the one with the latest `effectiveFrom` (a local
 * 'YYYY-MM-DD', from its 00:00) on or before the local date of ts; null before the first. A change
 * of tariff from a date applies to the intervals from that local midnight on.
 */
export function versionAt<T extends { effectiveFrom: string }>(versions: readonly T[], ts: number, timeZone: string): T | null {
  let best: T | null = null;
  for (const v of versions) if (versionStart(v, timeZone) <= ts && (best === null || v.effectiveFrom > best.effectiveFrom)) best = v;
  return best;
}

/** A stretch of a range under one version of a scheme (null: before the first): [from, to) and its local days. */
export interface VersionSpan<T> {
  version: T | null;
  from: number;
  to: number;
  days: number;
}

const localDay = (ts: number, timeZone: string) => {
  const l = localParts(ts, timeZone);
  return Date.UTC(l.year, l.month - 1, l.day) / DAY_MS;
};

/**
 * The range [from, to) (local midnights, e.g. a billing period) cut where a version of the scheme
 * takes effect, in order, each stretch with the version in force and its number of local days (a
 * day of a DST change counts as one). One stretch when a single version covers the whole range; a
 * first stretch with version null when the first version starts inside it. Empty when to ≤ from.
 */
export function versionSpans<T extends { effectiveFrom: string }>(versions: readonly T[], range: { from: number; to: number }, timeZone: string): VersionSpan<T>[] {
  if (range.to <= range.from) return [];
  const cuts = [...new Set(versions.map((v) => versionStart(v, timeZone)).filter((t) => t > range.from && t < range.to))].sort((a, b) => a - b);
  const edges = [range.from, ...cuts, range.to];
  return edges.slice(1).map((to, i) => {
    const from = edges[i] as number;
    return { version: versionAt(versions, from, timeZone), from, to, days: localDay(to, timeZone) - localDay(from, timeZone) };
  });
}

/** version → zone → the instant its effectiveFrom date begins (local 00:00); versions are treated as immutable. */
const versionStarts = new WeakMap<object, Map<string, number>>();

/** The local midnight starting a version's effectiveFrom date ('YYYY-MM-DD'); +Infinity when the date is not one (never in force). */
function versionStart(v: { effectiveFrom: string }, timeZone: string): number {
  let zones = versionStarts.get(v);
  if (!zones) versionStarts.set(v, (zones = new Map()));
  let start = zones.get(timeZone);
  if (start === undefined) {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v.effectiveFrom);
    start = m ? zonedStart(Number(m[1]), Number(m[2]), Number(m[3]), timeZone) : Infinity;
    zones.set(timeZone, start);
  }
  return start;
}
