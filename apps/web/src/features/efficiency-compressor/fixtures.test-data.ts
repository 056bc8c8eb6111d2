import type { AirManager, ElectricalRatio, LoadingAnalysis, PressureTrend, StandingBook, UnloadingRate } from '@ems/contract';

/** Replies of the airCompressor calls for a station of one fixed 110 kW and one 90 kW VSD over two hours (Shanghai 2026-07-14 01:00–03:00). */
const H = 3_600_000;
export const T0 = Date.UTC(2026, 6, 13, 17);
const limits = [
  { grade: 1 as const, specificPower: 6.2 },
  { grade: 2 as const, specificPower: 7 },
  { grade: 3 as const, specificPower: 7.8 },
];
export const BOOK: StandingBook = {
  projectId: 3,
  standard: { code: 'GB 19153-2019', title: '容积式空气压缩机能效限定值及能效等级', effectiveDate: '2020-07-01' },
  units: [
    { id: 11, name: 'AC1', code: 'P1-AC1', drive: 'fixed', compressorType: 'screw', ratedKw: 110, ratedFlowM3min: 20, pressureMPa: 0.8, loadPressureMPa: 0.6, unloadPressureMPa: 0.68, targetPressureMPa: null, ratedSpecificPower: 5.5, gradeLimits: limits, ratedGrade: 1, meterId: 21, airMeterId: 31 },
    { id: 12, name: 'AC2 VSD', code: 'P1-AC2', drive: 'vsd', compressorType: 'screw', ratedKw: 90, ratedFlowM3min: 16, pressureMPa: 0.8, loadPressureMPa: null, unloadPressureMPa: null, targetPressureMPa: 0.64, ratedSpecificPower: 5.625, gradeLimits: null, ratedGrade: 'unrated', meterId: 22, airMeterId: 32 },
  ],
};
export const MANAGER = (lowerBar = 0.5): AirManager => ({
  projectId: 3,
  timezone: 'Asia/Shanghai',
  from: T0,
  to: T0 + 2 * H,
  standard: BOOK.standard,
  station: { ratedKw: 200, ratedFlowM3min: 36, kwh: 250, airM3: 2400, specificPower: 6.25, m3PerKwh: 9.6, kwhPerM3: 0.1042, loadingRatePct: 80, runH: 4, unloadedH: 0.8, gradeLimits: limits, grade: 2, yuan: 150 },
  units: [
    { id: 11, name: 'AC1', drive: 'fixed', kwh: 150, airM3: 1440, specificPower: 6.25, weightedSpecificPower: null, loadedH: 1.2, unloadedH: 0.8, runH: 2, loadingRatePct: 60, grade: 2, gradeLimits: limits },
    { id: 12, name: 'AC2 VSD', drive: 'vsd', kwh: 100, airM3: 960, specificPower: 6.25, weightedSpecificPower: 6.11, loadedH: 2, unloadedH: 0, runH: 2, loadingRatePct: 100, grade: 'unrated', gradeLimits: null },
  ],
  pressure: { lowMPa: 0.6, highMPa: 0.68, targetMPa: 0.64, avgMPa: 0.636, minMPa: 0.601, maxMPa: 0.679, withinPct: 100, samples: 2 },
  leak: {
    idleFromHour: 1,
    idleToHour: 6,
    idleH: 2,
    sharePct: 22.22,
    flowM3min: 8,
    rating: 'poor',
    units: [
      { id: 11, name: 'AC1', loadedH: 1.2, unloadedH: 0.8, leakTestPct: 60 },
      { id: 12, name: 'AC2 VSD', loadedH: 2, unloadedH: 0, leakTestPct: 100 },
    ],
    kwh: 55.6,
    yuan: 33.36,
  },
  saving: { lowerBar, kwh: 250 * 0.07 * lowerBar, yuan: 150 * 0.07 * lowerBar, pct: 7 * lowerBar },
});
export const RATIO: ElectricalRatio = {
  grain: '15m',
  from: T0,
  to: T0 + 2 * H,
  units: BOOK.units.map((u) => ({ id: u.id, name: u.name, gradeLimits: u.gradeLimits })),
  stationGradeLimits: limits,
  buckets: [
    { start: T0, kwh: 125, airM3: 1200, m3PerKwh: 9.6, kwhPerM3: 0.1042, specificPower: 6.25, unitSpecificPower: [6.25, 6.25] },
    { start: T0 + H, kwh: 125, airM3: 1200, m3PerKwh: 9.6, kwhPerM3: 0.1042, specificPower: 6.25, unitSpecificPower: [6.25, 6.25] },
  ],
};
export const LOADING: LoadingAnalysis = {
  grain: 'hour',
  from: T0,
  to: T0 + 2 * H,
  bucketHours: [1, 1],
  units: [
    { id: 11, name: 'AC1', drive: 'fixed', loadedH: 1.2, unloadedH: 0.8, loadingRatePct: 60, slots: [{ start: T0, loadedH: 0.6, unloadedH: 0.4, offH: 0 }, { start: T0 + H, loadedH: 0.6, unloadedH: 0.4, offH: 0 }] },
    { id: 12, name: 'AC2 VSD', drive: 'vsd', loadedH: 2, unloadedH: 0, loadingRatePct: 100, slots: [{ start: T0, loadedH: 1, unloadedH: 0, offH: 0 }, { start: T0 + H, loadedH: 0, unloadedH: 0, offH: 1 }] },
  ],
};
export const UNLOADING: UnloadingRate = {
  from: T0,
  to: T0 + 2 * H,
  units: [
    { id: 11, name: 'AC1', drive: 'fixed', runH: 2, unloadedH: 0.8, unloadingRatePct: 40, unloadedKwh: 24.6, unloadedYuan: 14.76 },
    { id: 12, name: 'AC2 VSD', drive: 'vsd', runH: 2, unloadedH: 0, unloadingRatePct: 0, unloadedKwh: null, unloadedYuan: null },
  ],
};
export const PRESSURE: PressureTrend = {
  from: T0,
  to: T0 + 2 * H,
  stepMs: 900_000,
  lowMPa: 0.6,
  highMPa: 0.68,
  targetMPa: 0.64,
  points: [
    { t: T0, avg: 0.63, min: 0.601, max: 0.66 },
    { t: T0 + H, avg: 0.642, min: 0.62, max: 0.679 },
  ],
};
