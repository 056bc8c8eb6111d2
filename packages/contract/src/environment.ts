import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EpochMs, Id } from './bounds.js';
import { DATA_ID } from './timeseries.js';

/**
 * Plant environment, hazard-source and video monitoring (issue 5, DOMAIN.md §13): the sensors of a
 * node's subtree with their latest values and levels, 24 h trends with limit lines, the hazard-source
 * register, the alarm log of the sensors (from the event tables) and the cameras of a node.
 *
 * A sensor's setpoints are attributes of its node (gas detector `alarmLow` 低报 / `alarmHigh` 高报,
 * environment sensor `temperaturePreAlarm`, `temperatureHigh`, … ; see @ems/domain sensorChannels),
 * each missing one taken from DOMAIN §13's defaults.
 */
export const ENVIRONMENT_API = {
  /** POST SensorGridQuery → SensorGrid: sensors of the subtree with latest values, levels, counts and online rate */
  sensors: '/eem-service/v1/environment/sensors',
  /** POST SensorTrendQuery → SensorTrend: raw readings of one sensor (≤ 48 h) with its limit lines */
  trend: '/eem-service/v1/environment/trend',
  /** POST SensorAlarmQuery → SensorAlarm[]: limit and offline events of the subtree's sensors, newest first */
  alarms: '/eem-service/v1/environment/alarms',
  /** POST NodeRef → Camera[]: the cameras of the subtree */
  cameras: '/eem-service/v1/environment/cameras',
  /** GET → HazardSource[] of the caller's projects (projectId header narrows) */
  hazards: '/eem-service/v1/environment/hazards',
  /** POST HazardSourceInput → HazardSource (hazardsource_create) */
  createHazard: '/eem-service/v1/environment/hazard',
  /** PUT HazardSourceInput → HazardSource (hazardsource_update) */
  updateHazard: '/eem-service/v1/environment/hazard/:id',
  /** DELETE → number deleted (hazardsource_delete) */
  removeHazard: '/eem-service/v1/environment/hazard/:id',
  /** POST EnvironmentExportQuery → .xlsx of the sensor grid, the register or the alarm log; name in content-disposition */
  export: '/eem-service/v1/environment/export',
  /** GET the demo camera's HLS playlist and segments (signed-in users with page_videoMonitor) */
  demoVideo: '/eem-service/v1/environment/video/demo/:file',
} as const;

/** The demo cameras' stream URL (apps/server/assets/demo-video). */
export const DEMO_VIDEO_URL = '/eem-service/v1/environment/video/demo/index.m3u8';

/** Which sensors a page shows: gas detectors, environment sensors, or both. */
export const SensorScope = Type.Union([Type.Literal('all'), Type.Literal('gas'), Type.Literal('env')]);
export type SensorScope = Static<typeof SensorScope>;

/** Labels of the sensors this module judges. */
export const SENSOR_LABELS = { gas: ['gasdetector'], env: ['envsensor'], all: ['gasdetector', 'envsensor'] } as const;

export const SensorLevel = Type.Union([Type.Literal('normal'), Type.Literal('preAlarm'), Type.Literal('alarm'), Type.Literal('offline')]);
export type SensorLevel = Static<typeof SensorLevel>;

export type SensorQuantity = 'combustible' | 'co' | 'h2s' | 'o2' | 'nh3' | 'temperature' | 'humidity' | 'pm25' | 'noise';

/** The data point each quantity is read from (NH₃ has none in the catalogue yet: such a channel stays offline). */
export const QUANTITY_DATA_ID: Readonly<Partial<Record<SensorQuantity, number>>> = {
  combustible: DATA_ID.combustibleGas,
  co: DATA_ID.carbonMonoxide,
  h2s: DATA_ID.hydrogenSulfide,
  o2: DATA_ID.oxygen,
  temperature: DATA_ID.temperature,
  humidity: DATA_ID.humidity,
  pm25: DATA_ID.pm25,
  noise: DATA_ID.noise,
};


/** A node of the tree: a node id, or the project id with modelLabel 'project'. */
export const NodeRef = Type.Object({ nodeId: Id, modelLabel: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type NodeRef = Static<typeof NodeRef>;

export const SensorGridQuery = Type.Object(
  {
    nodeId: Id,
    modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
    scope: Type.Optional(SensorScope),
    /** offline after this many minutes without a reading (default 5) */
    offlineAfterMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
  },
  { additionalProperties: false },
);
export type SensorGridQuery = Static<typeof SensorGridQuery>;

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const NullNum = Nullable(Type.Number());

export const Thresholds = Type.Object({
  unit: Type.Optional(Type.String()),
  highPreAlarm: Type.Optional(Type.Number()),
  highAlarm: Type.Optional(Type.Number()),
  lowPreAlarm: Type.Optional(Type.Number()),
  lowAlarm: Type.Optional(Type.Number()),
});
export type Thresholds = Static<typeof Thresholds>;

/** One measured quantity of a sensor with its latest reading and level. */
export const SensorChannelValue = Type.Object({
  quantity: Type.String(),
  dataId: Type.Integer(),
  unit: Type.String(),
  value: NullNum,
  /** ms of the latest reading; null without one */
  ts: Nullable(Type.Integer()),
  level: SensorLevel,
  thresholds: Thresholds,
});
export type SensorChannelValue = Static<typeof SensorChannelValue>;

/** A container of the plant tree (building, floor, room, distribution room). */
export const PlaceRef = Type.Object({ id: Type.Integer(), modelLabel: Type.String(), name: Type.String() });
export type PlaceRef = Static<typeof PlaceRef>;

export const SensorRow = Type.Object({
  id: Type.Integer(),
  modelLabel: Type.String(),
  name: Type.String(),
  code: Type.String(),
  /** gas for a detector ('combustible', 'co', …), sensorKind for an environment sensor */
  kind: Type.String(),
  /** the worst channel's level; offline when no channel reported within the limit */
  level: SensorLevel,
  channels: Type.Array(SensorChannelValue),
  /** nearest room or distribution room, floor and building above the sensor (null: none) */
  room: Type.Union([PlaceRef, Type.Null()]),
  floor: Type.Union([PlaceRef, Type.Null()]),
  building: Type.Union([PlaceRef, Type.Null()]),
});
export type SensorRow = Static<typeof SensorRow>;

export const LevelCounts = Type.Object({ normal: Type.Integer(), preAlarm: Type.Integer(), alarm: Type.Integer(), offline: Type.Integer() });
export type LevelCounts = Static<typeof LevelCounts>;

/** A room tile of the floor view: the rooms of the subtree in tree order, with their floor and building. */
export const RoomTile = Type.Object({
  id: Type.Integer(),
  modelLabel: Type.String(),
  name: Type.String(),
  floor: Type.Union([PlaceRef, Type.Null()]),
  building: Type.Union([PlaceRef, Type.Null()]),
});
export type RoomTile = Static<typeof RoomTile>;

export const SensorGrid = Type.Object({
  /** server clock, ms */
  now: Type.Integer(),
  offlineAfterMs: Type.Integer(),
  counts: LevelCounts,
  /** sensors reporting ÷ all × 100; null without sensors */
  onlineRatePct: NullNum,
  sensors: Type.Array(SensorRow),
  rooms: Type.Array(RoomTile),
});
export type SensorGrid = Static<typeof SensorGrid>;

/** Longest trend window: raw readings are read for at most two days. */
export const SENSOR_TREND_MAX_HOURS = 48;

export const SensorTrendQuery = Type.Object(
  {
    sensorId: Id,
    /** hours back from now (default 24, at most 48) */
    hours: Type.Optional(Type.Integer({ minimum: 1, maximum: SENSOR_TREND_MAX_HOURS })),
  },
  { additionalProperties: false },
);
export type SensorTrendQuery = Static<typeof SensorTrendQuery>;

export const LimitLine = Type.Object({ level: Type.Union([Type.Literal('preAlarm'), Type.Literal('alarm')]), side: Type.Union([Type.Literal('high'), Type.Literal('low')]), value: Type.Number() });
export type LimitLine = Static<typeof LimitLine>;

export const SensorTrendChannel = Type.Object({
  quantity: Type.String(),
  dataId: Type.Integer(),
  name: Type.String(),
  unit: Type.String(),
  limits: Type.Array(LimitLine),
  /** [ts ms, value] in time order */
  points: Type.Array(Type.Array(NullNum, { minItems: 2, maxItems: 2 })),
});
export type SensorTrendChannel = Static<typeof SensorTrendChannel>;

export const SensorTrend = Type.Object({
  sensorId: Type.Integer(),
  name: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  channels: Type.Array(SensorTrendChannel),
});
export type SensorTrend = Static<typeof SensorTrend>;

export const SensorAlarmQuery = Type.Object(
  {
    nodeId: Id,
    modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
    scope: Type.Optional(SensorScope),
    /** events that overlap [startTime, endTime), ms; default the last 7 days */
    startTime: Type.Optional(EpochMs),
    endTime: Type.Optional(EpochMs),
  },
  { additionalProperties: false },
);
export type SensorAlarmQuery = Static<typeof SensorAlarmQuery>;

/** Most alarm-log rows one call returns. */
export const SENSOR_ALARM_LIMIT = 500;

export const SensorAlarm = Type.Object({
  id: Type.Integer(),
  logType: Type.Integer(),
  level: Nullable(Type.Integer()),
  status: Type.Integer(),
  confirmState: Type.Integer(),
  sensorId: Type.Integer(),
  sensorName: Type.String(),
  dataId: Nullable(Type.Integer()),
  value: NullNum,
  limit: NullNum,
  startTime: Type.Integer(),
  endTime: Nullable(Type.Integer()),
  message: Type.String(),
});
export type SensorAlarm = Static<typeof SensorAlarm>;

export const Camera = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  streamUrl: Type.String(),
  location: Type.String(),
  room: Type.Union([PlaceRef, Type.Null()]),
});
export type Camera = Static<typeof Camera>;

/** Hazard grades I–IV (GB 18218: I the most severe). */
export const HAZARD_GRADES = [1, 2, 3, 4] as const;

export const HazardSourceInput = Type.Object(
  {
    projectId: Id,
    name: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }),
    grade: Type.Integer({ minimum: 1, maximum: 4 }),
    /** the node it sits at (null: none) */
    nodeId: Type.Union([Id, Type.Null()]),
    modelLabel: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]),
    location: Type.String({ maxLength: 100 }),
    responsible: Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' }),
    /** a mobile phone (13800138000) or a landline (0512-66881234, extension -123): @ems/domain isPhoneOrLandline */
    phone: Type.String({ maxLength: 20, pattern: '^(1[345789][0-9]{9}|0[0-9]{2,3}-[0-9]{7,8}(-[0-9]{3,})?)$' }),
    /** gas detectors and environment sensors of the project */
    sensorIds: Type.Array(Id, { maxItems: 50, uniqueItems: true }),
    note: Type.String({ maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type HazardSourceInput = Static<typeof HazardSourceInput>;

export const HazardSource = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  grade: Type.Integer(),
  nodeId: Nullable(Type.Integer()),
  modelLabel: Type.Union([Type.String(), Type.Null()]),
  /** the node's name ('' without a node) */
  nodeName: Type.String(),
  location: Type.String(),
  responsible: Type.String(),
  phone: Type.String(),
  sensors: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), level: SensorLevel })),
  /** the worst level of its linked sensors; null without any */
  level: Type.Union([SensorLevel, Type.Null()]),
  note: Type.String(),
  updateTime: Type.Integer(),
});
export type HazardSource = Static<typeof HazardSource>;

export const HazardIdParams = Type.Object({ id: Id }, { additionalProperties: false });

export const EnvironmentExportQuery = Type.Object(
  {
    table: Type.Union([Type.Literal('sensors'), Type.Literal('hazards'), Type.Literal('alarms')]),
    nodeId: Id,
    modelLabel: Type.String({ minLength: 1, maxLength: 64 }),
    scope: Type.Optional(SensorScope),
  },
  { additionalProperties: false },
);
export type EnvironmentExportQuery = Static<typeof EnvironmentExportQuery>;

export const DemoVideoParams = Type.Object({ file: Type.String({ pattern: '^(index\\.m3u8|segment[0-9]{1,3}\\.ts)$' }) }, { additionalProperties: false });
