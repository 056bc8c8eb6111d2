import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Grid, type GridQuery } from './grid';
import { gridRangeKey } from './grid-range-storage';
import { renderWidget } from '../test-utils';

// days of the project (the default zone, Asia/Shanghai) while the browser sits in Los Angeles
const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m, d, h) - 8 * 3_600_000;
const NOW = at(2026, 4, 15, 10);
const DAY = 864e5;

interface Row {
  id: number;
  content: string;
}
const load = vi.fn(async (q: GridQuery) => ({
  rows: Array.from({ length: Math.min(q.limit, 45 - q.index) }, (_, i) => ({ id: q.index + i, content: `event ${q.index + i}` })),
  total: 45,
}));
const grid = (id = 'events') => <Grid<Row> gridId={id} rowKey="id" columns={[{ dataIndex: 'content', title: 'Content' }]} load={load} />;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
  load.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('spec 3/9: query grid', () => {
  it('asks for today with one day (864e5 ms) added to the end, 20 rows a page', async () => {
    renderWidget(grid());
    await waitFor(() => expect(load).toHaveBeenCalledWith({ startTime: at(2026, 4, 15), endTime: at(2026, 4, 15) + DAY, index: 0, limit: 20 }));
    expect(await screen.findByText('event 19')).toBeTruthy();
    expect(screen.queryByText('event 20')).toBeNull();
    expect(screen.getByText('45 items in total')).toBeTruthy();
  });

  it('page sizes 10/20/50 and page 2 starts at row 20', async () => {
    renderWidget(grid());
    await screen.findByText('event 0');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ index: 20, limit: 20 })));
    fireEvent.mouseDown(within(document.querySelector('.ant-pagination-options')!).getByRole('combobox'));
    const sizes = [...document.querySelectorAll('.ant-select-item-option-content')].map((e) => e.textContent);
    expect(sizes).toEqual(['10 / page', '20 / page', '50 / page']);
  });

  it('date shortcuts; the chosen range is kept in session storage for this grid id', async () => {
    const { unmount } = renderWidget(grid());
    await screen.findByText('event 0');
    fireEvent.mouseDown(screen.getAllByRole('textbox')[0]!);
    fireEvent.click(screen.getAllByRole('textbox')[0]!);
    const presets = [...document.querySelectorAll('.ant-picker-presets li')].map((li) => li.textContent);
    expect(presets).toEqual(['Today', 'Yesterday', 'Day before yesterday', 'Last week', 'Last month', 'Last 3 months']);
    fireEvent.click(screen.getByText('Last week'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ startTime: at(2026, 4, 8), endTime: at(2026, 4, 15) + DAY, index: 0, limit: 20 }),
    );
    expect(JSON.parse(sessionStorage.getItem(gridRangeKey('events'))!)).toEqual({ startTime: at(2026, 4, 8), endTime: at(2026, 4, 15) });
    unmount();
    load.mockClear();
    renderWidget(grid());
    await waitFor(() => expect(load).toHaveBeenCalledWith(expect.objectContaining({ startTime: at(2026, 4, 8) })));
    expect(screen.getByDisplayValue('2026-05-08')).toBeTruthy();
    renderWidget(grid('other'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ startTime: at(2026, 4, 15) })));
  });

  it('the date picker cannot be cleared', async () => {
    renderWidget(grid());
    await screen.findByText('event 0');
    expect(document.querySelector('.ant-picker-clear')).toBeNull();
  });
});
