import { localParts } from '@ems/domain';

/** A span of whole local days with one UTC offset (local − UTC, ms). */
export interface NightSegment {
  from: number;
  to: number;
  offsetMs: number;
}

/**
 * Splits a range of local day starts (ending at `to`) into spans of constant UTC offset, so the
 * time of day of an hour bucket is (bucket_start + offset) mod 24 h within each span. The offset is
 * the one at local midnight; on a daylight-saving change day the hours after the change are off by
 * one hour.
 */
export function nightSegments(days: readonly number[], to: number, timeZone: string): NightSegment[] {
  const out: NightSegment[] = [];
  days.forEach((d, i) => {
    const l = localParts(d, timeZone);
    const offsetMs = Date.UTC(l.year, l.month - 1, l.day) - d;
    const end = days[i + 1] ?? to;
    const last = out.at(-1);
    if (last && last.offsetMs === offsetMs && last.to === d) last.to = end;
    else out.push({ from: d, to: end, offsetMs });
  });
  return out;
}
