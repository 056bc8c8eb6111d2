import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';
import { GradeT } from './power.js';

/**
 * Boiler efficiency (issue 14: /boilerEnergyEfficiency, DOMAIN.md §8).
 * - Steam and fuel: the boiler's steam meter (attrs.steamMeterId, counter 15, t) and fuel meter
 *   (attrs.gasMeterId, counter 14, m³), read from the counter rollups: hour buckets for a day, day
 *   buckets for a week or month, month buckets for a quarter or year; custom ranges by their span
 *   (up to 2 days hours, up to 62 days days, beyond months).
 * - Instruments: the boiler's hourly instants (130–138: steam pressure and temperature, feed water,
 *   flue temperature, O₂, CO, combustion air), averaged per bucket weighted by the live steam flow
 *   (137), so hours with the burner off do not count.
 * - Direct η (GB/T 10180, 正平衡) = [D(h_s − h_fw) + D_bd(h_bd − h_fw)] / (B·Q_net) with IAPWS-IF97
 *   enthalpies, D_bd = attrs.blowdownPct of D, Q_net = attrs.fuelLhvMjPerM3; indirect (反平衡) η =
 *   100 − q2 − q3 − q5; the waterfall closes on the direct η with the losses not accounted for.
 * - Grade: GB 24500 (the project's current edition, editable by administrators) on the overall direct
 *   η with the nameplate (attrs.fuel, medium, ratedTph); flue-gas limits after GB/T 15317 / TSG 91.
 */
export const BOILER_API = {
  /** GET ?projectId= → BoilerItem[] (the page's picker) */
  boilers: '/eem-service/v1/efficiency/boiler/list',
  /** POST BoilerQuery → BoilerAnalysis */
  analysis: '/eem-service/v1/efficiency/boiler/analysis',
  /** POST BoilerQuery → the bucket table as .xlsx */
  export: '/eem-service/v1/efficiency/boiler/export',
} as const;

/** Longest range of the boiler report, ms (400 days). */
export const BOILER_MAX_RANGE_MS = 400 * 86_400_000;

const Ms = Type.Integer({ minimum: 946684800000, maximum: 4102444800000 });
const Num = Type.Union([Type.Number(), Type.Null()]);

export const BoilersQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export type BoilersQuery = Static<typeof BoilersQuery>;

export const BoilerFuelT = Type.Union([Type.Literal('gas'), Type.Literal('oil'), Type.Literal('coal'), Type.Literal('electric'), Type.Literal('biomass')]);

/** A boiler with the nameplate the analysis uses (null: not set). */
export const BoilerItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ratedTph: Num,
  fuel: Type.Union([BoilerFuelT, Type.Null()]),
  medium: Type.Union([Type.Literal('steam'), Type.Literal('hotWater')]),
  ratedPressureMpa: Num,
  ratedEfficiencyPct: Num,
  /** fuel net calorific value, MJ/m³ */
  fuelLhvMjPerM3: Num,
  blowdownPct: Num,
  /** surface loss at rating, % (attrs.q5RatedPct, else the GB/T 10180 table by rating) */
  q5RatedPct: Num,
  fuelPriceYuanPerM3: Num,
  steamMeterId: Num,
  steamMeterName: Type.Union([Type.String(), Type.Null()]),
  gasMeterId: Num,
  gasMeterName: Type.Union([Type.String(), Type.Null()]),
});
export type BoilerItem = Static<typeof BoilerItem>;

export const BoilerQuery = Type.Object(
  {
    projectId: Id,
    boilerId: Id,
    /** the date-range selector's start and end (inclusive), ms */
    startTime: Ms,
    endTime: Ms,
    /** 1 day, 2 week, 3 month, 4 quarter, 5 year (the unit holding the middle of the range), 6/7 custom (at most BOILER_MAX_RANGE_MS) */
    dateType: Type.Integer({ minimum: 1, maximum: 7 }),
  },
  { additionalProperties: false },
);
export type BoilerQuery = Static<typeof BoilerQuery>;

/** Heat losses, % of the fuel's heat (q4, q6: 0 for gas). */
export const BoilerLosses = Type.Object({ q2: Num, q3: Num, q4: Num, q5: Num, q6: Num, unaccounted: Num });
export type BoilerLosses = Static<typeof BoilerLosses>;

/** One bucket (or the whole range): quantities, efficiencies and the instruments' steam-weighted means. */
export const BoilerFigures = Type.Object({
  steamT: Num,
  gasM3: Num,
  /** Σ D·(h_s − h_fw) + D_bd·(h_bd − h_fw), GJ */
  usefulHeatGj: Num,
  directEfficiencyPct: Num,
  indirectEfficiencyPct: Num,
  losses: BoilerLosses,
  /** mean steam ÷ (rated t/h × hours), % */
  loadPct: Num,
  pressureMpa: Num,
  steamTempC: Num,
  feedWaterC: Num,
  flueTempC: Num,
  o2Pct: Num,
  excessAir: Num,
  coPpm: Num,
  airTempC: Num,
  /** t of steam per 10⁴ m³ of gas */
  steamPerGas: Num,
  /** standard coal of the fuel per t of steam, kgce/t (GB/T 2589) */
  kgcePerSteamT: Num,
  tce: Num,
  fuelCostYuan: Num,
  fuelCostYuanPerSteamT: Num,
});
export type BoilerFigures = Static<typeof BoilerFigures>;

export const BoilerBucket = Type.Intersect([Type.Object({ time: Type.Integer() }), BoilerFigures]);
export type BoilerBucket = Static<typeof BoilerBucket>;

export const BoilerAnalysis = Type.Object({
  boiler: BoilerItem,
  timezone: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  grain: Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('month')]),
  total: BoilerFigures,
  buckets: Type.Array(BoilerBucket),
  /** GB 24500 grade of the overall direct η; 'unrated' without a nameplate row or an efficiency */
  grade: GradeT,
  gradeLimits: Type.Union([Type.Array(Type.Object({ grade: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]), efficiencyPct: Type.Number() })), Type.Null()]),
  standard: Type.Object({ code: Type.String(), title: Type.String(), effectiveDate: Type.String() }),
  /** flue-gas monitoring limits; null for fuels without them (electric) */
  limits: Type.Union([Type.Object({ flueTempMaxC: Type.Number(), excessAirMax: Type.Number(), o2MaxPct: Type.Number() }), Type.Null()]),
});
export type BoilerAnalysis = Static<typeof BoilerAnalysis>;
