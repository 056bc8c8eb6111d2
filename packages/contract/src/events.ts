import { Type, type Static } from '@sinclair/typebox';

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
} as const;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Ms = Type.Integer({ minimum: 0 });
const Page = Type.Object({ index: Type.Integer({ minimum: 0 }), limit: Type.Integer({ minimum: 1, maximum: 1000 }) });

export const EventQueryBody = Type.Object(
  {
    startTime: Ms,
    endTime: Ms,
    /** the log types of the page (TARGET_LOG_TYPES); empty or absent: all */
    logTypes: Type.Optional(Type.Array(Type.Integer(), { maxItems: 50 })),
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
  ruleId: NullableInt,
  confirmUser: NullableStr,
  confirmTime: NullableInt,
  confirmComment: NullableStr,
});
export type EventRecord = Static<typeof EventRecord>;

/** One event with its history (raised, peaks, finished, confirmed). */
export const EventDetail = Type.Composite([
  EventRecord,
  Type.Object({
    /** upper and lower limits of the data point, for the trend's limit lines */
    upperLimit: NullableNum,
    lowerLimit: NullableNum,
    /** the rule's description in the request's language */
    ruleName: NullableStr,
  }),
]);
export type EventDetail = Static<typeof EventDetail>;

export const EventConfirmBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
    comment: Type.String({ maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type EventConfirmBody = Static<typeof EventConfirmBody>;

export const EventIdQuery = Type.Object({ id: Id }, { additionalProperties: false });
