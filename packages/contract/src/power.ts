import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';

/**
 * Busbar monitoring and transformers (issue 5: /generatrixMonitor, /powertransformerOverview,
 * /powertransformerAnalysis; DOMAIN.md §5 and §9).
 * - The single-line view is drawn from the plant model: incoming cabinets (with their meter) feed
 *   transformers (their LV main: the meter directly under the transformer, linked to the incomer by
 *   `parentMeterId`), each transformer's busbars (generatrix) and the feeders hanging from them
 *   (cabinets with their meter, or meters directly on the bar). Live values are the latest readings.
 * - Transformer figures come from the LV main's 15-min rollups (hour rollups past 35 days): P =
 *   kWh × 4, Q = kvarh × 4, β = √(P² + Q²) / S_N, ΔP = P0 + β² Pk.
 * - Power quality comes from the LV main's stored 10-min aggregates (mean, min, max and count of its
 *   readings per PQ data point, kept up to date as readings are committed) over the whole range up to
 *   now; compliance = share of 10-min values within the limit, with the 95th percentile (CP95). A
 *   report recomputes at most PQ_MAX_WINDOW_MS of raw readings itself (`complete` says whether the
 *   aggregates then cover the range; the rest follows in the background).
 */
export const POWER_API = {
  /** POST BusbarQuery → BusbarView */
  busbar: '/eem-service/v1/power/busbar',
  /** POST BusbarQuery → the feeder table as .xlsx */
  busbarExport: '/eem-service/v1/power/busbar/export',
  /** GET ?projectId= → TransformerItem[] (the analysis page's picker) */
  transformers: '/eem-service/v1/power/transformers',
  /** POST TransformerFleetQuery → TransformerFleet */
  fleet: '/eem-service/v1/power/fleet',
  /** POST TransformerFleetQuery → the fleet table as .xlsx */
  fleetExport: '/eem-service/v1/power/fleet/export',
  /** POST TransformerAnalysisQuery → TransformerAnalysis */
  analysis: '/eem-service/v1/power/analysis',
  /** POST TransformerAnalysisQuery → the compliance and spectrum tables as .xlsx */
  analysisExport: '/eem-service/v1/power/analysis/export',
  /** POST TransformerEfficiencyQuery → TransformerEfficiency (issue 14: /transformerEnergyEfficiency) */
  efficiency: '/eem-service/v1/power/efficiency',
  /** POST TransformerEfficiencyQuery → the fleet table with its totals and the chosen unit's buckets as .xlsx */
  efficiencyExport: '/eem-service/v1/power/efficiency/export',
} as const;

/** Longest range of the transformer reports, ms (400 days). */
export const POWER_MAX_RANGE_MS = 400 * 86_400_000;
/** Most raw PQ readings a report aggregates itself, ms of one meter's series (2 days); the range itself reads 10-min aggregates. */
export const PQ_MAX_WINDOW_MS = 2 * 86_400_000;
/** PQ aggregation interval, ms (10 min). */
export const PQ_AGGREGATE_MS = 600_000;
/** Ranges up to this many days read 15-min rollups, longer ones hour rollups. */
export const POWER_15M_MAX_DAYS = 35;

const Ms = Type.Integer({ minimum: 946684800000, maximum: 4102444800000 });
const Num = Type.Union([Type.Number(), Type.Null()]);
const Str = Type.Union([Type.String(), Type.Null()]);

export const BusbarQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export type BusbarQuery = Static<typeof BusbarQuery>;

/** A meter's latest instantaneous values (null: no reading); online when its newest reading is at most `offlineAfterMs` old. */
export const MeterLive = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** kW, kvar */
  p: Num,
  q: Num,
  /** phase voltages (V) and currents (A) */
  ua: Num,
  ub: Num,
  uc: Num,
  ia: Num,
  ib: Num,
  ic: Num,
  pf: Num,
  /** ms of the newest reading, null when none */
  ts: Num,
  online: Type.Boolean(),
});
export type MeterLive = Static<typeof MeterLive>;

/** A switchgear position: a cabinet (with its breaker status, data point 20) and/or its meter. */
export const Bay = Type.Object({
  /** the cabinet's id, else the meter's */
  id: Type.Integer(),
  modelLabel: Type.String(),
  name: Type.String(),
  /** breaker: 1 closed, 0 open, null not reported */
  switchState: Type.Union([Type.Literal(0), Type.Literal(1), Type.Null()]),
  switchTs: Num,
  meter: Type.Union([MeterLive, Type.Null()]),
});
export type Bay = Static<typeof Bay>;

export const BusbarSection = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  voltageKv: Num,
  feeders: Type.Array(Bay),
});
export type BusbarSection = Static<typeof BusbarSection>;

/** A transformer with its LV main and busbars (transformer null: busbars fed without one). */
export const TransformerBlock = Type.Object({
  transformer: Type.Union([
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      ratedKva: Num,
      /** live load rate β × 100 from the LV main's P and Q */
      loadRatePct: Num,
    }),
    Type.Null(),
  ]),
  lvMain: Type.Union([Bay, Type.Null()]),
  busbars: Type.Array(BusbarSection),
});
export type TransformerBlock = Static<typeof TransformerBlock>;

/** An incomer (null: transformers whose supply is not in the model) and the transformers it feeds. */
export const Supply = Type.Object({
  incomer: Type.Union([Bay, Type.Null()]),
  blocks: Type.Array(TransformerBlock),
});
export type Supply = Static<typeof Supply>;

export const BusbarView = Type.Object({
  projectId: Type.Integer(),
  timezone: Type.String(),
  /** server clock, ms */
  now: Type.Integer(),
  offlineAfterMs: Type.Integer(),
  supplies: Type.Array(Supply),
});
export type BusbarView = Static<typeof BusbarView>;

export const TransformersQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export type TransformersQuery = Static<typeof TransformersQuery>;

export const TransformerItem = Type.Object({ id: Type.Integer(), name: Type.String(), ratedKva: Num });
export type TransformerItem = Static<typeof TransformerItem>;

export const TransformerFleetQuery = Type.Object(
  {
    projectId: Id,
    /** the date-range selector's start, ms; widened to the start of its local day */
    startTime: Ms,
    /** the selector's end, ms, inclusive; widened to the end of its local day */
    endTime: Ms,
  },
  { additionalProperties: false },
);
export type TransformerFleetQuery = Static<typeof TransformerFleetQuery>;

export const TransformerAnalysisQuery = Type.Object(
  { projectId: Id, transformerId: Id, startTime: Ms, endTime: Ms },
  { additionalProperties: false },
);
export type TransformerAnalysisQuery = Static<typeof TransformerAnalysisQuery>;

export const LoadZoneT = Type.Union([Type.Literal('light'), Type.Literal('economic'), Type.Literal('optimal'), Type.Literal('over')]);
export type LoadZoneT = Static<typeof LoadZoneT>;
export const GradeT = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal('below'), Type.Literal('unrated')]);
export type GradeT = Static<typeof GradeT>;

/** PQ indices with a limit (DOMAIN §9) and those shown without one. */
export const PqIndexKey = Type.Union([
  Type.Literal('voltageDeviation'),
  Type.Literal('frequency'),
  Type.Literal('voltageUnbalance'),
  Type.Literal('thdVoltage'),
  Type.Literal('currentUnbalance'),
  Type.Literal('thdCurrent'),
]);
export type PqIndexKey = Static<typeof PqIndexKey>;

/** One PQ index over the window: compliance of its 10-min values, CP95 and extremes (worst phase for per-phase indices). */
export const PqIndex = Type.Object({
  key: PqIndexKey,
  /** '%', 'Hz' */
  unit: Type.String(),
  /** the band (null bounds: none); both null: shown without a limit */
  lower: Num,
  upper: Num,
  /** within / measured × 100; null without samples or without a limit */
  compliancePct: Num,
  measured: Type.Integer(),
  within: Type.Integer(),
  /** 95th percentile of the 10-min values (of |value| for two-sided bands) */
  cp95: Num,
  max: Num,
  min: Num,
  /** 'a' | 'b' | 'c' for per-phase indices (the lowest compliance, then the furthest excursion) */
  worstPhase: Str,
});
export type PqIndex = Static<typeof PqIndex>;

/** Summary of the PQ of one LV main over the window. */
export const PqSummary = Type.Object({
  meterId: Type.Integer(),
  /** the window read, [from, to) ms: the range up to now, from the 10-min aggregates */
  from: Type.Integer(),
  to: Type.Integer(),
  nominalKv: Type.Number(),
  /** phase nominal voltage, V */
  nominalPhaseV: Type.Number(),
  indices: Type.Array(PqIndex),
  /** the lowest compliance among the limited indices; null without samples */
  overallCompliancePct: Num,
  /** false while part of the window's readings still waits for aggregation (the figures cover the aggregated part) */
  complete: Type.Optional(Type.Boolean()),
});
export type PqSummary = Static<typeof PqSummary>;

/** What a year of a suggestion is worth: active energy (kWh) and money (¥, null without a tariff price). */
const Saving = Type.Union([Type.Object({ kwhPerYear: Type.Number(), yuanPerYear: Type.Union([Type.Number(), Type.Null()]) }), Type.Null()]);

/**
 * A fleet-table suggestion: 'overloaded' (peak load rate above 100 %); 'lightLoad' (mean load rate
 * below the optimal zone's lower bound 1.33 β_JZ²: merge its load onto `into` and disconnect it,
 * or, `into` null, no unit can take it); 'belowGrade' (fails GB 20052-2024 grade 3: a grade-1 unit
 * of the same rating at the measured load saves `saving`).
 */
export const TransformerSuggestion = Type.Union([
  Type.Object({
    kind: Type.Literal('overloaded'),
    loadRateMaxPct: Type.Number(),
    /** the unit that can take the part above the rating in every overloaded interval, saving the most load loss (null: none can) */
    into: Type.Optional(Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), loadRateMaxPct: Type.Number() }), Type.Null()])),
    saving: Type.Optional(Saving),
  }),
  Type.Object({
    kind: Type.Literal('lightLoad'),
    loadRateAvgPct: Type.Number(),
    thresholdPct: Type.Number(),
    into: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), loadRateAvgPct: Type.Number(), loadRateMaxPct: Type.Number() }), Type.Null()]),
    saving: Saving,
  }),
  Type.Object({ kind: Type.Literal('belowGrade'), p0Kw: Type.Number(), pkKw: Type.Number(), gradeOne: Type.Object({ p0Kw: Type.Number(), pkKw: Type.Number() }), saving: Saving }),
]);
export type TransformerSuggestion = Static<typeof TransformerSuggestion>;

/** One transformer of the fleet over the range. */
export const TransformerRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ratedKva: Num,
  p0Kw: Num,
  pkKw: Num,
  i0Pct: Num,
  ukPct: Num,
  insulation: Str,
  /** the LV main meter the figures come from; null: none in the model */
  meterId: Type.Union([Type.Integer(), Type.Null()]),
  meterName: Str,
  /** mean and peak β × 100 over the intervals with data */
  loadRateAvgPct: Num,
  loadRateMaxPct: Num,
  loadRateMaxTime: Num,
  /** LV output energy, kWh */
  energyKwh: Num,
  noLoadLossKwh: Num,
  loadLossKwh: Num,
  lossKwh: Num,
  /** η = E_out / (E_out + E_loss) × 100 */
  efficiencyPct: Num,
  /** β_opt = √(P0/Pk) and β_JZ (comprehensive economic) × 100 */
  optimumLoadRatePct: Num,
  economicLoadRatePct: Num,
  /** zone of the mean β */
  zone: Type.Union([LoadZoneT, Type.Null()]),
  /** hours in each zone */
  zoneHours: Type.Object({ light: Type.Number(), economic: Type.Number(), optimal: Type.Number(), over: Type.Number() }),
  /** GB 20052 grade from the nameplate */
  grade: GradeT,
  /** what to do about it (DOMAIN §5), each with its reason and, where the load allows, what a year of it is worth; empty: nothing */
  suggestions: Type.Array(TransformerSuggestion),
  /** intervals read and those with data */
  intervals: Type.Integer(),
  intervalsWithData: Type.Integer(),
  pq: Type.Union([PqSummary, Type.Null()]),
});
export type TransformerRow = Static<typeof TransformerRow>;

export const TransformerFleet = Type.Object({
  projectId: Type.Integer(),
  timezone: Type.String(),
  /** the range read, [from, to) ms: whole local days, capped at now */
  from: Type.Integer(),
  to: Type.Integer(),
  /** '15m' or 'hour' */
  grain: Type.String(),
  rows: Type.Array(TransformerRow),
});
export type TransformerFleet = Static<typeof TransformerFleet>;

export const LoadPoint = Type.Object({
  t: Type.Integer(),
  kw: Num,
  kvar: Num,
  /** β × 100 */
  loadRatePct: Num,
});
export type LoadPoint = Static<typeof LoadPoint>;

/** A PQ value of the trend: a 10-min value, or the mean of them over the trend step (null: no samples). */
export const PqTrendPoint = Type.Object({
  t: Type.Integer(),
  /** voltage deviation per phase, % */
  devA: Num,
  devB: Num,
  devC: Num,
  unbalance: Num,
  thdA: Num,
  thdB: Num,
  thdC: Num,
});
export type PqTrendPoint = Static<typeof PqTrendPoint>;

/** One harmonic order of the phase-A spectrum: CP95 of its 10-min values and the individual limit. */
export const SpectrumBar = Type.Object({
  order: Type.Integer(),
  voltagePct: Num,
  currentA: Num,
  limitPct: Type.Number(),
  /** share of 10-min values over the limit, % */
  overPct: Num,
});
export type SpectrumBar = Static<typeof SpectrumBar>;

export const TransformerAnalysis = Type.Object({
  row: TransformerRow,
  timezone: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  grain: Type.String(),
  load: Type.Array(LoadPoint),
  /** zone bounds as β × 100: economic [economicLower, 100], optimal [optimalLower, optimalUpper] */
  zoneBounds: Type.Union([
    Type.Object({ economicLower: Type.Number(), optimalLower: Type.Number(), optimalUpper: Type.Number(), economicUpper: Type.Number() }),
    Type.Null(),
  ]),
  /** η (%) against β (%) at the range's mean cosφ, β from 0 to 120 % */
  etaCurve: Type.Array(Type.Object({ loadRatePct: Type.Number(), efficiencyPct: Type.Number() })),
  cosPhi: Num,
  optimum: Type.Union([Type.Object({ loadRatePct: Type.Number(), efficiencyPct: Type.Number() }), Type.Null()]),
  /** today's hourly operating points (local day of now) */
  today: Type.Array(Type.Object({ t: Type.Integer(), loadRatePct: Type.Number(), efficiencyPct: Type.Number() })),
  pqTrend: Type.Array(PqTrendPoint),
  /** the trend's step, ms: 10-min values up to 7 days, hourly means up to 35 days, daily means beyond */
  pqTrendStepMs: Type.Optional(Type.Integer()),
  spectrum: Type.Array(SpectrumBar),
  /** limits used by the trend's lines */
  limits: Type.Object({ voltageDeviationLower: Type.Number(), voltageDeviationUpper: Type.Number(), unbalanceUpper: Type.Number(), thdUpper: Type.Number(), oddPct: Type.Number(), evenPct: Type.Number() }),
});
export type TransformerAnalysis = Static<typeof TransformerAnalysis>;

/**
 * Transformer efficiency (issue 14, /transformerEnergyEfficiency; DOMAIN §5 with §3's tariff): the
 * fleet over the range with losses in kWh and ¥, its totals (the sums of the rows), and one unit in
 * depth. No-load losses are priced at each interval's TOU price (round the clock), load losses at
 * the TOU price of the intervals where they occur (β² weighting), by the tariff scheme attached to
 * the project, version by version.
 */
export const TransformerEfficiencyQuery = Type.Object(
  {
    projectId: Id,
    /** the date-range selector's start and end (inclusive), ms; widened to whole local days, at most POWER_MAX_RANGE_MS */
    startTime: Ms,
    endTime: Ms,
    /** the unit shown in depth; absent: the first of the fleet */
    transformerId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type TransformerEfficiencyQuery = Static<typeof TransformerEfficiencyQuery>;

/** A fleet row with its losses in money: kWh to 0.1 and ¥ to 0.01, loss = no-load + load as shown. */
export const TransformerEfficiencyRow = Type.Composite([
  TransformerRow,
  Type.Object({
    noLoadLossYuan: Num,
    loadLossYuan: Num,
    lossYuan: Num,
    /** E_loss / (E_out + E_loss) × 100 */
    lossRatePct: Num,
  }),
]);
export type TransformerEfficiencyRow = Static<typeof TransformerEfficiencyRow>;

const ZoneHours = Type.Object({ light: Type.Number(), economic: Type.Number(), optimal: Type.Number(), over: Type.Number() });

/** The fleet's totals: the sums of the rows (energy, losses, money, zone hours), loss rate and η from the sums, the capacity-weighted mean load rate. */
export const TransformerEfficiencyTotals = Type.Object({
  ratedKva: Type.Number(),
  energyKwh: Type.Number(),
  noLoadLossKwh: Type.Number(),
  loadLossKwh: Type.Number(),
  lossKwh: Type.Number(),
  noLoadLossYuan: Num,
  loadLossYuan: Num,
  lossYuan: Num,
  lossRatePct: Num,
  efficiencyPct: Num,
  /** Σ β_i S_N,i / Σ S_N,i × 100 */
  loadRateAvgPct: Num,
  zoneHours: ZoneHours,
});
export type TransformerEfficiencyTotals = Static<typeof TransformerEfficiencyTotals>;

/** One bucket of the chosen unit (an hour, a local day or a local month by `step`): output, losses and their money. */
export const EfficiencyBucket = Type.Object({
  t: Type.Integer(),
  /** measured hours in the bucket */
  hours: Type.Number(),
  energyKwh: Num,
  noLoadLossKwh: Num,
  loadLossKwh: Num,
  noLoadLossYuan: Num,
  loadLossYuan: Num,
  loadRateAvgPct: Num,
});
export type EfficiencyBucket = Static<typeof EfficiencyBucket>;

/** The chosen unit in depth: load curve with the zone bounds, its buckets, η curve with the operating point and the optimum. */
export const TransformerEfficiencyDetail = Type.Object({
  transformerId: Type.Integer(),
  /** the rollup buckets' load, reduced to the lowest and highest load rate per 2 px of a 1 200 px chart when longer (at most 2 400 points; peaks kept) */
  load: Type.Array(LoadPoint),
  zoneBounds: Type.Union([Type.Object({ economicLower: Type.Number(), optimalLower: Type.Number(), optimalUpper: Type.Number(), economicUpper: Type.Number() }), Type.Null()]),
  buckets: Type.Array(EfficiencyBucket),
  /** η (%) against β (%) at the range's mean cosφ */
  etaCurve: Type.Array(Type.Object({ loadRatePct: Type.Number(), efficiencyPct: Type.Number() })),
  cosPhi: Num,
  /** β_opt = √(P0/Pk) and η there */
  optimum: Type.Union([Type.Object({ loadRatePct: Type.Number(), efficiencyPct: Type.Number() }), Type.Null()]),
  /** the mean load rate over the range and η there */
  operating: Type.Union([Type.Object({ loadRatePct: Type.Number(), efficiencyPct: Type.Number() }), Type.Null()]),
});
export type TransformerEfficiencyDetail = Static<typeof TransformerEfficiencyDetail>;

export const TransformerEfficiency = Type.Object({
  projectId: Type.Integer(),
  timezone: Type.String(),
  /** the range read, [from, to) ms: whole local days */
  from: Type.Integer(),
  to: Type.Integer(),
  /** the rollups read: '15m' (ranges up to POWER_15M_MAX_DAYS) or 'hour' */
  grain: Type.String(),
  /** the chosen unit's buckets: 'hour' (up to 2 days), 'day' (up to 62 days) or 'month' */
  step: Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('month')]),
  /** the tariff the ¥ come from: the project's scheme (null: none, no ¥); hours of the fleet's measured hours without a price */
  tariff: Type.Object({ schemeId: Type.Union([Type.Integer(), Type.Null()]), schemeName: Str, unpricedHours: Type.Number() }),
  rows: Type.Array(TransformerEfficiencyRow),
  totals: TransformerEfficiencyTotals,
  detail: Type.Union([TransformerEfficiencyDetail, Type.Null()]),
});
export type TransformerEfficiency = Static<typeof TransformerEfficiency>;
