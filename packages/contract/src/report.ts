import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';

/**
 * Period reports (issue 15, /onlyReport; spec section 7 for the PDF preview): a daily (hourly
 * columns), monthly (daily columns) or yearly (monthly columns) report of a node and an energy type,
 * read from the rollups in the project's time zone (packages/domain report.ts). Sections:
 * consumption (rows × columns, totals, shares), cost by time-of-use period (electricity under a
 * tariff scheme), meter readings (start and end register, multiplier, consumption, quality flag) and
 * power (maximum demand with its time, power factor; electricity). Templates keep a report's choices
 * for reuse (and for the e-mail distribution).
 */
export const REPORT_API = {
  /** POST ReportQuery → Report */
  query: '/eem-service/v1/report/query',
  /** POST ReportQuery → the report as .xlsx (a sheet per section: title, project, period, unit, frozen header, totals row) */
  export: '/eem-service/v1/report/export',
  /** GET ?ReportQuery fields (sections comma-separated) → the report as application/pdf (opened in a new tab by the page) */
  pdf: '/eem-service/v1/report/pdf',
  /** GET ?projectId → ReportTemplate[] */
  templates: '/eem-service/v1/report/templates',
  /** POST ReportTemplateInput → ReportTemplate */
  create: '/eem-service/v1/report/template',
  /** PUT ReportTemplateInput → ReportTemplate */
  update: '/eem-service/v1/report/template/:id',
  /** DELETE → the id */
  remove: '/eem-service/v1/report/template/:id',
} as const;

export const REPORT_KIND_VALUES = ['daily', 'monthly', 'yearly'] as const;
export const ReportKindT = Type.Union([Type.Literal('daily'), Type.Literal('monthly'), Type.Literal('yearly')]);
export type ReportKindT = Static<typeof ReportKindT>;

export const REPORT_SECTIONS = ['consumption', 'tou', 'readings', 'power'] as const;
export const ReportSectionT = Type.Union([Type.Literal('consumption'), Type.Literal('tou'), Type.Literal('readings'), Type.Literal('power')]);
export type ReportSectionT = Static<typeof ReportSectionT>;

/** children: the node's child nodes (each its own part of the node's metering) · meters: every meter of the energy type under the node. */
export const ReportRowsT = Type.Union([Type.Literal('children'), Type.Literal('meters')]);
export type ReportRowsT = Static<typeof ReportRowsT>;

/** At most this many rows in one report (a node with more children or meters is refused: pick a lower node). */
export const REPORT_MAX_ROWS = 500;

export const ReportQuery = Type.Object(
  {
    projectId: Id,
    /** the node (modelLabel + id); modelLabel 'project' with the project's id for the whole project */
    nodeId: Id,
    modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
    /** ENERGY_TYPE code of a counter (electricity 2, water 3, gas 15, …) */
    energyType: Id,
    /** daily | monthly | yearly (a string: anything else is a 400 naming it) */
    kind: Type.String({ maxLength: 16 }),
    /** a local date in the project's zone: 'YYYY-MM-DD' (daily), 'YYYY-MM' or a date in it (monthly), 'YYYY' or a date in it (yearly) */
    date: Type.String({ maxLength: 10 }),
    /** default 'children' */
    rows: Type.Optional(ReportRowsT),
    /** default all four */
    sections: Type.Optional(Type.Array(ReportSectionT, { minItems: 1, maxItems: 4, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

/** The PDF's query string: ReportQuery's fields, sections comma-separated, plus the language of the document (default the request's). */
export const ReportPdfQuery = Type.Object(
  {
    projectId: Id,
    nodeId: Id,
    modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
    energyType: Id,
    kind: Type.String({ maxLength: 16 }),
    date: Type.String({ maxLength: 10 }),
    rows: Type.Optional(ReportRowsT),
    sections: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ReportPdfQuery = Static<typeof ReportPdfQuery>;

const Num = Type.Union([Type.Number(), Type.Null()]);

export const ReportColumnT = Type.Object({
  start: Type.Integer(),
  end: Type.Integer(),
  /** 'HH:mm' (daily), 'MM-DD' (monthly), 'YYYY-MM' (yearly), local */
  label: Type.String(),
  /** the second hour of that label on a day the clocks go back */
  repeated: Type.Optional(Type.Literal(true)),
  intervals: Type.Integer(),
});
export type ReportColumnT = Static<typeof ReportColumnT>;

export const ReportRowQuality = Type.Object({
  columns: Type.Integer(),
  missing: Type.Integer(),
  estimated: Type.Integer(),
  suspect: Type.Integer(),
  partial: Type.Integer(),
  coveragePct: Type.Number(),
});

export const ReportConsumptionRow = Type.Object({
  id: Type.Integer(),
  /** the row's node label ('meter' for a meter, a place's label, 'own' for the part metered at the node itself) */
  modelLabel: Type.String(),
  name: Type.String(),
  /** one per column; null when missing or not yet due */
  values: Type.Array(Num),
  total: Num,
  /** % of the table's total (largest remainder: the shares add up to 100) */
  sharePct: Num,
  quality: ReportRowQuality,
});
export type ReportConsumptionRow = Static<typeof ReportConsumptionRow>;

export const ReportConsumption = Type.Object({
  rows: Type.Array(ReportConsumptionRow),
  /** Σ of each column over the rows */
  columnTotals: Type.Array(Num),
  /** Σ of the column totals (= Σ of the row totals) */
  total: Num,
  sharePrecision: Type.Integer(),
});
export type ReportConsumption = Static<typeof ReportConsumption>;

const PerPeriod = Type.Object({ sharp: Type.Number(), peak: Type.Number(), flat: Type.Number(), valley: Type.Number(), deepValley: Type.Number() });

export const ReportTouRow = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  kwh: PerPeriod,
  /** fen */
  fen: PerPeriod,
  totalKwh: Type.Number(),
  totalFen: Type.Integer(),
  averagePriceYuanPerKwh: Num,
  unpricedKwh: Type.Number(),
  missingIntervals: Type.Integer(),
});
export type ReportTouRow = Static<typeof ReportTouRow>;

export const ReportTou = Type.Object({
  schemeName: Type.String(),
  /** the periods with energy, in order (sharp, peak, flat, valley, deepValley) */
  periods: Type.Array(Type.String()),
  rows: Type.Array(ReportTouRow),
  /** Σ of the rows (kWh and fen) */
  totals: ReportTouRow,
});
export type ReportTou = Static<typeof ReportTou>;

export const ReportReadingRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  startRegister: Num,
  endRegister: Num,
  multiplier: Type.Number(),
  consumption: Num,
  quality: Type.Union([Type.Literal('ok'), Type.Literal('reset'), Type.Literal('estimated'), Type.Literal('suspect'), Type.Literal('missing')]),
  resets: Type.Integer(),
});
export type ReportReadingRow = Static<typeof ReportReadingRow>;

export const ReportPowerRow = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  /** the highest 15-min average kW and the start of its window */
  maxDemandKw: Num,
  maxDemandAt: Type.Union([Type.Integer(), Type.Null()]),
  powerFactor: Num,
});
export type ReportPowerRow = Static<typeof ReportPowerRow>;

export const Report = Type.Object({
  title: Type.String(),
  projectName: Type.String(),
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  nodeName: Type.String(),
  energyType: Type.Integer(),
  /** register unit of the energy type, e.g. 'kWh' */
  unit: Type.String(),
  kind: ReportKindT,
  /** the period's first local date, 'YYYY-MM-DD' */
  date: Type.String(),
  /** the period as shown: '2025-03-10', '2025-03', '2025' */
  periodLabel: Type.String(),
  timezone: Type.String(),
  /** [from, to) ms */
  from: Type.Integer(),
  to: Type.Integer(),
  /** data are read up to here (min of to and now, on the 15-min grid); later columns are not due */
  asOf: Type.Integer(),
  rows: ReportRowsT,
  sections: Type.Array(ReportSectionT),
  columns: Type.Array(ReportColumnT),
  consumption: Type.Union([ReportConsumption, Type.Null()]),
  /** null when not asked, not electricity, or no tariff scheme applies (see touNote) */
  tou: Type.Union([ReportTou, Type.Null()]),
  /** why tou is null although asked: 'notElectricity' | 'noTariff' */
  touNote: Type.Union([Type.String(), Type.Null()]),
  /** every meter of the type under the node (also with rows 'children') */
  readings: Type.Union([Type.Object({ rows: Type.Array(ReportReadingRow), total: Num }), Type.Null()]),
  /** the node's coincident maximum demand (not the Σ of the rows') and power factor, and each row's; electricity only */
  power: Type.Union([Type.Object({ node: ReportPowerRow, rows: Type.Array(ReportPowerRow) }), Type.Null()]),
});
export type Report = Static<typeof Report>;

export const ReportTemplateInput = Type.Object(
  {
    projectId: Id,
    name: Type.String({ minLength: 1, maxLength: 50 }),
    nodeId: Id,
    modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
    energyType: Id,
    kind: ReportKindT,
    rows: ReportRowsT,
    sections: Type.Array(ReportSectionT, { minItems: 1, maxItems: 4, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type ReportTemplateInput = Static<typeof ReportTemplateInput>;

export const ReportTemplate = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  /** the node's name ('' when it is gone) */
  nodeName: Type.String(),
  energyType: Type.Integer(),
  kind: ReportKindT,
  rows: ReportRowsT,
  sections: Type.Array(ReportSectionT),
  /** ms */
  updateTime: Type.Integer(),
});
export type ReportTemplate = Static<typeof ReportTemplate>;

export const ReportTemplatesQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export const ReportTemplateIdParam = Type.Object({ id: Id }, { additionalProperties: false });
