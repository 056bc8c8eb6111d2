import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Report } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';
import { zonedDateTime } from '../../lib/zoned-time.js';
import { headerLines, reportFileName, reportTables, type ReportTable } from './layout.js';

/** Noto Sans SC (SIL OFL): every CJK glyph a name may carry; pdfkit embeds the subset used. */
const FONT_FILE = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const FONT = 'NotoSansSC';

const MARGIN = 36;
const NAME_W = 120;
const CELL_W = 52;
const ROW_H = 14;
const SIZE = 7;

const fmt = (v: string | number | null, format: string | undefined): string => {
  if (v === null) return '—';
  if (typeof v === 'string') return v;
  const decimals = format === undefined ? 2 : format.includes('.000') ? 3 : format === '0.0' ? 1 : format === '0.0000' ? 4 : format === '0.###' ? 3 : 2;
  return v.toLocaleString('en-US', { minimumFractionDigits: format === '0.###' ? 0 : decimals, maximumFractionDigits: decimals });
};

/**
 * A section's table on landscape A4 pages: the columns that do not fit (a month of days) continue on
 * the next block with the name column repeated; a new page when a block would run off the page;
 * the header row repeated on each page; the totals row bold under a rule.
 */
function drawTable(doc: PDFKit.PDFDocument, t: ReportTable, title: string) {
  const pageW = doc.page.width - 2 * MARGIN;
  const perBlock = Math.max(1, Math.floor((pageW - NAME_W) / CELL_W));
  const rest = t.headers.length - 1;
  const bottom = () => doc.page.height - MARGIN - ROW_H;
  // a heading never ends a page: it starts a new one when fewer than four rows would follow it
  if (doc.y > bottom() - 5 * ROW_H) doc.addPage();
  doc.font(FONT).fontSize(11).text(t.name, MARGIN, doc.y + 6);
  if (t.note) doc.fontSize(8).text(t.note);
  for (let b = 0; b < Math.max(1, Math.ceil(rest / perBlock)); b++) {
    const cols = [0, ...Array.from({ length: Math.min(perBlock, rest - b * perBlock) }, (_, i) => 1 + b * perBlock + i)];
    const line = (cells: (string | number | null)[], opts: { head?: boolean; bold?: boolean } = {}) => {
      if (doc.y > bottom()) {
        doc.addPage();
        doc.font(FONT).fontSize(8).text(title, MARGIN, MARGIN);
        line(t.headers, { head: true });
      }
      const y = doc.y;
      if (opts.head) doc.rect(MARGIN, y - 2, NAME_W + (cols.length - 1) * CELL_W, ROW_H).fill('#e8eef7').fillColor('#000');
      if (opts.bold) doc.moveTo(MARGIN, y - 2).lineTo(MARGIN + NAME_W + (cols.length - 1) * CELL_W, y - 2).lineWidth(0.5).stroke();
      doc.font(FONT).fontSize(SIZE);
      cols.forEach((c, i) => {
        const x = i === 0 ? MARGIN : MARGIN + NAME_W + (i - 1) * CELL_W;
        const text = opts.head ? String(cells[c] ?? '') : fmt(cells[c] ?? null, t.formats[c]);
        doc.text(text, x + 2, y, { width: (i === 0 ? NAME_W : CELL_W) - 4, height: ROW_H, align: i === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true });
      });
      doc.x = MARGIN;
      doc.y = y + ROW_H;
    };
    line(t.headers, { head: true });
    for (const row of t.rows) line(row);
    if (t.totals) line(t.totals, { bold: true });
    doc.y += 8;
  }
}

/** The report as a PDF (spec section 7: the preview opened in a new tab), Chinese names in the embedded Noto Sans SC. */
export async function reportPdf(r: Report, lang: Lang, generatedAt: number): Promise<{ buffer: Buffer; fileName: string }> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: r.title, Creator: 'EMS' } });
  doc.registerFont(FONT, FONT_FILE);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font(FONT).fontSize(16).text(r.title, MARGIN, MARGIN);
  doc.fontSize(9);
  for (const l of headerLines(r, lang)) doc.text(l);
  doc.text(`${lang === 'en' ? 'Generated' : '生成时间'}: ${zonedDateTime(generatedAt, r.timezone, false)}`);
  for (const t of reportTables(r, lang)) drawTable(doc, t, r.title);
  doc.end();
  await done;
  return { buffer: Buffer.concat(chunks), fileName: reportFileName(r, 'pdf') };
}
