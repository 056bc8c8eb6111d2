import { u01 } from './random.js';

/**
 * Synthetic weather of the Yangtze delta (Suzhou/Hangzhou): daily mean temperature by day of year
 * (≈4 °C mid-January, ≈29 °C late July), a day-to-day anomaly (seeded value noise, ±3 °C, a few
 * days' memory), a daily cycle peaking at 14:30 and seeded hourly noise; relative humidity with the
 * June plum-rain bump and the inverse daily cycle. Pure functions of (seed, time).
 */
export interface Weather {
  /** dry bulb, °C */
  t: number;
  /** relative humidity, % */
  rh: number;
  /** wet bulb (Stull 2011), °C */
  wb: number;
}

/** Smooth value noise in [-1, 1] over days (period ~3 days). */
function valueNoise(seed: number, key: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const s = f * f * (3 - 2 * f);
  const a = u01(seed, key, i) * 2 - 1;
  const b = u01(seed, key, i + 1) * 2 - 1;
  return a + (b - a) * s;
}

/** Stull (2011) wet-bulb temperature, T in °C, RH in % (valid 5–99 %, −20…50 °C). */
export function wetBulb(t: number, rh: number): number {
  return (
    t * Math.atan(0.151977 * Math.sqrt(rh + 8.313659)) +
    Math.atan(t + rh) -
    Math.atan(rh - 1.676331) +
    0.00391838 * Math.pow(rh, 1.5) * Math.atan(0.023101 * rh) -
    4.686035
  );
}

/**
 * Weather at a local instant: `localDay` days since epoch (local), `hour` local fractional hour,
 * `doy` day of year 0..365, `slot` a fine time index for the hourly noise.
 */
export function weatherAt(seed: number, localDay: number, hour: number, doy: number, slot: number): Weather {
  const x = localDay + hour / 24;
  const mean = 16.5 + 12.5 * Math.sin((2 * Math.PI * (doy - 105)) / 365);
  const anomaly = 2.2 * valueNoise(seed, 1, x / 3) + 1.0 * valueNoise(seed, 2, x);
  const amp = 3.2 + 1.2 * Math.sin((2 * Math.PI * (doy - 105)) / 365) + 0.8 * valueNoise(seed, 3, x / 2);
  const diurnal = amp * Math.cos((2 * Math.PI * (hour - 14.5)) / 24);
  const t = mean + anomaly + diurnal + 0.4 * (u01(seed, 4, slot) - 0.5);
  const plum = 9 * Math.exp(-Math.pow((doy - 172) / 18, 2));
  const rhDay = 72 + plum - 3 * Math.sin((2 * Math.PI * (doy - 300)) / 365) + 9 * valueNoise(seed, 5, x / 2) - 1.2 * anomaly;
  const rh = Math.min(98, Math.max(28, rhDay - 13 * Math.cos((2 * Math.PI * (hour - 14.5)) / 24) + 2 * (u01(seed, 6, slot) - 0.5)));
  return { t, rh, wb: wetBulb(t, rh) };
}
