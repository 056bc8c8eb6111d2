import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildTrendWorkbook, loadExcel } from './trend-export';
import { buildTrendTable, trendRowTexts } from './trend-table';
import { H, T0, TZ, line } from './fixtures';

/** Every row of the first sheet as the texts a person would read (numbers shown with 2 decimals). */
async function readBack(buffer: ArrayBuffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer);
  const sheet = wb.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const cell = row.getCell(c);
      cells.push(typeof cell.value === 'number' ? cell.value.toFixed(cell.numFmt === '0.00' ? 2 : 0) : String(cell.value));
    }
    rows.push(cells);
  });
  return rows;
}

describe('trend table export (spec 9: xlsx written in the browser)', () => {
  const series = [line([1.234, null, 3], { unit: 'kW' }), line([2147483648, 5.5], { deviceName: 'Pump 2', dataName: 'Flow', unit: 'm3/h' }, [], H, T0 + H)];

  it('round trip: the workbook rows equal the table rows, header first', async () => {
    const table = buildTrendTable(series, false, 'Time', TZ);
    const buffer = await buildTrendWorkbook(ExcelJS, table).xlsx.writeBuffer();
    const rows = await readBack(buffer as ArrayBuffer);
    expect(rows).toEqual([table.titles, ...table.rows.map(trendRowTexts)]);
    expect(rows).toEqual([
      ['Time', 'Compressor 1 - Active power (kW)', 'Pump 2 - Flow (m³/h)'],
      ['2024-03-01 08:00:00', '1.23', '--'],
      ['2024-03-01 09:00:00', '--', '--'],
      ['2024-03-01 10:00:00', '3.00', '5.50'],
    ]);
  });

  it('values are stored as numbers, not text', async () => {
    const table = buildTrendTable(series, false, 'Time', TZ);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildTrendWorkbook(ExcelJS, table).xlsx.writeBuffer()) as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(4).getCell(2).value).toBe(3);
  });

  it('the difference view exports the differences', async () => {
    const table = buildTrendTable([line([10, 12.5, 20])], true, 'Time', TZ);
    const rows = await readBack((await buildTrendWorkbook(ExcelJS, table).xlsx.writeBuffer()) as ArrayBuffer);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['2.50', '7.50', '0.00']);
  });

  it('exceljs loads lazily through the same module', async () => {
    expect((await loadExcel()).Workbook).toBe(ExcelJS.Workbook);
  });
});
