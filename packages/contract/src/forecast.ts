import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';

/**
 * Consumption forecasting (issue 5, /energyPredict and /energyPredictionAndAnalysis; DOMAIN.md §12).
 * The node's consumption is read from the counter rollups exactly as /energyConsumption sums it (the
 * top-level counter meters of the energy type in the node's subtree). Two forecasters run on it,
 * similar-day (mean of the last days of the same day type: working day, Saturday, Sunday/holiday)
 * and additive Holt-Winters; a rolling-origin back-test on the node's own history picks one (method
 * 'auto') or the caller names one. The P10–P90 band is the forecast plus the 10th/90th percentile
 * of the back-test's residuals. Metrics are judged against ASHRAE Guideline 14 (hourly CV(RMSE) ≤
 * 30 %, |NMBE| ≤ 10 %; monthly 15 % / 5 %) and the day-ahead daily MAPE target (≤ 10 %).
 */
export const FORECAST_API = {
  /** POST ForecastQuery → Forecast: next 24 h (hourly), 7 days and the rest of the month (daily), month-end projection and bill */
  predict: '/eem-service/v1/forecast/predict',
  /** POST ForecastExportQuery → the horizon's forecast table as .xlsx, file name in content-disposition */
  predictExport: '/eem-service/v1/forecast/predict/export',
  /** POST ForecastAnalysisQuery → ForecastAnalysis: a past range, actual against the day-ahead forecast */
  analysis: '/eem-service/v1/forecast/analysis',
  /** POST ForecastAnalysisQuery → the range's table as .xlsx */
  analysisExport: '/eem-service/v1/forecast/analysis/export',
} as const;

/** Longest range of the forecast analysis, ms (93 days). */
export const FORECAST_MAX_RANGE_MS = 93 * 86_400_000;
/** A range up to this span is compared hour by hour, longer ones day by day. */
export const FORECAST_HOURLY_MAX_MS = 7 * 86_400_000;

export const FORECAST_METHOD_VALUES = ['auto', 'similarDay', 'holtWinters'] as const;
export const ForecastMethod = Type.Union(FORECAST_METHOD_VALUES.map((m) => Type.Literal(m)));
export type ForecastMethod = Static<typeof ForecastMethod>;
/** A method that ran (auto resolved). */
export const ForecastModel = Type.Union([Type.Literal('similarDay'), Type.Literal('holtWinters')]);
export type ForecastModel = Static<typeof ForecastModel>;

const NodeFields = {
  /** the node (modelLabel + id); modelLabel 'project' with the project's id for the whole project */
  nodeId: Id,
  modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
  /** ENERGY_TYPE code with a counter data point */
  energyType: Id,
  /** 'auto' (default): the back-test picks per node and horizon */
  method: Type.Optional(ForecastMethod),
};

export const ForecastQuery = Type.Object(NodeFields, { additionalProperties: false });
export type ForecastQuery = Static<typeof ForecastQuery>;

export const ForecastHorizonKey = Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]);
export type ForecastHorizonKey = Static<typeof ForecastHorizonKey>;

export const ForecastExportQuery = Type.Object({ ...NodeFields, horizon: ForecastHorizonKey }, { additionalProperties: false });
export type ForecastExportQuery = Static<typeof ForecastExportQuery>;

export const ForecastAnalysisQuery = Type.Object(
  {
    ...NodeFields,
    /** the date-range selector's start, ms */
    startTime: Type.Integer({ minimum: 946684800000, maximum: 4102444800000 }),
    /** its end, ms, inclusive */
    endTime: Type.Integer({ minimum: 946684800000, maximum: 4102444800000 }),
    /** 1 day, 2 week, 3 month (the unit of the project's calendar holding the middle of the range), 6/7 custom; at most 93 days */
    dateType: Type.Integer({ minimum: 1, maximum: 7 }),
  },
  { additionalProperties: false },
);
export type ForecastAnalysisQuery = Static<typeof ForecastAnalysisQuery>;

const Num = Type.Union([Type.Number(), Type.Null()]);

/** Accuracy of forecasts against actuals, % (DOMAIN §12); null when nothing could be compared. */
export const ForecastMetrics = Type.Object({
  /** pairs compared */
  n: Type.Integer(),
  mapePct: Num,
  wapePct: Num,
  cvRmsePct: Num,
  /** > 0: over-forecast */
  nmbePct: Num,
});
export type ForecastMetrics = Static<typeof ForecastMetrics>;

/** The limits the metrics are judged by, and the verdicts (null: metric missing). */
export const ForecastJudgement = Type.Object({
  /** ASHRAE Guideline 14 resolution whose limits apply */
  resolution: Type.Union([Type.Literal('hourly'), Type.Literal('monthly')]),
  cvRmseLimitPct: Type.Number(),
  nmbeLimitPct: Type.Number(),
  /** MAPE target (day-ahead daily 10 %), null where no target is set */
  mapeTargetPct: Num,
  cvRmsePass: Type.Union([Type.Boolean(), Type.Null()]),
  nmbePass: Type.Union([Type.Boolean(), Type.Null()]),
  mapePass: Type.Union([Type.Boolean(), Type.Null()]),
});
export type ForecastJudgement = Static<typeof ForecastJudgement>;

/** A method's back-test (null metrics when it could not run on the history). */
export const ForecastCandidate = Type.Object({ method: ForecastModel, metrics: Type.Union([ForecastMetrics, Type.Null()]) });
export type ForecastCandidate = Static<typeof ForecastCandidate>;

export const ForecastPoint = Type.Object({
  /** bucket start, ms */
  time: Type.Integer(),
  /** what is known of the bucket so far (the bucket in progress: up to now), else null */
  actual: Num,
  p10: Type.Number(),
  p50: Type.Number(),
  p90: Type.Number(),
});
export type ForecastPoint = Static<typeof ForecastPoint>;

export const ForecastHorizon = Type.Object({
  key: ForecastHorizonKey,
  grain: Type.Union([Type.Literal('hour'), Type.Literal('day')]),
  /** the method that produced the points */
  method: ForecastModel,
  points: Type.Array(ForecastPoint),
  /** the same number of buckets just before (the day horizon: the last 24 h; week: the last 7 days; month: the month so far), for the chart */
  recent: Type.Array(Type.Object({ time: Type.Integer(), value: Num })),
  /** Σ p50 (and the band's sums) over the points */
  total: Type.Object({ p10: Type.Number(), p50: Type.Number(), p90: Type.Number() }),
  /** the back-test of the method at this horizon (rolling origins over the node's history) */
  backtest: ForecastMetrics,
  /** forecast origins in the back-test */
  folds: Type.Integer(),
  /**
   * day: hourly limits on the hourly back-test; week: hourly limits on daily values (Guideline 14 sets
   * none for days, the hourly ones are the looser); month: monthly limits on the horizon totals
   */
  judgement: ForecastJudgement,
  /** every method's back-test at this horizon (the choice of 'auto' is the lowest CV(RMSE)) */
  candidates: Type.Array(ForecastCandidate),
});
export type ForecastHorizon = Static<typeof ForecastHorizon>;

/** Month-end bill projected with the node's tariff scheme (electricity only): a projection, not a bill. */
export const ProjectedBill = Type.Object({
  schemeId: Type.Union([Type.Integer(), Type.Null()]),
  schemeName: Type.Union([Type.String(), Type.Null()]),
  year: Type.Integer(),
  month: Type.Integer(),
  /** the billing period, ms */
  from: Type.Integer(),
  to: Type.Integer(),
  /** false without a scheme version in force (then every fen is 0) */
  billed: Type.Boolean(),
  /** the bill of the period so far (what /energyCostAnalysis shows for the month), fen */
  toDateFen: Type.Integer(),
  /** the period's bill with the rest forecast, fen, at P10 / P50 / P90 of the forecast */
  p10Fen: Type.Integer(),
  p50Fen: Type.Integer(),
  p90Fen: Type.Integer(),
  /** composition of the P50 projection, fen */
  energyFen: Type.Integer(),
  basicFen: Type.Integer(),
  pfFen: Type.Integer(),
  surchargeFen: Type.Integer(),
  averagePriceYuanPerKwh: Num,
});
export type ProjectedBill = Static<typeof ProjectedBill>;

export const MonthProjection = Type.Object({
  /** the calendar month, [from, to) ms */
  from: Type.Integer(),
  to: Type.Integer(),
  /** consumption from the month's start to now */
  actualToDate: Num,
  /** actual to date + the forecast of the rest (band sums) */
  p10: Type.Number(),
  p50: Type.Number(),
  p90: Type.Number(),
  /** null for energy types other than electricity, or a node without electricity meters */
  bill: Type.Union([ProjectedBill, Type.Null()]),
});
export type MonthProjection = Static<typeof MonthProjection>;

export const Forecast = Type.Object({
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  name: Type.String(),
  energyType: Type.Integer(),
  unit: Type.String(),
  timezone: Type.String(),
  /** the forecast origin: the start of the current local hour */
  origin: Type.Integer(),
  method: ForecastMethod,
  /** energy types with counter meters in the node's subtree */
  energyTypes: Type.Array(Type.Integer()),
  meterCount: Type.Integer(),
  /** days of history the models learnt from (hourly model) */
  historyDays: Type.Integer(),
  /**
   * next 24 h hourly; 7 days from today; today to the month's end (today: actual so far + the
   * hourly forecast of its rest). A horizon whose model lacks history (7 days of hours, 14 days) is left out.
   */
  horizons: Type.Array(ForecastHorizon),
  /** one-day-ahead daily back-test (28 origins) of the daily model: the accuracy figure; null without 14 days of history */
  dayAhead: Type.Union([
    Type.Object({ method: ForecastModel, metrics: ForecastMetrics, folds: Type.Integer(), judgement: ForecastJudgement, candidates: Type.Array(ForecastCandidate) }),
    Type.Null(),
  ]),
  /** null when the month cannot be projected (no horizon) */
  month: Type.Union([MonthProjection, Type.Null()]),
});
export type Forecast = Static<typeof Forecast>;

export const ForecastAnalysisPoint = Type.Object({
  time: Type.Integer(),
  actual: Num,
  /** the day-ahead forecast of the bucket (made from the history before its local day) */
  forecast: Num,
  p10: Num,
  p90: Num,
  /** forecast − actual */
  error: Num,
  /** |error| / actual × 100 */
  errorPct: Num,
});
export type ForecastAnalysisPoint = Static<typeof ForecastAnalysisPoint>;

export const ForecastAnalysis = Type.Object({
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  name: Type.String(),
  energyType: Type.Integer(),
  unit: Type.String(),
  timezone: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  grain: Type.Union([Type.Literal('hour'), Type.Literal('day')]),
  method: ForecastMethod,
  /** the method used (auto: chosen by the back-test before the range) */
  model: ForecastModel,
  energyTypes: Type.Array(Type.Integer()),
  meterCount: Type.Integer(),
  points: Type.Array(ForecastAnalysisPoint),
  /** accuracy over the range of the method used */
  metrics: ForecastMetrics,
  judgement: ForecastJudgement,
  /** every method over the same range */
  candidates: Type.Array(ForecastCandidate),
  /** Σ actual and Σ forecast over the buckets both hold */
  totalActual: Num,
  totalForecast: Num,
});
export type ForecastAnalysis = Static<typeof ForecastAnalysis>;
