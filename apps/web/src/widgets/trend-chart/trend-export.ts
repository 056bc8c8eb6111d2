import type * as ExcelJS from 'exceljs';
import { NO_VALUE, round } from '@ems/domain';
import { saveBlob } from '../../lib/http/download';
import type { TrendTable } from './trend-table';

type ExcelModule = typeof ExcelJS;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A workbook holding the trend table: a header row of the column titles, then one row per table
 * row. Values are numbers rounded to 2 decimals shown as 0.00; missing ones are the text '--'.
 * Takes the exceljs module so that callers load it lazily.
 */
export function buildTrendWorkbook(excel: ExcelModule, table: TrendTable, sheetName = 'Sheet1'): ExcelJS.Workbook {
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(table.titles).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow([row.time, ...row.values.map((v) => (v === null ? NO_VALUE : round(v, 2)))]);
    row.values.forEach((v, i) => {
      if (v !== null) added.getCell(i + 2).numFmt = '0.00';
    });
  }
  sheet.columns.forEach((column, i) => (column.width = i === 0 ? 21 : Math.max(12, (table.titles[i]?.length ?? 0) + 4)));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return workbook;
}

/** Loads exceljs (its own chunk, not in the start-up bundle) whichever way the bundler wraps it. */
export async function loadExcel(): Promise<ExcelModule> {
  const mod = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  return mod.default ?? mod;
}

/** Writes the table to `${fileName}.xlsx` in the browser and downloads it. */
export async function exportTrendTable(table: TrendTable, fileName: string): Promise<void> {
  const workbook = buildTrendWorkbook(await loadExcel(), table);
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: XLSX_TYPE }), `${fileName}.xlsx`);
}
