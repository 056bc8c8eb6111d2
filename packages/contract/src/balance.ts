import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';

/**
 * Energy balance and line/pipe loss (issue 5, /balanceConsumption and /pipeQueryAndAnalysis;
 * DOMAIN.md §2). A balance node is a meter that other meters of the same energy type name as their
 * `parentMeterId`: loss L = E_parent − Σ E_children, λ = L / E_parent × 100 against the node's
 * `lossTolerancePct` (else the domain default of its energy type). Figures come from the day
 * rollups (range and daily trend) and hour rollups (night-time split) in the project's calendar;
 * the loss is taken over the parts every member metered (never a partial sum), what the parent metered
 * elsewhere less what the children did is 未计量 (unmetered), beside it.
 */
export const BALANCE_API = {
  /** POST BalanceQuery → BalanceTree (404 'no operation permission' outside the caller's projects) */
  tree: '/eem-service/v1/balance/tree',
  /** POST BalanceQuery → the tree table as .xlsx, file name in content-disposition */
  treeExport: '/eem-service/v1/balance/tree/export',
  /** POST BalanceTrendQuery → BalanceTrend: the daily λ of one balance node */
  trend: '/eem-service/v1/balance/trend',
  /** POST PipeQuery → PipeAnalysis: supply totaliser vs end users per medium */
  pipe: '/eem-service/v1/balance/pipe',
  /** POST PipeQuery → the media table as .xlsx */
  pipeExport: '/eem-service/v1/balance/pipe/export',
} as const;

/** Longest range, ms (400 days). */
export const BALANCE_MAX_RANGE_MS = 400 * 86_400_000;

/** Night-time window of the night/day split: local hours [0, 6). */
export const BALANCE_NIGHT_HOURS = { from: 0, to: 6 } as const;

/** Media of the pipe page (ENERGY_TYPE codes): water, natural gas, steam, compressed air. */
export const PIPE_MEDIA = [3, 15, 16, 45] as const;

const Ms = Type.Integer({ minimum: 946684800000, maximum: 4102444800000 });
const Num = Type.Union([Type.Number(), Type.Null()]);

export const BalanceQuery = Type.Object(
  {
    projectId: Id,
    /** ENERGY_TYPE code */
    energyType: Id,
    /** the date-range selector's start, ms; widened to the start of its local day */
    startTime: Ms,
    /** the selector's end, ms, inclusive; widened to the end of its local day */
    endTime: Ms,
  },
  { additionalProperties: false },
);
export type BalanceQuery = Static<typeof BalanceQuery>;

export const BalanceTrendQuery = Type.Object(
  {
    projectId: Id,
    /** the balance node (a parent meter) */
    meterId: Id,
    startTime: Ms,
    endTime: Ms,
  },
  { additionalProperties: false },
);
export type BalanceTrendQuery = Static<typeof BalanceTrendQuery>;

export const PipeQuery = Type.Object({ projectId: Id, startTime: Ms, endTime: Ms }, { additionalProperties: false });
export type PipeQuery = Static<typeof PipeQuery>;

/** pass · fail · meteringFault (λ < 0) · incomplete (a value missing) · noLoad (all 0); see @ems/domain balanceOf */
export const BalanceStatusT = Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('meteringFault'), Type.Literal('incomplete'), Type.Literal('noLoad')]);
export type BalanceStatusT = Static<typeof BalanceStatusT>;

/**
 * The balance figures of one node over one period. Loss and λ are taken over the parts of the period
 * in which the parent and every child metered the same 15-min intervals (days, and the hours of a day
 * whose interval counts differ); see @ems/domain alignedSums. The figures a row shows are the
 * consumption over the whole period: parentTotal − childrenTotal = (loss ?? 0) + (unmetered ?? 0).
 */
export const BalanceFigures = Type.Object({
  /** E_parent over the covered parts, λ's base; null when no part is covered (or it has no value) */
  parent: Num,
  /** Σ children over the covered parts; null when no part is covered */
  childrenSum: Num,
  /** the parent's (several supplies': their Σ) consumption over the whole period, as its row shows it (用能, 供给); null without data */
  parentTotal: Num,
  /** Σ of the children's own consumption over the whole period, the Σ of the child rows shown (下级合计, 末端合计); null when no child has data */
  childrenTotal: Num,
  /** Σ of the children with a value on every day that counts (shown beside 'incomplete') */
  knownChildrenSum: Type.Number(),
  /** children without any value in the period */
  missingChildren: Type.Integer(),
  loss: Num,
  lossRatePct: Num,
  tolerancePct: Type.Number(),
  status: BalanceStatusT,
  /**
   * 未计量 (unmetered): what the parent metered in the parts a child (or the parent) did not cover,
   * less what the others metered there — a meter offline or added during the period. Not loss: left
   * out of L and λ. Null when every part was covered; the flow pages draw the same figure as the
   * parent's 'unmetered' branch.
   */
  unmetered: Type.Optional(Num),
});
export type BalanceFigures = Static<typeof BalanceFigures>;

/** One meter of the tree (depth-first order); balance nodes carry `balance`, leaf meters do not. */
export const BalanceRow = Type.Object({
  meterId: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  /** the balance parent within the energy type's meters; null for a top meter */
  parentMeterId: Type.Union([Type.Integer(), Type.Null()]),
  depth: Type.Integer(),
  /** the meter's own consumption over the range; null without data */
  value: Num,
  childCount: Type.Integer(),
  balance: Type.Union([BalanceFigures, Type.Null()]),
});
export type BalanceRow = Static<typeof BalanceRow>;

/**
 * Night (local 00:00–06:00) against the rest of the day over the range, from hour rollups, over the
 * parts every member covers as BalanceFigures (so the day loss rate of a node with a child offline
 * for an hour is still a figure, its unmetered part beside it).
 */
export const NightFigures = Type.Object({
  meterId: Type.Integer(),
  name: Type.String(),
  /** balance node: night loss and λ (null when incomplete or no parent value) */
  nightLoss: Num,
  nightLossRatePct: Num,
  dayLoss: Num,
  dayLossRatePct: Num,
  /** loss per hour at night and by day, so a leak (constant flow) stands out against the load */
  nightLossPerHour: Num,
  dayLossPerHour: Num,
  nightStatus: BalanceStatusT,
  /** unmetered at night and by day (see BalanceFigures.unmetered); null when all was covered */
  nightUnmetered: Type.Optional(Num),
  dayUnmetered: Type.Optional(Num),
});
export type NightFigures = Static<typeof NightFigures>;

/** A meter's own night and day consumption per hour (a metered leak shows as a high night rate). */
export const MeterNight = Type.Object({
  meterId: Type.Integer(),
  name: Type.String(),
  nightPerHour: Num,
  dayPerHour: Num,
  /** night consumption / all consumption × 100 (6 of 24 hours: a flat load gives 25 %) */
  nightSharePct: Num,
});
export type MeterNight = Static<typeof MeterNight>;

export const BalanceTree = Type.Object({
  projectId: Type.Integer(),
  energyType: Type.Integer(),
  /** register unit, e.g. 'kWh' */
  unit: Type.String(),
  timezone: Type.String(),
  /** the range read, [from, to) ms: whole local days */
  from: Type.Integer(),
  to: Type.Integer(),
  /** energy types that have at least one balance node (for the type picker) */
  energyTypes: Type.Array(Type.Integer()),
  rows: Type.Array(BalanceRow),
  /** balance nodes with a rate, worst first (metering faults, failures, then passes by margin) */
  worst: Type.Array(Type.Object({ meterId: Type.Integer(), name: Type.String(), lossRatePct: Type.Number(), tolerancePct: Type.Number(), status: BalanceStatusT })),
  /** per balance node, tree order */
  night: Type.Array(NightFigures),
  /** end-use meters (no child meters), highest night rate first: what runs at night, e.g. a metered leak */
  meterNight: Type.Array(MeterNight),
});
export type BalanceTree = Static<typeof BalanceTree>;

export const BalanceDay = Type.Composite([Type.Object({ time: Type.Integer() }), BalanceFigures]);
export type BalanceDay = Static<typeof BalanceDay>;

export const BalanceTrend = Type.Object({
  meterId: Type.Integer(),
  name: Type.String(),
  unit: Type.String(),
  tolerancePct: Type.Number(),
  from: Type.Integer(),
  to: Type.Integer(),
  days: Type.Array(BalanceDay),
});
export type BalanceTrend = Static<typeof BalanceTrend>;

/** A level shift of the daily λ (leak or bypass): the mean after `time` differs from the mean before by `deltaPct`. */
export const StepChange = Type.Object({ time: Type.Integer(), beforePct: Type.Number(), afterPct: Type.Number(), deltaPct: Type.Number() });
export type StepChange = Static<typeof StepChange>;

/** A supply or end-user meter of a medium: its consumption over the period and its share of the supplies' (balance.parentTotal). */
export const PipeMeter = Type.Object({ meterId: Type.Integer(), name: Type.String(), value: Num, sharePct: Num });
export type PipeMeter = Static<typeof PipeMeter>;

export const PipeMedium = Type.Object({
  energyType: Type.Integer(),
  unit: Type.String(),
  /** supply totalisers (top meters) and end users (meters no meter names as parent) */
  supply: Type.Array(PipeMeter),
  endUsers: Type.Array(PipeMeter),
  balance: BalanceFigures,
  days: Type.Array(BalanceDay),
  /** null when the daily λ shows no step */
  stepChange: Type.Union([StepChange, Type.Null()]),
});
export type PipeMedium = Static<typeof PipeMedium>;

export const PipeAnalysis = Type.Object({
  projectId: Type.Integer(),
  timezone: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  /** media with both a supply and an end-user meter, in PIPE_MEDIA order */
  media: Type.Array(PipeMedium),
});
export type PipeAnalysis = Static<typeof PipeAnalysis>;
