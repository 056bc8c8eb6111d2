/**
 * Hazard-source and plant-environment sensors (DOMAIN.md §13): the level of a sensor value —
 * normal, pre-alarm (level 1), alarm (level 2) or offline — against thresholds passed in as data,
 * and the online rate. A setpoint triggers when reached: value ≥ a high setpoint, ≤ a low one.
 */

export type SensorLevel = 'normal' | 'preAlarm' | 'alarm' | 'offline';

/** Setpoints of one sensor kind; any may be absent. */
export interface SensorThresholds {
  unit?: string;
  highPreAlarm?: number;
  highAlarm?: number;
  lowPreAlarm?: number;
  lowAlarm?: number;
}

/**
 * Defaults per sensor kind, editable per site:
 * - combustible gas (GB/T 50493-2019) [S]: level 1 at 25 % LEL, level 2 at 50 % LEL.
 * - toxic gas in % of its OEL [S]: level 1 at 100 %, level 2 at 200 %.
 * - CO [S]: 100 % / 200 % of PC-TWA 20 mg/m³ → 20 / 40 mg/m³.
 * - H₂S [S]: 100 % / 200 % of MAC 10 mg/m³ → 10 / 20 mg/m³.
 * - O₂ [S]: alarm at 19.5 % (low) and 23 % (high).
 * - switch room [V]: 5–40 °C, RH ≤ 90 %.
 */
export const DEFAULT_SENSOR_THRESHOLDS = {
  combustibleLel: { unit: '%LEL', highPreAlarm: 25, highAlarm: 50 },
  toxicOel: { unit: '%OEL', highPreAlarm: 100, highAlarm: 200 },
  co: { unit: 'mg/m³', highPreAlarm: 20, highAlarm: 40 },
  h2s: { unit: 'mg/m³', highPreAlarm: 10, highAlarm: 20 },
  o2: { unit: '%vol', lowAlarm: 19.5, highAlarm: 23 },
  switchRoomTemperature: { unit: '°C', lowAlarm: 5, highAlarm: 40 },
  switchRoomHumidity: { unit: '%RH', highAlarm: 90 },
} as const satisfies Record<string, SensorThresholds>;

/** A sensor without a reading for this long is offline: 5 min [V] (alarms sample ≤ 10 s, storage 1 min). */
export const DEFAULT_OFFLINE_AFTER_MS = 5 * 60_000;

export interface SensorReading {
  /** ms since the epoch */
  ts: number;
  value: number | null;
}

/**
 * The level of a sensor at `now`: offline without a reading, with a null value, or with a reading
 * older than offlineAfterMs; else alarm / pre-alarm when a high or low setpoint is reached; else normal.
 */
export function sensorLevel(reading: SensorReading | null | undefined, now: number, t: SensorThresholds, offlineAfterMs = DEFAULT_OFFLINE_AFTER_MS): SensorLevel {
  if (!reading || reading.value === null || !Number.isFinite(reading.value) || now - reading.ts > offlineAfterMs) return 'offline';
  const v = reading.value;
  if ((t.highAlarm !== undefined && v >= t.highAlarm) || (t.lowAlarm !== undefined && v <= t.lowAlarm)) return 'alarm';
  if ((t.highPreAlarm !== undefined && v >= t.highPreAlarm) || (t.lowPreAlarm !== undefined && v <= t.lowPreAlarm)) return 'preAlarm';
  return 'normal';
}

/** Counts per level (for the grid's summary badges). */
export function levelCounts(levels: readonly SensorLevel[]): Record<SensorLevel, number> {
  const out: Record<SensorLevel, number> = { normal: 0, preAlarm: 0, alarm: 0, offline: 0 };
  for (const l of levels) out[l]++;
  return out;
}

/** Online rate = devices reporting / total × 100; null without devices. */
export function onlineRatePct(levels: readonly SensorLevel[]): number | null {
  return levels.length ? ((levels.length - levelCounts(levels).offline) / levels.length) * 100 : null;
}

/** The limit lines of a sensor kind for a trend chart, highest first. */
export function limitLines(t: SensorThresholds): { level: 'preAlarm' | 'alarm'; side: 'high' | 'low'; value: number }[] {
  const lines: { level: 'preAlarm' | 'alarm'; side: 'high' | 'low'; value: number }[] = [];
  if (t.highAlarm !== undefined) lines.push({ level: 'alarm', side: 'high', value: t.highAlarm });
  if (t.highPreAlarm !== undefined) lines.push({ level: 'preAlarm', side: 'high', value: t.highPreAlarm });
  if (t.lowPreAlarm !== undefined) lines.push({ level: 'preAlarm', side: 'low', value: t.lowPreAlarm });
  if (t.lowAlarm !== undefined) lines.push({ level: 'alarm', side: 'low', value: t.lowAlarm });
  return lines.sort((a, b) => b.value - a.value);
}
