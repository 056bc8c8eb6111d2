import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ProjectInfo } from '@ems/contract';
import { quarterRange, rangeOf, type DateRange } from '@ems/domain';
import { useSession } from '../../lib/session';
import { DateRangeSelector } from './date-range-selector';
import { renderWidget } from '../test-utils';

// The browser sits in Los Angeles (the web suite's zone, vitest.config.ts), the project in Shanghai (16 h ahead): every day, month and "now"
// the selector shows, picks and emits must be Shanghai's.
const SH = 'Asia/Shanghai';

/** Midnight of a Shanghai date (month 0-based), as an instant. */
const sh = (y: number, m: number, d: number) => Date.UTC(y, m, d) - 8 * 3_600_000;
// Sun 31 May 2026 13:00 in Los Angeles = Mon 1 Jun 2026 04:00 in Shanghai
const NOW = Date.UTC(2026, 4, 31, 20);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useSession.setState({ projectInfo: { projectId: 1, timezone: SH } as ProjectInfo });
});
afterEach(() => {
  vi.useRealTimers();
  useSession.setState({ projectInfo: null });
});

const prev = () => screen.queryByRole('button', { name: 'Previous period' });
const next = () => screen.queryByRole('button', { name: 'Next period' });

function chooseType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  const options = document.querySelectorAll<HTMLElement>('.ant-select-item-option');
  const option = [...options].find((o) => o.textContent === label);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

describe('spec 2/4: date-range selector, in the project time zone', () => {
  it('the browser zone is not the project zone in these tests', () => {
    expect([new Date(NOW).getDate(), new Date(NOW).getHours()]).toEqual([31, 13]); // the browser still has 31 May, 13:00
  });

  it("defaults to month, showing the project's current month, with arrows and next disabled at the present", () => {
    renderWidget(<DateRangeSelector />);
    expect(screen.getByText('Month')).toBeTruthy();
    expect(screen.getByDisplayValue('2026-06')).toBeTruthy();
    expect(prev()).toBeTruthy();
    expect((next() as HTMLButtonElement).disabled).toBe(true);
  });

  it('previous shifts by one Shanghai month (1 May 00:00 +08:00) and then next is enabled again', () => {
    const onChange = vi.fn();
    renderWidget(<DateRangeSelector onChange={onChange} />);
    fireEvent.click(prev()!);
    expect(onChange).toHaveBeenLastCalledWith({ startTime: sh(2026, 4, 1), endTime: sh(2026, 5, 1) - 1, type: 3 });
    expect(screen.getByDisplayValue('2026-05')).toBeTruthy();
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next()!);
    expect(onChange).toHaveBeenLastCalledWith(rangeOf(3, NOW, SH));
  });

  it("changing type emits the range for the new type (day: the project's today)", () => {
    const onChange = vi.fn();
    renderWidget(<DateRangeSelector onChange={onChange} />);
    chooseType('Day');
    expect(onChange).toHaveBeenLastCalledWith({ startTime: sh(2026, 5, 1), endTime: sh(2026, 5, 2) - 1, type: 1 });
    expect(screen.getByDisplayValue('2026-06-01')).toBeTruthy();
  });

  it("the day picker offers the project's today and blocks its tomorrow, and a picked day is the project's day", () => {
    const onChange = vi.fn();
    renderWidget(<DateRangeSelector defaultType={1} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByDisplayValue('2026-06-01'));
    fireEvent.click(screen.getByDisplayValue('2026-06-01'));
    const cell = (day: string) => document.querySelector<HTMLElement>(`td[title="${day}"]`)!;
    expect(cell('2026-06-01').className).not.toContain('ant-picker-cell-disabled');
    expect(cell('2026-06-02').className).toContain('ant-picker-cell-disabled');
    fireEvent.click(document.querySelector('.ant-picker-header-prev-btn')!);
    fireEvent.click(cell('2026-05-15').querySelector('.ant-picker-cell-inner')!);
    expect(onChange).toHaveBeenLastCalledWith({ startTime: sh(2026, 4, 15), endTime: sh(2026, 4, 16) - 1, type: 1 });
  });

  it('week starts Monday: the week of Mon 1 Jun is the current one, the previous is Mon 25 to Sun 31 May', () => {
    const onChange = vi.fn();
    renderWidget(<DateRangeSelector defaultType={2} onChange={onChange} />);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(prev()!);
    expect(onChange).toHaveBeenLastCalledWith({ startTime: sh(2026, 4, 25), endTime: sh(2026, 5, 1) - 1, type: 2 });
  });

  it("custom types have no arrows and show the project's today", () => {
    renderWidget(<DateRangeSelector defaultType={6} />);
    expect(prev()).toBeNull();
    expect(next()).toBeNull();
    expect(screen.getAllByDisplayValue('2026-06-01')).toHaveLength(2); // start and end of today
  });

  it('a timeZone prop overrides the project zone', () => {
    renderWidget(<DateRangeSelector defaultType={1} timeZone="America/Los_Angeles" />);
    expect(screen.getByDisplayValue('2026-05-31')).toBeTruthy();
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
    expect(onChange).toHaveBeenLastCalledWith(quarterRange(2025, 4, SH));
    expect(quarterRange(2025, 4, SH).startTime).toBe(sh(2025, 9, 1));
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
