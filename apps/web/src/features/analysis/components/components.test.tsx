import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ConsumptionAnalysis } from '@ems/contract';
import widgetsZh from '../../../widgets/locales/zh-CN';
import widgetsEn from '../../../widgets/locales/en-US';
import zh from '../locales/zh-CN';
import en from '../locales/en-US';
import { AnalysisTable } from './analysis-table';
import { KpiCards } from './kpi-cards';

function wrapper(lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { 'zh-CN': { analysis: zh, widgets: widgetsZh }, 'en-US': { analysis: en, widgets: widgetsEn } },
    ns: ['analysis', 'widgets'],
    defaultNS: 'analysis',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <App>{children}</App>
    </I18nextProvider>
  );
}

const data: ConsumptionAnalysis = {
  nodeId: 1,
  modelLabel: 'project',
  name: 'Plant',
  energyType: 2,
  unit: 'kWh',
  timezone: 'Asia/Shanghai',
  from: 0,
  to: 1,
  grain: 'day',
  comparedUntil: 1,
  energyTypes: [2],
  meterCount: 2,
  kpi: {
    total: 11064,
    tce: 1.3597656,
    co2T: 6.30979,
    compared: 11040,
    yoyReference: 4600,
    momReference: 7360,
    yoyPct: 140,
    momPct: -12.34,
    yoyCoveragePct: 50,
    momCoveragePct: 100,
    areaM2: 5000,
    intensityPerM2: 2.2128,
    qualityPct: 98.69,
  },
  series: [{ time: 0, value: 11064, lastYear: 4800 }],
  children: [
    { nodeId: 3, modelLabel: 'distributionroom', name: 'DR', value: 9220, sharePct: 83.333, yoyPct: 100, momPct: 25, areaM2: null, intensityPerM2: null, qualityPct: 100, meterCount: 1, series: [9220] },
  ],
};

describe('KPI cards', () => {
  it('total, tce, CO₂ with units; 同比 up in the error colour with a partial-reference flag, 环比 down', () => {
    render(<KpiCards kpi={data.kpi} unit="kWh" names={['total', 'tce', 'co2', 'yoy', 'mom']} />, { wrapper: wrapper('zh-CN') });
    expect(screen.getByTestId('kpi-total').textContent).toBe('总用能 (kWh)11,064.00');
    expect(screen.getByTestId('kpi-tce-value').textContent).toBe('1.36');
    expect(screen.getByTestId('kpi-co2').textContent).toContain('碳排放 (tCO₂)');
    expect(screen.getByTestId('kpi-yoy-value').textContent?.trim()).toBe('+140.0%');
    expect(screen.getByTestId('kpi-yoy-value').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('up');
    expect(screen.getByTestId('kpi-mom-value').textContent?.trim()).toBe('-12.3%');
    expect(screen.getByTestId('kpi-mom-value').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('down');
    expect(screen.getByTestId('kpi-yoy-value-partial').getAttribute('aria-label')).toBe('对比期数据不完整：仅有本期 50.0% 的数据区间，变化率偏大');
    expect(screen.queryByTestId('kpi-mom-value-partial')).toBeNull();
  });

  it('only the cards a definition names, in its order', () => {
    render(<KpiCards kpi={data.kpi} unit="m3" names={['yoy', 'total']} />, { wrapper: wrapper('en-US') });
    const titles = Array.from(screen.getByTestId('analysis-kpis').querySelectorAll('.ant-card-head-title'), (e) => e.textContent);
    expect(titles).toEqual(['YoY', 'Consumption (m³)']);
  });
});

describe('analysis table', () => {
  it('the node total first, then its children, in the definition’s columns; export calls back', () => {
    const onExport = vi.fn();
    render(<AnalysisTable data={data} columns={['name', 'value', 'share', 'quality']} onExport={onExport} exporting={false} />, { wrapper: wrapper('en-US') });
    const table = screen.getByTestId('analysis-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Node', 'Consumption (kWh)', 'Share', 'Data quality']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Plant (Total)', '11,064.00', '100.0%', '98.7%'],
      ['DR', '9,220.00', '83.3%', '100.0%'],
    ]);
    fireEvent.click(screen.getByTestId('analysis-export'));
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it('output and consumption per unit of output show only where the node counts its production', () => {
    const columns = ['name', 'value', 'output', 'outputIntensity'] as const;
    const { unmount } = render(<AnalysisTable data={data} columns={columns} onExport={() => undefined} exporting={false} />, { wrapper: wrapper('en-US') });
    expect(within(screen.getByTestId('analysis-table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Node', 'Consumption (kWh)']);
    unmount();
    const withOutput = {
      ...data,
      kpi: { ...data.kpi, output: 9220, outputUnit: 'pcs', intensityPerOutput: 1.2 },
      children: data.children.map((c) => ({ ...c, output: null, intensityPerOutput: null })),
    };
    render(<AnalysisTable data={withOutput} columns={columns} onExport={() => undefined} exporting={false} />, { wrapper: wrapper('zh-CN') });
    const table = screen.getByTestId('analysis-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['节点', '用能 (kWh)', '产量 (pcs)', '单位产量能耗 (kWh/pcs)']);
    const first = within(table).getAllByRole('row')[1];
    expect(first && within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Plant (合计)', '11,064.00', '9,220.00', '1.2000']);
  });
});
