import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { MonitorDevice, MonitorPoint } from '@ems/contract';
import en from '../locales/en-US';
import zh from '../locales/zh-CN';
import { DeviceCard } from './device-card';

function renderWithI18n(ui: ReactElement, lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { 'zh-CN': { 'device-monitor': zh }, 'en-US': { 'device-monitor': en } },
    ns: ['device-monitor'],
    defaultNS: 'device-monitor',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

const NOW = Date.UTC(2025, 4, 3, 8);
const point = (dataId: number, name: string, unit: string, value: number | null, kind: MonitorPoint['kind'] = 'instant'): MonitorPoint => ({
  dataId,
  name,
  unit,
  kind,
  value,
  ts: NOW,
  status: 0,
  upperLimit: null,
  lowerLimit: null,
  limitState: 'normal',
});
const chiller = (running: boolean): MonitorDevice => ({
  id: 50,
  modelLabel: 'chiller',
  name: '1#冷水机组',
  parentId: 3,
  online: true,
  lastTs: NOW,
  points: [
    point(3, '有功功率', 'kW', running ? 212.4 : 0),
    point(8, 'A相电流', 'A', running ? 371.2 : 0),
    point(9, 'B相电流', 'A', running ? 369.8 : 0),
    point(10, 'C相电流', 'A', running ? 372.5 : 0),
    point(11, '功率因数', '', 0.83),
    point(20, '开关状态', '', running ? 1 : 0, 'status'),
  ],
});
const shown = (name: string) => {
  const row = screen.getAllByTestId('monitor-point').find((r) => r.textContent?.startsWith(name));
  return within(row!).getAllByText(/./).at(-1)?.textContent;
};

describe('device card readings (issue 11 defect 9)', () => {
  it('a stopped chiller: 开关状态 reads 停止, 功率因数 "--" at 0.00 A', () => {
    renderWithI18n(<DeviceCard device={chiller(false)} />, 'zh-CN');
    expect(shown('开关状态')).toBe('停止');
    expect(shown('功率因数')).toBe('--');
    expect(shown('A相电流')).toBe('0.00 A');
  });

  it('a running chiller: Running, and its power factor', () => {
    renderWithI18n(<DeviceCard device={chiller(true)} />, 'en-US');
    expect(shown('开关状态')).toBe('Running');
    expect(shown('功率因数')).toBe('0.83');
  });
});
