import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API, CHILLER_API, type ChillerEfficiency } from '@ems/contract';
import { fakeApi } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import en from './locales/en-US';
import zh from './locales/zh-CN';
import type * as Widgets from '../../widgets';
import ChillerPage from './chiller-page';

// ECharts needs a canvas jsdom has not: each chart shows its series' names instead
vi.mock('../../widgets', async (orig) => ({
  ...(await orig<typeof Widgets>()),
  EChart: ({ option }: { option: { series?: { name: string }[] } }) => <div data-testid="echart">{(option.series ?? []).map((s) => s.name).join(',')}</div>,
}));

/** The API suite's planted plant over 1–2 March 2025 (apps/server/src/modules/chiller/chiller.test.ts). */
const DATA: ChillerEfficiency = {
  projectId: 1,
  timezone: 'Asia/Shanghai',
  from: Date.UTC(2025, 1, 28, 16),
  to: Date.UTC(2025, 2, 2, 16),
  bucket: 'hour',
  standard: { code: 'GB 19577-2024', effectiveDate: '2025-02-01' },
  plant: {
    coolingKwh: 18360,
    electricity: { chillers: 3675.06, chwPumps: 720, cwPumps: 1080, towers: 288 },
    totalKwh: 5763.06,
    cop: 4.99584,
    kwPerRt: 0.70399,
    eer: 3.18582,
    rtHours: 5220.36,
    temps: { start: 0, chws: 7, chwr: 12, cws: 30, cwr: 35, outdoorC: 30, outdoorRh: 60, wetBulbC: 23.9955, approachK: 6.0045 },
  },
  chillers: [
    {
      id: 11,
      name: 'CH1',
      ratedCoolingKw: 800,
      ratedCop: 6,
      condenser: 'water',
      coolingKwh: 18360,
      electricityKwh: 3675.06,
      runHours: 36,
      cop: 4.99584,
      kwPerRt: 0.70399,
      plrAvg: 0.6375,
      curve: { a: 3, b: 6, c: -4, n: 144, r2: 1, plrMin: 0.3, plrMax: 1 },
      copAt100: 5,
      iplv: 4.88475,
      grade: 'below',
      gradeLimits: null,
      points: [
        [0.3, 4.44],
        [1, 5],
      ],
      temps: { chws: 7, chwr: 12, cws: 30, cwr: 35, flowM3h: 120, loadKw: 697.8 },
    },
  ],
  trend: [{ start: Date.UTC(2025, 1, 28, 22), coolingKwh: 510, electricity: { chillers: 102.08, chwPumps: 20, cwPumps: 30, towers: 8 }, cop: 4.9958, eer: 3.1858 }],
  temperatures: [{ start: Date.UTC(2025, 1, 28, 22), chws: 7, chwr: 12, cws: 30, cwr: 35, outdoorC: 30, outdoorRh: 60, wetBulbC: 23.9955, approachK: 6.0045 }],
};

let bodies: Record<string, unknown>[];
beforeEach(() => {
  bodies = [];
  useSession.setState({ token: 'tok', userId: 1, module: 'fw', projectId: 1, projectInfo: null });
  fakeApi((url, body) => {
    if (url.startsWith(CHILLER_API.efficiency)) {
      bodies.push(body);
      return DATA;
    }
    if (url.startsWith(API.projects)) return [{ projectId: 1, timezone: 'Asia/Shanghai' }];
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

const renderPage = () => renderFeaturePage(<ChillerPage />, 'efficiency-chiller', en);

const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));

describe('chiller plant page', () => {
  it('asks for this month in the project zone, then shows the KPIs, grade, temperatures and the table, and marks itself ready', async () => {
    const { container } = renderPage();
    await waitFor(() => expect(container.querySelector('[data-ready="true"]')).not.toBeNull());
    expect(bodies[0]).toMatchObject({ projectId: 1 });
    // a month of the project's calendar: starts at a Shanghai midnight on the 1st
    const start = new Date((bodies[0]?.startTime as number) + 8 * 3_600_000);
    expect([start.getUTCDate(), start.getUTCHours(), start.getUTCMinutes()]).toEqual([1, 0, 0]);
    const kpi = (key: string) => screen.getByTestId(`chiller-kpi-${key}`).textContent;
    expect(kpi('cop')).toContain('5.00');
    expect(kpi('kwPerRt')).toContain('0.704kW/RT');
    expect(kpi('eer')).toContain('3.19');
    expect(kpi('cooling')).toContain('18,360kWh');
    expect(within(screen.getByTestId('chiller-kpi-grade')).getByText('CH1 Below grade 3')).toBeTruthy();
    expect(screen.getByTestId('chiller-standard').textContent).toBe('Grades by GB 19577-2024 (in force from 2025-02-01)');
    expect(screen.getByTestId('chiller-temp-wetBulb').textContent).toContain('24.0°C');
    expect(screen.getByTestId('chiller-temp-approach').textContent).toContain('6.00K');
    // the charts: trend, scatter with the fitted curve, temperatures, split
    expect(screen.getAllByTestId('echart').map((e) => e.textContent)).toEqual([
      'Cooling,COP,System EER',
      'CH1,CH1',
      'CHW supply,CHW return,CW supply,CW return,Outdoor dry bulb,Wet bulb,Tower approach',
      '',
    ]);
    expect(screen.getByTestId('chiller-iplv-11').textContent).toBe('4.88');
    expect(screen.getByTestId('chiller-load-11').textContent).toBe('698');
    expect(screen.getByTestId('chiller-total-cop').textContent).toBe('5.00');
    expect(screen.getByText('3.000 + 6.000·PLR − 4.000·PLR² (R² 1.000)')).toBeTruthy();
  });
  it('zh-CN and en-US hold the same keys', () => expect(keys(en).sort()).toEqual(keys(zh).sort()));
});
