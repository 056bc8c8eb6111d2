import { localParts, utcOffsetMs } from '@ems/domain';
import type { MailReportSchedule } from '@ems/contract';

/** The instant of local wall-clock y-m-d h:mi in the zone (fields may overflow as Date.UTC allows; a skipped DST hour moves forward). */
export function wallTime(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - utcOffsetMs(guess, timeZone);
  return guess - utcOffsetMs(first, timeZone);
}

const hm = (time: string): [number, number] => [Number(time.slice(0, 2)), Number(time.slice(3, 5))];
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The latest due time of a report schedule at or before `now`, in the project's zone: daily at
 * time; weekly on weekday (1 Monday … 7 Sunday) at time; monthly on day (clamped to the month's
 * last day) at time.
 */
export function latestReportDue(s: MailReportSchedule, timeZone: string, now: number): number {
  const [h, mi] = hm(s.time);
  const l = localParts(now, timeZone);
  if (s.kind === 'monthly') {
    for (let back = 0; back < 3; back++) {
      const y = l.year + Math.floor((l.month - 1 - back) / 12);
      const m = ((((l.month - 1 - back) % 12) + 12) % 12) + 1;
      const t = wallTime(y, m, Math.min(s.day ?? 1, daysIn(y, m)), h, mi, timeZone);
      if (t <= now) return t;
    }
    throw new Error('unreachable: a monthly due time within three months');
  }
  for (let back = 0; back < 9; back++) {
    const t = wallTime(l.year, l.month, l.day - back, h, mi, timeZone);
    if (t > now) continue;
    if (s.kind === 'daily') return t;
    const d = new Date(Date.UTC(l.year, l.month - 1, l.day - back));
    const weekday = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
    if (weekday === (s.weekday ?? 1)) return t;
  }
  throw new Error('unreachable: a weekly due time within nine days');
}

/** The latest of the digest times of day at or before `now`, in the zone. */
export function latestDigestDue(times: readonly string[], timeZone: string, now: number): number | undefined {
  const l = localParts(now, timeZone);
  let best: number | undefined;
  for (const time of times) {
    const [h, mi] = hm(time);
    for (let back = 0; back < 3; back++) {
      const t = wallTime(l.year, l.month, l.day - back, h, mi, timeZone);
      if (t <= now) {
        if (best === undefined || t > best) best = t;
        break;
      }
    }
  }
  return best;
}

/** The local date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(ts: number, timeZone: string): string {
  const l = localParts(ts, timeZone);
  return `${l.year}-${String(l.month).padStart(2, '0')}-${String(l.day).padStart(2, '0')}`;
}

/** The local date-time (YYYY-MM-DD HH:mm) of an instant in the zone. */
export function localDateTime(ts: number, timeZone: string): string {
  const l = localParts(ts, timeZone);
  return `${localDate(ts, timeZone)} ${String(l.hour).padStart(2, '0')}:${String(l.minute).padStart(2, '0')}`;
}
