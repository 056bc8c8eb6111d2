import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Scroller } from './scroller';
import { renderWidget } from '../test-utils';

// jsdom does no layout: give every element a content width and a visible width.
let contentWidth = 300;
const visibleWidth = 400;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => contentWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => visibleWidth);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  contentWidth = 300;
});

const right = () => screen.queryByRole('button', { name: 'Scroll right' }) as HTMLButtonElement | null;
const left = () => screen.queryByRole('button', { name: 'Scroll left' }) as HTMLButtonElement | null;

describe('spec 9: scroller updates on resize, debounced 180 ms', () => {
  it('no arrows while everything fits; arrows 180 ms after a resize makes it overflow', () => {
    renderWidget(
      <Scroller>
        <span>tab 1</span>
        <span>tab 2</span>
      </Scroller>,
    );
    expect(right()).toBeNull();
    contentWidth = 1000;
    act(() => void window.dispatchEvent(new Event('resize')));
    act(() => vi.advanceTimersByTime(179));
    expect(right()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(right()?.disabled).toBe(false);
    expect(left()?.disabled).toBe(true);
  });

  it('arrows scroll by the step and disable at the ends', () => {
    contentWidth = 1000;
    renderWidget(
      <Scroller step={400}>
        <span>tab 1</span>
      </Scroller>,
    );
    fireEvent.click(right()!);
    expect(left()?.disabled).toBe(false);
    expect(right()?.disabled).toBe(false);
    fireEvent.click(right()!);
    expect(right()?.disabled).toBe(true);
    fireEvent.click(left()!);
    fireEvent.click(left()!);
    expect(left()?.disabled).toBe(true);
  });
});
