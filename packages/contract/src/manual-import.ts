import { Type, type Static } from '@sinclair/typebox';

/** Manual readings import (issue 3 §3): a CSV or .xlsx of readings of offline meters, uploaded through the file manager. */
export const MANUAL_IMPORT_API = {
  /** POST ManualImportBody → ManualImportResult */
  run: '/eem-service/v1/ingest/manual-import',
  /** GET → an .xlsx template (header and two example rows); file name from content-disposition */
  template: '/eem-service/v1/ingest/manual-import/template',
} as const;

/** Most data rows one import reads; a longer file is refused as a whole. */
export const MANUAL_IMPORT_MAX_ROWS = 10_000;

/**
 * Header names recognised per column (case and surrounding blanks ignored). `meterCode` or
 * `deviceId` is required, with `time` and `value`; `dataPoint` is optional (default active energy import).
 */
export const MANUAL_IMPORT_COLUMNS = {
  meterCode: ['meter code', 'metercode', 'meter', 'code', '表计编码', '表计编号', '编码', '仪表编码'],
  deviceId: ['device id', 'deviceid', 'meter id', '设备id', '设备编号id', '表计id'],
  dataPoint: ['data point', 'datapoint', 'data id', 'dataid', '数据点', '测点'],
  time: ['time', 'reading time', 'timestamp', '时间', '抄表时间'],
  value: ['value', 'reading', '读数', '数值', '抄表读数'],
} as const;

/** Template header, per language. */
export const MANUAL_IMPORT_HEADER = {
  zh: ['表计编码', '数据点', '抄表时间', '读数'],
  en: ['meter code', 'data point', 'time', 'value'],
} as const;

/** Why a row is rejected. */
export const MANUAL_IMPORT_REASON = {
  unknownMeter: 'unknown_meter',
  unknownDataPoint: 'unknown_data_point',
  badTime: 'bad_time',
  futureTime: 'future_time',
  badValue: 'bad_value',
  duplicateRow: 'duplicate_row',
  missingField: 'missing_field',
} as const;
export type ManualImportReason = (typeof MANUAL_IMPORT_REASON)[keyof typeof MANUAL_IMPORT_REASON];

export const ManualImportBody = Type.Object(
  {
    /** the `fileName` an upload replied */
    fileName: Type.String({ minLength: 1, maxLength: 300 }),
    projectId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  },
  { additionalProperties: false },
);
export type ManualImportBody = Static<typeof ManualImportBody>;

export const ManualImportError = Type.Object({
  /** 1-based spreadsheet row (the header is row 1) */
  row: Type.Integer(),
  reason: Type.String(),
  /** in the request language */
  message: Type.String(),
});
export type ManualImportError = Static<typeof ManualImportError>;

/** Reply `data`: every rejected row is listed (at most MANUAL_IMPORT_MAX_ROWS). */
export const ManualImportResult = Type.Object({
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  errors: Type.Array(ManualImportError),
});
export type ManualImportResult = Static<typeof ManualImportResult>;
