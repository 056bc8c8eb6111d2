import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { usePeriodicTask, type UsePeriodicTaskOptions } from './use-periodic-task';

function Poller({ task, ...options }: UsePeriodicTaskOptions & { task: () => void }) {
  usePeriodicTask(task, options);
  return null;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('spec 4: usePeriodicTask', () => {
  it('polls every 15000 ms by default and at once when asked', async () => {
    const task = vi.fn();
    render(<Poller task={task} runImmediately />);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(task).toHaveBeenCalledTimes(3);
  });
  it('realtime polls every 5000 ms', async () => {
    const task = vi.fn();
    render(<Poller task={task} realtime />);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(task).toHaveBeenCalledTimes(2);
  });
  it('stops on unmount and when disabled', async () => {
    const task = vi.fn();
    const { rerender, unmount } = render(<Poller task={task} intervalMs={1_000} />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    rerender(<Poller task={task} intervalMs={1_000} enabled={false} />);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(task).toHaveBeenCalledTimes(1);
    unmount();
  });
});
