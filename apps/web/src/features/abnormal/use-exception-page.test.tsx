import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ABNORMAL_API, type AbnormalOptions, type AbnormalResults, type AbnormalRule } from '@ems/contract';
import { fakeApi } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import type * as Widgets from '../../widgets';
import en from './locales/en-US';
import UseExceptionPage from './use-exception-page';

// jsdom has no canvas: the chart is a placeholder holding its series names and shaded areas (the option builders have their own tests)
vi.mock('../../widgets', async (orig) => ({
  ...(await orig<typeof Widgets>()),
  EChart: ({ option }: { option: { series?: { name?: string; type?: string; markArea?: { data: unknown[] } }[] } }) => (
    <div data-testid="echart">{(option.series ?? []).map((s) => `${s.name ?? s.type}${s.markArea ? `[${s.markArea.data.length}]` : ''}`).join(',')}</div>
  ),
}));

const H = 3_600_000;
/** 2026-07-14 00:00 in Shanghai */
const D0 = Date.UTC(2026, 6, 13, 16);
const rule = (id: number, kind: AbnormalRule['kind'], name: string, params: AbnormalRule['params'], unit = 'kWh'): AbnormalRule => ({
  id,
  projectId: 3,
  kind,
  name,
  meters: [{ id: 40 + id, name: `${name} meter`, unit }],
  params,
  level: 'alarm',
  minDurationMin: 60,
  enabled: true,
  description: '',
  evaluatedTo: 0,
  updateTime: 0,
});
let rules: AbnormalRule[] = [];
const OPTIONS: AbnormalOptions = { meters: [{ id: 41, name: 'Toilets', path: 'Plant 1', energyType: 3, unit: 'm3' }], priced: true };
const RESULTS: AbnormalResults = {
  ruleId: 2,
  meterId: 42,
  meterName: 'Toilets',
  unit: 'm3',
  timezone: 'Asia/Shanghai',
  from: D0,
  to: D0 + 2 * 86_400_000,
  bucket: 'hour',
  series: [0, 1, 2].map((h) => ({ start: D0 + h * H, actual: 1.3, expected: 0.1 })),
  spans: [{ start: D0, end: D0 + 5 * H, level: 'alarm' }],
  flagged: [{ start: D0 + 10 * H, status: 4, value: 0.2 }],
  days: [{ date: '2026-07-14', excess: 6.02, fen: 3010 }],
  totals: { excess: 6.02, fen: 3010, unpriced: 0, tce: 0.0005, co2T: null, findings: 1 },
  findings: [
    {
      id: 9,
      ruleId: 2,
      ruleName: 'Toilets at night',
      kind: 'period',
      meterId: 42,
      meterName: 'Toilets',
      unit: 'm3',
      start: D0,
      end: D0 + 5 * H,
      level: 'alarm',
      actual: 6.52,
      expected: 0.5,
      excess: 6.02,
      fen: 3010,
      status: 'open',
      eventId: 77,
      statusUser: null,
      statusTime: null,
    },
  ],
};
const REGRESSION: NonNullable<AbnormalResults['regression']> = {
  weather: true,
  production: true,
  fittedDays: 16,
  gaps: { noDrivers: 0, tooFewDays: 13, noDayDrivers: 1 },
  model: { date: '2026-07-15', n: 28, r2: 0.9921, cvRmsePct: 5.19, intercept: 64.3, hdd: null, cdd: 8.49, production: 0.3386, saturday: -8.2, sunday: -10.9 },
};
const BASE_LOAD: NonNullable<AbnormalResults['baseLoad']> = {
  maxRatioPct: 30,
  days: [
    { date: '2026-07-13', ratioPct: 4.2, min: 0.01, mean: 0.24, abnormal: false },
    { date: '2026-07-14', ratioPct: 47.6, min: 0.3, mean: 0.63, abnormal: true },
  ],
};
const calls: { url: string; method: string; body: Record<string, unknown> }[] = [];

const renderPage = () => renderFeaturePage(<UseExceptionPage />, 'abnormal', en);

beforeEach(() => {
  rules = [rule(1, 'percent', 'Presses', { warnPct: 50, alarmPct: 100, weeks: 4 }), rule(2, 'period', 'Toilets at night', { nights: [{ start: '00:00', end: '05:00' }], limitPerHour: 0.1, unitPrice: 5 }, 'm3'), rule(3, 'usage', 'Office', { quota: 42000 })];
  calls.length = 0;
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi((url, body, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body });
    if (url.startsWith(ABNORMAL_API.rules)) return rules;
    if (url.startsWith(ABNORMAL_API.options)) return OPTIONS;
    if (url.startsWith(ABNORMAL_API.results)) return { ...RESULTS, ruleId: body.ruleId, ...(body.ruleId === 1 ? { regression: REGRESSION } : {}), ...(body.ruleId === 5 ? { baseLoad: BASE_LOAD } : {}) };
    if (url.startsWith(ABNORMAL_API.wasteAnalysis))
      return { from: body.startTime, to: body.endTime, totalFen: 4010, list: [{ rank: 1, nodeId: 42, nodeName: 'Toilets', unit: 'm3', excess: 6.02, fen: 3010, findings: 1, sharePct: 75.06 }, { rank: 2, nodeId: 43, nodeName: 'Press 1', unit: 'kWh', excess: 12.5, fen: 1000, findings: 2, sharePct: 24.94 }] };
    if (url.startsWith(ABNORMAL_API.evaluate)) return { rules: 1, created: 2, updated: 0, events: 2 };
    if (url.includes('/abnormal/finding/')) return { ...RESULTS.findings[0], status: body.status };
    if (method === 'DELETE') {
      rules = rules.filter((r) => !url.endsWith(`/rule/${r.id}`));
      return 2;
    }
    if (method === 'POST' && url === ABNORMAL_API.create) return { ...rule(4, 'period', String(body.name), {}), ...body };
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

const pick = async (form: HTMLElement, testId: string, option: string) => {
  const select = within(form).getByTestId(testId);
  fireEvent.mouseDown(select.querySelector<HTMLElement>('.ant-select-selector') ?? within(select).getByRole('combobox'));
  fireEvent.click(await screen.findByText(option));
};

/** The dialog's OK button (looked for in the dialog only: a role query over the whole page computes the style of every button there) */
const okButton = (form: HTMLElement) => within(form.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /ok|confirm/i });

const openPeriodTab = async () => {
  const page = await screen.findByTestId('use-exception-page');
  await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
  fireEvent.click(within(screen.getByTestId('rule-tabs')).getByText('Period rule (1)'));
  await waitFor(() => expect(within(screen.getByTestId('rule-table')).getByText('Toilets at night')).toBeTruthy());
};

describe('abnormal consumption (/useException)', () => {
  it('lists the rules by kind in tabs, each with its condition; the percent tab first', async () => {
    renderPage();
    const table = await screen.findByTestId('rule-table');
    await waitFor(() => expect(within(table).getByText('Presses')).toBeTruthy());
    expect(within(table).getByText('deviation > 50% warning, > 100% alarm; baseline 4 weeks')).toBeTruthy();
    expect(within(table).queryByText('Toilets at night')).toBeNull();
    await openPeriodTab();
    expect(within(screen.getByTestId('rule-table')).getByText('00:00-05:00; limit 0.1 m³ per hour')).toBeTruthy();
  }, 60_000);

  it("the picked rule's results: waste in its unit and ¥, findings with excess and ¥, the flagged intervals, the chart with its shaded span and the heat-map", async () => {
    renderPage();
    await openPeriodTab();
    const results = await screen.findByTestId('abnormal-results');
    await waitFor(() => expect(results.getAttribute('data-ready')).toBe('true'));
    await waitFor(() => expect(calls.some((c) => c.url === ABNORMAL_API.results && c.body.ruleId === 2 && c.body.meterId === 42)).toBe(true));
    expect(screen.getByTestId('kpi-waste').textContent).toContain('6.02m³');
    expect(screen.getByTestId('kpi-cost').textContent).toContain('30.10¥');
    expect(screen.getByTestId('result-flagged').textContent).toContain('1 suspect or reset intervals left out');
    const findings = screen.getByTestId('result-findings');
    expect(within(findings).getByText('2026-07-14 00:00')).toBeTruthy();
    expect(within(findings).getByText('2026-07-14 05:00')).toBeTruthy();
    expect(within(findings).getByText('Excess (m³)')).toBeTruthy();
    expect(within(findings).getByText('30.10')).toBeTruthy();
    expect(within(findings).getByText('Open')).toBeTruthy();
    expect(within(screen.getByTestId('result-chart')).getByTestId('echart').textContent).toBe('Actual[1],Baseline / limit');
    expect(within(screen.getByTestId('result-heatmap')).getByTestId('echart').textContent).toBe('Waste cost');
  }, 60_000);

  it('ranks the meters by the cost of their waste over the range (wasteAnalysis)', async () => {
    renderPage();
    const ranking = await screen.findByTestId('waste-ranking');
    await waitFor(() => expect(within(ranking).getByText('Toilets')).toBeTruthy());
    const rows = [...ranking.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', 'Toilets', '6.02 m³', '30.10', '75.1%', '1'],
      ['2', 'Press 1', '12.50 kWh', '10.00', '24.9%', '2'],
    ]);
    expect(within(ranking).getByText('Total ¥40.10')).toBeTruthy();
    const asked = calls.find((c) => c.url === ABNORMAL_API.wasteAnalysis)?.body;
    expect(asked).toMatchObject({ projectId: 3, limit: 10 });
  }, 60_000);

  it('acknowledging and closing a finding send its status; diagnosing now evaluates the rule over the range', async () => {
    renderPage();
    await openPeriodTab();
    fireEvent.click(await screen.findByTestId('finding-ack'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/abnormal/finding/9/status') && c.body.status === 'acknowledged')).toBe(true));
    fireEvent.click(screen.getByTestId('finding-close'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.body.status === 'closed')).toBe(true));
    fireEvent.click(screen.getByTestId('result-evaluate'));
    await waitFor(() => expect(calls.find((c) => c.url === ABNORMAL_API.evaluate)?.body).toMatchObject({ projectId: 3, ruleId: 2 }));
    await screen.findByText('Diagnosed: 2 new, 0 updated');
  }, 60_000);

  it('delete asks first, then sends DELETE and the rule leaves the list', async () => {
    renderPage();
    await openPeriodTab();
    fireEvent.click(screen.getByTestId('rule-delete'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByText('Delete the rule "Toilets at night"? Its findings are deleted with it.');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/abnormal/rule/2'))).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('rule-table')).queryByText('Toilets at night')).toBeNull());
  }, 60_000);

  it('a new period rule sends the kind, the meters and the night hours parsed from the text', async () => {
    renderPage();
    await openPeriodTab();
    fireEvent.click(screen.getByTestId('rule-add'));
    const form = await screen.findByTestId('rule-form');
    fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Night water' } });
    fireEvent.change(within(form).getByTestId('rule-nights'), { target: { value: '23:00-05:30, 12:00-13:00' } });
    const meters = within(form).getByTestId('rule-meters');
    fireEvent.mouseDown(meters.querySelector<HTMLElement>('.ant-select-selector') ?? within(meters).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Toilets（Plant 1）'));
    fireEvent.change(within(form).getByTestId('rule-limitPerHour').querySelector('input') ?? within(form).getByTestId('rule-limitPerHour'), { target: { value: '0.2' } });
    fireEvent.click(okButton(form));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === ABNORMAL_API.create)?.body).toMatchObject({
      projectId: 3,
      kind: 'period',
      name: 'Night water',
      meterIds: [41],
      params: { nights: [{ start: '23:00', end: '05:30' }, { start: '12:00', end: '13:00' }], limitPerHour: 0.2 },
      enabled: true,
    }));
  }, 60_000);

  it('a new period rule by base-load ratio: the dialog swaps the night hours and limits for the ratio, and sends the ratio with the days off', async () => {
    renderPage();
    await openPeriodTab();
    fireEvent.click(screen.getByTestId('rule-add'));
    const form = await screen.findByTestId('rule-form');
    expect(within(form).getByTestId('rule-nights')).toBeTruthy();
    await pick(form, 'rule-periodMode', 'Base-load ratio (min / mean load)');
    await waitFor(() => expect(within(form).queryByTestId('rule-nights')).toBeNull());
    expect(within(form).queryByTestId('rule-limitPerHour')).toBeNull();
    expect(within(form).getByText('Highest base-load ratio (%)')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Toilets base load' } });
    await pick(form, 'rule-meters', 'Toilets（Plant 1）');
    const ratio = within(form).getByTestId('rule-baseLoadRatioPct');
    fireEvent.change(ratio.querySelector('input') ?? ratio, { target: { value: '30' } });
    fireEvent.click(okButton(form));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === ABNORMAL_API.create)?.body).toMatchObject({ kind: 'period', name: 'Toilets base load', meterIds: [41] }));
    expect(calls.find((c) => c.method === 'POST' && c.url === ABNORMAL_API.create)?.body.params).toEqual({ baseLoadRatioPct: 30 });
  }, 120_000);

  it('a new percent rule with the regression baseline: the select says so and the note explains the fit', async () => {
    renderPage();
    const page = await screen.findByTestId('use-exception-page');
    await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
    fireEvent.click(screen.getByTestId('rule-add'));
    const form = await screen.findByTestId('rule-form');
    expect(within(form).getByText('Same weekday')).toBeTruthy();
    await pick(form, 'rule-baseline', 'Regression (weather, production)');
    await waitFor(() => expect(within(form).getByTestId('rule-baseline-note').textContent).toContain('least squares on outdoor heating/cooling degree-days'));
    fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Presses by weather' } });
    await pick(form, 'rule-meters', 'Toilets（Plant 1）');
    fireEvent.click(okButton(form));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === ABNORMAL_API.create)?.body).toMatchObject({ kind: 'percent', params: { baseline: 'regression', warnPct: 20, alarmPct: 40, weeks: 4 } }));
  }, 120_000);

  it("the results say what the regression baseline stood on and which days it left unjudged; a base-load rule's summary and ratios", async () => {
    rules = [rule(1, 'percent', 'Presses', { baseline: 'regression', warnPct: 10, alarmPct: 30 }), rule(5, 'period', 'Toilets base load', { baseLoadRatioPct: 30, weekendDays: [0, 6] }, 'm3')];
    renderPage();
    const note = await screen.findByTestId('result-regression');
    expect(note.textContent).toContain('Regression baseline: 16 days with a baseline (last fit on 28 days, R² 0.99, CV(RMSE) 5.2%; drivers: outdoor temperature, production)');
    expect(note.textContent).toContain("14 days without a baseline, not judged: fewer than 14 past days (13), the day's weather or production incomplete (1)");
    expect(within(screen.getByTestId('rule-table')).getByText('deviation > 10% warning, > 30% alarm; regression baseline (4 weeks)')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('rule-tabs')).getByText('Period rule (1)'));
    await waitFor(() => expect(within(screen.getByTestId('rule-table')).getByText('base-load ratio > 30%')).toBeTruthy());
    expect((await screen.findByTestId('result-base-load')).textContent).toContain('Base-load ratio: 1 of 2 working days above 30% (highest 47.6% on 2026-07-14)');
  }, 60_000);
});
