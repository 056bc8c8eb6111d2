import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id, MAX_PAGE_INDEX, Measurement } from './bounds.js';

/** Ingest paths (HTTP batch now; MQTT topic `ems/{projectId}/{gatewayId}/data` with the same payload). */
export const INGEST_API = {
  /** POST, header X-Gateway-Key, body IngestBatchBody → IngestResult */
  batch: '/eem-service/v1/ingest/batch',
  /** GET ?projectId= list; POST create (plain key shown once) */
  gateways: '/eem-service/v1/ingest/gateway',
  /** POST `${gateways}/{id}/rotate`: a new key (shown once); PUT `${gateways}/{id}` {name?, enabled?} */
  gatewayRotate: '/rotate',
  /** GET ?projectId=&page=&pageSize=: recent rejected messages with their reasons */
  errors: '/eem-service/v1/ingest/errors',
} as const;

/** The gateway key header of the HTTP batch ingest. */
export const GATEWAY_KEY_HEADER = 'x-gateway-key';
/** Most readings in one batch (HTTP body or MQTT message). */
export const INGEST_MAX_READINGS = 5000;
/** MQTT topic of a gateway's readings (next session). */
export const ingestTopic = (projectId: number, gatewayId: number) => `ems/${projectId}/${gatewayId}/data`;

/**
 * One reading as a gateway sends it: `ts` (ms) or `time` (ISO 8601 with offset); without either
 * the payload's `ts` applies. status: 0..4 (READING_STATUS), default 0. Checked per reading: a bad
 * one is rejected with its reason and the rest go on.
 */
export const IngestReading = Type.Object(
  {
    deviceId: Id,
    dataId: Id,
    ts: Type.Optional(EpochMs),
    time: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
    value: Measurement,
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  },
  { additionalProperties: false },
);
export type IngestReading = Static<typeof IngestReading>;

/**
 * Body of POST /eem-service/v1/ingest/batch and payload of the MQTT topic. The envelope is checked
 * as a whole (a malformed one → 400, nothing written); readings one by one.
 */
export const IngestBatchBody = Type.Object(
  {
    /** optional; when given it must be the gateway of the key */
    gatewayId: Type.Optional(Id),
    /** default ts (ms) of readings that carry neither ts nor time */
    ts: Type.Optional(EpochMs),
    readings: Type.Array(Type.Unknown(), { minItems: 1, maxItems: INGEST_MAX_READINGS }),
  },
  { additionalProperties: false },
);
export type IngestBatchBody = Static<typeof IngestBatchBody>;

/** Reasons a reading is rejected. */
export const INGEST_REASON = {
  invalidReading: 'invalid_reading',
  badTime: 'bad_time',
  futureTime: 'future_time',
  unknownDevice: 'unknown_device',
  unknownDataPoint: 'unknown_data_point',
  badValue: 'bad_value',
  /** older than the raw-reading retention (EMS_READING_RETENTION_DAYS): its neighbours may be deleted, so it could not be rolled up */
  beyondRetention: 'beyond_retention',
} as const;

export const IngestResult = Type.Object({
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  /** at most 100 listed; `rejected` counts all */
  errors: Type.Array(Type.Object({ index: Type.Integer(), reason: Type.String() })),
});
export type IngestResult = Static<typeof IngestResult>;

export const GatewayInfo = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  mqttUsername: Type.String(),
  enabled: Type.Boolean(),
  /** ms, null before the first message */
  lastSeen: Type.Union([Type.Integer(), Type.Null()]),
});
export type GatewayInfo = Static<typeof GatewayInfo>;

/** Reply of create and rotate: the plain key, shown this once (also the MQTT password). */
export const GatewayWithKey = Type.Object({ gateway: GatewayInfo, apiKey: Type.String() });
export type GatewayWithKey = Static<typeof GatewayWithKey>;

export const GatewayCreateBody = Type.Object(
  {
    projectId: Id,
    name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\p{L}\\p{N}][\\p{L}\\p{N} _\\-()（）#·.]*$' }),
  },
  { additionalProperties: false },
);
export type GatewayCreateBody = Static<typeof GatewayCreateBody>;

export const GatewayUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\p{L}\\p{N}][\\p{L}\\p{N} _\\-()（）#·.]*$' })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type GatewayUpdateBody = Static<typeof GatewayUpdateBody>;

export const GatewayListQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export type GatewayListQuery = Static<typeof GatewayListQuery>;

export const GatewayIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type GatewayIdParam = Static<typeof GatewayIdParam>;

export const IngestErrorQuery = Type.Object(
  {
    projectId: Id,
    /** 1-based */
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_INDEX, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
  },
  { additionalProperties: false },
);
export type IngestErrorQuery = Static<typeof IngestErrorQuery>;

/** One recorded ingest error; newest first. */
export const IngestErrorInfo = Type.Object({
  id: Type.Integer(),
  gatewayId: Type.Union([Type.Integer(), Type.Null()]),
  receivedAt: Type.Integer(),
  reason: Type.String(),
  /** the offending reading or body, at most 500 characters */
  excerpt: Type.String(),
});
export type IngestErrorInfo = Static<typeof IngestErrorInfo>;
