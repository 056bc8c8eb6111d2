import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id } from './bounds.js';

/**
 * Status of readings and of rollup intervals (smallint), issue 3 section 2. The same codes as
 * `ReadingStatus` in @ems/domain (counters.ts). Quality of a rollup bucket is the worst status of its
 * 15-min intervals, by severity normal < interpolated < estimated < counter reset < suspect.
 */
export const READING_STATUS = {
  /** 0 normal: measured */
  normal: 0,
  /** 1 interpolated: cumulative register interpolated linearly across a short gap */
  interpolated: 1,
  /** 2 estimated: a long gap (> 24 h) filled by a similar-day profile or linearly */
  estimated: 2,
  /** 3 suspect or unverified: spike, unexplained drop (value null), or so marked by the source; the spec's raw-data mark starts here */
  suspect: 3,
  /** 4 counter reset: register rollover or declared meter replacement, explained and counted */
  counterReset: 4,
} as const;

/** Kind of a data point: a cumulative counter (rolled up), an instantaneous value or a status. */
export const DataPointKind = Type.Union([Type.Literal('counter'), Type.Literal('instant'), Type.Literal('status')]);
export type DataPointKind = Static<typeof DataPointKind>;

/** One entry of the data-point catalogue (table data_point; ids are stable). */
export const DataPointInfo = Type.Object({
  dataId: Type.Integer(),
  nameZh: Type.String(),
  nameEn: Type.String(),
  unit: Type.String(),
  /** energy type code (2 electricity, 3 water, …) or null */
  energyType: Type.Union([Type.Integer(), Type.Null()]),
  kind: DataPointKind,
  upperLimit: Type.Union([Type.Number(), Type.Null()]),
  lowerLimit: Type.Union([Type.Number(), Type.Null()]),
});
export type DataPointInfo = Static<typeof DataPointInfo>;

/** Stable data-point ids of the seeded catalogue. */
export const DATA_ID = {
  activeEnergyImport: 1,
  reactiveEnergyImport: 2,
  activePower: 3,
  reactivePower: 4,
  voltageA: 5,
  voltageB: 6,
  voltageC: 7,
  currentA: 8,
  currentB: 9,
  currentC: 10,
  powerFactor: 11,
  frequency: 12,
  waterVolume: 13,
  gasVolume: 14,
  steamMass: 15,
  compressedAirVolume: 16,
  coolingEnergy: 17,
  temperature: 18,
  humidity: 19,
  switchStatus: 20,
  apparentPower: 21,
  activeEnergyExport: 22,
  waterFlow: 23,
  heatEnergy: 24,
  // issue 5: reverse reactive energy, power quality (PQ meters) and hazard / environment sensors
  reactiveEnergyExport: 25,
  thdVoltageA: 26,
  thdVoltageB: 27,
  thdVoltageC: 28,
  thdCurrentA: 29,
  thdCurrentB: 30,
  thdCurrentC: 31,
  voltageUnbalance: 32,
  currentUnbalance: 33,
  combustibleGas: 100,
  carbonMonoxide: 101,
  oxygen: 102,
  hydrogenSulfide: 103,
  pm25: 104,
  noise: 105,
  /** production output counter (pieces) of a line or workshop: the denominator of output intensity */
  productionOutput: 106,
  /** chiller plant (issue 14): chilled-water supply / return, condenser-water supply (tower leaving) / return (tower entering), °C */
  chilledWaterSupplyTemp: 110,
  chilledWaterReturnTemp: 111,
  condenserWaterSupplyTemp: 112,
  condenserWaterReturnTemp: 113,
  /** a chiller's evaporator (chilled-water) flow, m³/h */
  chilledWaterFlow: 114,
  /** the weather station's outdoor dry bulb (°C) and relative humidity (%), kept over the whole history */
  outdoorTemperature: 115,
  outdoorHumidity: 116,
  /** compressed-air station (issue 14): a compressor's loaded-time and run-time (loaded + unloaded) counters, h */
  compressorLoadedHours: 120,
  compressorRunHours: 121,
  /** compressed-air header pressure (gauge), MPa, kept over the whole history */
  airHeaderPressure: 122,
  /** boiler (issue 14, DOMAIN §8), kept over the whole history: steam pressure (gauge, MPa) and temperature (°C) at the outlet, feed-water temperature (°C) */
  steamPressure: 130,
  steamTemperature: 131,
  feedWaterTemperature: 132,
  /** flue gas at the boiler outlet: temperature (°C), O₂ (% vol, dry), CO (ppm, dry); combustion-air temperature at the burner inlet (°C) */
  flueGasTemperature: 133,
  flueGasOxygen: 134,
  flueGasCo: 135,
  combustionAirTemperature: 136,
  /** the boiler's live steam (t/h) and fuel-gas (m³/h) flow */
  steamFlow: 137,
  gasFlow: 138,
} as const;

/** Harmonic orders of the PQ meters' spectrum (harmonicVoltageId / harmonicCurrentId). */
export const HARMONIC_ORDERS: readonly number[] = Array.from({ length: 24 }, (_, i) => i + 2);
/** Phase A voltage harmonic content of order h (2–25), % of the fundamental: data ids 40–63. */
export const harmonicVoltageId = (h: number): number => 38 + h;
/** Phase A current harmonic of order h (2–25), in A: data ids 70–93. */
export const harmonicCurrentId = (h: number): number => 68 + h;

/** Rollup grains: 15 min, hour, day and month (day and month on the project's timezone). */
export type RollupGrain = '15m' | 'hour' | 'day' | 'month';

/** One rollup bucket of counter consumption (tables rollup_15m, rollup_hour, rollup_day, rollup_month). */
export interface RollupRow {
  deviceId: number;
  dataId: number;
  /** bucket start, ms */
  bucketStart: number;
  /** consumption in the data point's unit × CT×PT; null when no interval was explained */
  value: number | null;
  /** worst READING_STATUS of the 15-min intervals */
  quality: number;
  nIntervals: number;
  /** intervals with status normal or counter reset */
  nGood: number;
}

/** Time-series paths. */
export const TIMESERIES_API = {
  /** GET: the data-point catalogue */
  dataPoints: '/eem-service/v1/timeseries/dataPoints',
  /** POST RollupQuery: rollup rows of the project's devices */
  rollups: '/eem-service/v1/timeseries/rollups',
} as const;

/**
 * The bounds of one rollups request (issue 12, finding 4): at most ROLLUP_MAX_DEVICES devices, a range
 * no longer than ROLLUP_MAX_SPAN_DAYS of its grain, and at most ROLLUP_MAX_ROWS rows (devices × the
 * buckets the range can hold, ~110 bytes of JSON each: ≤ ~5.5 MB). A longer read is asked in pages of range.
 */
export const ROLLUP_MAX_DEVICES = 200;
export const ROLLUP_MAX_SPAN_DAYS: Record<RollupGrain, number> = { '15m': 93, hour: 400, day: 3660, month: 3660 };
export const ROLLUP_MAX_ROWS = 50_000;

export const RollupQuery = Type.Object(
  {
    projectId: Id,
    deviceIds: Type.Array(Id, { minItems: 1, maxItems: ROLLUP_MAX_DEVICES }),
    dataId: Id,
    grain: Type.Union([Type.Literal('15m'), Type.Literal('hour'), Type.Literal('day'), Type.Literal('month')]),
    /** ms, bucket_start ≥ from */
    from: EpochMs,
    /** ms, bucket_start < to; after from, within ROLLUP_MAX_SPAN_DAYS of it and ROLLUP_MAX_ROWS */
    to: EpochMs,
  },
  { additionalProperties: false },
);
export type RollupQuery = Static<typeof RollupQuery>;

export const RollupRowSchema = Type.Object({
  deviceId: Type.Integer(),
  dataId: Type.Integer(),
  bucketStart: Type.Integer(),
  value: Type.Union([Type.Number(), Type.Null()]),
  quality: Type.Integer(),
  nIntervals: Type.Integer(),
  nGood: Type.Integer(),
});
