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

/** What a sensor channel measures; the first five are gases of a gas detector (`gas` attribute). */
export type SensorQuantity = 'combustible' | 'co' | 'h2s' | 'o2' | 'nh3' | 'temperature' | 'humidity' | 'pm25' | 'noise';

/**
 * Defaults of the quantities DEFAULT_SENSOR_THRESHOLDS leaves out:
 * - NH₃ [V]: 100 % / 200 % of PC-TWA 20 mg/m³ (GBZ 2.1) → 20 / 40 mg/m³, by the toxic-gas rule above.
 * - PM2.5 [V]: 75 µg/m³ (GB 3095-2012 grade II 24-h limit) level 1, 150 µg/m³ (heavy pollution) level 2.
 * - noise [V]: 80 dB(A) (action level) level 1, 85 dB(A) (GBZ 2.2 8-h exposure limit) level 2.
 */
export const DEFAULT_EXTRA_THRESHOLDS = {
  nh3: { unit: 'mg/m³', highPreAlarm: 20, highAlarm: 40 },
  pm25: { unit: 'μg/m³', highPreAlarm: 75, highAlarm: 150 },
  noise: { unit: 'dB(A)', highPreAlarm: 80, highAlarm: 85 },
} as const satisfies Record<string, SensorThresholds>;

/** The default setpoints of a quantity (temperature and humidity: the switch-room band). */
export function defaultThresholds(q: SensorQuantity): SensorThresholds {
  switch (q) {
    case 'combustible':
      return DEFAULT_SENSOR_THRESHOLDS.combustibleLel;
    case 'co':
      return DEFAULT_SENSOR_THRESHOLDS.co;
    case 'h2s':
      return DEFAULT_SENSOR_THRESHOLDS.h2s;
    case 'o2':
      return DEFAULT_SENSOR_THRESHOLDS.o2;
    case 'temperature':
      return DEFAULT_SENSOR_THRESHOLDS.switchRoomTemperature;
    case 'humidity':
      return DEFAULT_SENSOR_THRESHOLDS.switchRoomHumidity;
    default:
      return DEFAULT_EXTRA_THRESHOLDS[q];
  }
}

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const withValue = (t: SensorThresholds, key: keyof Omit<SensorThresholds, 'unit'>, v: unknown): SensorThresholds => {
  const x = finite(v);
  return x === undefined ? t : { ...t, [key]: x };
};

/** One measured quantity of a sensor node with the setpoints it is judged by. */
export interface SensorChannel {
  quantity: SensorQuantity;
  thresholds: SensorThresholds;
}

const GASES: readonly SensorQuantity[] = ['combustible', 'co', 'h2s', 'o2', 'nh3'];

/**
 * The channels of a sensor node and their setpoints, from the node's attributes (data), each
 * missing setpoint taken from the defaults:
 * - gas detector (`gas`, `alarmLow` 低报, `alarmHigh` 高报): level 1 = pre-alarm at alarmLow,
 *   level 2 = alarm at alarmHigh, both rising; for O₂ the two are the low and the high alarm.
 * - environment sensor (`sensorKind`): temperature (`temperaturePreAlarm`, `temperatureHigh`,
 *   `temperatureLow`), humidity (`humidityHigh`), PM2.5 and noise (`alarmLow`, `alarmHigh` as a gas
 *   detector's). 'temperatureHumidity' has both channels.
 * Any other label, or an unknown gas or kind: no channels.
 */
export function sensorChannels(label: string, attrs: Readonly<Record<string, unknown>>): SensorChannel[] {
  if (label === 'gasdetector') {
    const gas = attrs.gas as SensorQuantity;
    if (!GASES.includes(gas)) return [];
    const d = defaultThresholds(gas);
    const t =
      gas === 'o2'
        ? withValue(withValue(d, 'lowAlarm', attrs.alarmLow), 'highAlarm', attrs.alarmHigh)
        : withValue(withValue(d, 'highPreAlarm', attrs.alarmLow), 'highAlarm', attrs.alarmHigh);
    return [{ quantity: gas, thresholds: t }];
  }
  if (label !== 'envsensor') return [];
  const kind = attrs.sensorKind ?? 'temperatureHumidity';
  const temperature = (): SensorChannel => ({
    quantity: 'temperature',
    thresholds: withValue(withValue(withValue(defaultThresholds('temperature'), 'highPreAlarm', attrs.temperaturePreAlarm), 'highAlarm', attrs.temperatureHigh), 'lowAlarm', attrs.temperatureLow),
  });
  const humidity = (): SensorChannel => ({ quantity: 'humidity', thresholds: withValue(defaultThresholds('humidity'), 'highAlarm', attrs.humidityHigh) });
  const graded = (q: 'pm25' | 'noise'): SensorChannel => ({ quantity: q, thresholds: withValue(withValue(defaultThresholds(q), 'highPreAlarm', attrs.alarmLow), 'highAlarm', attrs.alarmHigh) });
  switch (kind) {
    case 'temperature':
      return [temperature()];
    case 'humidity':
      return [humidity()];
    case 'temperatureHumidity':
      return [temperature(), humidity()];
    case 'pm25':
      return [graded('pm25')];
    case 'noise':
      return [graded('noise')];
    default:
      return [];
  }
}

const SEVERITY: Record<SensorLevel, number> = { offline: 0, normal: 1, preAlarm: 2, alarm: 3 };

/** The level of a sensor from its channels' levels: the worst reported one; offline only when every channel is (or there are none). */
export function worstLevel(levels: readonly SensorLevel[]): SensorLevel {
  let out: SensorLevel = 'offline';
  for (const l of levels) if (SEVERITY[l] > SEVERITY[out]) out = l;
  return out;
}
