import { createHash } from 'node:crypto';
import { nextTurn } from '../../lib/work-slices.js';

/**
 * The forecast pages' model work remembered by its inputs: back-tests, day-ahead runs, bands and
 * the projected bill are pure functions of the series read from the rollups (and of the grain, the
 * zone, the day-type base, the method and the options), so a key made of those inputs — the series
 * by a SHA-1 of its values — can never give a stale answer: a late reading changes the series and so
 * the key. Bounded (least recently used goes first); per process.
 */
const MAX_ENTRIES = 256;
const entries = new Map<string, unknown>();

/** A digest of numbers (NaN, ±0 and null kept apart: null as NaN with a flag byte). */
export function digest(values: readonly (number | null)[]): string {
  const f = new Float64Array(values.length);
  const nulls = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) nulls[i] = 1;
    else f[i] = v;
  }
  return createHash('sha1').update(new Uint8Array(f.buffer)).update(nulls).digest('base64');
}

/** The value computed for the key before, or computes and keeps it. The value is shared: callers must not change it. */
export function remembered<T>(key: string, compute: () => T): T {
  if (entries.has(key)) {
    const v = entries.get(key) as T;
    entries.delete(key);
    entries.set(key, v);
    return v;
  }
  const v = compute();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, v);
  return v;
}

/**
 * {@link remembered} for work done in slices (issue 12): the promise is what is kept, so a call with
 * the same key while the first is still working waits for that work instead of doing it again. A
 * promise that rejects is forgotten (the next call tries again), as a throwing compute is never kept.
 */
export function rememberedAsync<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const p = remembered(key, compute);
  p.catch(() => {
    if (entries.get(key) === p) entries.delete(key);
  });
  return p;
}

/**
 * The turn the model work gives the event loop after each back-test fold, day forecast, candidate and
 * priced bill (issue 12: a cold call's model work held the loop 0.1–0.3 s in one piece). Every time,
 * not once every few ms as lib/work-slices.ts slicer does: a cold call has about a hundred pieces and
 * a turn costs microseconds, and a fixed count of turns does not depend on the machine's speed.
 */
export const modelTurn = (): Promise<void> => nextTurn();

/** Forgets everything (tests, and the bench's cold figure). */
export function forgetForecastWork(): void {
  entries.clear();
}
