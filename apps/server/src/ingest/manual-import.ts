import { readFile } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { localParts, zonedStart } from '@ems/domain';
import {
  DATA_ID,
  INGEST_REASON,
  MANUAL_IMPORT_COLUMNS,
  MANUAL_IMPORT_HEADER,
  MANUAL_IMPORT_MAX_ROWS,
  MANUAL_IMPORT_REASON,
  type ManualImportBody,
  type ManualImportError,
  type ManualImportResult,
} from '@ems/contract';
import type { Ems, Session } from '../context.js';
import type { Lang } from '../lib/i18n.js';
import { noPermission } from '../lib/errors.js';
import { zonedDateTime } from '../lib/zoned-time.js';
import { fileTypeOf, findFile } from '../modules/filemanager/service.js';
import { writeBatch, type ReadingInput } from '../modules/timeseries/service.js';
import { XlsxError, readFirstSheet } from './xlsx-reader.js';

/** A cell as read from a CSV (always text) or an .xlsx (text, number, boolean, date or empty). */
export type Cell = string | number | boolean | Date | null;
/** One sheet row: its 1-based spreadsheet row number and its cells from column A. */
export interface SheetRow {
  row: number;
  cells: Cell[];
}

// ---------------------------------------------------------------------------------------------
// Texts (zh, en)

const TEXT = {
  notExist: ['文件不存在', 'file does not exist'],
  notImportable: ['仅支持导入 .csv 或 .xlsx 文件（.xls 请另存为 .xlsx）', 'only .csv and .xlsx files can be imported (save an .xls as .xlsx)'],
  unreadable: ['无法读取该 Excel 文件', 'the Excel file cannot be read'],
  notUtf8: ['CSV 文件不是 UTF-8 编码，请另存为“CSV UTF-8”后重试', 'the CSV file is not UTF-8; save it as "CSV UTF-8" and try again'],
  noHeader: ['文件缺少表头行', 'the file has no header row'],
  missingColumns: ['表头缺少列：$0（应为：$1）', 'the header lacks the column(s) $0 (expected: $1)'],
  tooManyRows: ['数据行超过 $0 行的上限', 'more than $0 data rows'],
  tooManyColumns: ['第 $0 行超过 $1 列的上限', 'row $0 has values beyond the $1-column limit'],
  tooLarge: ['Excel 文件解压后超过 $0 MB 的上限', 'the Excel file unpacks to more than the $0 MB limit'],
  emptyMeter: ['表计编码为空', 'the meter code is empty'],
  unknownMeter: ['表计编码“$0”不是本项目的表计', 'meter code "$0" is not a meter of this project'],
  unknownDevice: ['设备 ID“$0”不是本项目的设备', 'device id "$0" is not a device of this project'],
  unknownDataPoint: ['未知的数据点“$0”', 'unknown data point "$0"'],
  emptyTime: ['抄表时间为空', 'the time is empty'],
  badTime: ['时间“$0”格式应为 YYYY-MM-DD HH:mm[:ss]', 'time "$0" is not YYYY-MM-DD HH:mm[:ss]'],
  earlyTime: ['时间“$0”早于 2000 年', 'time "$0" is before 2000'],
  futureTime: ['时间“$0”晚于当前时间', 'time "$0" is in the future'],
  emptyValue: ['读数为空', 'the value is empty'],
  badValue: ['读数“$0”不是有效数字', 'value "$0" is not a valid number'],
  duplicateRow: ['与第 $0 行的表计、数据点和时间相同', 'same meter, data point and time as row $0'],
  notWritten: ['未能写入（$0）', 'not written ($0)'],
} as const;
type TextKey = keyof typeof TEXT;

function text(lang: Lang, key: TextKey, ...params: (string | number)[]): string {
  return TEXT[key][lang === 'en' ? 1 : 0].replace(/\$(\d)/g, (m, i: string) => {
    const v = params[Number(i)];
    return v === undefined ? m : String(v);
  });
}

/** A whole-file failure: nothing is written; the reply is `{code: status, msg}`. */
export class ImportFileError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly key: TextKey,
    readonly params: (string | number)[] = [],
  ) {
    super(key);
  }
}

/** The message of a whole-file failure in the language. */
export const importErrorMessage = (lang: Lang, err: ImportFileError) => text(lang, err.key, ...err.params);

// ---------------------------------------------------------------------------------------------
// Reading the file

/** Non-empty cells beyond this column (BL) refuse the file: no import needs them, and they bound a row's size. */
export const MANUAL_IMPORT_MAX_COLUMNS = 64;
/** CSV text is parsed this many characters at a time, with a turn of the event loop between. */
const CSV_CHUNK = 32 * 1024;

/**
 * RFC 4180 CSV, written in pieces: comma separated, fields optionally in double quotes (`""` is a
 * quote; a quoted field may hold commas and line breaks), CRLF, LF or CR line ends, a leading BOM
 * ignored. An unterminated quote runs to the end of the text. Each finished row goes to `onRow`
 * (which may throw to stop); an empty cell beyond `maxColumns` is dropped, a non-empty one throws
 * `tooManyColumns` from the reader's limits.
 */
class CsvReader {
  private cells: Cell[] = [];
  private field = '';
  private quoted = false;
  private afterQuote = false;
  private afterCr = false;
  private rowNumber = 0;
  private started = false;

  constructor(
    private readonly onRow: (r: SheetRow) => void,
    private readonly maxColumns = Infinity,
  ) {}

  write(input: string): this {
    let i = 0;
    if (!this.started && input.length > 0) {
      this.started = true;
      if (input.charCodeAt(0) === 0xfeff) i = 1;
    }
    for (; i < input.length; i++) {
      const c = input[i] as string;
      if (this.afterCr) {
        this.afterCr = false;
        if (c === '\n') continue;
      }
      if (this.afterQuote) {
        this.afterQuote = false;
        if (c === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (c === '"') this.afterQuote = true;
        else this.field += c;
      } else if (c === '"' && this.field === '') this.quoted = true;
      else if (c === ',') this.endField();
      else if (c === '\r' || c === '\n') {
        this.endRow();
        this.afterCr = c === '\r';
      } else this.field += c;
    }
    return this;
  }

  end(): void {
    if (this.afterQuote) this.quoted = false;
    if (this.field !== '' || this.cells.length > 0 || this.quoted) this.endRow();
  }

  private endField() {
    if (this.cells.length < this.maxColumns) this.cells.push(this.field);
    else if (this.field.trim() !== '') throw new ImportFileError(400, 'tooManyColumns', [this.rowNumber + 1, this.maxColumns]);
    this.field = '';
  }

  private endRow() {
    this.endField();
    this.onRow({ row: ++this.rowNumber, cells: this.cells });
    this.cells = [];
  }
}

/** Every row of a CSV text (the tests' and small texts' form). */
export function parseCsv(input: string): SheetRow[] {
  const rows: SheetRow[] = [];
  new CsvReader((r) => rows.push(r)).write(input).end();
  return rows;
}

/**
 * Counts the rows that hold a value as a file is read and refuses it (tooManyRows) at the first
 * one past the header and MANUAL_IMPORT_MAX_ROWS data rows, before reading further.
 */
function rowLimit() {
  let rows = 0;
  return () => {
    if (++rows > MANUAL_IMPORT_MAX_ROWS + 1) throw new ImportFileError(400, 'tooManyRows', [MANUAL_IMPORT_MAX_ROWS]);
  };
}

/** A CSV file's rows that hold a value (UTF-8; bytes that are not become U+FFFD), read piece by piece under the limits. */
async function readCsv(data: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  const count = rowLimit();
  const csv = new CsvReader((r) => {
    if (r.cells.every(isEmpty)) return;
    count();
    rows.push(r);
  }, MANUAL_IMPORT_MAX_COLUMNS);
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < data.length; i += CSV_CHUNK) {
    csv.write(decoder.decode(data.subarray(i, i + CSV_CHUNK), { stream: true }));
    await nextTurn();
  }
  csv.write(decoder.decode()).end();
  return rows;
}

/** The first worksheet of an .xlsx: its rows that hold a value, read under the limits (xlsx-reader.ts). */
export async function readXlsx(data: Buffer): Promise<SheetRow[]> {
  try {
    return await readFirstSheet(data, {
      maxColumns: MANUAL_IMPORT_MAX_COLUMNS,
      tooManyColumns: (row) => new ImportFileError(400, 'tooManyColumns', [row, MANUAL_IMPORT_MAX_COLUMNS]),
      onRow: rowLimit(),
    });
  } catch (err) {
    if (!(err instanceof XlsxError)) throw err;
    if (err.reason === 'tooLarge') throw new ImportFileError(400, 'tooLarge', [err.limitBytes / 1024 / 1024]);
    throw new ImportFileError(400, 'unreadable');
  }
}

// ---------------------------------------------------------------------------------------------
// Interpreting cells

const cellText = (c: Cell | undefined): string => {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? '' : c.toISOString().replace('T', ' ').slice(0, 19);
  return String(c).trim();
};
const isEmpty = (c: Cell | undefined) => cellText(c) === '';
/** An echoed cell in a message, at most 40 characters. */
const echo = (c: Cell | undefined) => {
  const s = cellText(c).replace(/\s+/g, ' ');
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
};

const normalHeader = (c: Cell | undefined) =>
  cellText(c)
    .toLowerCase()
    .replace(/[（(][^）)]*[)）]\s*$/, '')
    .replace(/[\s_]+/g, ' ')
    .trim();

type Column = keyof typeof MANUAL_IMPORT_COLUMNS;

function columnsOf(header: Cell[]): Partial<Record<Column, number>> {
  const out: Partial<Record<Column, number>> = {};
  header.forEach((cell, index) => {
    const h = normalHeader(cell);
    for (const [col, names] of Object.entries(MANUAL_IMPORT_COLUMNS) as [Column, readonly string[]][]) {
      if (out[col] === undefined && names.includes(h)) out[col] = index;
    }
  });
  return out;
}

const DAY_MS = 86_400_000;
/** Excel's day 0 (1899-12-30, the 1900 date system), as a wall-clock ms. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const TIME = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A wall-clock time (fields of a UTC Date) in the zone → ms since the epoch. */
function wallToTs(wall: number, timeZone: string): number {
  const d = new Date(Math.round(wall / 1000) * 1000);
  return zonedStart(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone, d.getUTCHours()) + d.getUTCMinutes() * 60_000 + d.getUTCSeconds() * 1000;
}

/**
 * The instant of a time cell in the project's zone: text `YYYY-MM-DD HH:mm[:ss]` (also `/` or `.`
 * between date parts; a date alone is 00:00), an Excel date cell (its wall-clock fields) or an
 * Excel serial number; undefined when it is none of these.
 */
export function parseTime(c: Cell, timeZone: string): number | undefined {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? undefined : wallToTs(c.getTime(), timeZone);
  if (typeof c === 'number') {
    if (!Number.isFinite(c) || c < 1 || c > 2_958_465) return undefined;
    return wallToTs(EXCEL_EPOCH + c * DAY_MS, timeZone);
  }
  if (typeof c !== 'string') return undefined;
  const m = TIME.exec(c.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return undefined;
  return zonedStart(y, mo, d, timeZone, h) + mi * 60_000 + s * 1000;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A finite number within ±1e15 from a number cell or plain decimal text; else undefined. */
export function parseValue(c: Cell): number | undefined {
  const n = typeof c === 'number' ? c : typeof c === 'string' && NUMBER.test(c.trim()) ? Number(c.trim()) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= 1e15 ? n : undefined;
}

// ---------------------------------------------------------------------------------------------
// The import

/** Project facts an import checks rows against. */
async function projectContext(ems: Ems, projectId: number) {
  const db = ems.db;
  const project = await db.selectFrom('project').select('timezone').where('id', '=', projectId).executeTakeFirst();
  if (!project) throw noPermission();
  const nodes = await db.selectFrom('node').select(['id', 'model_label', 'code']).where('project_id', '=', projectId).execute();
  const meters = new Map<string, number>();
  const nodeIds = new Set<number>();
  for (const n of nodes) {
    nodeIds.add(Number(n.id));
    if (n.model_label === 'meter' && n.code !== '' && !meters.has(n.code)) meters.set(n.code, Number(n.id));
  }
  const points = new Map<string, number>();
  const ids = new Set<number>();
  for (const d of await db.selectFrom('data_point').select(['data_id', 'name_zh', 'name_en']).execute()) {
    const id = Number(d.data_id);
    ids.add(id);
    points.set(d.name_zh.toLowerCase(), id);
    points.set(d.name_en.toLowerCase(), id);
  }
  for (const [key, id] of Object.entries(DATA_ID)) if (ids.has(id)) points.set(key.toLowerCase(), id);
  return { timeZone: project.timezone, meters, nodeIds, points, ids };
}

/**
 * Rows checked, and good rows written, per turn of the event loop: SQLite writes synchronously, and
 * 10,000 readings with their rollups in one batch held the server ~0.5 s (1,000 a batch still up to
 * 0.2 s on a loaded machine). Each write is one transaction, as a gateway's batch is (a store
 * failure part-way keeps the chunks before it).
 */
const WRITE_CHUNK = 250;

/**
 * Imports the readings of a file's rows into the project: the header row (the first non-empty row)
 * names the columns; every later non-empty row is one reading, checked on its own (meter of the
 * project, data point, time in the project's zone and not in the future, numeric value, not a
 * repeat of an earlier row). The good rows are written through the time-series write path in
 * chunks of WRITE_CHUNK (status 0; counter rollups follow); a file without good rows writes nothing.
 */
export async function importRows(ems: Ems, projectId: number, lang: Lang, rows: SheetRow[]): Promise<ManualImportResult> {
  const headerAt = rows.findIndex((r) => r.cells.some((c) => !isEmpty(c)));
  const header = rows[headerAt];
  if (!header) throw new ImportFileError(400, 'noHeader');
  const cols = columnsOf(header.cells);
  const expected = MANUAL_IMPORT_HEADER[lang].join(', ');
  const missing = ([
    cols.meterCode === undefined && cols.deviceId === undefined ? MANUAL_IMPORT_HEADER[lang][0] : undefined,
    cols.time === undefined ? MANUAL_IMPORT_HEADER[lang][2] : undefined,
    cols.value === undefined ? MANUAL_IMPORT_HEADER[lang][3] : undefined,
  ] as (string | undefined)[]).filter((x): x is string => x !== undefined);
  if (missing.length > 0) {
    if (header.cells.some((c) => cellText(c).includes('\ufffd'))) throw new ImportFileError(400, 'notUtf8');
    throw new ImportFileError(400, 'missingColumns', [missing.join(', '), expected]);
  }
  const data = rows.slice(headerAt + 1).filter((r) => r.cells.some((c) => !isEmpty(c)));
  if (data.length > MANUAL_IMPORT_MAX_ROWS) throw new ImportFileError(400, 'tooManyRows', [MANUAL_IMPORT_MAX_ROWS]);

  const ctx = await projectContext(ems, projectId);
  const now = ems.config.now();
  const errors: ManualImportError[] = [];
  const inputs: ReadingInput[] = [];
  const inputRows: number[] = [];
  const seen = new Map<string, number>();
  const reject = (row: number, reason: string, key: TextKey, ...params: (string | number)[]) => errors.push({ row, reason, message: text(lang, key, ...params) });
  const at = (r: SheetRow, col: number | undefined): Cell => (col === undefined ? null : (r.cells[col] ?? null));

  for (const [i, r] of data.entries()) {
    if (i > 0 && i % WRITE_CHUNK === 0) await nextTurn();
    const code = at(r, cols.meterCode);
    const device = at(r, cols.deviceId);
    let deviceId: number | undefined;
    if (!isEmpty(code)) {
      deviceId = ctx.meters.get(cellText(code));
      if (deviceId === undefined) {
        reject(r.row, MANUAL_IMPORT_REASON.unknownMeter, 'unknownMeter', echo(code));
        continue;
      }
    } else if (!isEmpty(device)) {
      const id = /^\d{1,10}$/.test(cellText(device)) ? Number(cellText(device)) : NaN;
      if (!ctx.nodeIds.has(id)) {
        reject(r.row, MANUAL_IMPORT_REASON.unknownMeter, 'unknownDevice', echo(device));
        continue;
      }
      deviceId = id;
    } else {
      reject(r.row, MANUAL_IMPORT_REASON.unknownMeter, 'emptyMeter');
      continue;
    }

    const point = at(r, cols.dataPoint);
    let dataId: number | undefined = DATA_ID.activeEnergyImport;
    if (!isEmpty(point)) {
      const p = cellText(point);
      dataId = /^\d{1,6}$/.test(p) ? (ctx.ids.has(Number(p)) ? Number(p) : undefined) : ctx.points.get(p.toLowerCase().replace(/\s+/g, ' '));
      if (dataId === undefined) {
        reject(r.row, MANUAL_IMPORT_REASON.unknownDataPoint, 'unknownDataPoint', echo(point));
        continue;
      }
    }

    const time = at(r, cols.time);
    if (isEmpty(time)) {
      reject(r.row, MANUAL_IMPORT_REASON.badTime, 'emptyTime');
      continue;
    }
    const ts = parseTime(typeof time === 'string' ? time.trim() : time, ctx.timeZone);
    if (ts === undefined || !Number.isSafeInteger(ts)) {
      reject(r.row, MANUAL_IMPORT_REASON.badTime, 'badTime', echo(time));
      continue;
    }
    if (ts < Date.UTC(2000, 0, 1)) {
      reject(r.row, MANUAL_IMPORT_REASON.badTime, 'earlyTime', zonedDateTime(ts, ctx.timeZone, false));
      continue;
    }
    if (ts > now) {
      reject(r.row, MANUAL_IMPORT_REASON.futureTime, 'futureTime', zonedDateTime(ts, ctx.timeZone, false));
      continue;
    }

    const raw = at(r, cols.value);
    if (isEmpty(raw)) {
      reject(r.row, MANUAL_IMPORT_REASON.badValue, 'emptyValue');
      continue;
    }
    const value = parseValue(raw);
    if (value === undefined) {
      reject(r.row, MANUAL_IMPORT_REASON.badValue, 'badValue', echo(raw));
      continue;
    }

    const key = `${deviceId}:${dataId}:${ts}`;
    const first = seen.get(key);
    if (first !== undefined) {
      reject(r.row, MANUAL_IMPORT_REASON.duplicateRow, 'duplicateRow', first);
      continue;
    }
    seen.set(key, r.row);
    inputs.push({ deviceId, dataId, ts, value, status: 0 });
    inputRows.push(r.row);
  }

  let accepted = inputs.length;
  for (let from = 0; from < inputs.length; from += WRITE_CHUNK) {
    if (from > 0) await nextTurn();
    const written = await writeBatch(ems, projectId, inputs.slice(from, from + WRITE_CHUNK));
    for (const e of written.errors) {
      const reason = e.reason === INGEST_REASON.unknownDevice ? MANUAL_IMPORT_REASON.unknownMeter : e.reason;
      reject(inputRows[from + e.index] ?? 0, reason, 'notWritten', e.reason);
    }
    accepted -= written.errors.length;
  }
  errors.sort((a, b) => a.row - b.row);
  return { accepted, rejected: errors.length, errors };
}

/**
 * The rows of a file's bytes by its extension: .csv (UTF-8, BOM optional) or .xlsx (first sheet),
 * read under the import limits (rows, columns, unpacked size) and refused as soon as one is passed.
 */
export async function readRows(name: string, data: Buffer): Promise<SheetRow[]> {
  const type = fileTypeOf(name);
  if (type === 'csv') return readCsv(data);
  if (type === 'xlsx') return readXlsx(data);
  throw new ImportFileError(400, 'notImportable');
}

/** POST manual-import: the uploaded file (of this project, visible to the caller) read and imported. */
export async function manualImport(ems: Ems, session: Session, lang: Lang, body: ManualImportBody): Promise<ManualImportResult> {
  if (!session.projectIds.includes(body.projectId)) throw noPermission();
  const found = await findFile(ems, session, body.fileName, body.projectId);
  if (!found) throw new ImportFileError(404, 'notExist');
  const rows = await readRows(found.file.original_name, await readFile(found.path));
  return importRows(ems, body.projectId, lang, rows);
}

// ---------------------------------------------------------------------------------------------
// The template

const NOTES = {
  zh: [
    '每行一条抄表读数；第一行为表头，请勿修改表头。',
    '表计编码：本项目中表计的编码（也可用“设备ID”列填写设备 ID）。',
    '数据点：数据点名称或编号（如 1 或“正向有功电能”）；留空为正向有功电能。',
    '抄表时间：YYYY-MM-DD HH:mm[:ss]，项目所在时区；不能晚于当前时间。',
    '读数：表计的累计读数（数字）。',
    '同一表计、数据点和时间只能出现一次；重复导入会覆盖原读数。',
  ],
  en: [
    'One reading per row; the first row is the header, keep it as it is.',
    'meter code: the code of a meter of this project (or a "device id" column with the device id).',
    'data point: the data point name or id (e.g. 1 or "active energy (import)"); empty means active energy (import).',
    'time: YYYY-MM-DD HH:mm[:ss] in the project\'s timezone; not in the future.',
    'value: the meter\'s register reading (a number).',
    'A meter, data point and time may appear once; importing it again overwrites the reading.',
  ],
} as const;

export const templateFileName = (lang: Lang) => (lang === 'en' ? 'manual-readings-template.xlsx' : '抄表数据导入模板.xlsx');

/**
 * The .xlsx template: the header and two example rows (the project's first meter when a project
 * is given, readings at 08:00 two days ago and yesterday), plus a notes sheet.
 */
export async function buildTemplate(ems: Ems, lang: Lang, projectId: number | undefined): Promise<Buffer> {
  let timeZone = 'Asia/Shanghai';
  let code = 'M-001';
  if (projectId !== undefined) {
    const p = await ems.db.selectFrom('project').select('timezone').where('id', '=', projectId).executeTakeFirst();
    if (p) timeZone = p.timezone;
    const m = await ems.db
      .selectFrom('node')
      .select('code')
      .where('project_id', '=', projectId)
      .where('model_label', '=', 'meter')
      .where('code', '!=', '')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (m) code = m.code;
  }
  const point = await ems.db.selectFrom('data_point').select(['name_zh', 'name_en']).where('data_id', '=', DATA_ID.activeEnergyImport).executeTakeFirst();
  const pointName = point ? (lang === 'en' ? point.name_en : point.name_zh) : String(DATA_ID.activeEnergyImport);
  const today = localParts(ems.config.now(), timeZone);
  const at8 = (daysBack: number) => zonedDateTime(zonedStart(today.year, today.month, today.day - daysBack, timeZone, 8), timeZone, false);

  const wb = new ExcelJS.Workbook();
  wb.created = new Date(ems.config.now());
  const ws = wb.addWorksheet(lang === 'en' ? 'readings' : '抄表数据');
  ws.columns = MANUAL_IMPORT_HEADER[lang].map((header, i) => ({ header, width: [18, 24, 20, 14][i], style: i === 3 ? {} : { numFmt: '@' } }));
  ws.getRow(1).font = { bold: true };
  ws.addRow([code, pointName, at8(2), 12345.6]);
  ws.addRow([code, pointName, at8(1), 12389.2]);
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const notes = wb.addWorksheet(lang === 'en' ? 'notes' : '说明');
  notes.getColumn(1).width = 100;
  for (const line of NOTES[lang]) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
