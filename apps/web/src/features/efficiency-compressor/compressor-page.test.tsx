import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COMPRESSOR_API } from '@ems/contract';
import { fakeApi, json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import type * as Widgets from '../../widgets';
import en from './locales/en-US';
import zh from './locales/zh-CN';
import CompressorPage from './compressor-page';
import { BOOK, LOADING, MANAGER, PRESSURE, RATIO, UNLOADING } from './fixtures.test-data';

// jsdom has no canvas: the chart is a placeholder naming its series (the option builders have their own tests)
vi.mock('../../widgets', async (orig) => ({
  ...(await orig<typeof Widgets>()),
  EChart: ({ option }: { option: { series?: { name?: string }[] } }) => <div data-testid="echart">{(option.series ?? []).map((s) => s.name ?? '').join(',')}</div>,
}));

const bodies: { url: string; body: Record<string, unknown> }[] = [];

const renderPage = () => renderFeaturePage(<CompressorPage />, 'efficiency-compressor', en);

beforeEach(() => {
  bodies.length = 0;
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  const replies: Record<string, (b: Record<string, unknown>) => unknown> = {
    [COMPRESSOR_API.standingBook]: () => BOOK,
    [COMPRESSOR_API.airManager]: (b) => MANAGER(Number(b.lowerBar ?? 0.5)),
    [COMPRESSOR_API.electricalRatio]: () => RATIO,
    [COMPRESSOR_API.loadingAnalysis]: () => LOADING,
    [COMPRESSOR_API.unloadingRate]: () => UNLOADING,
    [COMPRESSOR_API.pressure]: () => PRESSURE,
  };
  fakeApi((url, body) => {
    const path = url.split('?')[0] ?? url;
    bodies.push({ url: path, body });
    const reply = replies[path];
    return reply ? reply(body) : json({ code: 404, msg: 'no', data: null }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

const text = (id: string) => screen.getByTestId(id).textContent ?? '';

describe('compressed-air efficiency page (issue 14, DOMAIN §7)', () => {
  it('is data-ready once every call has answered, with the station KPIs and its grade', async () => {
    renderPage();
    const page = screen.getByTestId('air-compressor');
    expect(page.getAttribute('data-ready')).toBe('false');
    await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
    expect(text('air-kpi-kwh')).toContain('250');
    expect(text('air-kpi-air')).toContain('2,400');
    expect(text('air-kpi-sp')).toContain('6.25');
    expect(text('air-kpi-ratio')).toContain('9.60');
    expect(screen.getByText('0.1042 kWh/m³')).toBeTruthy();
    expect(text('air-kpi-loading')).toContain('80.0');
    expect(text('air-kpi-grade')).toBe('Grade 2');
    expect(text('air-standard')).toContain('GB 19153-2019');
    // every call asks for the chosen project and the same range
    const ranges = new Set(bodies.filter((b) => b.url !== COMPRESSOR_API.standingBook).map((b) => `${String(b.body.projectId)}:${String(b.body.startTime)}-${String(b.body.endTime)}`));
    expect(ranges.size).toBe(1);
  });

  it('charts: specific power per machine and the station, air and ratio, the timeline, the pressure', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('air-sp-card')).toBeTruthy());
    expect(within(screen.getByTestId('air-sp-card')).getByTestId('echart').textContent).toBe('AC1,AC2 VSD,Station');
    expect(within(screen.getByTestId('air-ratio-card')).getByTestId('echart').textContent).toBe('Air delivered,Gas-electric ratio');
    expect(within(screen.getByTestId('air-pressure-card')).getByTestId('echart').textContent).toBe('Min,Max,Mean pressure');
    expect(text('air-pressure-summary')).toBe('mean 0.636 MPa · min 0.601 · max 0.679 · 100.0% in band');
  });

  it('leak card: share, rating, flow, what the leaks cost and each machine’s T/(T+t)', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('air-leak')).toBeTruthy());
    expect(text('air-leak-share')).toContain('22.2%');
    expect(text('air-leak-rating')).toBe('Poor (20–30%)');
    expect(text('air-leak-flow')).toBe('Leak flow 8.00 m³/min');
    expect(text('air-leak-cost')).toBe('Leaks used 56 kWh, about ¥33');
    expect(screen.getByTestId('air-leak').textContent).toContain('AC1 60% · AC2 VSD 100%');
  });

  it('saving card: lowering the set-point further asks again and shows the new saving', async () => {
    renderPage();
    await waitFor(() => expect(text('air-saving-value')).toContain('5'));
    expect(screen.getByTestId('air-saving').textContent).toContain('Saves 9 kWh (3.5%)');
    const input = within(screen.getByTestId('air-saving')).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '1' } });
    await waitFor(() => expect(bodies.some((b) => b.url === COMPRESSOR_API.airManager && b.body.lowerBar === 1)).toBe(true));
    await waitFor(() => expect(screen.getByTestId('air-saving').textContent).toContain('Saves 18 kWh (7.0%)'));
  });

  it('tables: each machine’s figures with its unloaded cost and grade; the standing book', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('air-units')).toBeTruthy());
    expect(text('air-sp-11')).toBe('6.25');
    expect(text('air-weighted-12')).toBe('6.11');
    expect(text('air-unloadedYuan-11')).toBe('15');
    expect(text('air-rate-11')).toBe('60.0%');
    expect(text('air-grade-12')).toBe('Not in table');
    expect(text('air-rated-grade-11')).toBe('Grade 1');
    expect(screen.getByTestId('air-book').textContent).toContain('6.20 / 7.00 / 7.80');
  });

  it('zh-CN and en-US hold the same keys', () => {
    const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
});
