import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render, screen, within } from '@testing-library/react';
import type { ProjectDashboard } from '@ems/contract';
import widgetsZh from '../../widgets/locales/zh-CN';
import widgetsEn from '../../widgets/locales/en-US';
import { DashboardView } from './components/project-dashboard';
import { changeTone, consumersOption, energyTitle, formatChange } from './dashboard-view';
import zh from './locales/zh-CN';
import en from './locales/en-US';

const NOW = Date.UTC(2025, 2, 10, 6, 37);
const period = (value: number | null, momPct: number | null, yoyPct: number | null) => ({ value, compared: value, momReference: null, yoyReference: null, momPct, yoyPct });

const DATA: ProjectDashboard = {
  projectId: 1,
  timezone: 'Asia/Shanghai',
  now: NOW,
  todayStart: NOW - 14 * 3_600_000,
  monthStart: NOW - 9 * 86_400_000,
  comparedUntil: NOW - 37 * 60_000,
  energy: [
    { energyType: 2, unit: 'kWh', meterCount: 2, today: period(812, 16.6667, 180), month: period(10412, -20, null), monthTce: 1.28, monthCo2T: 5.94 },
    { energyType: 3, unit: 'm3', meterCount: 1, today: period(null, null, null), month: period(922, null, null), monthTce: 0.08, monthCo2T: null },
  ],
  load: { kw: 1234.5, ts: NOW - 600_000, ageMs: 600_000, meterCount: 2, withReading: 2 },
  topConsumers: [
    { id: 7, name: 'feeder 6', kwh: 5532, sharePct: 53.13 },
    { id: 8, name: 'feeder 5', kwh: 4610, sharePct: 44.27 },
  ],
  completeness: { pct: 85.835, goodIntervals: 7914, expectedIntervals: 9220, meterCount: 10 },
  monthTce: 1.36,
  monthCo2T: 5.94,
  sim: { state: 'seeding', progress: 42.5, from: 0, to: NOW, filledFrom: NOW - 86_400_000, etaMs: 1000, seedMs: null, live: false },
};

function renderView(lng: 'zh-CN' | 'en-US', data = DATA) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { 'zh-CN': { home: zh, widgets: widgetsZh }, 'en-US': { home: en, widgets: widgetsEn } },
    ns: ['home', 'widgets'],
    defaultNS: 'home',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  const Wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return render(<DashboardView data={data} />, { wrapper: Wrapper });
}

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('dashboard view rules', () => {
  it.each([
    [16.6667, 'up', '+16.7%'],
    [-25, 'down', '-25.0%'],
    [0.01, 'flat', '0.0%'],
    [null, 'none', '--'],
  ] as const)('change %s → tone %s, text %s', (pct, tone, text) => {
    expect(changeTone(pct)).toBe(tone);
    expect(formatChange(pct)).toBe(text);
  });
  it('energy titles in both languages with the display unit', () => {
    expect(energyTitle(2, 'kWh', false)).toBe('电 (kWh)');
    expect(energyTitle(15, 'Nm3', true)).toBe('Natural gas (Nm³)');
  });
  it('top-consumer bars run largest on top (ECharts draws categories bottom-up)', () => {
    const o = consumersOption(DATA.topConsumers, 'x') as { yAxis: { data: string[] } };
    expect(o.yAxis.data).toEqual(['feeder 5', 'feeder 6']);
  });
  it('zh-CN and en-US hold the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
});

describe('DashboardView', () => {
  describe("rule 15: times in the project's zone (Shanghai), the browser in Los Angeles", () => {
    it('the load reading time and the "compared until" clock are the plant\'s', () => {
      renderView('en-US');
      // NOW is 06:37 UTC, 14:37 in Shanghai, 22:37 the day before in Los Angeles
      expect(screen.getByTestId('dash-load-time').textContent).toContain('2025-03-10 14:27:00');
      expect(screen.getByTestId('dash-footnote').textContent).toContain('14:00');
    });
  });

  it('energy cards with today, month, 同比/环比 coloured by direction; load, tce/CO₂, completeness (en-US)', () => {
    renderView('en-US');
    const elec = screen.getByTestId('dash-energy-2');
    expect(within(elec).getByText('Electricity (kWh)')).toBeTruthy();
    expect(within(elec).getByTestId('dash-today-value').textContent).toBe('812.00');
    expect(within(elec).getByTestId('dash-month-value').textContent).toBe('10,412.00');
    expect(within(elec).getByTestId('dash-today-mom').textContent?.trim()).toBe('+16.7%');
    expect(within(elec).getByTestId('dash-today-mom').dataset.tone).toBe('up');
    expect(within(elec).getByTestId('dash-month-mom').dataset.tone).toBe('down');
    expect(within(elec).getByTestId('dash-month-yoy').textContent?.trim()).toBe('--');
    const water = screen.getByTestId('dash-energy-3');
    expect(within(water).getByText('Water (m³)')).toBeTruthy();
    expect(within(water).getByTestId('dash-today-value').textContent).toBe('--');
    expect(screen.getByTestId('dash-load-kw').textContent).toBe('1,234.50');
    expect(screen.getByTestId('dash-tce').textContent).toBe('1.36');
    expect(screen.getByTestId('dash-co2').textContent).toBe('5.94');
    expect(screen.getByTestId('dash-completeness').textContent).toContain('85.8%');
    expect(screen.getByTestId('dash-completeness-detail').textContent).toBe('7,914 good of 9,220 expected 15-min intervals (10 meters)');
    expect(screen.getByTestId('dash-seeding').textContent).toContain('History is still arriving… 42.5%');
  });
  it('zh-CN: 历史数据导入中 while seeding; no notice once the history is complete', () => {
    const { unmount } = renderView('zh-CN');
    expect(screen.getByTestId('dash-seeding').textContent).toContain('历史数据导入中… 42.5%');
    expect(within(screen.getByTestId('dash-energy-2')).getAllByText('同比')).toHaveLength(2);
    unmount();
    renderView('zh-CN', { ...DATA, sim: null });
    expect(screen.queryByTestId('dash-seeding')).toBeNull();
  });
});
