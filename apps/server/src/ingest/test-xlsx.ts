import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Hand-made .xlsx files for the import's tests and bench: a minimal workbook (one sheet, optional
 * shared strings) zipped here, so a part may be a deflate bomb and may declare a false size.
 */

export interface ZipPart {
  name: string;
  /** The part's raw-deflated bytes. */
  deflated: Buffer;
  /** The uncompressed size the zip declares (the true one unless a test lies). */
  size: number;
  crc?: number;
}

const part = (name: string, xml: string): ZipPart => {
  const data = Buffer.from(xml);
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** A zip of deflated parts: local headers and data, then the central directory. */
export function zipOf(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(p.crc ?? 0, 14);
    head.writeUInt32LE(p.deflated.length, 18);
    head.writeUInt32LE(p.size, 22);
    head.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(p.crc ?? 0, 16);
    entry.writeUInt32LE(p.deflated.length, 20);
    entry.writeUInt32LE(p.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    chunks.push(head, name, p.deflated);
    central.push(entry, name);
    offset += head.length + name.length + p.deflated.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, dir, end]);
}

const MIB = 1024 * 1024;

/**
 * `head`, then `unit` repeated to `mib` MiB, then `tail`, raw-deflated without ever holding the
 * whole: one MiB of units is deflated once with a full flush (byte-aligned, no reference to what
 * came before), and that segment is repeated; ~1 KB of zip per MiB unpacked.
 */
export function deflateBomb(head: string, unit: string, mib: number, tail: string): ZipPart & { trueSize: number } {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const block = Buffer.from(unit.repeat(Math.floor(MIB / unit.length)));
  const segment = deflateRawSync(block, flush);
  const deflated = Buffer.concat([deflateRawSync(Buffer.from(head), flush), ...Array<Buffer>(mib).fill(segment), deflateRawSync(Buffer.from(tail))]);
  const trueSize = Buffer.byteLength(head) + mib * block.length + Buffer.byteLength(tail);
  return { name: '', deflated, size: trueSize, trueSize };
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet workbook around the given sheet and (optional) shared strings parts. */
export function workbookOf(sheet: ZipPart, strings?: ZipPart): Buffer {
  return zipOf([
    part('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    part('_rels/.rels', `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    part('xl/workbook.xml', `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="readings" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
    ...(strings ? [{ ...strings, name: 'xl/sharedStrings.xml' }] : []),
  ]);
}

/** A sheet part from its rows' XML (no bomb). */
export const sheetPart = (rowsXml: string) => part('', `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${rowsXml}</sheetData></worksheet>`);
export const sheetHead = `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>`;
export const sheetTail = '</sheetData></worksheet>';
/** An inline-string cell. */
export const textCell = (ref: string, s: string) => `<c r="${ref}" t="inlineStr"><is><t>${s}</t></is></c>`;
/** The import's header row (English names) as inline strings. */
export const headerRow = `<row r="1">${textCell('A1', 'meter code')}${textCell('B1', 'time')}${textCell('C1', 'value')}</row>`;
