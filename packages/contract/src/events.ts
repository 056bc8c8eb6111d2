import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id, Int32, Page } from './bounds.js';

/**
 * Events and the rules that raise them (issue 4 §1 and §4). Events are stored per project; the
 * project comes from the projectid header as everywhere else. Times are ms.
 */
export const EVENT_API = {
  /** POST EventQueryBody → EventRecord[] with total */
  query: '/eem-service/v1/event/query',
  /** GET ?id= → EventDetail */
  detail: '/eem-service/v1/event/detail',
  /** POST EventConfirmBody → number of events confirmed (permission event_confirm) */
  confirm: '/eem-service/v1/event/confirm',
  /** POST EventQueryBody (page ignored) → xlsx; file name in content-disposition */
  export: '/eem-service/v1/event/export',
  /** rules (spec section 7): POST RuleListQuery → RuleConfig[] with total */
  ruleList: '/eem-service/v1/rule/queryConfigList',
  /** GET ?id= → RuleConfig */
  ruleDetail: '/eem-service/v1/rule/configDetail',
  /** DELETE {ids} → ids deleted */
  ruleDelete: '/eem-service/v1/rule/delConfig',
  /** POST {ids, enabled} → number changed */
  ruleStates: '/eem-service/v1/rule/changeConfigStates',
  /** POST RuleConfigInput (with id: update; without: create) → RuleConfig */
  ruleSave: '/eem-service/v1/rule/configInfo',
  /** algorithms (spec section 7; page index 0, limit 100): POST AlgorithmListQuery → AlgorithmConfig[] with total */
  algorithmList: '/eem-service/v1/rule/queryAlgorithmList',
  /** GET ?id= → AlgorithmConfig */
  algorithmDetail: '/eem-service/v1/rule/algorithmDetail',
  /** DELETE {ids} → ids deleted */
  algorithmDelete: '/eem-service/v1/rule/delAlgorithm',
  /** POST AlgorithmConfigInput → AlgorithmConfig */
  algorithmSave: '/eem-service/v1/rule/algorithmInfo',
  /** POST {ids, enabled} → number changed */
  algorithmStates: '/eem-service/v1/rule/changeAlgorithmStates',
  /** POST RaiseOrderBody → the inspection order (an event of log type 711) raised from an event (permission workorder_create) */
  raiseOrder: '/eem-service/v1/event/inspectionOrder',
  /** POST CloseOrdersBody → number of inspection orders closed (permission workorder_update) */
  closeOrders: '/eem-service/v1/event/closeInspectionOrder',
} as const;


export const EventQueryBody = Type.Object(
  {
    startTime: EpochMs,
    endTime: EpochMs,
    /** the log types of the page (TARGET_LOG_TYPES); empty or absent: all */
    logTypes: Type.Optional(Type.Array(Int32, { maxItems: 50 })),
    /** a node of the project tree: its events and those of every node under it */
    nodeId: Type.Optional(Id),
    modelLabel: Type.Optional(Type.String({ maxLength: 64 })),
    eventTypes: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 5 }), { maxItems: 5 })),
    levels: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 4 }), { maxItems: 4 })),
    /** 0 active, 1 finished */
    status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    /** 1 unconfirmed, 3 confirmed */
    confirmState: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(3)])),
    /** only events of this device (diagnosis: earlier similar events) */
    deviceId: Type.Optional(Id),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Page),
  },
  { additionalProperties: false },
);
export type EventQueryBody = Static<typeof EventQueryBody>;

const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableNum = Type.Union([Type.Number(), Type.Null()]);
const NullableStr = Type.Union([Type.String(), Type.Null()]);

/** One event as listed (texts in the request's language). */
export const EventRecord = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  logType: Type.Integer(),
  eventClass: Type.Integer(),
  eventType: NullableInt,
  level: NullableInt,
  /** 0 active, 1 finished */
  status: Type.Integer(),
  /** 1 unconfirmed, 3 confirmed */
  confirmState: Type.Integer(),
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  nodeName: Type.String(),
  /** the data point the rule watched, when it watched one */
  dataId: NullableInt,
  dataName: NullableStr,
  /**
   * what value and limit measure when it is not the data point itself (EVENT_QUANTITY): a loss rate,
   * a COP, a specific power, minutes without data, a night hour's mean use, a demand; null: the data point
   * (always sent by the server)
   */
  quantity: Type.Optional(NullableStr),
  /** the unit of value and limit: the quantity's (% for a loss rate, kW for a demand, …), else the data point's */
  unit: NullableStr,
  /** the worst value seen while active */
  value: NullableNum,
  /** the limit or threshold crossed */
  limit: NullableNum,
  startTime: Type.Integer(),
  /** null while active */
  endTime: NullableInt,
  /** what the user reads */
  message: Type.String(),
  /** the limit rule that raised it (null for algorithm events) */
  ruleId: NullableInt,
  /** the algorithm that raised it (null for limit-rule events); always sent by the server */
  algorithmId: Type.Optional(NullableInt),
  /** the device the event is about; always sent by the server */
  deviceId: Type.Optional(NullableInt),
  confirmUser: NullableStr,
  confirmTime: NullableInt,
  confirmComment: NullableStr,
  /** an inspection order (711): the event it was raised from; always sent by the server */
  sourceEventId: Type.Optional(NullableInt),
  /** abnormal consumption (703): the waste, in the data point's unit, and its cost in fen (migration 0027); null otherwise */
  wasteAmount: Type.Optional(NullableNum),
  /** the unit of wasteAmount: the data point's (kWh, m³…) */
  wasteUnit: Type.Optional(NullableStr),
  wasteFen: Type.Optional(NullableInt),
});
export type EventRecord = Static<typeof EventRecord>;

/** One event with its history (raised, peaks, finished, confirmed). */
export const EventDetail = Type.Composite([
  EventRecord,
  Type.Object({
    /** upper and lower limits of the data point, for the trend's limit lines (in pointUnit) */
    upperLimit: NullableNum,
    lowerLimit: NullableNum,
    /** the data point's own unit (the trend's and its limits'); always sent by the server */
    pointUnit: Type.Optional(NullableStr),
    /** the rule's description in the request's language */
    ruleName: NullableStr,
  }),
]);
export type EventDetail = Static<typeof EventDetail>;

/**
 * What an event's value and limit measure when it is not the watched data point itself (EventRecord.quantity):
 * the unit follows it (eventQuantityUnit of @ems/domain).
 */
export const EVENT_QUANTITY = {
  /** a balance's loss rate λ, % (706, 707) */
  lossRate: 'lossRate',
  /** a chiller plant's COP, kWh of cooling per kWh (708, 709) */
  cop: 'cop',
  /** an air-compressor station's specific power, kW per m³/min (708, 709) */
  specificPower: 'specificPower',
  /** minutes without data (801) */
  offlineMinutes: 'offlineMinutes',
  /** the mean use of a night hour, the data point's unit per hour (703) */
  nightUse: 'nightUse',
  /** a sliding-window or 15-min demand, kW (704, 705) */
  demand: 'demand',
} as const;
export type EventQuantity = (typeof EVENT_QUANTITY)[keyof typeof EVENT_QUANTITY];

export const EventConfirmBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
    comment: Type.String({ maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type EventConfirmBody = Static<typeof EventConfirmBody>;

/**
 * Raise an inspection order (log type 711) from an event: someone is to go and look at its node.
 * One open order per event; the order is an event of its own, listed on /inspectorder and notified live.
 */
export const RaiseOrderBody = Type.Object(
  {
    eventId: Id,
    /** what to check, for whom: part of the order's message */
    comment: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type RaiseOrderBody = Static<typeof RaiseOrderBody>;

/** Close inspection orders with what was found (required): closing finishes them and confirms the unconfirmed. */
export const CloseOrdersBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
    comment: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type CloseOrdersBody = Static<typeof CloseOrdersBody>;

export const EventIdQuery = Type.Object({ id: Id }, { additionalProperties: false });
export type EventIdQuery = Static<typeof EventIdQuery>;

/** Comparison codes of a rule condition (spec section 4): 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=. */
export const COMPARE_OP = { gt: 1, lt: 2, eq: 3, ge: 4, le: 5, ne: 6 } as const;
/** Combinators of a rule's conditions (spec section 4): 1 and, 2 or. */
export const COMBINATOR = { and: 1, or: 2 } as const;

const Name = Type.String({ minLength: 1, maxLength: 50 });
const Label = Type.String({ minLength: 1, maxLength: 64 });
const Finite = Type.Number({ minimum: -1e12, maximum: 1e12 });
const Level = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)]);

/** One condition of a limit rule: the watched data point of the rule's device against a limit. */
export const RuleCondition = Type.Object(
  {
    dataId: Id,
    /** COMPARE_OP code 1..6 */
    operator: Type.Integer({ minimum: 1, maximum: 6 }),
    /** the limit in the data point's unit */
    limit: Finite,
  },
  { additionalProperties: false },
);
export type RuleCondition = Static<typeof RuleCondition>;

/**
 * A limit rule as saved (POST ruleSave): without `id` it creates, with `id` it updates. The rule
 * watches data points of one device node (the reading's deviceId is the node id). The condition must
 * hold for `minDurationSec` before an event is raised; an active event finishes only when the value is
 * back inside the limit by `hysteresis` (in the data point's unit), so a value hovering at the limit
 * raises one event. Level 1 (accident) raises logType 803. Otherwise an energy quantity (a data point
 * with an energy type: power, current, kWh, flow, …) raises 702 (energy-consumption events, level alarm
 * 2: an early warning on it is refused), any other quantity (temperature, humidity, gas, …) 804 (event
 * diagnosis, class = level). The event type follows the data point (issue 4 table): temperature 2, an
 * energy quantity 3 (over limit), none of the spec's types for the others (null).
 */
export const RuleConfigInput = Type.Object(
  {
    id: Type.Optional(Id),
    name: Name,
    nodeId: Id,
    modelLabel: Label,
    conditions: Type.Array(RuleCondition, { minItems: 1, maxItems: 5 }),
    /** COMBINATOR code: 1 and, 2 or */
    combinator: Type.Union([Type.Literal(1), Type.Literal(2)]),
    /** seconds the condition must hold before the event is raised (0: at once) */
    minDurationSec: Type.Integer({ minimum: 0, maximum: 86400 }),
    /** how far back inside the limit the value must come to finish the event (≥ 0) */
    hysteresis: Type.Number({ minimum: 0, maximum: 1e9 }),
    /** EVENT_LEVEL: 1 accident, 2 alarm, 4 early warning */
    level: Level,
    /** EVENT_TYPE 1..5: follows the first condition's data point; when sent it must be that one (else 400) */
    eventType: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
    enabled: Type.Boolean(),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type RuleConfigInput = Static<typeof RuleConfigInput>;

/** A limit rule as listed and shown. */
export const RuleConfig = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  /** the device node's name ('' when the node is gone) */
  nodeName: Type.String(),
  conditions: Type.Array(
    Type.Object({
      dataId: Type.Integer(),
      operator: Type.Integer(),
      limit: Type.Number(),
      /** the data point's name in the request's language and its unit */
      dataName: Type.String(),
      unit: Type.String(),
    }),
  ),
  combinator: Type.Integer(),
  minDurationSec: Type.Integer(),
  hysteresis: Type.Number(),
  level: Type.Integer(),
  /** EVENT_TYPE of its first condition's data point; null when none of the spec's types fits (humidity, gas, …) */
  eventType: NullableInt,
  /** the log type its events carry (702 energy quantity, 804 other quantity, 803 at accident level) */
  logType: Type.Integer(),
  enabled: Type.Boolean(),
  description: Type.String(),
  /** ms */
  updateTime: Type.Integer(),
});
export type RuleConfig = Static<typeof RuleConfig>;

/** POST ruleList: filters and paging (index from 0; default index 0, limit 100). */
export const RuleListQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 50 })),
    /** rules on this node or any node under it */
    nodeId: Type.Optional(Id),
    modelLabel: Type.Optional(Type.String({ maxLength: 64 })),
    enabled: Type.Optional(Type.Boolean()),
    page: Type.Optional(Page),
  },
  { additionalProperties: false },
);
export type RuleListQuery = Static<typeof RuleListQuery>;

/**
 * Algorithm kinds (computed indicators):
 * - demand: sliding-window demand of an incomer's active power (DOMAIN.md §4) → 704 pre-alarm, 705 over-limit
 * - offline: a device without readings for `offlineMinutes` → 801
 * - switch: a change of a status point (default dataId 20) → 802
 * - efficiency: an indicator (COP, specific power, …) below / above its threshold → 708
 * - balance: loss rate of a parent meter against the sum of its children over the last closed hour → 706, negative → 707
 * - quota: a node's monthly consumption against its quota → 701 forecast breach, 710 reached
 * - baseLoad: a meter's mean use per night hour (a leak, a load left on) above its limit → 703 abnormal consumption
 */
export const ALGORITHM_KINDS = ['demand', 'offline', 'switch', 'efficiency', 'balance', 'quota', 'baseLoad'] as const;
export const AlgorithmKind = Type.Union([
  Type.Literal('demand'),
  Type.Literal('offline'),
  Type.Literal('switch'),
  Type.Literal('efficiency'),
  Type.Literal('balance'),
  Type.Literal('quota'),
  Type.Literal('baseLoad'),
]);
export type AlgorithmKind = (typeof ALGORITHM_KINDS)[number];

/**
 * Parameters of an algorithm; which ones are required depends on the kind (the server names a
 * missing one in its 400 reply, e.g. "params.contractKw"):
 * - demand: contractKw (an administrator's override; absent: the contracted demand of the tariff version in force
 *   for the node, when that version bills by demand), preAlarmPercent (default 90), windowMinutes (15), subintervalMinutes (1), predictionFactor k (1.0), dataId (3 active power)
 * - offline: offlineMinutes (required); deviceIds (empty: every device under the node that has readings)
 * - switch: dataId (default 20 switch status); deviceIds (empty: every device under the node)
 * - efficiency: indicator ('cop' | 'specificPower'), threshold (required), outputDeviceId (required), outputDataId (default 17
 *   cooling kWh for cop, 16 compressed air m³ for specificPower); over the last closed hour from the rollups, the node's
 *   energy counter (dataId, default 1 kWh) is the input: cop = output kWh / input kWh (alarm below threshold),
 *   specificPower = 60 × input kWh / output m³ = kW per m³/min (lower is better, alarm above threshold)
 * - balance: tolerancePercent (required), energy dataId (default 1 active energy); the node is the parent meter, childIds its child meters
 * - quota: quotaMonthly (required, in the data point's unit), dataId (default 1); deviceIds summed (empty: the node itself)
 * - baseLoad: nightLimit (required: the most a night hour may use on average, in the data point's unit per hour), dataId
 *   (default 1 kWh; 13 for water m³), nightStartHour (0) and nightEndHour (5) on the project's clock; judged once a night
 *   is over from the hourly rollups: above the limit raises 703, a night back within it finishes it
 */
export const AlgorithmParams = Type.Object(
  {
    contractKw: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })),
    preAlarmPercent: Type.Optional(Type.Number({ minimum: 1, maximum: 100 })),
    windowMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })),
    subintervalMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })),
    predictionFactor: Type.Optional(Type.Number({ minimum: 0.5, maximum: 2 })),
    offlineMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10080 })),
    dataId: Type.Optional(Id),
    deviceIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
    childIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
    indicator: Type.Optional(Type.Union([Type.Literal('cop'), Type.Literal('specificPower')])),
    threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    outputDeviceId: Type.Optional(Id),
    outputDataId: Type.Optional(Id),
    tolerancePercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    quotaMonthly: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 })),
    nightLimit: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 })),
    nightStartHour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
    nightEndHour: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
    /**
     * efficiency grades, best first: the bound of grade 1, 2, … (COP: falling, a value at or above
     * the bound has the grade; specific power: rising, at or below). A value past the last bound is
     * the grade after it. When the last hour's grade is worse than the hour's before, 709.
     */
    gradeBounds: Type.Optional(Type.Array(Type.Number({ minimum: 0, maximum: 1e9 }), { minItems: 1, maxItems: 5 })),
  },
  { additionalProperties: false },
);
export type AlgorithmParams = Static<typeof AlgorithmParams>;

/** An algorithm as saved (POST algorithmSave): without `id` it creates, with `id` it updates. */
export const AlgorithmConfigInput = Type.Object(
  {
    id: Type.Optional(Id),
    name: Name,
    kind: AlgorithmKind,
    /** the node it watches: the incomer (demand), parent meter (balance), device or container (offline, switch, quota) */
    nodeId: Id,
    modelLabel: Label,
    params: AlgorithmParams,
    /** level of the events it raises where the kind leaves it open (efficiency, offline); default 2 alarm */
    level: Type.Optional(Level),
    enabled: Type.Boolean(),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type AlgorithmConfigInput = Static<typeof AlgorithmConfigInput>;

/**
 * The contracted demand a demand algorithm uses (issue 11 defect 5: one source of truth): an
 * administrator's contractKw in the algorithm, else the contracted demand the basic fee of the
 * tariff version in force for its node bills against (a version that bills by demand against a
 * contract): max(contract as entered, 40 % of the capacity); kw null when neither gives one (no events).
 */
export const DemandContract = Type.Object({
  kw: NullableNum,
  source: Type.Union([Type.Literal('admin'), Type.Literal('tariff'), Type.Literal('none')]),
  /** tariff: the scheme's id and name and the version's effectiveFrom ('YYYY-MM-DD') */
  schemeId: NullableInt,
  schemeName: NullableStr,
  effectiveFrom: NullableStr,
  /** tariff: the version's contracted demand as entered, kW (below minKw it is billed, and judged, at minKw); else null */
  enteredKw: NullableNum,
  /** tariff: 40 % of the version's capacity, kW, the least contracted demand billed; else null */
  minKw: NullableNum,
});
export type DemandContract = Static<typeof DemandContract>;

/** An algorithm as listed and shown (params with their defaults filled in). */
export const AlgorithmConfig = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  kind: AlgorithmKind,
  nodeId: Type.Integer(),
  modelLabel: Type.String(),
  nodeName: Type.String(),
  params: AlgorithmParams,
  level: Type.Integer(),
  enabled: Type.Boolean(),
  description: Type.String(),
  /** ms */
  updateTime: Type.Integer(),
  /** a demand algorithm: the contracted demand it judges against now and where it comes from; always sent by the server for demand */
  contract: Type.Optional(DemandContract),
});
export type AlgorithmConfig = Static<typeof AlgorithmConfig>;

/** POST algorithmList: filters and paging (spec: page index 0, limit 100). */
export const AlgorithmListQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 50 })),
    kind: Type.Optional(AlgorithmKind),
    nodeId: Type.Optional(Id),
    modelLabel: Type.Optional(Type.String({ maxLength: 64 })),
    enabled: Type.Optional(Type.Boolean()),
    page: Type.Optional(Page),
  },
  { additionalProperties: false },
);
export type AlgorithmListQuery = Static<typeof AlgorithmListQuery>;

/** POST ruleStates / algorithmStates: enable or disable several at once. */
export const ChangeStatesBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), enabled: Type.Boolean() },
  { additionalProperties: false },
);
export type ChangeStatesBody = Static<typeof ChangeStatesBody>;

/** DELETE ruleDelete / algorithmDelete: the ids to delete. */
export const IdsBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }, { additionalProperties: false });
export type IdsBody = Static<typeof IdsBody>;
