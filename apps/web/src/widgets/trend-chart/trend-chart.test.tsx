import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { renderWidget } from '../test-utils';
import { TrendChart } from './trend-chart';
import { H, T0, line } from './fixtures';

const series = [line([10, 12.5, 20]), line([1, 2], { deviceName: 'Pump 2', dataName: 'Flow', unit: 'm3/h' }, [], H, T0 + H)];

/** The body rows of the table as texts, cell by cell. */
const tableRows = () =>
  screen
    .getAllByRole('row')
    .filter((r) => r.closest('tbody') && !r.getAttribute('aria-hidden'))
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no arrayBuffer(): read it the old way. */
const readBlob = (blob: Blob) =>
  new Promise<ArrayBuffer>((ok, fail) => {
    const reader = new FileReader();
    reader.onload = () => ok(reader.result as ArrayBuffer);
    reader.onerror = () => fail(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('spec 4: trend chart toggles between curve and table', () => {
  it('the table toggle shows one row per time, the lines merged on it', () => {
    renderWidget(<TrendChart series={series} renderer="svg" />);
    fireEvent.click(screen.getByText('Table'));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Time', 'Compressor 1 - Active power (kW)', 'Pump 2 - Flow (m³/h)']));
    expect(tableRows()).toEqual([
      ['2024-03-01 08:00:00', '10.00', '--'],
      ['2024-03-01 09:00:00', '12.50', '1.00'],
      ['2024-03-01 10:00:00', '20.00', '2.00'],
    ]);
  });

  it('the difference toggle shows next value minus this one, last point 0', () => {
    renderWidget(<TrendChart series={series} defaultView="table" />);
    fireEvent.click(screen.getByLabelText('Difference'));
    expect(tableRows().map((r) => r.slice(1))).toEqual([
      ['2.50', '--'],
      ['7.50', '1.00'],
      ['0.00', '0.00'],
    ]);
  });

  it('initial options are checked; limits cannot be switched while the difference view is on', () => {
    renderWidget(<TrendChart series={series} options={{ diff: true, average: true }} defaultView="table" />);
    expect((screen.getByLabelText('Difference') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Average') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Limits') as HTMLInputElement).disabled).toBe(true);
  });

  it('the curve draws every overlay without ECharts complaints', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const all = { maxMin: true, average: true, point: true, rawMark: true, limit: true };
    const marked = [line([10, 50, 30, 2147483648], { upperLimit: 45, lowerLimit: 5 }, [0, 3, 0, 3]), line([1, 2], { unit: 'A' }), line([3], { unit: '℃' })];
    const { container } = renderWidget(<TrendChart series={marked} options={all} renderer="svg" />);
    await waitFor(() => expect(container.querySelector('svg path')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('Difference'));
    await new Promise((r) => setTimeout(r, 50));
    // jsdom lays nothing out, so ECharts' zero-size notice is expected; anything else is not
    const complaints = [...warn.mock.calls, ...error.mock.calls].map((c) => String(c[0])).filter((m) => !m.includes("Can't get DOM width or height"));
    expect(complaints).toEqual([]);
  });

  it('labels in Chinese', () => {
    renderWidget(<TrendChart series={series} renderer="svg" />, 'zh-CN');
    for (const text of ['曲线', '表格', '最大/最小值', '差值', '平均值', '数据点', '原始数据标记', '限值', '导出']) expect(screen.getByText(text)).toBeTruthy();
  });

  it('empty state when no line has data; export disabled', () => {
    renderWidget(<TrendChart series={[line([])]} />);
    expect(screen.getByText('No data')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export/ }).hasAttribute('disabled')).toBe(true);
  });

  it('export downloads <exportName>.xlsx holding the table (default 表格导出)', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = (b: Blob) => (blobs.push(b), 'blob:trend');
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { unmount } = renderWidget(<TrendChart series={series} exportName="Compressors" renderer="svg" />);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(names).toEqual(['Compressors.xlsx']));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await readBlob(blobs[0]!));
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Time', 'Compressor 1 - Active power (kW)', 'Pump 2 - Flow (m³/h)']);
    expect(wb.worksheets[0]!.rowCount).toBe(4);
    unmount();

    renderWidget(<TrendChart series={series} renderer="svg" />);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(names[1]).toBe('表格导出.xlsx'));
  });
});
