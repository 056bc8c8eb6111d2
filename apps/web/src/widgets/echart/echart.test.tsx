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

  it('follows its container: after the box grows or shrinks (a sidebar folding), the chart takes the new width', async () => {
    // jsdom has no layout: the chart's element reports the width the test sets, and the observer is driven by hand
    let boxWidth = 400;
    const observed: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observed.push(() => this.callback());
        }
        disconnect() {}
        unobserve() {}
      },
    );
    const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
    const sized = (el: HTMLElement, px: number) => (el.classList.contains('echarts-for-react') ? px : 0);
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get(this: HTMLElement) { return sized(this, boxWidth); } });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return sized(this, 300); } });
    try {
      let chart: EChartsType | undefined;
      renderWidget(<EChart option={line} renderer="svg" onChartReady={(c) => (chart = c)} />);
      await waitFor(() => expect(chart).toBeDefined());
      await waitFor(() => expect(observed.length).toBeGreaterThan(0));
      expect(chart!.getWidth()).toBe(400);
      vi.useFakeTimers();
      boxWidth = 640;
      act(() => observed.forEach((fire) => fire()));
      act(() => vi.advanceTimersByTime(100));
      expect(chart!.getWidth()).toBe(640);
      boxWidth = 520;
      act(() => observed.forEach((fire) => fire()));
      act(() => vi.advanceTimersByTime(100));
      expect(chart!.getWidth()).toBe(520);
    } finally {
      if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
      if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height);
      vi.unstubAllGlobals();
    }
  });
});
