/** Small timing helpers for widgets (no dependency on lodash). */

export interface Cancellable<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Calls `fn` once `waitMs` after the last call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Cancellable<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wrapped = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  wrapped.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return wrapped;
}

/** Calls `fn` at once, then at most once per `waitMs` (the last call in a window runs at its end). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Cancellable<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const wrapped = (...args: A) => {
    const now = Date.now();
    if (now - last >= waitMs && timer === undefined) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        if (pending) fn(...pending);
        pending = undefined;
      }, Math.max(0, waitMs - (now - last)));
    }
  };
  wrapped.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return wrapped;
}
