import { CN_PUBLIC_HOLIDAYS } from '@ems/domain';
import type { Profile } from '../modules/seed/demo-plant.js';

/**
 * Working calendar of the demo plants: the Chinese public holidays and make-up working days (调休)
 * of the domain's table (CN_PUBLIC_HOLIDAYS, the forecasts' calendar), and the day shapes of each load profile.
 */
export type DayType = 'work' | 'sat' | 'off';

const DAY_MS = 86_400_000;
const dayTypes = new Map<number, DayType>();

/** Day type of a local day (days since 1970-01-01 in local time). Saturday is a half day; a 调休 Saturday/Sunday is a working day. */
export function dayType(localDay: number): DayType {
  const hit = dayTypes.get(localDay);
  if (hit) return hit;
  const d = new Date(localDay * DAY_MS);
  const key = `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  const cal = CN_PUBLIC_HOLIDAYS[d.getUTCFullYear()];
  const dow = d.getUTCDay();
  let t: DayType = dow === 0 ? 'off' : dow === 6 ? 'sat' : 'work';
  if (cal?.off.includes(key)) t = 'off';
  else if (cal?.work.includes(key)) t = 'work';
  if (dayTypes.size > 5000) dayTypes.clear();
  dayTypes.set(localDay, t);
  return t;
}

const between = (h: number, a: number, b: number) => h >= a && h < b;
/** linear ramp 0→1 over [a, b] */
const ramp = (h: number, a: number, b: number) => Math.min(1, Math.max(0, (h - a) / (b - a)));

/** Sunset/sunrise (local hours) at ~31°N by day of year. */
function sun(doy: number): { rise: number; set: number } {
  const s = Math.sin((2 * Math.PI * (doy - 80)) / 365);
  return { rise: 6.0 - 1.0 * s, set: 18.0 + 1.1 * s };
}

/** Activity 0..1 of a profile at local hour h (fractional) on a day of the given type and day of year. */
export function activity(p: Profile, h: number, t: DayType, doy: number): number {
  switch (p) {
    case 'twoShift':
      if (t === 'work') {
        if (between(h, 7.5, 8)) return ramp(h, 7.5, 8);
        if (between(h, 11.5, 12.25)) return 0.55;
        if (between(h, 17, 17.5)) return 0.7;
        if (between(h, 20.5, 21)) return 0.8;
        if (between(h, 8, 24)) return 1;
        if (h < 0.5) return 0.3;
        return 0;
      }
      if (t === 'sat') return between(h, 8, 16) ? (between(h, 11.5, 12.25) ? 0.4 : 0.6) : 0;
      return 0;
    case 'oneShift':
      if (t === 'work') return between(h, 8, 17) ? (between(h, 12, 13) ? 0.5 : 1) : 0;
      if (t === 'sat') return between(h, 8, 12) ? 0.4 : 0;
      return 0;
    case 'office':
      if (t === 'work') {
        if (between(h, 7.5, 8.5)) return 0.2 + 0.8 * ramp(h, 7.5, 8.5);
        if (between(h, 12, 13)) return 0.8;
        if (between(h, 8.5, 18)) return 1;
        if (between(h, 18, 20)) return 0.35;
        return 0;
      }
      if (t === 'sat') return between(h, 9, 17) ? 0.25 : 0;
      return between(h, 9, 17) ? 0.05 : 0;
    case 'lighting': {
      const shift = activity('twoShift', h, t, doy);
      const { rise, set } = sun(doy);
      const daylight = h > rise + 1 && h < set - 1 ? 0.75 : 1;
      return Math.max(0.04, shift * daylight);
    }
    case 'canteen':
      if (t === 'work') {
        if (between(h, 6.5, 8)) return 0.4;
        if (between(h, 10.5, 13)) return 1;
        if (between(h, 16.5, 18.5)) return 0.8;
        if (between(h, 22, 23)) return 0.3;
        return 0;
      }
      if (t === 'sat') return between(h, 10.5, 13) ? 0.5 : 0;
      return 0;
    case 'always':
      return 1;
    case 'night': {
      const { rise, set } = sun(doy);
      if (h >= set && h < 23) return 1;
      if (h >= 23 || h < rise) return 0.3;
      return 0;
    }
    case 'ev':
      if (t === 'work') {
        if (between(h, 8.5, 11)) return 0.9;
        if (between(h, 11, 13)) return 0.5;
        if (between(h, 13, 16)) return 0.8;
        if (between(h, 18, 22)) return 0.3;
        return 0.02;
      }
      return between(h, 9, 18) ? 0.25 : 0.02;
  }
}
