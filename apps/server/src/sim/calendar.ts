import type { Profile } from '../modules/seed/demo-plant.js';

/**
 * Working calendar of the demo plants: Chinese public holidays (国务院办公厅 notices) and the
 * make-up working days (调休) as data, and the day shapes of each load profile.
 */
export const CN_HOLIDAYS: Readonly<Record<number, { off: readonly string[]; work: readonly string[] }>> = {
  2024: {
    off: ['01-01', '02-10', '02-11', '02-12', '02-13', '02-14', '02-15', '02-16', '02-17', '04-04', '04-05', '04-06', '05-01', '05-02', '05-03', '05-04', '05-05', '06-10', '09-15', '09-16', '09-17', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07'],
    work: ['02-04', '02-18', '04-07', '04-28', '05-11', '09-14', '09-29', '10-12'],
  },
  2025: {
    off: ['01-01', '01-28', '01-29', '01-30', '01-31', '02-01', '02-02', '02-03', '02-04', '04-04', '04-05', '04-06', '05-01', '05-02', '05-03', '05-04', '05-05', '05-31', '06-01', '06-02', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07', '10-08'],
    work: ['01-26', '02-08', '04-27', '09-28', '10-11'],
  },
  2026: {
    off: ['01-01', '01-02', '01-03', '02-15', '02-16', '02-17', '02-18', '02-19', '02-20', '02-21', '02-22', '02-23', '04-04', '04-05', '04-06', '05-01', '05-02', '05-03', '05-04', '05-05', '06-19', '06-20', '06-21', '09-25', '09-26', '09-27', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07'],
    work: ['01-04', '02-14', '02-28', '05-09', '09-20', '10-10'],
  },
  2027: { off: ['01-01', '01-02', '01-03'], work: [] },
};

export type DayType = 'work' | 'sat' | 'off';

const DAY_MS = 86_400_000;
const dayTypes = new Map<number, DayType>();

/** Day type of a local day (days since 1970-01-01 in local time). Saturday is a half day; a 调休 Saturday/Sunday is a working day. */
export function dayType(localDay: number): DayType {
  const hit = dayTypes.get(localDay);
  if (hit) return hit;
  const d = new Date(localDay * DAY_MS);
  const key = `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  const cal = CN_HOLIDAYS[d.getUTCFullYear()];
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
