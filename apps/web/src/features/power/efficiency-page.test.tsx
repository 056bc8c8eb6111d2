import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { POWER_API, type TransformerEfficiency, type TransformerEfficiencyRow } from '@ems/contract';
import { fakeApi } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import type * as Widgets from '../../widgets';
import en from './locales/en-US';
import EfficiencyPage from './efficiency-page';

// jsdom has no canvas: the chart is a placeholder naming its series (the option builders have their own tests)
vi.mock('../../widgets', async (orig) => ({
  ...(await orig<typeof Widgets>()),
  EChart: ({ option }: { option: { series?: { name: string }[] } }) => <div data-testid="echart">{(option.series ?? []).map((s) => s.name).join(',')}</div>,
}));

const H = 3_600_000;
const zones = (o: Partial<Record<'light' | 'economic' | 'optimal' | 'over', number>>) => ({ light: 0, economic: 0, optimal: 0, over: 0, ...o });
const row = (id: number, name: string, o: Partial<TransformerEfficiencyRow>): TransformerEfficiencyRow => ({
  id,
  name,
  ratedKva: 1000,
  p0Kw: 1,
  pkKw: 8,
  i0Pct: 1,
  ukPct: 6,
  insulation: 'dry',
  meterId: id + 100,
  meterName: `${name} LV`,
  loadRateAvgPct: 62.5,
  loadRateMaxPct: 75,
  loadRateMaxTime: 0,
  energyKwh: 24000,
  noLoadLossKwh: 48,
  loadLossKwh: 156,
  lossKwh: 204,
  efficiencyPct: 99.1572,
  optimumLoadRatePct: 35.3553,
  economicLoadRatePct: 37.7964,
  zone: 'optimal',
  zoneHours: zones({ optimal: 48 }),
  grade: 3,
  suggestions: [],
  intervals: 192,
  intervalsWithData: 192,
  pq: null,
  noLoadLossYuan: 30.23,
  loadLossYuan: 87.74,
  lossYuan: 117.97,
  lossRatePct: 0.8428,
  ...o,
});
/** efficiency.test.ts's T1 and T3 (two days under the TOU tariff) */
const T1 = row(1, 'T1', {});
const T3 = row(3, 'T3', {
  ratedKva: 800,
  loadRateAvgPct: 52.5,
  loadRateMaxPct: 110,
  energyKwh: 15334.4,
  noLoadLossKwh: 58.1,
  loadLossKwh: 91.4,
  lossKwh: 149.5,
  noLoadLossYuan: 36.57,
  loadLossYuan: 58.06,
  lossYuan: 94.63,
  lossRatePct: 0.9656,
  efficiencyPct: 99.0344,
  zoneHours: zones({ optimal: 46, over: 2 }),
  suggestions: [{ kind: 'overloaded', loadRateMaxPct: 110, into: { id: 1, name: 'T1', loadRateMaxPct: 83 }, saving: { kwhPerYear: 338, yuanPerYear: 213 } }],
});
const DETAIL = (id: number): NonNullable<TransformerEfficiency['detail']> => ({
  transformerId: id,
  load: [{ t: 0, kw: 600, kvar: 450, loadRatePct: 75 }],
  zoneBounds: { economicLower: 14.29, optimalLower: 19, optimalUpper: 75, economicUpper: 100 },
  buckets: [{ t: 0, hours: 1, energyKwh: 600, noLoadLossKwh: 1, loadLossKwh: 4.5, noLoadLossYuan: 0.2718, loadLossYuan: 1.2231, loadRateAvgPct: 75 }],
  etaCurve: [{ loadRatePct: 10, efficiencyPct: 98.5 }],
  cosPhi: 0.8,
  optimum: { loadRatePct: 35.36, efficiencyPct: 99.29 },
  operating: { loadRatePct: 62.5, efficiencyPct: 99.1818 },
});
const reply = (transformerId: number): TransformerEfficiency => ({
  projectId: 3,
  timezone: 'Asia/Shanghai',
  from: 0,
  to: 48 * H,
  grain: '15m',
  step: 'hour',
  tariff: { schemeId: 1, schemeName: 'TOU', unpricedHours: 0 },
  rows: [T1, T3],
  totals: {
    ratedKva: 1800,
    energyKwh: 39334.4,
    noLoadLossKwh: 106.1,
    loadLossKwh: 247.4,
    lossKwh: 353.5,
    noLoadLossYuan: 66.8,
    loadLossYuan: 145.8,
    lossYuan: 212.6,
    lossRatePct: 0.8907,
    efficiencyPct: 99.1093,
    loadRateAvgPct: 58.0556,
    zoneHours: zones({ optimal: 94, over: 2 }),
  },
  detail: DETAIL(transformerId),
});
const bodies: Record<string, unknown>[] = [];

const renderPage = () => renderFeaturePage(<EfficiencyPage />, 'power', en);

beforeEach(() => {
  bodies.length = 0;
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi((url, body) => {
    if (!url.startsWith(POWER_API.efficiency)) return undefined;
    bodies.push(body);
    return reply((body as { transformerId?: number }).transformerId ?? 1);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

const text = (id: string) => screen.getByTestId(id).textContent ?? '';

// the first render loads antd and the page's modules: on a busy machine that alone outlasted the 20 s default
describe('transformer efficiency page (issue 14, DOMAIN §5)', { timeout: 90_000 }, () => {
  it('is data-ready with the fleet KPIs: output, loss in kWh (no-load + load) and ¥, loss rate, capacity-weighted load rate', async () => {
    renderPage();
    const page = screen.getByTestId('transformer-efficiency');
    expect(page.getAttribute('data-ready')).toBe('false');
    await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
    expect(text('eff-kpi-energy')).toContain('39,334.4');
    expect(text('eff-kpi-loss')).toContain('353.5');
    expect(screen.getByText('no-load 106.1 + load 247.4 kWh')).toBeTruthy();
    expect(text('eff-kpi-lossYuan')).toContain('212.60');
    expect(text('eff-kpi-lossRate')).toContain('0.89');
    expect(text('eff-kpi-loadRate')).toContain('58.1');
    expect(text('eff-tariff')).toContain('Tariff: TOU');
  });

  it('the fleet table: ¥ per unit, the totals row, the overloaded unit with its transfer and the money a year', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('eff-total-row')).toBeTruthy());
    expect(text('eff-lossYuan-1')).toBe('117.97');
    expect(text('eff-lossYuan-3')).toBe('94.63');
    expect(text('eff-total-lossYuan')).toBe('212.60');
    expect(text('eff-total-loss')).toBe('353.5');
    expect(text('eff-advice-3')).toBe('Overloaded: peak load rate 110.0 %; move the load above the rating onto T1 (its peak then 83.0 %), saving 338 kWh (¥213) a year');
    expect(within(screen.getByTestId('eff-total-row')).getByText('Fleet total')).toBeTruthy();
  });

  it('charts: load with the zones, hours per zone for each unit, no-load/load split in kWh and ¥, η with the operating point; the grade tag', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('eff-split-card')).toBeTruthy());
    expect(within(screen.getByTestId('eff-split-card')).getByTestId('echart').textContent).toBe('No-load loss,Load loss,No-load loss cost,Load loss cost');
    expect(within(screen.getByTestId('eff-zones-card')).getByTestId('echart').textContent).toBe('Light load,Economic,Optimal,Overloaded');
    expect(within(screen.getByTestId('eff-eta-card')).getByTestId('echart').textContent).toBe('η (cosφ 0.8),Operating point (mean load rate)');
    expect(text('eff-grade')).toBe('GB 20052-2024 Grade 3');
  });

  it("opening a unit from the table asks for it in depth", async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('eff-open-3')).toBeTruthy());
    fireEvent.click(screen.getByTestId('eff-open-3'));
    await waitFor(() => expect(bodies.some((b) => b.transformerId === 3)).toBe(true));
    await waitFor(() => expect(screen.getByTestId('eff-split-card').textContent).toContain('T3'));
  });
});
