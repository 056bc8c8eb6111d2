import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounds.js';
import { DataPointKind } from './timeseries.js';

/** Device-monitor paths (issue 3 §4). */
export const MONITOR_API = {
  /** POST MonitorDevicesBody → MonitorDevices: the devices under a node with their latest readings */
  devices: '/eem-service/v1/monitor/devices',
  /** GET ?deviceId= → MonitorDataPoint[]: the data points a device has readings for */
  dataPoints: '/eem-service/v1/monitor/dataPoints',
} as const;

/** A device is offline when its newest reading is older than this (default 15 min). */
export const MONITOR_OFFLINE_AFTER_MS = 15 * 60_000;
/** Labels that group devices; every other label under the chosen node is a device. */
export const MONITOR_CONTAINER_LABELS = ['project', 'building', 'floor', 'room', 'distributionroom'] as const;
/** Most devices one monitor call returns. */
export const MONITOR_MAX_DEVICES = 500;

export const MonitorDevicesBody = Type.Object(
  {
    /** the chosen node: a node id, or the project id with modelLabel 'project' */
    nodeId: Id,
    modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
    /** offline threshold in minutes (default 15) */
    offlineAfterMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10080 })),
  },
  { additionalProperties: false },
);
export type MonitorDevicesBody = Static<typeof MonitorDevicesBody>;

/** Where a value sits against the data point's limits. */
export const LimitState = Type.Union([Type.Literal('normal'), Type.Literal('over'), Type.Literal('under')]);
export type LimitState = Static<typeof LimitState>;

/** A data point of a device with its latest reading (data-point names in the request's language). */
export const MonitorPoint = Type.Object({
  dataId: Type.Integer(),
  name: Type.String(),
  unit: Type.String(),
  kind: DataPointKind,
  value: Type.Union([Type.Number(), Type.Null()]),
  /** ms of the latest reading */
  ts: Type.Integer(),
  status: Type.Integer(),
  upperLimit: Type.Union([Type.Number(), Type.Null()]),
  lowerLimit: Type.Union([Type.Number(), Type.Null()]),
  limitState: LimitState,
});
export type MonitorPoint = Static<typeof MonitorPoint>;

export const MonitorDevice = Type.Object({
  id: Type.Integer(),
  modelLabel: Type.String(),
  name: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  online: Type.Boolean(),
  /** ms of the newest reading of any point, null when none */
  lastTs: Type.Union([Type.Integer(), Type.Null()]),
  points: Type.Array(MonitorPoint),
});
export type MonitorDevice = Static<typeof MonitorDevice>;

export const MonitorDevices = Type.Object({
  /** server clock, ms */
  now: Type.Integer(),
  offlineAfterMs: Type.Integer(),
  devices: Type.Array(MonitorDevice),
});
export type MonitorDevices = Static<typeof MonitorDevices>;

export const MonitorDataPointsQuery = Type.Object(
  { deviceId: Id },
  { additionalProperties: false },
);

/** A data point a device has readings for (the trend picker's list). */
export const MonitorDataPoint = Type.Object({
  dataId: Type.Integer(),
  name: Type.String(),
  unit: Type.String(),
  kind: DataPointKind,
  upperLimit: Type.Union([Type.Number(), Type.Null()]),
  lowerLimit: Type.Union([Type.Number(), Type.Null()]),
  /** ms of its latest reading */
  lastTs: Type.Integer(),
});
export type MonitorDataPoint = Static<typeof MonitorDataPoint>;
