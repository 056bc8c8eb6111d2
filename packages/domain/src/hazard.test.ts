import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFLINE_AFTER_MS, DEFAULT_SENSOR_THRESHOLDS as T, levelCounts, limitLines, onlineRatePct, sensorChannels, sensorLevel, worstLevel } from './hazard.js';

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

describe('sensorChannels: setpoints are node attributes, defaults from DOMAIN §13', () => {
  it('combustible detector 低报 20 / 高报 40 %LEL: pre-alarm at 20, alarm at 40', () => {
    const [c] = sensorChannels('gasdetector', { gas: 'combustible', alarmLow: 20, alarmHigh: 40, unit: '%LEL' });
    expect(c).toEqual({ quantity: 'combustible', thresholds: { unit: '%LEL', highPreAlarm: 20, highAlarm: 40 } });
    expect(sensorLevel(fresh(22), NOW, c!.thresholds)).toBe('preAlarm');
  });
  it('a combustible detector without setpoints takes GB/T 50493 25 / 50 %LEL; 31 %LEL is pre-alarm', () => {
    const [c] = sensorChannels('gasdetector', { gas: 'combustible' });
    expect(c!.thresholds).toEqual(T.combustibleLel);
    expect(sensorLevel(fresh(31), NOW, c!.thresholds)).toBe('preAlarm');
  });
  it('CO detector without setpoints: 20 / 40 mg/m³', () => expect(sensorChannels('gasdetector', { gas: 'co' })[0]!.thresholds).toEqual(T.co));
  it('O₂ detector: 低报 is the low alarm, 高报 the high alarm (19 / 23.5)', () =>
    expect(sensorChannels('gasdetector', { gas: 'o2', alarmLow: 19, alarmHigh: 23.5 })[0]!.thresholds).toEqual({ unit: '%vol', lowAlarm: 19, highAlarm: 23.5 }));
  it('a temperature-humidity sensor has two channels; a workshop band 32 / 35 °C replaces the pre-alarm and high alarm', () => {
    const ch = sensorChannels('envsensor', { sensorKind: 'temperatureHumidity', temperaturePreAlarm: 32, temperatureHigh: 35 });
    expect(ch).toEqual([
      { quantity: 'temperature', thresholds: { unit: '°C', lowAlarm: 5, highPreAlarm: 32, highAlarm: 35 } },
      { quantity: 'humidity', thresholds: { unit: '%RH', highAlarm: 90 } },
    ]);
  });
  it('PM2.5 75 / 150 μg/m³ and noise 80 / 85 dB(A) by default; noise 低报 82', () => {
    expect(sensorChannels('envsensor', { sensorKind: 'pm25' })[0]!.thresholds).toEqual({ unit: 'μg/m³', highPreAlarm: 75, highAlarm: 150 });
    expect(sensorChannels('envsensor', { sensorKind: 'noise', alarmLow: 82 })[0]!.thresholds).toEqual({ unit: 'dB(A)', highPreAlarm: 82, highAlarm: 85 });
  });
  it('a non-numeric setpoint is ignored; other labels and unknown gases have no channels', () => {
    expect(sensorChannels('gasdetector', { gas: 'co', alarmLow: '30' })[0]!.thresholds).toEqual(T.co);
    expect(sensorChannels('meter', {})).toEqual([]);
    expect(sensorChannels('gasdetector', { gas: 'argon' })).toEqual([]);
  });
});

describe('worstLevel: one level per sensor from its channels', () => {
  it.each([
    [['normal', 'alarm'], 'alarm'],
    [['preAlarm', 'normal'], 'preAlarm'],
    [['offline', 'normal'], 'normal'],
    [['offline', 'offline'], 'offline'],
    [[], 'offline'],
  ] as const)('%j → %s', (levels, level) => expect(worstLevel(levels)).toBe(level));
});
