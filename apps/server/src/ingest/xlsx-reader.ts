import { setImmediate as nextTurn } from 'node:timers/promises';
import { createInflateRaw } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { Cell, SheetRow } from './manual-import.js';

/**
 * A bounded .xlsx reader for imports (docs/security.md "Import limits"). ExcelJS's `xlsx.load`
 * inflates and parses the whole workbook in memory (a 1 MB bomb took 2.4 GB and 29 s), and its
 * streaming reader keeps every shared string and copies each sheet met before them to a temp file
 * without a bound. This one reads the zip's central directory from the uploaded bytes (at most
 * FILE_MAX_BYTES), inflates only the parts it needs, one 32 KiB chunk at a time (zlib works off
 * the event loop; the XML of each chunk is parsed before the next is inflated), and counts every
 * inflated byte against the part's cap — a part other than the sheet declaring more than its cap
 * is refused before inflating, and a part that inflates past its declared size is refused as
 * corrupt.
 */

/** Caps on inflated bytes per part: the first sheet, its shared strings, and the small parts. */
export const XLSX_SHEET_MAX_BYTES = 32 * 1024 * 1024;
export const XLSX_STRINGS_MAX_BYTES = 16 * 1024 * 1024;
const SMALL_PART_MAX_BYTES = 4 * 1024 * 1024;
/** A zip with more entries than this is no spreadsheet an import needs. */
const MAX_ZIP_ENTRIES = 10_000;
const CHUNK = 32 * 1024;

/** Why a file is refused: unreadable (not a well-formed .xlsx), or a part over its cap (`limitBytes`). */
export class XlsxError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'tooLarge',
    readonly limitBytes = 0,
  ) {
    super(reason);
  }
}

// ---------------------------------------------------------------------------------------------
// The zip

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The central directory's entries by lower-case name (OPC part names are case-insensitive). */
function zipEntries(data: Buffer): Map<string, ZipEntry> {
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new XlsxError('unreadable');
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  // ZIP64 markers: an .xlsx of at most a few MB never needs them
  if (count === 0xffff || at === 0xffffffff) throw new XlsxError('unreadable');
  if (count > MAX_ZIP_ENTRIES) throw new XlsxError('unreadable');
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (data.readUInt32LE(at) !== CENTRAL) throw new XlsxError('unreadable');
    const flags = data.readUInt16LE(at + 8);
    const nameLength = data.readUInt16LE(at + 28);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength).toLowerCase();
    const entry = {
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
    };
    if ((flags & 1) !== 0) throw new XlsxError('unreadable'); // encrypted
    if (!entries.has(name)) entries.set(name, entry);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The inflated bytes of an entry, chunk by chunk: refused (tooLarge) once more than `cap` bytes came
 * out, or before inflating when `declared` and its declared size is over the cap; refused as corrupt
 * when it inflates past its declared size. Breaking out of the loop destroys the inflater, so a
 * refusal frees its memory at once.
 */
async function* entryChunks(data: Buffer, entry: ZipEntry, cap: number, declared: boolean): AsyncGenerator<Buffer> {
  if (declared && entry.size > cap) throw new XlsxError('tooLarge', cap);
  const local = entry.localOffset;
  if (data.readUInt32LE(local) !== LOCAL) throw new XlsxError('unreadable');
  const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
  if (start + entry.compressedSize > data.length) throw new XlsxError('unreadable');
  const raw = data.subarray(start, start + entry.compressedSize);
  let total = 0;
  const counted = (chunk: Buffer) => {
    total += chunk.length;
    if (total > cap) throw new XlsxError('tooLarge', cap);
    if (total > entry.size) throw new XlsxError('unreadable');
    return chunk;
  };
  if (entry.method === 0) {
    for (let i = 0; i < raw.length; i += CHUNK) {
      yield counted(raw.subarray(i, i + CHUNK));
      await nextTurn();
    }
    return;
  }
  if (entry.method !== 8) throw new XlsxError('unreadable');
  const inflater = createInflateRaw({ chunkSize: CHUNK });
  inflater.end(raw);
  try {
    for await (const chunk of inflater) yield counted(chunk as Buffer);
  } catch (err) {
    if (err instanceof XlsxError) throw err;
    throw new XlsxError('unreadable');
  } finally {
    inflater.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// XML

/** Element handlers: names without their namespace prefix; `stop` ends the reading early. */
interface XmlHandlers {
  open(name: string, attrs: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}
const STOP = Symbol('stop');
/** Thrown by a handler to end the reading of a part early (not an error). */
const stopReading = (): never => {
  throw STOP;
};

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Parses a part's XML chunk by chunk; a missing part reads as empty. `declared`: refuse a declared
 * size over the cap before reading (the sheet is read instead, so that its row limit, which comes
 * first in a long sheet, is the one a user is told of).
 */
async function readXml(data: Buffer, entries: Map<string, ZipEntry>, path: string, cap: number, on: XmlHandlers, declared = true): Promise<boolean> {
  const entry = entries.get(path.toLowerCase());
  if (!entry) return false;
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let failed: unknown;
  parser.on('error', (err) => {
    failed ??= err;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => on.open(local(tag.name), tag.attributes));
  if (on.close) {
    const close = on.close;
    parser.on('closetag', (tag: SaxesTagPlain) => close(local(tag.name)));
  }
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of entryChunks(data, entry, cap, declared)) {
      parser.write(decoder.decode(chunk, { stream: true }));
      if (failed) throw new XlsxError('unreadable');
    }
    parser.write(decoder.decode()).close();
    if (failed) throw new XlsxError('unreadable');
  } catch (err) {
    if (err !== STOP) throw err;
  }
  return true;
}

/** A part's relationships: id → { target path (from the package root), type }. */
async function readRels(data: Buffer, entries: Map<string, ZipEntry>, partPath: string) {
  const dir = partPath.includes('/') ? partPath.slice(0, partPath.lastIndexOf('/') + 1) : '';
  const relsPath = `${dir}_rels/${partPath.slice(dir.length)}.rels`;
  const rels = new Map<string, { target: string; type: string }>();
  await readXml(data, entries, relsPath, SMALL_PART_MAX_BYTES, {
    open(name, a) {
      if (name !== 'Relationship' || a.Id === undefined || a.Target === undefined) return;
      rels.set(a.Id, { target: resolvePath(dir, a.Target), type: a.Type ?? '' });
    },
  });
  return rels;
}

function resolvePath(dir: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : dir + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

const relOfType = (rels: Map<string, { target: string; type: string }>, type: string) => [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;

// ---------------------------------------------------------------------------------------------
// The workbook

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30 and the CJK ones). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** As ExcelJS decides: a format with y, m, d, h, s or b outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The cell style indices (cellXfs) whose number format is a date. */
async function dateStyles(data: Buffer, entries: Map<string, ZipEntry>, path: string | undefined): Promise<Set<number>> {
  const codes = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  if (path) {
    await readXml(data, entries, path, SMALL_PART_MAX_BYTES, {
      open(name, a) {
        if (name === 'numFmt') codes.set(Number(a.numFmtId), a.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) formats.push(Number(a.numFmtId ?? 0));
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
  }
  const out = new Set<number>();
  formats.forEach((id, index) => {
    const code = codes.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)) out.add(index);
  });
  return out;
}

/** A shared-string cell until the strings are read (after the sheet, so only needed ones are kept). */
class SharedRef {
  constructor(readonly index: number) {}
}
type RawCell = Cell | SharedRef;

const columnOf = (ref: string) => {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n;
};

const excelDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** The limits a reading applies while it reads; `onRow` may throw to refuse the file at once. */
export interface SheetLimits {
  /** Non-empty cells beyond this column refuse the file through `tooManyColumns(row)`. */
  maxColumns: number;
  tooManyColumns(row: number): Error;
  /** Called with each row that holds a value, in order; shared strings count as values. */
  onRow(row: number): void;
}

/**
 * The first worksheet (in the workbook's order) of an .xlsx: its rows that hold a value, with their
 * 1-based row numbers and cells from column A, as ExcelJS would give them (shared and inline
 * strings, rich text joined, numbers, dates by the cell's number format, booleans, error texts,
 * formula results). Throws XlsxError, or what `limits` throws, as soon as a limit is passed.
 */
export async function readFirstSheet(data: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  let entries: Map<string, ZipEntry>;
  try {
    entries = zipEntries(data);
  } catch (err) {
    if (err instanceof XlsxError) throw err;
    throw new XlsxError('unreadable'); // offsets out of the buffer
  }
  const root = await readRels(data, entries, '');
  const bookPath = relOfType(root, 'officeDocument') ?? 'xl/workbook.xml';
  let firstSheetRel: string | undefined;
  let date1904 = false;
  const hasBook = await readXml(data, entries, bookPath, SMALL_PART_MAX_BYTES, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name === 'sheet' && firstSheetRel === undefined) firstSheetRel = Object.entries(a).find(([k]) => k.endsWith(':id'))?.[1] ?? '';
    },
  });
  if (!hasBook) throw new XlsxError('unreadable');
  const rels = await readRels(data, entries, bookPath);
  const sheetPath = firstSheetRel === undefined ? undefined : rels.get(firstSheetRel)?.target;
  if (!sheetPath) return [];
  const dates = await dateStyles(data, entries, relOfType(rels, 'styles'));

  const rows: { row: number; cells: RawCell[] }[] = [];
  const needed = new Set<number>();
  let lastNeeded = -1;
  let row = 0;
  let cells: RawCell[] = [];
  let col = 0;
  let type = 'n';
  let style = 0;
  let value: string | null = null;
  let inline: string | null = null;
  let capture: 'v' | 't' | null = null;
  let inInline = false;
  let inPhonetic = false;

  const cellValue = (): RawCell => {
    if (type === 'inlineStr') return inline;
    if (value === null) return null;
    switch (type) {
      case 's': {
        const i = Number.parseInt(value, 10);
        if (!Number.isInteger(i) || i < 0) return null;
        needed.add(i);
        lastNeeded = Math.max(lastNeeded, i);
        return new SharedRef(i);
      }
      case 'str':
      case 'e':
        return value;
      case 'b':
        return value === '1' || value === 'true';
      case 'd': {
        const d = new Date(value);
        return Number.isNaN(d.getTime()) ? value : d;
      }
      default: {
        const n = Number.parseFloat(value);
        if (Number.isNaN(n)) return null;
        return dates.has(style) ? excelDate(n, date1904) : n;
      }
    }
  };
  const holdsValue = (c: RawCell) => c !== null && (typeof c !== 'string' || c.trim() !== '');

  const found = await readXml(data, entries, sheetPath, XLSX_SHEET_MAX_BYTES, {
    open(name, a) {
      switch (name) {
        case 'row':
          row = Number.parseInt(a.r ?? '', 10) || row + 1;
          cells = [];
          col = 0;
          break;
        case 'c':
          col = a.r === undefined ? col + 1 : columnOf(a.r);
          type = a.t ?? 'n';
          style = a.s === undefined ? 0 : Number(a.s);
          value = null;
          inline = null;
          break;
        case 'v':
          capture = 'v';
          break;
        case 'is':
          inInline = true;
          break;
        case 'rPh':
          inPhonetic = true;
          break;
        case 't':
          if (inInline && !inPhonetic) {
            capture = 't';
            inline ??= '';
          }
          break;
      }
    },
    text(s) {
      if (capture === 'v') value = (value ?? '') + s;
      else if (capture === 't') inline += s;
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          capture = null;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          inPhonetic = false;
          break;
        case 'c': {
          const v = cellValue();
          if (!holdsValue(v)) break;
          if (col < 1 || col > limits.maxColumns) throw limits.tooManyColumns(row);
          cells[col - 1] = v;
          break;
        }
        case 'row':
          if (cells.length > 0) {
            limits.onRow(row);
            rows.push({ row, cells: Array.from(cells, (c) => c ?? null) });
          }
          break;
      }
    },
  }, false);
  if (!found) throw new XlsxError('unreadable');

  const strings = await sharedStrings(data, entries, relOfType(rels, 'sharedStrings'), needed, lastNeeded);
  return rows.map((r) => ({ row: r.row, cells: r.cells.map((c) => (c instanceof SharedRef ? (strings.get(c.index) ?? null) : c)) }));
}

/** The shared strings at the `needed` indices (rich text runs joined, phonetic runs left out); stops after the last needed one. */
async function sharedStrings(data: Buffer, entries: Map<string, ZipEntry>, path: string | undefined, needed: Set<number>, last: number): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!path || needed.size === 0) return out;
  let index = -1;
  let text = '';
  let inText = false;
  let inPhonetic = false;
  await readXml(data, entries, path, XLSX_STRINGS_MAX_BYTES, {
    open(name) {
      if (name === 'si') {
        index++;
        text = '';
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) inText = true;
    },
    text(s) {
      if (inText && needed.has(index)) text += s;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        if (needed.has(index)) out.set(index, text);
        if (index >= last) stopReading();
      }
    },
  });
  return out;
}
