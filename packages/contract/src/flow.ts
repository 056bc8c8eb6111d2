import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';
import { BalanceStatusT } from './balance.js';

/**
 * Energy flow (issue 5, /energyFlowAnalyse 能流分析 and /energyFlowAnalysis 能流图; DOMAIN.md §1, §2).
 * The counter meters of one energy type under a node (the project for modelLabel 'project') form
 * their balance tree (`parentMeterId`, else the tree parent meter; a meter whose parent lies
 * outside the node is a supply). Each parent's loss L = E_parent − Σ E_children is its own branch;
 * a negative loss is a metering fault, flagged and never drawn; a parent with a child lacking data
 * (or covering fewer 15-min intervals) has an 'unmetered' remainder instead of a loss. Period flows
 * read the rollups (hours at the edges, whole days between); live flows read each meter's latest
 * instantaneous value. See @ems/domain energyFlow.
 */
export const FLOW_API = {
  /** POST FlowQuery → EnergyFlowReply (404 'no operation permission' outside the caller's projects) */
  period: '/eem-service/v1/flow/period',
  /** POST FlowQuery → the flow table (from, to, value, shares, loss rate) as .xlsx, file name in content-disposition */
  periodExport: '/eem-service/v1/flow/period/export',
  /** POST LiveFlowQuery → LiveFlowReply */
  live: '/eem-service/v1/flow/live',
} as const;

/** Page permissions that may read the flow (either page). */
export const FLOW_PERMISSION = 'page_energyFlowAnalyse page_energyFlowAnalysis';

/** Longest custom range, ms (400 days). */
export const FLOW_MAX_RANGE_MS = 400 * 86_400_000;

const Ms = Type.Integer({ minimum: 946684800000, maximum: 4102444800000 });
const Num = Type.Union([Type.Number(), Type.Null()]);

const NodeFields = {
  /** the node (modelLabel + id); modelLabel 'project' with the project's id for the whole project */
  nodeId: Id,
  modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
  /** ENERGY_TYPE code with a counter data point */
  energyType: Id,
};

export const FlowQuery = Type.Object(
  {
    ...NodeFields,
    /** the date-range selector's start, ms */
    startTime: Ms,
    /** the selector's end, ms, inclusive */
    endTime: Ms,
    /** 1 day, 2 week, 3 month, 4 quarter, 5 year (the project-calendar unit holding the middle of the range), 6 custom dates, 7 custom date-times */
    dateType: Type.Integer({ minimum: 1, maximum: 7 }),
  },
  { additionalProperties: false },
);
export type FlowQuery = Static<typeof FlowQuery>;

export const LiveFlowQuery = Type.Object(NodeFields, { additionalProperties: false });
export type LiveFlowQuery = Static<typeof LiveFlowQuery>;

export const FlowNodeKindT = Type.Union([Type.Literal('supply'), Type.Literal('meter'), Type.Literal('loss'), Type.Literal('unmetered')]);
export const FlowRoleT = Type.Union([Type.Literal('supply'), Type.Literal('distribution'), Type.Literal('endUse'), Type.Null()]);
export const FlowLinkKindT = Type.Union([Type.Literal('flow'), Type.Literal('loss'), Type.Literal('unmetered')]);
export type FlowNodeKindT = Static<typeof FlowNodeKindT>;
export type FlowRoleT = Static<typeof FlowRoleT>;
export type FlowLinkKindT = Static<typeof FlowLinkKindT>;

/** A Sankey node: 'supply' (several top meters joined), 'm:<id>', 'loss:<parent id>', 'unmetered:<parent id>'. */
export const FlowNodeT = Type.Object({
  key: Type.String(),
  kind: FlowNodeKindT,
  /** the meter; for loss and unmetered nodes the parent meter; null for the joined supply */
  meterId: Type.Union([Type.Integer(), Type.Null()]),
  /** the meter's name (loss/unmetered: the parent's; the joined supply: '') */
  name: Type.String(),
  code: Type.String(),
  depth: Type.Integer(),
  role: FlowRoleT,
  /** throughput in `unit` */
  value: Type.Number(),
  /** parents: E − Σ children (signed); null for leaves and incomplete parents */
  loss: Num,
  lossRatePct: Num,
  tolerancePct: Num,
  status: Type.Union([BalanceStatusT, Type.Null()]),
  /** children exceed the parent: a metering fault */
  fault: Type.Boolean(),
});
export type FlowNodeT = Static<typeof FlowNodeT>;

export const FlowLinkT = Type.Object({
  source: Type.String(),
  target: Type.String(),
  kind: FlowLinkKindT,
  value: Type.Number(),
  /** value / the source's value × 100 */
  sharePct: Num,
  /** value / total supply × 100 */
  supplySharePct: Num,
});
export type FlowLinkT = Static<typeof FlowLinkT>;

export const FlowFaultT = Type.Object({
  meterId: Type.Integer(),
  name: Type.String(),
  /** negativeLoss: every child valued; negativeRemainder: a child lacks data too */
  kind: Type.Union([Type.Literal('negativeLoss'), Type.Literal('negativeRemainder')]),
  /** Σ children − parent, > 0 */
  excess: Type.Number(),
  lossRatePct: Num,
});
export type FlowFaultT = Static<typeof FlowFaultT>;

export const FlowTotals = Type.Object({
  /** Σ of the supply (top) meters; null without data */
  supply: Num,
  endUse: Type.Number(),
  loss: Type.Number(),
  unmetered: Type.Number(),
  excess: Type.Number(),
  /** loss / supply × 100 */
  lossRatePct: Num,
});
export type FlowTotals = Static<typeof FlowTotals>;

export const FlowGraph = Type.Object({
  nodes: Type.Array(FlowNodeT),
  links: Type.Array(FlowLinkT),
  faults: Type.Array(FlowFaultT),
  /** meters not drawn for lack of data (live: offline or no value) */
  missing: Type.Array(Type.Object({ meterId: Type.Integer(), name: Type.String() })),
  /** meters not drawn because their value is 0 */
  idle: Type.Array(Type.Object({ meterId: Type.Integer(), name: Type.String() })),
  totals: FlowTotals,
});
export type FlowGraph = Static<typeof FlowGraph>;

export const EnergyFlowReply = Type.Composite([
  Type.Object({
    projectId: Type.Integer(),
    nodeId: Type.Integer(),
    modelLabel: Type.String(),
    /** the node's (or project's) name */
    name: Type.String(),
    energyType: Type.Integer(),
    /** register unit, e.g. 'kWh' */
    unit: Type.String(),
    timezone: Type.String(),
    /** the range read, [from, to) ms */
    from: Type.Integer(),
    to: Type.Integer(),
    /** energy types with counter meters under the node (for the type picker) */
    energyTypes: Type.Array(Type.Integer()),
    meterCount: Type.Integer(),
  }),
  FlowGraph,
]);
export type EnergyFlowReply = Static<typeof EnergyFlowReply>;

/**
 * Where a live value comes from: power (active power P, kW), flow (instantaneous flow, m³/h),
 * rate15m (the last 15-min rollup ÷ 0.25 h, unit per hour), none.
 */
export const LiveSourceT = Type.Union([Type.Literal('power'), Type.Literal('flow'), Type.Literal('rate15m'), Type.Literal('none')]);
export type LiveSourceT = Static<typeof LiveSourceT>;

/** A meter of the supply structure with its latest value. */
export const LiveMeter = Type.Object({
  meterId: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  /** parent meter within the node's meters; null for a supply */
  parentMeterId: Type.Union([Type.Integer(), Type.Null()]),
  source: LiveSourceT,
  /** the latest rate in `unit` (kept for an offline meter, but left out of the flow) */
  value: Num,
  unit: Type.String(),
  /** time of the value (rate15m: end of its 15-min bucket), ms */
  ts: Type.Union([Type.Integer(), Type.Null()]),
  /** a reading (any of its value or counter) no older than offlineAfterMs */
  online: Type.Boolean(),
  /** today's consumption so far in the counter unit (the period total shown on hover) */
  periodTotal: Num,
});
export type LiveMeter = Static<typeof LiveMeter>;

export const LiveFlowReply = Type.Composite([
  Type.Object({
    projectId: Type.Integer(),
    nodeId: Type.Integer(),
    modelLabel: Type.String(),
    name: Type.String(),
    energyType: Type.Integer(),
    /** counter unit of the period totals, e.g. 'kWh' */
    unit: Type.String(),
    /** unit of the live flow, e.g. 'kW', 'm3/h' */
    rateUnit: Type.String(),
    timezone: Type.String(),
    now: Type.Integer(),
    offlineAfterMs: Type.Integer(),
    /** the period of the totals: today from local midnight to now */
    periodFrom: Type.Integer(),
    periodTo: Type.Integer(),
    energyTypes: Type.Array(Type.Integer()),
    meters: Type.Array(LiveMeter),
  }),
  FlowGraph,
]);
export type LiveFlowReply = Static<typeof LiveFlowReply>;
