import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';
import { GradeT } from './power.js';

/**
 * Chiller-plant efficiency (issue 14: /refrigerationEfficiency, DOMAIN.md §6).
 * - Cooling: each chiller's cooling meter (counter 17, kWh, under the chiller node); electricity:
 *   the electricity meters (counter 1) under the chillers, chilled-water pumps (chilledpump),
 *   condenser-water pumps (coolingpump) and towers (coolingtower) of the project.
 * - Totals and the trend read the counter rollups: hour buckets for a range of up to 2 days, day
 *   buckets up to 62 days, month buckets beyond (rollup_hour / rollup_day / rollup_month).
 * - COP = cooling / chiller electricity, kW/RT = 3.517 / COP, system EER = cooling / (chillers +
 *   CHW pumps + CW pumps + towers).
 * - COP against part-load ratio per chiller: every running quarter hour of the range (15-min
 *   rollups of its cooling and electricity meters, both > 0): PLR = kWh × 4 / rated kW; a quadratic
 *   least-squares fit; IPLV = 0.012 A + 0.328 B + 0.397 C + 0.263 D from the fitted curve (GB/T 18430.1).
 * - Grade: GB 19577 (the project's current edition, editable by administrators) on the fitted COP at
 *   100 % load and the IPLV, with the chiller's nameplate (attrs.ratedCoolingKw, attrs.condenser).
 * - Temperatures: hourly instants of the chillers (110–114, averaged over the hours a chiller ran)
 *   and the weather station (115/116); wet bulb by Stull (2011) and the towers' approach = condenser-
 *   water supply − wet bulb.
 */
export const CHILLER_API = {
  /** POST ChillerEfficiencyQuery → ChillerEfficiency */
  efficiency: '/eem-service/v1/efficiency/chiller/analysis',
  /** POST ChillerEfficiencyQuery → the per-chiller table and the trend as .xlsx */
  export: '/eem-service/v1/efficiency/chiller/export',
} as const;

/** Longest range of the chiller report, ms (400 days). */
export const CHILLER_MAX_RANGE_MS = 400 * 86_400_000;
/** Most COP-vs-PLR points returned per chiller for the scatter (the fit uses all of them). */
export const CHILLER_MAX_POINTS = 600;

const Ms = Type.Integer({ minimum: 946684800000, maximum: 4102444800000 });
const Num = Type.Union([Type.Number(), Type.Null()]);

export const ChillerEfficiencyQuery = Type.Object(
  {
    projectId: Id,
    /** the date-range selector's start and end (inclusive), ms; widened to whole local days, at most CHILLER_MAX_RANGE_MS */
    startTime: Ms,
    endTime: Ms,
  },
  { additionalProperties: false },
);
export type ChillerEfficiencyQuery = Static<typeof ChillerEfficiencyQuery>;

/** Electricity of the plant's parts, kWh. */
export const PlantKwh = Type.Object({ chillers: Type.Number(), chwPumps: Type.Number(), cwPumps: Type.Number(), towers: Type.Number() });
export type PlantKwh = Static<typeof PlantKwh>;

/** COP = a + b·PLR + c·PLR² fitted over n points with PLR in [plrMin, plrMax]. */
export const CopCurve = Type.Object({ a: Type.Number(), b: Type.Number(), c: Type.Number(), n: Type.Integer(), r2: Type.Number(), plrMin: Type.Number(), plrMax: Type.Number() });
export type CopCurve = Static<typeof CopCurve>;

/** Averages over the hours the chiller ran (null: no sample). */
export const ChillerTemps = Type.Object({
  /** chilled-water supply / return, condenser-water supply / return, °C */
  chws: Num,
  chwr: Num,
  cws: Num,
  cwr: Num,
  /** chilled-water flow, m³/h */
  flowM3h: Num,
  /** cooling load from the flow and ΔT, 1.163 × V × (CHWR − CHWS), kW */
  loadKw: Num,
});
export type ChillerTemps = Static<typeof ChillerTemps>;

export const ChillerRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ratedCoolingKw: Num,
  ratedCop: Num,
  condenser: Type.Union([Type.Literal('water'), Type.Literal('air')]),
  coolingKwh: Type.Number(),
  electricityKwh: Type.Number(),
  /** running hours (quarters with cooling and electricity) */
  runHours: Type.Number(),
  cop: Num,
  kwPerRt: Num,
  /** mean part-load ratio while running, 0..1 */
  plrAvg: Num,
  curve: Type.Union([CopCurve, Type.Null()]),
  /** COP of the fitted curve at 100 % load (what the grade uses) */
  copAt100: Num,
  iplv: Num,
  grade: GradeT,
  /** minimum COP and IPLV of grades 1–3 for this chiller (null: the standard has no row for it) */
  gradeLimits: Type.Union([Type.Array(Type.Object({ grade: Type.Integer(), cop: Type.Number(), iplv: Type.Number() })), Type.Null()]),
  /** sampled [PLR, COP] points of the running quarters (at most CHILLER_MAX_POINTS) */
  points: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
  temps: ChillerTemps,
});
export type ChillerRow = Static<typeof ChillerRow>;

export const ChillerBucket = Type.Object({
  start: Type.Number(),
  coolingKwh: Num,
  electricity: PlantKwh,
  cop: Num,
  eer: Num,
});
export type ChillerBucket = Static<typeof ChillerBucket>;

export const PlantTempBucket = Type.Object({
  start: Type.Number(),
  chws: Num,
  chwr: Num,
  cws: Num,
  cwr: Num,
  outdoorC: Num,
  outdoorRh: Num,
  wetBulbC: Num,
  /** condenser-water supply (tower leaving) − wet bulb, K */
  approachK: Num,
});
export type PlantTempBucket = Static<typeof PlantTempBucket>;

export const ChillerEfficiency = Type.Object({
  projectId: Type.Integer(),
  timezone: Type.String(),
  /** the range read, [from, to) ms (whole local days) */
  from: Type.Number(),
  to: Type.Number(),
  bucket: Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('month')]),
  /** the grade table used */
  standard: Type.Object({ code: Type.String(), effectiveDate: Type.String() }),
  plant: Type.Object({
    coolingKwh: Type.Number(),
    electricity: PlantKwh,
    totalKwh: Type.Number(),
    cop: Num,
    kwPerRt: Num,
    eer: Num,
    /** refrigeration ton-hours */
    rtHours: Type.Number(),
    temps: PlantTempBucket,
  }),
  chillers: Type.Array(ChillerRow),
  trend: Type.Array(ChillerBucket),
  temperatures: Type.Array(PlantTempBucket),
});
export type ChillerEfficiency = Static<typeof ChillerEfficiency>;
