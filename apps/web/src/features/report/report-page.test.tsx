import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODEL_API, REPORT_API, type Report, type ReportTemplate } from '@ems/contract';
import { fakeApi } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { formatInZone } from '../../lib/time';
import { renderFeaturePage } from '../../widgets/test-utils';
import type * as Widgets from '../../widgets';
import en from './locales/en-US';
import zh from './locales/zh-CN';
import ReportPage from './report-page';

// jsdom has no canvas: the chart is a placeholder holding its bars
vi.mock('../../widgets', async (orig) => ({
  ...(await orig<typeof Widgets>()),
  EChart: ({ option }: { option: { series?: { data: unknown[] }[] } }) => <div data-testid="echart">{JSON.stringify(option.series?.[0]?.data ?? [])}</div>,
}));

const H = 3_600_000;
const FROM = Date.UTC(2025, 2, 9, 16);
const tou = (id: number | null, name: string, kwh: number, fen: number) => ({
  id,
  name,
  kwh: { sharp: 0, peak: kwh, flat: 0, valley: 0, deepValley: 0 },
  fen: { sharp: 0, peak: fen, flat: 0, valley: 0, deepValley: 0 },
  totalKwh: kwh,
  totalFen: fen,
  averagePriceYuanPerKwh: fen / 100 / kwh,
  unpricedKwh: 0,
  missingIntervals: 0,
});
const quality = { columns: 2, missing: 0, estimated: 0, suspect: 0, partial: 0, coveragePct: 100 };
const REPORT: Report = {
  title: 'Plant electricity daily report 2025-03-10',
  projectName: 'Plant',
  nodeId: 3,
  modelLabel: 'project',
  nodeName: 'Plant',
  energyType: 2,
  unit: 'kWh',
  kind: 'daily',
  date: '2025-03-10',
  periodLabel: '2025-03-10',
  timezone: 'Asia/Shanghai',
  from: FROM,
  to: FROM + 2 * H,
  asOf: FROM + 2 * H,
  rows: 'children',
  sections: ['consumption', 'tou', 'readings', 'power'],
  columns: [
    { start: FROM, end: FROM + H, label: '00:00', intervals: 4 },
    { start: FROM + H, end: FROM + 2 * H, label: '01:00', intervals: 4 },
  ],
  consumption: {
    rows: [
      { id: 10, modelLabel: 'room', name: 'Workshop 1', values: [10, 20], total: 30, sharePct: 33.3, quality },
      { id: 11, modelLabel: 'room', name: 'Workshop 2', values: [30, 30], total: 60, sharePct: 66.7, quality },
    ],
    columnTotals: [40, 50],
    total: 90,
    sharePrecision: 1,
  },
  tou: { schemeName: 'TOU 2025', periods: ['peak'], rows: [tou(10, 'Workshop 1', 30, 3062), tou(11, 'Workshop 2', 60, 6124)], totals: tou(null, 'Total', 90, 9186) },
  touNote: null,
  readings: {
    rows: [{ id: 20, name: 'M1', startRegister: 1000, endRegister: 1003, multiplier: 10, consumption: 30, quality: 'estimated', resets: 0 }],
    total: 30,
  },
  power: {
    node: { id: 3, name: 'Plant', maxDemandKw: 160, maxDemandAt: FROM + H, powerFactor: 0.95 },
    rows: [{ id: 10, name: 'Workshop 1', maxDemandKw: 80, maxDemandAt: FROM + H, powerFactor: null }],
  },
};
const TEMPLATE: ReportTemplate = { id: 5, projectId: 3, name: 'W1 monthly', nodeId: 10, modelLabel: 'room', nodeName: 'Workshop 1', energyType: 2, kind: 'monthly', rows: 'meters', sections: ['consumption', 'readings'], updateTime: 0 };
const TREE = [{ id: 3, modelLabel: 'project', name: 'Plant', children: [{ id: 10, modelLabel: 'room', name: 'Workshop 1' }] }];

const queries: Record<string, unknown>[] = [];
const calls: { url: string; body: Record<string, unknown>; init?: RequestInit }[] = [];
let failWith: string | null = null;

const renderPage = (lng: 'en-US' | 'zh-CN' = 'en-US') => renderFeaturePage(<ReportPage />, 'report', lng === 'en-US' ? en : zh, lng);
const ready = async () => {
  const page = await screen.findByTestId('report-page');
  await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
  return page;
};

beforeEach(() => {
  queries.length = 0;
  calls.length = 0;
  failWith = null;
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi((url, body, init) => {
    calls.push({ url, body, init });
    if (url.startsWith(MODEL_API.query)) return TREE;
    if (url.startsWith(REPORT_API.templates)) return [TEMPLATE];
    if (url.startsWith(REPORT_API.query)) {
      queries.push(body);
      if (failWith) return new Response(JSON.stringify({ code: 400, msg: failWith, data: null }), { status: 400, headers: { 'content-type': 'application/json' } });
      return { ...REPORT, kind: body.kind };
    }
    if (url === REPORT_API.remove.replace(':id', '5')) return 5;
    if (url === REPORT_API.create) return { ...TEMPLATE, id: 6, name: body.name, sections: body.sections };
    if (url.startsWith(REPORT_API.export)) return new Response(new Blob(['xlsx']), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="r.xlsx"' } });
    if (url.startsWith(REPORT_API.pdf)) return new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } });
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('period reports', () => {
  it("asks for yesterday's daily report of the project (project zone); draws the table with its frozen name column, totals row and shares, and the bars", async () => {
    renderPage();
    await ready();
    const yesterday = formatInZone(Date.now() - 86_400_000, 'Asia/Shanghai', 'YYYY-MM-DD');
    expect(queries[0]).toMatchObject({ projectId: 3, nodeId: 3, modelLabel: 'project', energyType: 2, kind: 'daily', date: yesterday, rows: 'children' });
    expect(screen.getByTestId('report-title').textContent).toBe('Plant electricity daily report 2025-03-10');
    expect(screen.getByTestId('report-lines').textContent).toBe('Period: 2025-03-10 (Asia/Shanghai) · Unit: kWh');
    const table = screen.getByTestId('report-consumption');
    expect(within(table).getAllByText('00:00').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Share (%)').length).toBeGreaterThan(0);
    expect(within(table).getByText('Workshop 2')).toBeTruthy();
    expect(within(table).getByText('66.7')).toBeTruthy();
    expect(table.querySelector('[class*="ant-table-cell-fix"]')).not.toBeNull();
    const totals = screen.getByTestId('report-consumption-totals');
    expect(within(totals).getByText('Total')).toBeTruthy();
    expect(within(totals).getByText('90.00')).toBeTruthy();
    expect(within(totals).getByText('100.0')).toBeTruthy();
    expect(screen.getByTestId('echart').textContent).toBe('[40,50]');
  }, 60_000);

  it('the section tabs: TOU cost in ¥ with its totals row, meter readings with the quality flag, power with the coincident maximum', async () => {
    renderPage();
    await ready();
    fireEvent.click(screen.getByTestId('report-tab-tou'));
    const t = await screen.findByTestId('report-tou');
    expect(within(t).getAllByText('Peak (¥)').length).toBeGreaterThan(0);
    // the peak ¥ and the total ¥ of the totals row
    expect(within(screen.getByTestId('report-tou-totals')).getAllByText('91.86')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('report-tab-readings'));
    const r = await screen.findByTestId('report-readings');
    expect(within(r).getByText('estimated')).toBeTruthy();
    expect(within(r).getByText('1,003.000')).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-tab-power'));
    const p = await screen.findByTestId('report-power-totals');
    expect(within(p).getByText('Plant (coincident)')).toBeTruthy();
    expect(within(p).getByText('160.00')).toBeTruthy();
    expect(within(p).getByText('2025-03-10 01:00')).toBeTruthy();
  }, 60_000);

  it('a node of the tree and the monthly kind ask again with the node and YYYY-MM', async () => {
    renderPage();
    await ready();
    fireEvent.click(await screen.findByText('Workshop 1', { selector: '.ant-tree-title, .ant-tree-title *' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ nodeId: 10, modelLabel: 'room' }));
    fireEvent.click(screen.getByText('Monthly'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ kind: 'monthly', date: formatInZone(Date.now(), 'Asia/Shanghai', 'YYYY-MM') }));
  }, 60_000);

  it('export posts the report with its sections; the PDF preview GETs with the Authorization header and opens a blob in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage();
    await ready();
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith(REPORT_API.export))).toBe(true));
    expect(calls.find((c) => c.url.startsWith(REPORT_API.export))?.body).toMatchObject({ projectId: 3, kind: 'daily', sections: ['consumption', 'tou', 'readings', 'power'] });
    fireEvent.click(screen.getByTestId('report-pdf'));
    await waitFor(() => expect(tab.location.href).toBe('blob:report'));
    const pdf = calls.find((c) => c.url.startsWith(REPORT_API.pdf))!;
    expect(pdf.url).toContain('sections=consumption%2Ctou%2Creadings%2Cpower');
    expect(pdf.url).toContain('kind=daily');
    expect(pdf.url).not.toContain('tok');
    expect((pdf.init?.headers as Record<string, string>).Authorization ?? (pdf.init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(open).toHaveBeenCalledWith('', '_blank');
  }, 60_000);

  it('a saved template loads its node, kind, rows and sections; save posts the current choices', async () => {
    renderPage();
    await ready();
    fireEvent.mouseDown(within(screen.getByTestId('report-template')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('W1 monthly · Workshop 1'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ nodeId: 10, modelLabel: 'room', kind: 'monthly', rows: 'meters' }));
    await ready();
    expect(screen.queryByTestId('report-tab-tou')).toBeNull();
    expect(screen.getByTestId('report-tab-readings')).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-template-save'));
    fireEvent.change(await screen.findByTestId('report-template-name'), { target: { value: 'W1 monthly copy' } });
    fireEvent.click(screen.getByTestId('report-template-ok'));
    await waitFor(() => expect(calls.some((c) => c.url === REPORT_API.create)).toBe(true));
    expect(calls.find((c) => c.url === REPORT_API.create)?.body).toEqual({
      projectId: 3,
      name: 'W1 monthly copy',
      nodeId: 10,
      modelLabel: 'room',
      energyType: 2,
      kind: 'monthly',
      rows: 'meters',
      sections: ['consumption', 'readings'],
    });
  }, 60_000);

  it('delete asks first, then DELETEs the loaded template', async () => {
    renderPage();
    await ready();
    expect(screen.queryByTestId('report-template-delete')).toBeNull();
    fireEvent.mouseDown(within(screen.getByTestId('report-template')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('W1 monthly · Workshop 1'));
    fireEvent.click(await screen.findByTestId('report-template-delete'));
    expect((await screen.findAllByText('Delete the template "W1 monthly"?')).length).toBeGreaterThan(0);
    const ok = screen.getAllByRole('button').filter((b) => /^OK$/.test(b.textContent?.trim() ?? ''));
    fireEvent.click(ok.at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.url === REPORT_API.remove.replace(':id', '5') && c.init?.method === 'DELETE')).toBe(true));
  }, 60_000);

  it('in Chinese; a refused query shows the server message', async () => {
    failWith = '节点 room_10 不在本项目中';
    renderPage('zh-CN');
    expect((await screen.findByTestId('report-error')).textContent).toContain('节点 room_10 不在本项目中');
    expect(screen.getByText('日报')).toBeTruthy();
    // antd spaces a two-character Chinese button text
    expect(screen.getByTestId('report-export').textContent?.replace(/\s/g, '')).toBe('导出');
  }, 60_000);
});
