import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';

/**
 * Electricity cost (issue 5, DOMAIN.md §3–4): tariff schemes an administrator edits, attached to
 * nodes, and the bills computed on read from the 15-min rollups with the scheme version in force.
 *
 * Money: every `…Fen` field is an integer number of fen (0.01 ¥), exact end to end; each bill line
 * is rounded half-up to the fen once, totals are sums of lines. Prices (¥ per kWh, kVA·month,
 * kW·month) travel as decimal strings with up to 6 decimals ("0.6512") so they stay exact.
 */
export const COST_API = {
  /** GET → CostScheme[] of the caller's projects (projectId header narrows) */
  schemes: '/eem-service/v1/cost/schemes',
  /** POST CostSchemeInput → CostScheme (feescheme_create) */
  create: '/eem-service/v1/cost/scheme',
  /** PUT CostSchemeInput → CostScheme (feescheme_update) */
  update: '/eem-service/v1/cost/scheme/:id',
  /** DELETE → number of schemes deleted (feescheme_delete) */
  remove: '/eem-service/v1/cost/scheme/:id',
  /** PUT CostSchemeNodesInput → CostScheme: replaces the nodes the scheme is attached to (costscheme_relate_node) */
  nodes: '/eem-service/v1/cost/scheme/:id/nodes',
  /** POST CostMonthQuery → MonthBill: the true bill of one billing month */
  bill: '/eem-service/v1/cost/bill',
  /** POST CostYearQuery → CostYear: each month's bill summary (composition, average price, MD, cosφ) */
  year: '/eem-service/v1/cost/year',
  /** POST CostPeriodQuery → CostPeriod: energy fee only per bucket, plus the allocated basic fee labelled so */
  period: '/eem-service/v1/cost/period',
  /** POST CostMonthQuery → DemandCurve: 15-min block demand of the billing month with the contract line */
  demand: '/eem-service/v1/cost/demand',
  /** POST CostExportQuery → the year's monthly table as .xlsx, file name in content-disposition */
  export: '/eem-service/v1/cost/export',
} as const;

export const PERIOD_CODE_VALUES = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export const PeriodCodeSchema = Type.Union(PERIOD_CODE_VALUES.map((p) => Type.Literal(p)));

/** A decimal price in ¥, up to 6 decimals, non-negative. */
export const PriceText = Type.String({ pattern: '^\\d{1,7}(\\.\\d{1,6})?$' });
const Hhmm = Type.String({ pattern: '^\\d{2}:\\d{2}$' });
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const PeriodRangeSchema = Type.Object({ start: Hhmm, end: Hhmm, period: PeriodCodeSchema }, { additionalProperties: false });
const Schedule = Type.Array(PeriodRangeSchema, { minItems: 1, maxItems: 48 });

/** The period calendar (DOMAIN §3): seasons by month, each with its day schedule; holiday overrides by local date. */
export const PeriodCalendarSchema = Type.Object(
  {
    seasons: Type.Array(
      Type.Object(
        { name: Type.String({ minLength: 1, maxLength: 32 }), fromMonth: Type.Integer({ minimum: 1, maximum: 12 }), toMonth: Type.Integer({ minimum: 1, maximum: 12 }), schedule: Schedule },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 12 },
    ),
    holidays: Type.Optional(
      Type.Array(Type.Object({ date: LocalDate, name: Type.Optional(Type.String({ maxLength: 32 })), schedule: Schedule }, { additionalProperties: false }), { maxItems: 100 }),
    ),
  },
  { additionalProperties: false },
);

/** One version of a scheme, in force from its local date (00:00 in the project's timezone) until the next version. */
export const TariffVersionSchema = Type.Object(
  {
    effectiveFrom: LocalDate,
    /** basic fee basis: by installed capacity (kVA) or by demand (kW) */
    basis: Type.Union([Type.Literal('capacity'), Type.Literal('demand')]),
    /** installed capacity, kVA (transformers plus HV motors without a transformer) */
    capacityKva: Type.Number({ minimum: 0, maximum: 1e7 }),
    priceKvaMonth: PriceText,
    priceKwMonth: PriceText,
    /** contracted demand, kW; one below 40 % of the capacity is saved with a warning and billed at 40 % of the capacity */
    contractKw: Type.Number({ minimum: 0, maximum: 1e7 }),
    /** 'contract' (合同最大需量) or 'actual' (按实际最大需量) */
    demandElection: Type.Union([Type.Literal('contract'), Type.Literal('actual')]),
    /** power-factor standard; null: no adjustment */
    pfStandard: Type.Union([Type.Literal('0.90'), Type.Literal('0.85'), Type.Literal('0.80'), Type.Null()]),
    /**
     * count reverse (capacitive) kvarh into the month's Q = |Q forward| + |Q reverse| where it is
     * metered (the 1983 功率因数调整电费办法); omitted: true. false only where a province leaves it out.
     */
    addReverseKvarh: Type.Optional(Type.Boolean()),
    /** meter-reading day 1–28; null: the calendar month */
    meterReadingDay: Type.Union([Type.Integer({ minimum: 1, maximum: 28 }), Type.Null()]),
    /** ¥/kWh per period */
    touPrices: Type.Object(Object.fromEntries(PERIOD_CODE_VALUES.map((p) => [p, Type.Optional(PriceText)])), { additionalProperties: false }),
    /** per-kWh government funds and surcharges, each a bill line */
    surcharges: Type.Array(Type.Object({ key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,31}$' }), name: Type.String({ minLength: 1, maxLength: 32 }), priceYuanPerKwh: PriceText }, { additionalProperties: false }), {
      maxItems: 10,
    }),
    calendar: PeriodCalendarSchema,
  },
  { additionalProperties: false },
);
export type TariffVersion = Static<typeof TariffVersionSchema>;

export const CostSchemeInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    /** the project the scheme belongs to (must be the caller's) */
    projectId: Id,
    versions: Type.Array(TariffVersionSchema, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type CostSchemeInput = Static<typeof CostSchemeInput>;

export const SchemeNode = Type.Object({ nodeId: Id, modelLabel: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type SchemeNode = Static<typeof SchemeNode>;

export const CostSchemeNodesInput = Type.Object({ nodes: Type.Array(SchemeNode, { maxItems: 500 }) }, { additionalProperties: false });
export type CostSchemeNodesInput = Static<typeof CostSchemeNodesInput>;

export const CostScheme = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** sorted by effectiveFrom */
  versions: Type.Array(TariffVersionSchema),
  nodes: Type.Array(Type.Object({ nodeId: Type.Integer(), modelLabel: Type.String(), name: Type.String() })),
  updateTime: Type.Integer(),
  /** on a save: what was saved but deserves a look (e.g. a contracted demand below 40 % of the capacity, billed at 40 %) */
  warnings: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
});
export type CostScheme = Static<typeof CostScheme>;

export const SchemeIdParams = Type.Object({ id: Id });

const NodeRef = {
  /** the node (modelLabel + id); modelLabel 'project' with the project's id for the whole project */
  nodeId: Id,
  modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
};

/** A billing month: labelled year-month (with a meter-reading day d it runs from day d to day d of the next month). */
export const CostMonthQuery = Type.Object({ ...NodeRef, year: Type.Integer({ minimum: 2000, maximum: 2100 }), month: Type.Integer({ minimum: 1, maximum: 12 }) }, { additionalProperties: false });
export type CostMonthQuery = Static<typeof CostMonthQuery>;

export const CostYearQuery = Type.Object({ ...NodeRef, year: Type.Integer({ minimum: 2000, maximum: 2100 }) }, { additionalProperties: false });
export type CostYearQuery = Static<typeof CostYearQuery>;

/** Cost cycles of the spec: 12 day (hour buckets), 13 week (day buckets), 14 month (day buckets). */
export const CostPeriodQuery = Type.Object(
  { ...NodeRef, cycle: Type.Union([Type.Literal(12), Type.Literal(13), Type.Literal(14)]), startTime: Type.Integer({ minimum: 946684800000, maximum: 4102444800000 }) },
  { additionalProperties: false },
);
export type CostPeriodQuery = Static<typeof CostPeriodQuery>;

/** The table to export: 'summary', 'energy', 'basic' or 'powerFactor' columns, one row per month of the year. */
export const CostExportQuery = Type.Object(
  { ...NodeRef, year: Type.Integer({ minimum: 2000, maximum: 2100 }), view: Type.Union([Type.Literal('summary'), Type.Literal('energy'), Type.Literal('basic'), Type.Literal('powerFactor')]) },
  { additionalProperties: false },
);
export type CostExportQuery = Static<typeof CostExportQuery>;

const Num = Type.Number();
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

/** One line of a bill (key: a period code, 'capacity', 'demandContract', 'demandExcess', 'demandActual', 'powerFactor', a surcharge key, 'basicAllocated'). */
export const CostBillLine = Type.Object({
  key: Type.String(),
  /** surcharge display name when the key is a surcharge */
  name: Type.Optional(Type.String()),
  quantity: Type.Optional(Num),
  unitPriceYuan: Type.Optional(Type.String()),
  fen: Type.Integer(),
  /** a share of a monthly fee shown on a day or week view, not a billed amount */
  allocated: Type.Optional(Type.Boolean()),
  /** a monthly fee for part of its billing period (metering began, or a tariff version started, inside it): the days billed */
  days: Type.Optional(Type.Integer()),
  /** with `days`, the divisor: 30 (供电营业规则 第84条: each day is 1/30 of the monthly fee, whatever the month's length) */
  daysInPeriod: Type.Optional(Type.Integer()),
});
export type CostBillLine = Static<typeof CostBillLine>;

const PeriodFigures = Type.Object(Object.fromEntries(PERIOD_CODE_VALUES.map((p) => [p, Num])));

/** The month's summary figures (one per month of CostYear, and the head of MonthBill). */
export const MonthSummary = Type.Object({
  year: Type.Integer(),
  month: Type.Integer(),
  from: Type.Integer(),
  to: Type.Integer(),
  /** false when no scheme version is in force in the month, or it has not started */
  billed: Type.Boolean(),
  kwh: Num,
  kwhByPeriod: PeriodFigures,
  energyFenByPeriod: PeriodFigures,
  energyFen: Type.Integer(),
  basis: Type.Union([Type.Literal('capacity'), Type.Literal('demand'), Type.Null()]),
  basicFen: Type.Integer(),
  capacityFeeFen: Type.Integer(),
  /** the comparison's demand side, like with like: what the demand basis bills under the version's own election, the 105 % double-price excess and the 40 % floor included (= Σ demandLines) */
  demandFeeFen: Type.Integer(),
  cheaper: Type.Union([Type.Literal('capacity'), Type.Literal('demand'), Type.Literal('equal'), Type.Null()]),
  mdKw: NumOrNull,
  /** start of the 15-min block of the MD */
  mdTime: Type.Union([Type.Integer(), Type.Null()]),
  /** the contracted demand of the version in force at the period's end (null: it elects actual MD, or no version is in force) */
  contractKw: NumOrNull,
  /** 40 % of that version's capacity: the least demand billed (a contract or actual MD below it is billed at it) */
  minDemandKw: NumOrNull,
  /** a version of the month had its contracted demand (or, electing actual MD, the MD) below its 40 % and the demand basis bills it at 40 % */
  raisedToMinimum: Type.Boolean(),
  kvarh: NumOrNull,
  cosPhi: NumOrNull,
  pfStandard: Type.Union([Type.String(), Type.Null()]),
  pfPct: NumOrNull,
  pfFen: Type.Integer(),
  surchargeFen: Type.Integer(),
  totalFen: Type.Integer(),
  averagePriceYuanPerKwh: NumOrNull,
});
export type MonthSummary = Static<typeof MonthSummary>;

export const MonthBill = Type.Intersect([
  MonthSummary,
  Type.Object({
    nodeId: Type.Integer(),
    modelLabel: Type.String(),
    name: Type.String(),
    timezone: Type.String(),
    schemeId: Type.Union([Type.Integer(), Type.Null()]),
    schemeName: Type.Union([Type.String(), Type.Null()]),
    /** effectiveFrom of the versions in force during the month */
    versions: Type.Array(Type.String()),
    meterCount: Type.Integer(),
    lines: Type.Array(CostBillLine),
    /** the demand-basis lines as they would be billed (for the comparison), and the capacity line */
    demandLines: Type.Array(CostBillLine),
    capacityLine: Type.Union([CostBillLine, Type.Null()]),
    /** average kW over the month's elapsed hours and the kvar of compensation to reach the standard (Q_c = P(tanφ₁ − tanφ₂)) */
    averageKw: NumOrNull,
    compensationKvar: NumOrNull,
    /** 15-min intervals without a value, and energy outside any version (not priced) */
    missingIntervals: Type.Integer(),
    unpricedKwh: Num,
  }),
]);
export type MonthBill = Static<typeof MonthBill>;

export const CostYear = Type.Object({ nodeId: Type.Integer(), modelLabel: Type.String(), name: Type.String(), timezone: Type.String(), year: Type.Integer(), months: Type.Array(MonthSummary), totalFen: Type.Integer(), totalKwh: Num });
export type CostYear = Static<typeof CostYear>;

export const CostPeriodBucket = Type.Object({ time: Type.Integer(), kwhByPeriod: PeriodFigures, energyFenByPeriod: PeriodFigures, energyFen: Type.Integer() });
export type CostPeriodBucket = Static<typeof CostPeriodBucket>;

export const CostPeriod = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  grain: Type.Union([Type.Literal('hour'), Type.Literal('day')]),
  buckets: Type.Array(CostPeriodBucket),
  kwhByPeriod: PeriodFigures,
  energyFenByPeriod: PeriodFigures,
  /** Σ of the buckets' energy fee */
  energyFen: Type.Integer(),
  /** the monthly basic fee × days / days-in-month: labelled allocated, not billed */
  allocatedBasic: CostBillLine,
  totalFen: Type.Integer(),
  kwh: Num,
});
export type CostPeriod = Static<typeof CostPeriod>;

export const DemandCurve = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  /** 15-min block demand, kW (Σ top-level meters' kWh × 4) */
  points: Type.Array(Type.Object({ time: Type.Integer(), kw: Type.Number() })),
  /** the contracted demand of the version in force at the period's end (null: that version is not on the demand basis) */
  contractKw: NumOrNull,
  /** when the tariff version changes inside the period: each stretch with its own contracted demand (absent otherwise) */
  contractSteps: Type.Optional(Type.Array(Type.Object({ from: Type.Integer(), to: Type.Integer(), contractKw: NumOrNull }))),
  mdKw: NumOrNull,
  mdTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type DemandCurve = Static<typeof DemandCurve>;
