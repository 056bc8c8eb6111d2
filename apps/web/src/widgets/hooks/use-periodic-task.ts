import { useEffect, useRef } from 'react';
import { createPeriodicTask, type PeriodicTaskOptions } from '../../lib/periodic-task';

export interface UsePeriodicTaskOptions extends Omit<PeriodicTaskOptions, 'onError'> {
  /** Runs only while true (default true). */
  enabled?: boolean;
}

/**
 * Runs `task` periodically while the component is mounted and `enabled`: 15000 ms by default,
 * 5000 ms for `realtime`; a run starts only after the previous one has finished. The latest `task`
 * is always used, so it need not be memoised.
 */
export function usePeriodicTask(task: () => void | Promise<void>, options: UsePeriodicTaskOptions = {}): void {
  const { enabled = true, intervalMs, realtime, runImmediately } = options;
  const latest = useRef(task);
  useEffect(() => {
    latest.current = task;
  });
  useEffect(() => {
    if (!enabled) return;
    const runner = createPeriodicTask(() => latest.current());
    runner.start({ intervalMs, realtime, runImmediately, onError: (e) => console.error(e) });
    return () => runner.stop();
  }, [enabled, intervalMs, realtime, runImmediately]);
}
