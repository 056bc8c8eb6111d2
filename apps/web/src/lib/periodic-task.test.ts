import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicTask } from './periodic-task';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('spec 4: periodic task runner', () => {
  it('default interval is 15000 ms', async () => {
    const run = vi.fn();
    const task = createPeriodicTask(run);
    task.start();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(run).toHaveBeenCalledTimes(2);
    task.stop();
  });

  it('realtime tasks run every 5000 ms', async () => {
    const run = vi.fn();
    const task = createPeriodicTask(run, { realtime: true });
    task.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(run).toHaveBeenCalledTimes(3);
    task.stop();
  });

  it('can run at once', async () => {
    const run = vi.fn();
    const task = createPeriodicTask(run);
    task.start({ runImmediately: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    task.stop();
  });

  it('waits for the previous run to finish: runs never overlap', async () => {
    let active = 0;
    let maxActive = 0;
    const run = vi.fn(async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 12_000)); // slower than the interval
      active--;
    });
    const task = createPeriodicTask(run, { intervalMs: 5_000, runImmediately: true });
    task.start();
    await vi.advanceTimersByTimeAsync(16_999); // run 0–12000, pause, next starts at 17000
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    expect(maxActive).toBe(1);
    task.stop();
  });

  it('stop: no further runs, also when stopped during a run', async () => {
    let finish = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const task = createPeriodicTask(run, { intervalMs: 1_000, runImmediately: true });
    task.start();
    expect(task.running).toBe(true);
    task.stop();
    finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(task.running).toBe(false);
  });

  it('a failing run is reported and the task keeps going', async () => {
    const onError = vi.fn();
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    const task = createPeriodicTask(run, { intervalMs: 1_000, runImmediately: true, onError });
    task.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onError).toHaveBeenCalledWith(new Error('boom'));
    expect(run).toHaveBeenCalledTimes(2);
    task.stop();
  });
});
