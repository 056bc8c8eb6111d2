import { create } from 'zustand';

/**
 * Counted loading indicator (spec section 4): shown on the first concurrent request, hidden when
 * the count returns to zero.
 */
export const useLoadingCount = create<{ count: number }>(() => ({ count: 0 }));

export function beginLoading(): void {
  useLoadingCount.setState((s) => ({ count: s.count + 1 }));
}

export function endLoading(): void {
  useLoadingCount.setState((s) => ({ count: Math.max(0, s.count - 1) }));
}

/** Removes the overlay whatever the count (network failure). */
export function resetLoading(): void {
  useLoadingCount.setState({ count: 0 });
}
