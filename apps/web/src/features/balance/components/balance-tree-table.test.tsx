import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BalanceFigures, BalanceRow, BalanceTree } from '@ems/contract';
import widgetsZh from '../../../widgets/locales/zh-CN';
import widgetsEn from '../../../widgets/locales/en-US';
import zh from '../locales/zh-CN';
import en from '../locales/en-US';
import { BalanceTreeTable } from './balance-tree-table';

function wrapper(lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { 'zh-CN': { balance: zh, widgets: widgetsZh }, 'en-US': { balance: en, widgets: widgetsEn } },
    ns: ['balance', 'widgets'],
    defaultNS: 'balance',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <App>{children}</App>
    </I18nextProvider>
  );
}

/**
 * The server balance test's meter P4 (balance.test.ts) as the API answers it: 960 kWh a day over C5
 * 384 and C6 480, C6 reporting from day 4 of 7. λ over days 4–7: 384 of 3840 = 10 %.
 */
const p4: BalanceFigures = { parent: 3840, childrenSum: 3456, parentTotal: 6720, childrenTotal: 4608, knownChildrenSum: 3456, missingChildren: 0, loss: 384, lossRatePct: 10, tolerancePct: 5, status: 'fail', unmetered: 1728 };
const row = (meterId: number, code: string, parentMeterId: number | null, value: number, balance: BalanceFigures | null = null): BalanceRow => ({
  meterId,
  name: `meter ${code}`,
  code,
  parentMeterId,
  depth: parentMeterId === null ? 0 : 1,
  value,
  childCount: balance ? 2 : 0,
  balance,
});
const tree: BalanceTree = {
  projectId: 1,
  energyType: 2,
  unit: 'kWh',
  timezone: 'Asia/Shanghai',
  from: 0,
  to: 1,
  energyTypes: [2],
  rows: [row(1, 'P4', null, 6720, p4), row(2, 'C5', 1, 2688), row(3, 'C6', 1, 1920)],
  worst: [],
  night: [],
  meterNight: [],
};

const number = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

describe('the balance tree table (issue 11 review: the figures of a row add up)', () => {
  it('P4: 用能 6,720 − 下级合计 4,608 (the Σ of its child rows) = 损耗 384 + 未计量 1,728', () => {
    render(<BalanceTreeTable tree={tree} selected={null} onSelect={() => undefined} />, { wrapper: wrapper('zh-CN') });
    const p4Row = document.querySelector('tr[data-row-key="1"]') as HTMLElement;
    const cell = (id: string) => number(within(p4Row).getByTestId(id).textContent);
    const childRows = ['2', '3'].map((k) => number(within(document.querySelector(`tr[data-row-key="${k}"]`) as HTMLElement).getByTestId('balance-value').textContent));
    expect([cell('balance-value'), cell('balance-children'), cell('balance-loss'), cell('balance-unmetered')]).toEqual([6720, 4608, 384, 1728]);
    expect(cell('balance-children')).toBe(childRows.reduce((x, y) => x + y, 0));
    expect(cell('balance-value') - cell('balance-children')).toBe(cell('balance-loss') + cell('balance-unmetered'));
    expect(within(p4Row).getByTestId('balance-rate').textContent).toBe('10.00%');
  });

  it('the loss-rate header says λ is taken over the covered periods (en)', async () => {
    render(<BalanceTreeTable tree={tree} selected={null} onSelect={() => undefined} />, { wrapper: wrapper('en-US') });
    fireEvent.mouseEnter(screen.getAllByTestId('balance-rate-title')[0] as HTMLElement);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('over the periods every meter metered'));
  });

  it('a child without any data: the Σ of the rows that have some, and how many have none', () => {
    const missing = { ...p4, childrenTotal: 2688, missingChildren: 1, parent: null, childrenSum: null, loss: null, lossRatePct: null, status: 'incomplete' as const, unmetered: 4032 };
    render(<BalanceTreeTable tree={{ ...tree, rows: [row(1, 'P4', null, 6720, missing), row(2, 'C5', 1, 2688), { ...row(3, 'C6', 1, 0), value: null }] }} selected={null} onSelect={() => undefined} />, {
      wrapper: wrapper('zh-CN'),
    });
    const p4Row = document.querySelector('tr[data-row-key="1"]') as HTMLElement;
    expect(number(within(p4Row).getByTestId('balance-children').textContent)).toBe(2688);
    expect(p4Row.textContent).toContain('1 个下级无数据');
  });
});
