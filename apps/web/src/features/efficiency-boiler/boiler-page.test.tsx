import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API, BOILER_API, type BoilerAnalysis, type BoilerFigures, type BoilerItem } from '@ems/contract';
import { fakeApi, json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import en from './locales/en-US';
import type * as Widgets from '../../widgets';
import BoilerPage from './boiler-page';

// ECharts needs a canvas jsdom has not: each chart shows its series' names instead
vi.mock('../../widgets', async (orig) => ({
  ...(await orig<typeof Widgets>()),
  EChart: ({ option }: { option: { series?: { name: string }[] } }) => <div data-testid="echart">{(option.series ?? []).map((s) => s.name).join(',')}</div>,
}));

const BOILER: BoilerItem = {
  id: 7,
  name: '1#燃气蒸汽锅炉',
  ratedTph: 4,
  fuel: 'gas',
  medium: 'steam',
  ratedPressureMpa: 1.25,
  ratedEfficiencyPct: 93,
  fuelLhvMjPerM3: 35.9,
  blowdownPct: 5,
  q5RatedPct: 2.1,
  fuelPriceYuanPerM3: 3.6,
  steamMeterId: 8,
  steamMeterName: '蒸汽总表',
  gasMeterId: 9,
  gasMeterName: '锅炉燃气',
};
const figures = (over: Partial<BoilerFigures>): BoilerFigures => ({
  steamT: 25.88,
  gasM3: 2056,
  usefulHeatGj: 65.9,
  directEfficiencyPct: 89.71,
  indirectEfficiencyPct: 89.79,
  losses: { q2: 4.39, q3: 0.016, q4: 0, q5: 5.81, q6: 0, unaccounted: 0.08 },
  loadPct: 27,
  pressureMpa: 0.782,
  steamTempC: 174.9,
  feedWaterC: 56.9,
  flueTempC: 112.7,
  o2Pct: 3.69,
  excessAir: 1.2132,
  coPpm: 47,
  airTempC: 31,
  steamPerGas: 125.9,
  kgcePerSteamT: 97.31,
  tce: 2.518,
  fuelCostYuan: 7401.6,
  fuelCostYuanPerSteamT: 286.0,
  ...over,
});
/** Two days of November 2026 in Shanghai. */
const DATA: BoilerAnalysis = {
  boiler: BOILER,
  timezone: 'Asia/Shanghai',
  from: Date.UTC(2026, 9, 31, 16),
  to: Date.UTC(2026, 10, 30, 16),
  grain: 'day',
  total: figures({ steamT: 52.09, gasM3: 4211, directEfficiencyPct: 89.83, fuelCostYuanPerSteamT: 291.0 }),
  buckets: [figures({}), { ...figures({ steamT: 26.21, gasM3: 2155, o2Pct: 3.3 }), time: Date.UTC(2026, 10, 23, 16) }].map((b, i) => ({ ...b, time: Date.UTC(2026, 10, 22 + i, 16) })),
  grade: 'below',
  gradeLimits: [
    { grade: 1, efficiencyPct: 96 },
    { grade: 2, efficiencyPct: 94 },
    { grade: 3, efficiencyPct: 92 },
  ],
  standard: { code: 'GB 24500-2020', title: '工业锅炉能效限定值及能效等级', effectiveDate: '2021-06-01' },
  limits: { flueTempMaxC: 150, excessAirMax: 1.2, o2MaxPct: 3.5 },
};

let bodies: Record<string, unknown>[];
beforeEach(() => {
  bodies = [];
  useSession.setState({ token: 'tok', userId: 1, module: 'fw', projectId: 1, projectInfo: null });
  fakeApi((url, body) => {
    if (url.startsWith(BOILER_API.analysis)) {
      bodies.push(body);
      return DATA;
    }
    if (url.startsWith(BOILER_API.boilers)) return json({ code: 0, msg: '', data: [BOILER], total: 1 });
    if (url.startsWith(API.projects)) return [{ projectId: 1, timezone: 'Asia/Shanghai' }];
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

const renderPage = () => renderFeaturePage(<BoilerPage />, 'efficiency-boiler', en);

describe('boiler efficiency page', () => {
  it('asks for the first boiler over this month in the project zone, then shows the cards, grade, charts and table, and marks itself ready', async () => {
    const { container } = renderPage();
    await waitFor(() => expect(container.querySelector('[data-ready="true"]')).not.toBeNull());
    expect(bodies[0]).toMatchObject({ projectId: 1, boilerId: 7, dateType: 3 });
    const start = new Date((bodies[0]?.startTime as number) + 8 * 3_600_000);
    expect([start.getUTCDate(), start.getUTCHours(), start.getUTCMinutes()]).toEqual([1, 0, 0]);
    const kpi = (key: string) => screen.getByTestId(`kpi-${key}`).textContent;
    expect(kpi('direct')).toContain('89.83%');
    expect(kpi('steam')).toContain('52.1t');
    expect(kpi('gas')).toContain('4,211m³');
    expect(kpi('cost')).toContain('291.0¥/t');
    expect(screen.getByTestId('kpi-grade').textContent).toBe('Below grade 3');
    expect(screen.getByTestId('grade-hint').textContent).toBe('GB 24500-2020: grade 1 ≥ 96 %, grade 2 ≥ 94 %, grade 3 ≥ 92 % (graded on the operating direct efficiency)');
    expect(screen.getByTestId('boiler-nameplate').textContent).toContain('steam meter 蒸汽总表 · gas meter 锅炉燃气');
    expect(screen.getAllByTestId('echart').map((e) => e.textContent)).toEqual(['Load,Direct efficiency,Indirect efficiency', 'base,value', 'Flue-gas temperature,O₂', 'Steam/gas (t per 10⁴ m³),kgce per t steam']);
    // the table: days on the project's clock, O₂ over its 3.5 % limit tagged, the total row
    const rows = within(screen.getByTestId('boiler-table')).getAllByRole('row').filter((r) => r.classList.contains('ant-table-row'));
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['11-23', '11-24', 'Total']);
    expect(within(rows[0] as HTMLElement).getByText('Over limit')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Over limit')).toBeNull();
    expect(within(rows[2] as HTMLElement).getAllByRole('cell').map((c) => c.textContent).slice(1, 4)).toEqual(['52.09', '4,211', '89.83']);
  });
});
