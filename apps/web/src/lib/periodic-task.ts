/**
 * Periodic task runner (spec sections 4 and 9): start, optionally run at once, wait for the previous
 * run to finish before scheduling the next one (runs never overlap), stop.
 */

/** Default polling interval. */
export const POLLING_INTERVAL_MS = 15_000;
/** Interval of realtime tasks. */
export const REALTIME_INTERVAL_MS = 5_000;

export interface PeriodicTaskOptions {
  /** Pause between the end of one run and the start of the next; default 15000, or 5000 when `realtime`. */
  intervalMs?: number;
  realtime?: boolean;
  /** Run once at start instead of waiting one interval first. */
  runImmediately?: boolean;
  /** Called when a run throws or rejects; the task keeps going. */
  onError?: (error: unknown) => void;
}

export interface PeriodicTask {
  start(options?: PeriodicTaskOptions): void;
  stop(): void;
  readonly running: boolean;
}

export function intervalOf(options: PeriodicTaskOptions): number {
  return options.intervalMs ?? (options.realtime ? REALTIME_INTERVAL_MS : POLLING_INTERVAL_MS);
}

/** A runner for `run`. Starting an already running task restarts it with the new options. */
export function createPeriodicTask(run: () => void | Promise<void>, defaults: PeriodicTaskOptions = {}): PeriodicTask {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let running = false;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const cycle = async (gen: number, options: PeriodicTaskOptions) => {
    try {
      await run();
    } catch (error) {
      options.onError?.(error);
    }
    if (gen === generation) timer = setTimeout(() => void cycle(gen, options), intervalOf(options));
  };

  return {
    start(options = {}) {
      const merged = { ...defaults, ...options };
      clear();
      const gen = ++generation;
      running = true;
      if (merged.runImmediately) void cycle(gen, merged);
      else timer = setTimeout(() => void cycle(gen, merged), intervalOf(merged));
    },
    stop() {
      generation++;
      running = false;
      clear();
    },
    get running() {
      return running;
    },
  };
}
