import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { quarterRange, rangeOf, type DateRange } from '@ems/domain';
import { DateRangeSelector } from './date-range-selector';
import { renderWidget } from '../test-utils';

const at = (y: number, m: number, d: number, h = 0) => new Date(y, m, d, h).getTime();
const NOW = at(2026, 4, 15, 10); // Fri 15 May 2026

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const prev = () => screen.queryByRole('button', { name: 'Previous period' });
const next = () => screen.queryByRole('button', { name: 'Next period' });

function chooseType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  const options = document.querySelectorAll<HTMLElement>('.ant-select-item-option');
  const option = [...options].find((o) => o.textContent === label);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

describe('spec 2/4: date-range selector', () => {
  it('defaults to month, showing the current month, with arrows and next disabled at the present', () => {
    renderWidget(<DateRangeSelector />);
    expect(screen.getByText('Month')).toBeTruthy();
    expect(screen.getByDisplayValue('2026-05')).toBeTruthy();
    expect(prev()).toBeTruthy();
    expect((next() as HTMLButtonElement).disabled).toBe(true);
  });

  it('previous shifts by one month and then next is enabled again', () => {
    const onChange = vi.fn();
    renderWidget(<DateRangeSelector onChange={onChange} />);
    fireEvent.click(prev()!);
    expect(onChange).toHaveBeenLastCalledWith({ startTime: at(2026, 3, 1), endTime: at(2026, 4, 1) - 1, type: 3 });
    expect(screen.getByDisplayValue('2026-04')).toBeTruthy();
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next()!);
    expect(onChange).toHaveBeenLastCalledWith(rangeOf(3, NOW));
  });

  it('changing type emits the range for the new type (day: today)', () => {
    const onChange = vi.fn();
    renderWidget(<DateRangeSelector onChange={onChange} />);
    chooseType('Day');
    expect(onChange).toHaveBeenLastCalledWith({ startTime: at(2026, 4, 15), endTime: at(2026, 4, 16) - 1, type: 1 });
    expect(screen.getByDisplayValue('2026-05-15')).toBeTruthy();
  });

  it('week starts Monday: previous week of Fri 15 May is Mon 4 to Sun 10 May', () => {
    const onChange = vi.fn();
    renderWidget(<DateRangeSelector defaultType={2} onChange={onChange} />);
    fireEvent.click(prev()!);
    expect(onChange).toHaveBeenLastCalledWith({ startTime: at(2026, 4, 4), endTime: at(2026, 4, 11) - 1, type: 2 });
  });

  it('custom types have no arrows', () => {
    renderWidget(<DateRangeSelector defaultType={6} />);
    expect(prev()).toBeNull();
    expect(next()).toBeNull();
    expect(screen.getAllByDisplayValue('2026-05-15')).toHaveLength(2); // start and end of today

  });

  it('season picker: year header, four quarters, future quarters blocked, previous year Q4', () => {
    const onChange = vi.fn<(r: DateRange) => void>();
    renderWidget(<DateRangeSelector defaultType={4} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '2026 Q2' }));
    const q = (n: number) => screen.getByRole('button', { name: `Q${n}` }) as HTMLButtonElement;
    expect([1, 2, 3, 4].map((n) => q(n).disabled)).toEqual([false, false, true, true]);
    expect((screen.getByRole('button', { name: 'Next year' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(screen.getByText('2025')).toBeTruthy();
    fireEvent.click(q(4));
    expect(onChange).toHaveBeenLastCalledWith(quarterRange(2025, 4));
  });

  it('select width is 90 px with range types and 65 px without (English words always take 90 px)', () => {
    const width = () => document.querySelector<HTMLElement>('.ant-select')?.style.width;
    const zh = renderWidget(<DateRangeSelector />, 'zh-CN');
    expect(width()).toBe('90px');
    zh.unmount();
    const zhUnits = renderWidget(<DateRangeSelector types={[1, 3, 5]} />, 'zh-CN');
    expect(width()).toBe('65px');
    zhUnits.unmount();
    renderWidget(<DateRangeSelector types={[1, 3, 5]} />);
    expect(width()).toBe('90px');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const list = document.querySelector<HTMLElement>('.ant-select-dropdown');
    expect([...within(list!).getAllByText(/./, { selector: '.ant-select-item-option-content' })].map((e) => e.textContent)).toEqual([
      'Day',
      'Month',
      'Year',
    ]);
  });

  it('zh-CN labels', () => {
    renderWidget(<DateRangeSelector />, 'zh-CN');
    expect(screen.getByText('月')).toBeTruthy();
  });
});
