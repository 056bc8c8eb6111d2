import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { EChartsType } from 'echarts/core';
import { EChart } from './echart';
import { renderWidget } from '../test-utils';

const line = { xAxis: { type: 'category' as const, data: ['a', 'b'] }, yAxis: { type: 'value' as const }, series: [{ type: 'line' as const, data: [1, 2] }] };

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('chart wrapper', () => {
  it('shows the empty state when there is no data', () => {
    renderWidget(<EChart option={{ series: [{ type: 'line', data: [] }] }} />);
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('draws the chart with the ems theme of the stored preference and no animation under the test flag', async () => {
    localStorage.setItem('theme', 'light');
    (window as { __EMS_NO_ANIMATION__?: boolean }).__EMS_NO_ANIMATION__ = true;
    let chart: EChartsType | undefined;
    renderWidget(<EChart option={line} renderer="svg" onChartReady={(c) => (chart = c)} />);
    expect(screen.queryByText('No data')).toBeNull();
    await waitFor(() => expect(chart).toBeDefined());
    const opt = chart!.getOption() as { animation: boolean; yAxis: { splitNumber: number }[] };
    expect(opt.animation).toBe(false);
    expect(opt.yAxis[0]?.splitNumber).toBe(5);
    delete (window as { __EMS_NO_ANIMATION__?: boolean }).__EMS_NO_ANIMATION__;
  });

  it('window resizes are throttled to one chart resize per 100 ms', async () => {
    let chart: EChartsType | undefined;
    renderWidget(<EChart option={line} renderer="svg" onChartReady={(c) => (chart = c)} />);
    await waitFor(() => expect(chart).toBeDefined());
    vi.useFakeTimers();
    const resize = vi.spyOn(chart!, 'resize');
    act(() => {
      for (let i = 0; i < 10; i++) window.dispatchEvent(new Event('resize'));
    });
    expect(resize).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(100));
    expect(resize).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(500));
    expect(resize).toHaveBeenCalledTimes(2);
  });
});
