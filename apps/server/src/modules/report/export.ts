import ExcelJS from 'exceljs';
import type { Report } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';
import { headerLines, reportFileName, reportTables } from './layout.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows above each table: the title, the project and node, the period and unit, a blank line. */
export const XLSX_HEADER_ROW = 5;

/**
 * The report as an .xlsx that reads as a report: a sheet per section with the title (merged, large),
 * project, node, period (with the zone) and unit above a bold header row frozen with the name
 * column, number formats on the figures, and a bold totals row under a rule.
 */
export async function reportXlsx(r: Report, lang: Lang): Promise<{ buffer: Buffer; fileName: string }> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EMS';
  wb.title = r.title;
  for (const t of reportTables(r, lang)) {
    const ws = wb.addWorksheet(t.name, { views: [{ state: 'frozen', xSplit: 1, ySplit: XLSX_HEADER_ROW }] });
    const width = Math.max(2, t.headers.length);
    ws.columns = t.headers.map((_, i) => ({ width: i === 0 ? 28 : 13 }));
    ws.getCell(1, 1).value = r.title;
    ws.getCell(1, 1).font = { bold: true, size: 14 };
    ws.mergeCells(1, 1, 1, width);
    headerLines(r, lang).forEach((line, i) => {
      ws.getCell(2 + i, 1).value = line;
      ws.mergeCells(2 + i, 1, 2 + i, width);
    });
    const head = ws.getRow(XLSX_HEADER_ROW);
    head.values = t.headers;
    head.font = { bold: true };
    head.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    head.eachCell((c) => {
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
      c.border = { bottom: { style: 'thin' } };
    });
    const write = (cells: (string | number | null)[], bold = false) => {
      const row = ws.addRow(cells.map((v) => (v === null ? null : v)));
      t.formats.forEach((f, i) => {
        if (f) row.getCell(i + 1).numFmt = f;
      });
      if (bold) {
        row.font = { bold: true };
        row.eachCell({ includeEmpty: true }, (c) => (c.border = { top: { style: 'thin' } }));
      }
    };
    for (const cells of t.rows) write(cells);
    if (t.totals) write(t.totals, true);
    if (t.note) ws.addRow([t.note]).font = { italic: true };
  }
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { buffer, fileName: reportFileName(r, 'xlsx') };
}
