import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id } from './bounds.js';
import { GradeT } from './power.js';

/**
 * Compressed-air station efficiency (/airCompressionEnergyEfficiency, DOMAIN.md §7; spec section 7's
 * airCompressor calls): the machines' register (standingBook), the station overview (airManager:
 * specific power per unit and station against the GB 19153-2019 grade line, loading, pressure band,
 * leakage estimate, set-point saving), the gas-electric ratio per bucket (electricalRatio), the
 * load/unload timeline (loadingAnalysis), unloaded hours and their energy (unloadingRate) and the
 * header pressure trend. Figures are read from the counter rollups; the pressure from the hourly
 * history instants.
 */
export const COMPRESSOR_API = {
  /** POST CompressorProjectQuery → StandingBook */
  standingBook: '/eem-service/v1/airCompressor/standingBook',
  /** POST AirManagerQuery → AirManager */
  airManager: '/eem-service/v1/airCompressor/airManager',
  /** POST CompressorQuery → ElectricalRatio */
  electricalRatio: '/eem-service/v1/airCompressor/electricalRatio',
  /** POST CompressorQuery → LoadingAnalysis */
  loadingAnalysis: '/eem-service/v1/airCompressor/loadingAnalysis',
  /** POST CompressorQuery → UnloadingRate */
  unloadingRate: '/eem-service/v1/airCompressor/unloadingRate',
  /** POST CompressorQuery → PressureTrend */
  pressure: '/eem-service/v1/airCompressor/pressure',
  /** POST AirManagerQuery → xlsx: the standing book and the per-unit figures of the range */
  export: '/eem-service/v1/airCompressor/export',
} as const;

/** Longest range of one request (400 days, as the power pages). */
export const COMPRESSOR_MAX_RANGE_MS = 400 * 86_400_000;
/** Ranges up to this many days are read from the 15-min rollups (timeline in quarters), up to COMPRESSOR_HOUR_MAX_DAYS from the hourly ones; longer from days, past 62 days months. */
export const COMPRESSOR_15M_MAX_DAYS = 2;
export const COMPRESSOR_HOUR_MAX_DAYS = 8;
export const COMPRESSOR_DAY_MAX_DAYS = 62;

export const CompressorGrain = Type.Union([Type.Literal('15m'), Type.Literal('hour'), Type.Literal('day'), Type.Literal('month')]);
export type CompressorGrain = Static<typeof CompressorGrain>;

export const CompressorProjectQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export type CompressorProjectQuery = Static<typeof CompressorProjectQuery>;

export const CompressorQuery = Type.Object(
  {
    projectId: Id,
    /** the date-range selector's start and end (inclusive), ms; widened to whole local days, at most COMPRESSOR_MAX_RANGE_MS */
    startTime: EpochMs,
    endTime: EpochMs,
  },
  { additionalProperties: false },
);
export type CompressorQuery = Static<typeof CompressorQuery>;

export const AirManagerQuery = Type.Object(
  {
    projectId: Id,
    startTime: EpochMs,
    endTime: EpochMs,
    /** how far the set-point would be lowered, bar (default 0.5) */
    lowerBar: Type.Optional(Type.Number({ minimum: 0.1, maximum: 3 })),
    /** the idle hours of the leak test: local hours [idleFromHour, idleToHour) of every day (default 1–6, no production) */
    idleFromHour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
    idleToHour: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
  },
  { additionalProperties: false },
);
export type AirManagerQuery = Static<typeof AirManagerQuery>;

export const CompressorDriveT = Type.Union([Type.Literal('fixed'), Type.Literal('vsd')]);
export type CompressorDriveT = Static<typeof CompressorDriveT>;

const Num = Type.Union([Type.Number(), Type.Null()]);
export const GradeLimit = Type.Object({ grade: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]), specificPower: Type.Number() });
export type GradeLimit = Static<typeof GradeLimit>;

/** One machine of the register: the nameplate (node attrs) and its GB 19153-2019 grade line. */
export const CompressorUnitInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  drive: CompressorDriveT,
  compressorType: Type.Union([Type.String(), Type.Null()]),
  ratedKw: Num,
  ratedFlowM3min: Num,
  /** rated discharge pressure, MPa */
  pressureMPa: Num,
  loadPressureMPa: Num,
  unloadPressureMPa: Num,
  targetPressureMPa: Num,
  /** nameplate kW ÷ rated flow, kW/(m³/min) */
  ratedSpecificPower: Num,
  /** maximum specific power of grades 1–3 for this machine; null when the table has no row for it */
  gradeLimits: Type.Union([Type.Array(GradeLimit), Type.Null()]),
  /** the nameplate's grade (rated specific power against the limits) */
  ratedGrade: GradeT,
  /** its electricity meter and delivered-air meter */
  meterId: Type.Union([Type.Integer(), Type.Null()]),
  airMeterId: Type.Union([Type.Integer(), Type.Null()]),
});
export type CompressorUnitInfo = Static<typeof CompressorUnitInfo>;

export const StandardRef = Type.Object({ code: Type.String(), title: Type.String(), effectiveDate: Type.String() });
export type StandardRef = Static<typeof StandardRef>;

export const StandingBook = Type.Object({ projectId: Type.Integer(), standard: StandardRef, units: Type.Array(CompressorUnitInfo) });
export type StandingBook = Static<typeof StandingBook>;

/** A machine over the range. */
export const CompressorUnitFigures = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  drive: CompressorDriveT,
  kwh: Num,
  airM3: Num,
  /** operating specific power kWh·60 ÷ m³ (unloaded running included), kW/(m³/min) */
  specificPower: Num,
  /** VSD only: the GB 19153-2019 weighted specific power of the measured load curve (null when a test point was not run) */
  weightedSpecificPower: Num,
  loadedH: Num,
  unloadedH: Num,
  runH: Num,
  loadingRatePct: Num,
  /** grade of the measured specific power (the weighted one for a VSD when known) */
  grade: GradeT,
  gradeLimits: Type.Union([Type.Array(GradeLimit), Type.Null()]),
});
export type CompressorUnitFigures = Static<typeof CompressorUnitFigures>;

export const LeakRatingT = Type.Union([Type.Literal('good'), Type.Literal('fair'), Type.Literal('poor'), Type.Literal('veryPoor')]);
export type LeakRatingT = Static<typeof LeakRatingT>;

export const AirManager = Type.Object({
  projectId: Type.Integer(),
  timezone: Type.String(),
  from: Type.Number(),
  to: Type.Number(),
  standard: StandardRef,
  station: Type.Object({
    ratedKw: Type.Number(),
    ratedFlowM3min: Type.Number(),
    kwh: Num,
    airM3: Num,
    specificPower: Num,
    m3PerKwh: Num,
    kwhPerM3: Num,
    loadingRatePct: Num,
    runH: Num,
    unloadedH: Num,
    /** the station's grade line: the rated-flow-weighted mean of its machines' limits */
    gradeLimits: Type.Union([Type.Array(GradeLimit), Type.Null()]),
    grade: GradeT,
    /** electricity cost of the machines over the range at the project's tariff, ¥; null without a tariff */
    yuan: Num,
  }),
  units: Type.Array(CompressorUnitFigures),
  pressure: Type.Object({
    /** the band: lowest load set-point, highest unload set-point, the VSD's target */
    lowMPa: Num,
    highMPa: Num,
    targetMPa: Num,
    avgMPa: Num,
    minMPa: Num,
    maxMPa: Num,
    /** share of samples inside the band, % */
    withinPct: Num,
    samples: Type.Integer(),
  }),
  leak: Type.Object({
    idleFromHour: Type.Integer(),
    idleToHour: Type.Integer(),
    /** idle hours with data */
    idleH: Type.Number(),
    /** leak share of the station's rated flow, %, and the leak flow, m³/min */
    sharePct: Num,
    flowM3min: Num,
    rating: Type.Union([LeakRatingT, Type.Null()]),
    /** each machine over the idle hours: loaded and unloaded hours, T ÷ (T + t) */
    units: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), loadedH: Type.Number(), unloadedH: Type.Number(), leakTestPct: Num })),
    /** the leaks' share of the range's energy (leak flow × hours × station kWh/m³) and its cost */
    kwh: Num,
    yuan: Num,
  }),
  saving: Type.Object({
    lowerBar: Type.Number(),
    /** E × 0.07 × Δp (DOMAIN §7) */
    kwh: Num,
    yuan: Num,
    pct: Type.Number(),
  }),
});
export type AirManager = Static<typeof AirManager>;

/** One bucket of the station and its machines. */
export const RatioBucket = Type.Object({
  start: Type.Number(),
  kwh: Num,
  airM3: Num,
  m3PerKwh: Num,
  kwhPerM3: Num,
  specificPower: Num,
  /** each machine's specific power in the bucket, in the order of `units` */
  unitSpecificPower: Type.Array(Num),
});
export type RatioBucket = Static<typeof RatioBucket>;

export const ElectricalRatio = Type.Object({
  grain: CompressorGrain,
  from: Type.Number(),
  to: Type.Number(),
  units: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), gradeLimits: Type.Union([Type.Array(GradeLimit), Type.Null()]) })),
  stationGradeLimits: Type.Union([Type.Array(GradeLimit), Type.Null()]),
  buckets: Type.Array(RatioBucket),
});
export type ElectricalRatio = Static<typeof ElectricalRatio>;

/** A machine's hours in one bucket: loaded, unloaded (running) and stopped. */
export const LoadingSlot = Type.Object({ start: Type.Number(), loadedH: Num, unloadedH: Num, offH: Num });
export type LoadingSlot = Static<typeof LoadingSlot>;

export const LoadingAnalysis = Type.Object({
  grain: CompressorGrain,
  from: Type.Number(),
  to: Type.Number(),
  bucketHours: Type.Array(Type.Number()),
  units: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      drive: CompressorDriveT,
      loadedH: Num,
      unloadedH: Num,
      loadingRatePct: Num,
      slots: Type.Array(LoadingSlot),
    }),
  ),
});
export type LoadingAnalysis = Static<typeof LoadingAnalysis>;

export const UnloadingRate = Type.Object({
  from: Type.Number(),
  to: Type.Number(),
  units: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      drive: CompressorDriveT,
      runH: Num,
      unloadedH: Num,
      /** unloaded ÷ run hours, % */
      unloadingRatePct: Num,
      /** energy drawn while unloaded (unloaded hours × the machine's unloaded power, ratedKw × 0.28 for a fixed machine [V]) */
      unloadedKwh: Num,
      unloadedYuan: Num,
    }),
  ),
});
export type UnloadingRate = Static<typeof UnloadingRate>;

export const PressureTrend = Type.Object({
  from: Type.Number(),
  to: Type.Number(),
  stepMs: Type.Number(),
  lowMPa: Num,
  highMPa: Num,
  targetMPa: Num,
  points: Type.Array(Type.Object({ t: Type.Number(), avg: Type.Number(), min: Type.Number(), max: Type.Number() })),
});
export type PressureTrend = Static<typeof PressureTrend>;
