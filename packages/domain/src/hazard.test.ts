import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFLINE_AFTER_MS, DEFAULT_SENSOR_THRESHOLDS as T, levelCounts, limitLines, onlineRatePct, sensorLevel } from './hazard.js';

const NOW = Date.UTC(2025, 5, 10, 2, 0);
const fresh = (value: number | null) => ({ ts: NOW - 30_000, value });

describe('sensorLevel: normal / pre-alarm / alarm / offline per DOMAIN §13', () => {
  it.each([
    ['combustible gas 10 % LEL: normal', T.combustibleLel, 10, 'normal'],
    ['combustible gas 25 % LEL reaches level 1: pre-alarm', T.combustibleLel, 25, 'preAlarm'],
    ['combustible gas 49.9 % LEL: still pre-alarm', T.combustibleLel, 49.9, 'preAlarm'],
    ['combustible gas 50 % LEL reaches level 2: alarm', T.combustibleLel, 50, 'alarm'],
    ['CO 19 mg/m³: normal', T.co, 19, 'normal'],
    ['CO 20 mg/m³ (100 % of PC-TWA 20): pre-alarm', T.co, 20, 'preAlarm'],
    ['CO 40 mg/m³ (200 %): alarm', T.co, 40, 'alarm'],
    ['H₂S 10 mg/m³ (MAC): pre-alarm', T.h2s, 10, 'preAlarm'],
    ['O₂ 20.9 %: normal', T.o2, 20.9, 'normal'],
    ['O₂ 19.5 % (low): alarm', T.o2, 19.5, 'alarm'],
    ['O₂ 23 % (high): alarm', T.o2, 23, 'alarm'],
    ['switch room 3 °C: alarm (below 5)', T.switchRoomTemperature, 3, 'alarm'],
    ['switch room 25 °C: normal', T.switchRoomTemperature, 25, 'normal'],
    ['RH 92 %: alarm', T.switchRoomHumidity, 92, 'alarm'],
  ] as const)('%s', (_rule, t, v, level) => expect(sensorLevel(fresh(v), NOW, t)).toBe(level));

  it('offline: no reading, a null value, or a reading older than 5 min', () => {
    expect(sensorLevel(null, NOW, T.co)).toBe('offline');
    expect(sensorLevel(fresh(null), NOW, T.co)).toBe('offline');
    expect(sensorLevel({ ts: NOW - DEFAULT_OFFLINE_AFTER_MS - 1, value: 60 }, NOW, T.co)).toBe('offline');
    expect(sensorLevel({ ts: NOW - DEFAULT_OFFLINE_AFTER_MS, value: 60 }, NOW, T.co)).toBe('alarm');
  });
  it('thresholds are data: a low pre-alarm at 19.8 % O₂ and a 1-min offline limit', () => {
    expect(sensorLevel(fresh(19.7), NOW, { ...T.o2, lowPreAlarm: 19.8 })).toBe('preAlarm');
    expect(sensorLevel({ ts: NOW - 90_000, value: 20.9 }, NOW, T.o2, 60_000)).toBe('offline');
  });
});

describe('online rate and counts', () => {
  it('4 sensors, 1 offline: online 75 %', () => {
    const levels = ['normal', 'alarm', 'offline', 'preAlarm'] as const;
    expect(onlineRatePct(levels)).toBe(75);
    expect(levelCounts(levels)).toEqual({ normal: 1, preAlarm: 1, alarm: 1, offline: 1 });
    expect(onlineRatePct([])).toBeNull();
  });
  it('limit lines for a trend, highest first', () =>
    expect(limitLines({ ...T.o2, lowPreAlarm: 19.8 })).toEqual([
      { level: 'alarm', side: 'high', value: 23 },
      { level: 'preAlarm', side: 'low', value: 19.8 },
      { level: 'alarm', side: 'low', value: 19.5 },
    ]));
});
