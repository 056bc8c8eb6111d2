import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';

/**
 * Energy-consumption analysis (issue 5, /energyConsumption; DOMAIN.md §1). Every figure is read from
 * the counter rollups (hour buckets for a day, day buckets for a week or month, month buckets for a
 * quarter or year) in the project's timezone, summed over the supply meters of the energy type in
 * the node's subtree: a meter with a meter of the same type up its parent chain (`parentMeterId`,
 * else the tree parent meter, followed through meters outside the subtree too) in the same subtree
 * is already counted there; meters with `purpose` 'output' are no consumption.
 */
export const ANALYSIS_API = {
  /** POST ConsumptionQuery → ConsumptionAnalysis (404 'no operation permission' outside the caller's projects) */
  consumption: '/eem-service/v1/analysis/consumption',
  /** POST ConsumptionQuery → the table as .xlsx, file name in content-disposition */
  consumptionExport: '/eem-service/v1/analysis/consumption/export',
} as const;

/** Longest range of a custom query, ms (400 days). */
export const ANALYSIS_MAX_RANGE_MS = 400 * 86_400_000;

/**
 * Bucket of the series. Chosen automatically (no `grain` in the query): hour (day view), day (week,
 * month), month (quarter, year); custom ranges by their span (up to 2 days hours, up to 62 days days,
 * beyond months).
 */
export const AnalysisGrain = Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('month')]);
export type AnalysisGrain = Static<typeof AnalysisGrain>;

/**
 * Longest range, in local days of the project's calendar, a requested grain may cover (issue 16):
 * hours up to 31 days (744 buckets), days up to 366 (a leap year); months any range the query allows.
 */
export const ANALYSIS_GRAIN_MAX_DAYS = { hour: 31, day: 366 } as const;

export const ConsumptionQuery = Type.Object(
  {
    /** the node (modelLabel + id); modelLabel 'project' with the project's id for the whole project */
    nodeId: Id,
    modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
    /** ENERGY_TYPE code */
    energyType: Id,
    /** the date-range selector's start, ms */
    startTime: Type.Integer({ minimum: 946684800000, maximum: 4102444800000 }),
    /** the date-range selector's end, ms, inclusive (e.g. 23:59:59.999 of the last day) */
    endTime: Type.Integer({ minimum: 946684800000, maximum: 4102444800000 }),
    /**
     * the selector's type: 1 day, 2 week, 3 month, 4 quarter, 5 year (the unit of the project's
     * calendar holding the middle of the range), 6 custom dates, 7 custom date-times (the range as given)
     */
    dateType: Type.Integer({ minimum: 1, maximum: 7 }),
    /** rank the child nodes and fill the table (default true) */
    ranking: Type.Optional(Type.Boolean()),
    /**
     * the bucket asked for (issue 16); omitted: chosen by the selector type and span ({@link AnalysisGrain}).
     * A grain finer than {@link ANALYSIS_GRAIN_MAX_DAYS} allows for the resolved range is 400 naming `grain`
     */
    grain: Type.Optional(AnalysisGrain),
  },
  { additionalProperties: false },
);
export type ConsumptionQuery = Static<typeof ConsumptionQuery>;

const Num = Type.Union([Type.Number(), Type.Null()]);

export const ConsumptionKpi = Type.Object({
  /** consumption over the whole range, in `unit`; null when no bucket holds a value */
  total: Num,
  /** standard coal, tce, over purchased supplies (meters with supply 'onsite' left out); null without a factor */
  tce: Num,
  /** CO₂, t, over purchased supplies; null without a factor */
  co2T: Num,
  /** the part compared like for like: the whole range, or for a range holding now up to the start of the current local hour */
  compared: Num,
  /** 同比 reference: the same part one year earlier */
  yoyReference: Num,
  /** 环比 reference: the same part of the previous adjacent period */
  momReference: Num,
  /** (compared − yoyReference) / yoyReference × 100; null when the reference is 0 or missing */
  yoyPct: Num,
  momPct: Num,
  /**
   * 15-min intervals the 同比 / 环比 reference holds ÷ those of the compared part × 100 (capped at
   * 100); below 100 the reference is incomplete (history shorter than a year, a meter added since),
   * so the change overstates; null when nothing is compared
   */
  yoyCoveragePct: Num,
  momCoveragePct: Num,
  /** node or project area, m² (attrs areaM2, project area_m2); null when not set */
  areaM2: Num,
  /** total / areaM2 (unit per m²); null without an area */
  intensityPerM2: Num,
  /**
   * production output over the range: Σ of the output counters (DATA_ID.productionOutput) of the
   * nodes in the subtree that carry one (attrs.outputUnit), an output node inside another counted once;
   * null when the subtree has none
   */
  output: Type.Optional(Num),
  /** unit of the output, e.g. 'pcs'; null without output counters */
  outputUnit: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** total / output (unit per piece): 单耗; null without output or when it is 0 */
  intensityPerOutput: Type.Optional(Num),
  /** Σ n_good / Σ n_intervals of the meters' buckets × 100; null when no interval */
  qualityPct: Num,
});
export type ConsumptionKpi = Static<typeof ConsumptionKpi>;

/** Electricity by time-of-use period (DOMAIN §3), kWh. */
export const TouSplit = Type.Object({
  sharp: Type.Number(),
  peak: Type.Number(),
  flat: Type.Number(),
  valley: Type.Number(),
  deepValley: Type.Number(),
});
export type TouSplit = Static<typeof TouSplit>;

export const ConsumptionBucket = Type.Object({
  /** bucket start, ms (local calendar of the project) */
  time: Type.Integer(),
  value: Num,
  /** the same bucket one year earlier */
  lastYear: Num,
  /** electricity with a tariff scheme: the bucket by time-of-use period (null when no interval of it was classified) */
  tou: Type.Optional(Type.Union([TouSplit, Type.Null()])),
});
export type ConsumptionBucket = Static<typeof ConsumptionBucket>;

/** Child nodes listed in the ranking even without a meter of the energy type (places); other nodes only with one. */
export const ANALYSIS_PLACE_LABELS = ['building', 'floor', 'room', 'distributionroom'] as const;

export const ConsumptionChild = Type.Object({
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  name: Type.String(),
  /**
   * the child's own consumption over the range, unit of the energy type: what enters it through its
   * meters less what its meters pass on to meters sited in another child or at the node (@ems/domain
   * partitionWeights), so each unit counts in one child only; null when the child holds no meter of
   * the type
   */
  value: Num,
  /** value / the node's total × 100: the children's shares and the unassigned part's add up to 100 */
  sharePct: Num,
  /** like-for-like 同比 and 环比, % */
  yoyPct: Num,
  momPct: Num,
  areaM2: Num,
  intensityPerM2: Num,
  /** the child's production output and consumption per unit of it (see ConsumptionKpi) */
  output: Type.Optional(Num),
  intensityPerOutput: Type.Optional(Num),
  /** n_good / n_intervals × 100 over the range */
  qualityPct: Num,
  /** meters of the energy type through which energy enters this child (its boundary meters) */
  meterCount: Type.Integer(),
  /** per bucket of `series`, for stacking */
  series: Type.Array(Num),
});
export type ConsumptionChild = Static<typeof ConsumptionChild>;

export const ConsumptionAnalysis = Type.Object({
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  name: Type.String(),
  energyType: Type.Integer(),
  /** register unit of the energy type (ENERGY_TYPE_VALUES), e.g. 'kWh' */
  unit: Type.String(),
  timezone: Type.String(),
  /** the range read, [from, to) ms, in the project's calendar */
  from: Type.Integer(),
  to: Type.Integer(),
  grain: AnalysisGrain,
  /** end of the like-for-like comparison (to, or the start of the current local hour) */
  comparedUntil: Type.Integer(),
  /** energy types with counter meters in the node's subtree (for the type picker) */
  energyTypes: Type.Array(Type.Integer()),
  /** top-level meters of the energy type summed */
  meterCount: Type.Integer(),
  kpi: ConsumptionKpi,
  series: Type.Array(ConsumptionBucket),
  /**
   * the child nodes, largest first: places ({@link ANALYSIS_PLACE_LABELS}) always, other nodes when
   * they hold a meter of the energy type (empty when ranking is false)
   */
  children: Type.Array(ConsumptionChild),
  /**
   * the part of the node's total metered at the node itself, outside every child (meters sited
   * directly under it, less what they pass on to the children); null without such meters or when
   * ranking is false
   */
  unassigned: Type.Optional(
    Type.Union([
      Type.Object({
        value: Num,
        sharePct: Num,
        meterCount: Type.Integer(),
        series: Type.Array(Num),
      }),
      Type.Null(),
    ]),
  ),
  /**
   * electricity only: the split by time-of-use period under the tariff scheme attached to the node
   * (or its nearest ancestor, or the project), each interval by the version in force on its local
   * day; null for other energy types or without a scheme
   */
  tou: Type.Optional(
    Type.Union([
      Type.Object({
        schemeName: Type.String(),
        totals: TouSplit,
        /** kWh of intervals before the first version or outside its calendar */
        unclassified: Type.Number(),
      }),
      Type.Null(),
    ]),
  ),
});
export type ConsumptionAnalysis = Static<typeof ConsumptionAnalysis>;
