import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { fireEvent, render, screen } from '@testing-library/react';
import { customDateRange, rangeOf, zonedStart } from '@ems/domain';
import zh from '../locales/zh-CN';
import en from '../locales/en-US';
import { GrainSelect } from './grain-select';

const TZ = 'Asia/Shanghai';

function wrapper(lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { 'zh-CN': { analysis: zh }, 'en-US': { analysis: en } },
    ns: ['analysis'],
    defaultNS: 'analysis',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  return ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** The segments as the user sees them: label, and whether it can be picked. */
const segments = () =>
  Array.from(screen.getByTestId('analysis-grain').querySelectorAll('.ant-segmented-item'), (item) => [item.textContent, !item.classList.contains('ant-segmented-item-disabled')]);

describe('the grain picker beside the date range (issue 16)', () => {
  it('a month: automatic, hours, days and months can all be picked; picking days calls back', () => {
    const onChange = vi.fn();
    render(<GrainSelect value="auto" range={rangeOf(3, zonedStart(2025, 3, 10, TZ), TZ)} timeZone={TZ} onChange={onChange} />, { wrapper: wrapper('zh-CN') });
    expect(segments()).toEqual([
      ['自动', true],
      ['时', true],
      ['日', true],
      ['月', true],
    ]);
    fireEvent.click(screen.getByText('日'));
    expect(onChange).toHaveBeenCalledWith('day');
  });

  it('a leap year: days (366 of them) but not hours, which say their limit', () => {
    render(<GrainSelect value="day" range={rangeOf(5, zonedStart(2024, 6, 1, TZ), TZ)} timeZone={TZ} onChange={() => undefined} />, { wrapper: wrapper('en-US') });
    expect(segments()).toEqual([
      ['Auto', true],
      ['Hour', false],
      ['Day', true],
      ['Month', true],
    ]);
    expect(screen.getByTestId('analysis-grain').querySelector('.ant-segmented-item-selected')?.textContent).toBe('Day');
    expect(screen.getByText('Hour').closest('[title]')?.getAttribute('title')).toBe('Only for ranges up to 31 days');
  });

  it('a custom range of 367 days: only automatic and months', () => {
    const range = customDateRange(zonedStart(2024, 1, 1, TZ), zonedStart(2025, 1, 1, TZ), TZ);
    render(<GrainSelect value="auto" range={range} timeZone={TZ} onChange={() => undefined} />, { wrapper: wrapper('zh-CN') });
    expect(segments().map(([, ok]) => ok)).toEqual([true, false, false, true]);
    expect(screen.getByText('日').closest('[title]')?.getAttribute('title')).toBe('时间范围超过366天，不能按此粒度显示');
  });
});
