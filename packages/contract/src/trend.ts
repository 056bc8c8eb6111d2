import { Type, type Static } from '@sinclair/typebox';
import { Id, IdOrZero } from './bounds.js';

/** Trend paths (issue 3 §4). The browser reads the data URL from the system configuration file (`trendDataUrl`). */
export const TREND_API = {
  /** POST TrendQueryBody → TrendSeriesReply[] */
  data: '/eem-service/v1/trend/data',
} as const;

/** Most meter configs (lines) in one trend query. */
export const TREND_MAX_METER_CONFIGS = 16;
/** Most readings read per line (the query stops there and flags the line as truncated). */
export const TREND_MAX_ROWS_PER_LINE = 200_000;
/** Longest range of one trend query, ms (400 days). */
export const TREND_MAX_RANGE_MS = 400 * 86_400_000;
/** Widest chart a client may name, px. */
export const TREND_MAX_PIXEL_WIDTH = 10_000;
/** Intervals (s) whose counter consumption comes straight from the rollups. */
export const TREND_ROLLUP_INTERVALS = { 900: 'rollup_15m', 3600: 'rollup_hour', 86400: 'rollup_day' } as const;
/** Intervals the trend page offers: raw, 15 min, 1 h, 1 day (the API takes any 0..31 days). */
export const TREND_INTERVALS = [0, 900, 3600, 86400] as const;

/** How the values of a line were obtained (dataTypeName in the reply, in the request's language). */
export const TREND_DATA_TYPE = {
  raw: 1,
  average: 2,
  consumption: 3,
  max: 4,
} as const;

/** 'YYYY-MM-DD HH:mm:ss', read in the project's timezone. */
const LocalDateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$', maxLength: 19 });

export const TrendMeterConfig = Type.Object(
  {
    dataId: Id,
    /** echoed back (default 1) */
    dataTypeId: Type.Optional(IdOrZero),
    /** a node id (a device of a project the caller may see) */
    deviceId: Id,
    /** echoed back (default 1) */
    logicalId: Type.Optional(IdOrZero),
  },
  { additionalProperties: false },
);
export type TrendMeterConfig = Static<typeof TrendMeterConfig>;

/** POST /eem-service/v1/trend/data (spec section 3, trend query). */
export const TrendQueryBody = Type.Object(
  {
    startTime: LocalDateTime,
    /** exclusive */
    endTime: LocalDateTime,
    /** seconds; 0 = raw readings. Instantaneous points: interval average; counters: interval consumption */
    interval: Type.Integer({ minimum: 0, maximum: 31 * 86400 }),
    meterConfigs: Type.Array(TrendMeterConfig, { minItems: 1, maxItems: TREND_MAX_METER_CONFIGS }),
    /** chart width in px: each line is downsampled (min/max buckets) to at most 2 points a pixel */
    pixelWidth: Type.Optional(Type.Integer({ minimum: 1, maximum: TREND_MAX_PIXEL_WIDTH })),
  },
  { additionalProperties: false },
);
export type TrendQueryBody = Static<typeof TrendQueryBody>;

export const TrendPointSchema = Type.Object({
  /** ms; interval start when aggregated */
  time: Type.Integer(),
  value: Type.Union([Type.Number(), Type.Null()]),
  /** READING_STATUS (worst of the interval when aggregated) */
  status: Type.Integer(),
});

export const TrendParamSchema = Type.Object({
  deviceName: Type.String(),
  dataName: Type.String(),
  dataTypeName: Type.String(),
  unit: Type.String(),
  upperLimit: Type.Union([Type.Number(), Type.Null()]),
  lowerLimit: Type.Union([Type.Number(), Type.Null()]),
});

/** One line of the reply, in the order of meterConfigs. */
export const TrendSeriesReply = Type.Object({
  deviceId: Type.Integer(),
  dataId: Type.Integer(),
  dataTypeId: Type.Integer(),
  logicalId: Type.Integer(),
  param: TrendParamSchema,
  data: Type.Array(TrendPointSchema),
  /** true when more than TREND_MAX_ROWS_PER_LINE readings were in range (the rest was not read) */
  truncated: Type.Optional(Type.Boolean()),
});
export type TrendSeriesReply = Static<typeof TrendSeriesReply>;
