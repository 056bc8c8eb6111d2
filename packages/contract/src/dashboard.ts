import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';
import { DATA_ID } from './timeseries.js';
import { SimStatus } from './sim.js';

/**
 * Project home dashboard (issue 3 §4): GET `${DASHBOARD_API.project}/{projectId}`. Every figure is
 * read from the counter rollups (day boundaries in the project's timezone); energy is summed over
 * the project's supply meters of each energy type (no parent meter of the same type up the
 * `parentMeterId` chain, else the tree parent meter: the incomers and totals; meters with `purpose`
 * 'output' are no consumption), as /energyConsumption sums them, so nothing is counted twice.
 */
export const DASHBOARD_API = {
  /** GET `${project}/{projectId}`: ProjectDashboard (404 outside the caller's projects) */
  project: '/eem-service/v1/dashboard/project',
} as const;

/** The cumulative counter data point read for each energy-type code (ENERGY_TYPE). */
export const ENERGY_COUNTER_DATA_ID: Readonly<Record<number, number>> = {
  2: DATA_ID.activeEnergyImport,
  3: DATA_ID.waterVolume,
  15: DATA_ID.gasVolume,
  16: DATA_ID.steamMass,
  17: DATA_ID.heatEnergy,
  18: DATA_ID.coolingEnergy,
  45: DATA_ID.compressedAirVolume,
};

/** Top consumers listed on the dashboard. */
export const DASHBOARD_TOP_N = 5;

export const DashboardParam = Type.Object({ projectId: Id }, { additionalProperties: false });
export type DashboardParam = Static<typeof DashboardParam>;

const Num = Type.Union([Type.Number(), Type.Null()]);

/** A consumption with its like-for-like comparisons. */
export const DashboardPeriod = Type.Object({
  /** consumption of the period so far (all buckets of the period), unit of the energy type; null when no data */
  value: Num,
  /** the compared part of the period: up to the start of the current local hour */
  compared: Num,
  /** 环比 reference: the same elapsed part of the previous day / month */
  momReference: Num,
  /** 同比 reference: the same elapsed part one year earlier */
  yoyReference: Num,
  /** (compared − momReference) / momReference × 100; null when the reference is 0 or missing */
  momPct: Num,
  /** (compared − yoyReference) / yoyReference × 100; null when the reference is 0 or missing */
  yoyPct: Num,
});
export type DashboardPeriod = Static<typeof DashboardPeriod>;

export const DashboardEnergy = Type.Object({
  /** ENERGY_TYPE code */
  energyType: Type.Integer(),
  /** unit of the energy type's register (ENERGY_TYPE_VALUES) */
  unit: Type.String(),
  /** top-level meters summed */
  meterCount: Type.Integer(),
  today: DashboardPeriod,
  month: DashboardPeriod,
  /** month-to-date standard coal of this energy type, tce; null without a factor */
  monthTce: Num,
  /** month-to-date CO₂ of this energy type, t; null without a factor */
  monthCo2T: Num,
});
export type DashboardEnergy = Static<typeof DashboardEnergy>;

export const DashboardLoad = Type.Object({
  /** Σ latest active power of the top-level electricity meters, kW; null when none has a reading */
  kw: Num,
  /** time of the oldest of those latest readings (ms), null when none */
  ts: Type.Union([Type.Integer(), Type.Null()]),
  /** now − ts, ms */
  ageMs: Type.Union([Type.Integer(), Type.Null()]),
  meterCount: Type.Integer(),
  /** meters that have an active-power reading */
  withReading: Type.Integer(),
});
export type DashboardLoad = Static<typeof DashboardLoad>;

export const DashboardConsumer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** this month, kWh */
  kwh: Type.Number(),
  /** share of the project's electricity this month (top-level meters), %; null when that is 0 or missing */
  sharePct: Num,
});
export type DashboardConsumer = Static<typeof DashboardConsumer>;

export const ProjectDashboard = Type.Object({
  projectId: Type.Integer(),
  timezone: Type.String(),
  /** the server's clock (ms) */
  now: Type.Integer(),
  /** start of the current local day and month (ms) */
  todayStart: Type.Integer(),
  monthStart: Type.Integer(),
  /** comparisons run up to this instant (start of the current local hour) */
  comparedUntil: Type.Integer(),
  /** one entry per energy type that has a top-level meter, ENERGY_TYPE_VALUES order */
  energy: Type.Array(DashboardEnergy),
  load: DashboardLoad,
  /** the 5 largest electricity sub-meters (non-top-level) this month, largest first */
  topConsumers: Type.Array(DashboardConsumer),
  /** good 15-min intervals / expected intervals this month over the project's counter meters */
  completeness: Type.Object({
    pct: Num,
    goodIntervals: Type.Integer(),
    expectedIntervals: Type.Integer(),
    meterCount: Type.Integer(),
  }),
  /** month-to-date totals over the energy types with factors (DEFAULT_CARRIER_FACTORS of @ems/domain) */
  monthTce: Num,
  monthCo2T: Num,
  /** the demo simulator's status while it is still seeding history, else null */
  sim: Type.Union([SimStatus, Type.Null()]),
});
export type ProjectDashboard = Static<typeof ProjectDashboard>;
