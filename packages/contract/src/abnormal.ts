import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id, PageIndex, PageSize } from './bounds.js';

/**
 * Abnormal consumption (DOMAIN.md §10; issue 15: /useException, /energyLossEvent's waste). A rule
 * watches meters by one of three kinds:
 * - percent: each 15-min interval against its baseline (warn above warnPct, alarm above alarmPct): the
 *   mean of the same local weekday and time over the last `weeks` weeks, or (baseline 'regression')
 *   the day's consumption predicted from weather and production by a least-squares fit on the
 *   `weeks` weeks before it, spread on the weekday shape;
 * - period: consumption inside the non-working calendar (nights, weekend days, holidays, breaks) above
 *   a limit per hour and/or per window; or, instead, the base-load ratio min / mean load of each
 *   working day above baseLoadRatioPct;
 * - usage: the consumption of each local month (or year) against its quota (alarm once exceeded, warn
 *   when over the pro-rated quota or projected to breach it).
 * Findings (runs of abnormal intervals) are stored once per rule, meter and start, with the waste
 * (Σ max(0, actual − expected), in the meter's register unit) and its cost in fen, and each raises a
 * 703 event (or adds its waste to the night-use algorithm's 703 event on the same meter it overlaps).
 * Suspect (3) and reset (4) intervals are never judged and never waste.
 */
export const ABNORMAL_API = {
  /** GET ?projectId&kind? → AbnormalRule[] */
  rules: '/eem-service/v1/abnormal/rules',
  /** GET ?projectId → AbnormalOptions (the meters a rule may watch) */
  options: '/eem-service/v1/abnormal/options',
  /** POST AbnormalRuleInput → AbnormalRule */
  create: '/eem-service/v1/abnormal/rule',
  /** PUT AbnormalRuleInput → AbnormalRule */
  update: '/eem-service/v1/abnormal/rule/:id',
  /** DELETE → the id (its findings go with it; their events stay) */
  remove: '/eem-service/v1/abnormal/rule/:id',
  /** POST AbnormalEvaluateBody → AbnormalEvaluation: evaluates now (the page's button) */
  evaluate: '/eem-service/v1/abnormal/evaluate',
  /** POST AbnormalResultsQuery → AbnormalResults: a rule's chart, findings and heat-map on one meter */
  results: '/eem-service/v1/abnormal/results',
  /** POST AbnormalFindingsQuery → { list: AbnormalFindingRecord[], total } */
  findings: '/eem-service/v1/abnormal/findings',
  /** PUT AbnormalStatusBody → AbnormalFindingRecord */
  findingStatus: '/eem-service/v1/abnormal/finding/:id/status',
  /** POST WasteAnalysisQuery → WasteAnalysis: nodes ranked by waste (¥, then amount) */
  wasteAnalysis: '/eem-service/v1/abnormal/wasteAnalysis',
} as const;

/** The longest range of one request: 400 days (a year and its margins). */
export const ABNORMAL_MAX_RANGE_MS = 400 * 86_400_000;
/** At most this many meters per rule. */
export const ABNORMAL_MAX_METERS = 20;

export const ABNORMAL_RULE_KINDS = ['percent', 'period', 'usage'] as const;
export const AbnormalRuleKind = Type.Union([Type.Literal('percent'), Type.Literal('period'), Type.Literal('usage')]);
export type AbnormalRuleKind = Static<typeof AbnormalRuleKind>;

/** The custom permissions (spec section 6) that let a role create/edit and delete rules of a kind. */
export const ABNORMAL_RULE_PERMISSIONS: Readonly<Record<AbnormalRuleKind, { update: string; remove: string }>> = {
  percent: { update: 'percent_rule_update', remove: 'percent_rule_delete' },
  period: { update: 'period_rule_update', remove: 'period_rule_delete' },
  usage: { update: 'consumption_rule_update', remove: 'consumption_rule_delete' },
};

export const AbnormalLevelT = Type.Union([Type.Literal('warn'), Type.Literal('alarm')]);
export type AbnormalLevelT = Static<typeof AbnormalLevelT>;
export const FindingStatus = Type.Union([Type.Literal('open'), Type.Literal('acknowledged'), Type.Literal('closed')]);
export type FindingStatus = Static<typeof FindingStatus>;

/** A daily local range 'HH:mm'–'HH:mm' (end ≤ start runs past midnight). */
export const DailyRangeT = Type.Object({ start: Type.String({ pattern: '^\\d{1,2}:\\d{2}$' }), end: Type.String({ pattern: '^\\d{1,2}:\\d{2}$' }) }, { additionalProperties: false });

/** The percent rule's baseline: the same weekday and time of day, or the weather/production regression. */
export const AbnormalBaselineKind = Type.Union([Type.Literal('weekday'), Type.Literal('regression')]);
export type AbnormalBaselineKind = Static<typeof AbnormalBaselineKind>;

/**
 * Parameters; the fields of the rule's kind are read, the others must be absent.
 * percent: warnPct (default 20), alarmPct (40, ≥ warnPct), weeks (4, 1…8), minExcess (dead band per 15 min, default 0),
 *   baseline ('weekday' default; 'regression' needs weeks ≥ 2).
 * period: either nights / weekendDays / holidays / breaks (at least one) with limitPerHour and/or limitPerWindow;
 *   or baseLoadRatioPct (1…100) without limits: a working day (not one of weekendDays / holidays) whose
 *   min / mean 15-min load is above it is a finding, waste (min − ratio × mean) in each interval of the day.
 * usage: quota and quotaPeriod ('month' default, or 'year').
 * any kind: unitPrice ¥ per register unit (water m³, gas m³…); absent on an electricity meter: the project's TOU tariff.
 */
export const AbnormalParams = Type.Object(
  {
    warnPct: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000 })),
    alarmPct: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000 })),
    weeks: Type.Optional(Type.Integer({ minimum: 1, maximum: 8 })),
    minExcess: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    baseline: Type.Optional(AbnormalBaselineKind),
    nights: Type.Optional(Type.Array(DailyRangeT, { maxItems: 4 })),
    weekendDays: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7 })),
    holidays: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), { maxItems: 366 })),
    breaks: Type.Optional(Type.Array(DailyRangeT, { maxItems: 6 })),
    limitPerHour: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    limitPerWindow: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
    baseLoadRatioPct: Type.Optional(Type.Number({ minimum: 1, maximum: 100 })),
    quota: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 })),
    quotaPeriod: Type.Optional(Type.Union([Type.Literal('month'), Type.Literal('year')])),
    unitPrice: Type.Optional(Type.Number({ minimum: 0, maximum: 1e6 })),
  },
  { additionalProperties: false },
);
export type AbnormalParams = Static<typeof AbnormalParams>;

export const AbnormalRuleInput = Type.Object(
  {
    projectId: Id,
    kind: AbnormalRuleKind,
    name: Type.String({ minLength: 1, maxLength: 50 }),
    /** meters of the project (nodes with an energy type) */
    meterIds: Type.Array(Id, { minItems: 1, maxItems: ABNORMAL_MAX_METERS }),
    params: AbnormalParams,
    /** the level of period and usage findings (percent findings take theirs from warnPct / alarmPct); default alarm */
    level: Type.Optional(AbnormalLevelT),
    /** shortest finding, minutes (a multiple of 15; default 15) */
    minDurationMin: Type.Optional(Type.Integer({ minimum: 15, maximum: 10_080 })),
    enabled: Type.Boolean(),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type AbnormalRuleInput = Static<typeof AbnormalRuleInput>;

export const AbnormalRule = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  kind: AbnormalRuleKind,
  name: Type.String(),
  meters: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), unit: Type.String() })),
  params: AbnormalParams,
  level: AbnormalLevelT,
  minDurationMin: Type.Integer(),
  enabled: Type.Boolean(),
  description: Type.String(),
  /** evaluated up to (ms; 0: never) */
  evaluatedTo: Type.Integer(),
  updateTime: Type.Integer(),
});
export type AbnormalRule = Static<typeof AbnormalRule>;

export const AbnormalRulesQuery = Type.Object({ projectId: Id, kind: Type.Optional(AbnormalRuleKind) }, { additionalProperties: false });
export type AbnormalRulesQuery = Static<typeof AbnormalRulesQuery>;
export const AbnormalProjectQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export type AbnormalProjectQuery = Static<typeof AbnormalProjectQuery>;
export const AbnormalIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type AbnormalIdParam = Static<typeof AbnormalIdParam>;

export const AbnormalOptions = Type.Object({
  meters: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), path: Type.String(), energyType: Type.Integer(), unit: Type.String() })),
  /** whether the project has a TOU tariff (prices electricity waste) */
  priced: Type.Boolean(),
});
export type AbnormalOptions = Static<typeof AbnormalOptions>;

export const AbnormalEvaluateBody = Type.Object(
  { projectId: Id, ruleId: Type.Optional(Id), startTime: EpochMs, endTime: EpochMs },
  { additionalProperties: false },
);
export type AbnormalEvaluateBody = Static<typeof AbnormalEvaluateBody>;
export const AbnormalEvaluation = Type.Object({
  rules: Type.Integer(),
  /** findings new in the store, and stored ones that grew */
  created: Type.Integer(),
  updated: Type.Integer(),
  /** events raised (a finding joining a night-use event raises none) */
  events: Type.Integer(),
});
export type AbnormalEvaluation = Static<typeof AbnormalEvaluation>;

export const AbnormalFindingRecord = Type.Object({
  id: Type.Integer(),
  ruleId: Type.Integer(),
  ruleName: Type.String(),
  kind: AbnormalRuleKind,
  meterId: Type.Integer(),
  meterName: Type.String(),
  unit: Type.String(),
  start: Type.Integer(),
  end: Type.Integer(),
  level: AbnormalLevelT,
  actual: Type.Number(),
  expected: Type.Number(),
  /** waste in the meter's register unit (kWh for electricity) */
  excess: Type.Number(),
  /** its cost, fen (null: no price) */
  fen: Type.Union([Type.Integer(), Type.Null()]),
  status: FindingStatus,
  eventId: Type.Union([Type.Integer(), Type.Null()]),
  statusUser: Type.Union([Type.String(), Type.Null()]),
  statusTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type AbnormalFindingRecord = Static<typeof AbnormalFindingRecord>;

export const AbnormalFindingsQuery = Type.Object(
  {
    projectId: Id,
    ruleId: Type.Optional(Id),
    meterId: Type.Optional(Id),
    status: Type.Optional(FindingStatus),
    startTime: EpochMs,
    endTime: EpochMs,
    index: Type.Optional(PageIndex),
    limit: Type.Optional(PageSize),
  },
  { additionalProperties: false },
);
export type AbnormalFindingsQuery = Static<typeof AbnormalFindingsQuery>;

export const AbnormalStatusBody = Type.Object({ status: FindingStatus }, { additionalProperties: false });
export type AbnormalStatusBody = Static<typeof AbnormalStatusBody>;

export const AbnormalResultsQuery = Type.Object(
  { projectId: Id, ruleId: Id, meterId: Type.Optional(Id), startTime: EpochMs, endTime: EpochMs },
  { additionalProperties: false },
);
export type AbnormalResultsQuery = Static<typeof AbnormalResultsQuery>;

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/**
 * The regression baseline over a results range: which drivers the meter has (the project's weather
 * station's outdoor temperature; the production output counted where the meter is), how many local
 * days had a baseline, the days without one by reason (noDrivers: neither weather nor production;
 * tooFewDays: fewer than 14 usable days in the weeks before; noDayDrivers: the day's own weather or
 * production missing), and the latest day's fit.
 */
export const AbnormalRegressionSummary = Type.Object({
  weather: Type.Boolean(),
  production: Type.Boolean(),
  fittedDays: Type.Integer(),
  gaps: Type.Object({ noDrivers: Type.Integer(), tooFewDays: Type.Integer(), noDayDrivers: Type.Integer() }),
  /** the fit of the last day with one: E_day = intercept + hdd·HDD + cdd·CDD + production·P + saturday + sunday (null: not in the model) */
  model: Type.Union([
    Type.Object({
      date: Type.String(),
      n: Type.Integer(),
      r2: Type.Number(),
      cvRmsePct: NullableNumber,
      intercept: Type.Number(),
      hdd: NullableNumber,
      cdd: NullableNumber,
      production: NullableNumber,
      saturday: NullableNumber,
      sunday: NullableNumber,
    }),
    Type.Null(),
  ]),
});
export type AbnormalRegressionSummary = Static<typeof AbnormalRegressionSummary>;

/** The base-load ratio of each working local day of the range with enough data (¾ of the day). */
export const AbnormalBaseLoadSummary = Type.Object({
  maxRatioPct: Type.Number(),
  days: Type.Array(Type.Object({ date: Type.String(), ratioPct: Type.Number(), min: Type.Number(), mean: Type.Number(), abnormal: Type.Boolean() })),
});
export type AbnormalBaseLoadSummary = Static<typeof AbnormalBaseLoadSummary>;

export const AbnormalResults = Type.Object({
  ruleId: Type.Integer(),
  meterId: Type.Integer(),
  meterName: Type.String(),
  unit: Type.String(),
  timezone: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  /** the chart's bucket: 15 min up to 3 days, hour up to 31 days, else day */
  bucket: Type.Union([Type.Literal('15m'), Type.Literal('hour'), Type.Literal('day')]),
  /** per bucket: actual (usable intervals), expected (baseline / limit / pro-rated quota; null: none) */
  series: Type.Array(Type.Object({ start: Type.Integer(), actual: NullableNumber, expected: NullableNumber })),
  /** the abnormal spans to shade (the findings of the range as evaluated now; a non-working window still open is not one yet) */
  spans: Type.Array(Type.Object({ start: Type.Integer(), end: Type.Integer(), level: AbnormalLevelT })),
  /** intervals left out as suspect (3) or reset (4): flagged, never judged, never waste */
  flagged: Type.Array(Type.Object({ start: Type.Integer(), status: Type.Integer(), value: NullableNumber })),
  /** waste per local day (calendar heat-map) */
  days: Type.Array(Type.Object({ date: Type.String(), excess: Type.Number(), fen: Type.Integer() })),
  totals: Type.Object({ excess: Type.Number(), fen: Type.Integer(), unpriced: Type.Number(), tce: NullableNumber, co2T: NullableNumber, findings: Type.Integer() }),
  /** the findings of the rule on this meter in the range as evaluated now, newest first, with the id, status and event of their stored run (id 0: not stored yet) */
  findings: Type.Array(AbnormalFindingRecord),
  /** a percent rule with the regression baseline: the drivers found, the days judged and those without a baseline (no finding) */
  regression: Type.Optional(AbnormalRegressionSummary),
  /** a period rule by base-load ratio: each working day's min / mean load */
  baseLoad: Type.Optional(AbnormalBaseLoadSummary),
});
export type AbnormalResults = Static<typeof AbnormalResults>;

export const WasteAnalysisQuery = Type.Object(
  { projectId: Id, startTime: EpochMs, endTime: EpochMs, kind: Type.Optional(AbnormalRuleKind), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  { additionalProperties: false },
);
export type WasteAnalysisQuery = Static<typeof WasteAnalysisQuery>;

export const WasteAnalysis = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  totalFen: Type.Integer(),
  /** meters ranked by waste cost, then amount */
  list: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      nodeId: Type.Integer(),
      nodeName: Type.String(),
      unit: Type.String(),
      excess: Type.Number(),
      fen: Type.Integer(),
      findings: Type.Integer(),
      /** share of the total cost, % */
      sharePct: Type.Number(),
    }),
  ),
});
export type WasteAnalysis = Static<typeof WasteAnalysis>;
