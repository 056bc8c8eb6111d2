import { ErrorCode, LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@ems/contract';
import type { Ems } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { authRepository } from './repository.js';

/** Rows `login_failure` keeps at most (about 1 MB); docs/security.md explains the eviction. */
export const LOGIN_FAILURE_ROWS_MAX = 10_000;

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

const lockedError = (retryAfterMs: number) =>
  new ApiError(429, ErrorCode.locked, 'locked', { retryAfterMs }, [Math.max(1, Math.ceil(retryAfterMs / 60_000))]);

/**
 * Failed password checks per (user name, client address), in the store: the login's and the
 * password change's (a wrong old password counts as a failed login). Failures 3 and 4 within the
 * window are slowed by `loginDelaysMs`, the 5th locks the pair for LOGIN_LOCK_MS.
 *
 * The table is bounded: a new pair first prunes the rows that no longer count, then, above the
 * cap, evicts unlocked rows with the fewest failures (oldest first). A lock is never evicted; when
 * every row is a lock in force, pairs without a row are refused as locked until one ends, so a
 * flood of names can neither grow the table nor buy uncounted guesses.
 */
export function failureCounter(ems: Ems) {
  const repo = authRepository(ems.db);
  const max = ems.config.loginFailureRowsMax ?? LOGIN_FAILURE_ROWS_MAX;
  return {
    /** Throws the lock reply (429, 1004) while the pair may not try: locked, or no room to count it. */
    async refuseWhileLocked(userName: string, ip: string, now: number): Promise<void> {
      const failure = await repo.findFailure(userName, ip);
      if (failure?.locked_until != null && Number(failure.locked_until) > now) throw lockedError(Number(failure.locked_until) - now);
      if (failure) return;
      const locks = await repo.activeLocks(now);
      if (locks.count >= max) throw lockedError((locks.firstEnd ?? now + LOGIN_LOCK_MS) - now);
    },

    /** Counts one failure: waits the delay of its rank, or locks the pair and throws the lock reply, after `onLock`. */
    async fail(userName: string, ip: string, now: number, onLock?: () => Promise<void>): Promise<void> {
      const windowStart = now - LOGIN_FAILURE_WINDOW_MS;
      const count = await repo.addFailure(userName, ip, now, windowStart);
      if (count === 1) {
        await repo.pruneFailures(windowStart, now);
        const over = (await repo.countFailureRows()) - max;
        if (over > 0) await repo.evictFailures(over, userName, ip, now);
      }
      if (count >= LOGIN_MAX_FAILURES) {
        await repo.lock(userName, ip, now + LOGIN_LOCK_MS);
        await onLock?.();
        throw lockedError(LOGIN_LOCK_MS);
      }
      await sleep(ems.config.loginDelaysMs[count - 1] ?? 0);
    },

    /** A right password: the pair starts again from zero. */
    clear: (userName: string, ip: string) => repo.clearFailures(userName, ip),
  };
}
