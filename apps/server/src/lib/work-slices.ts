import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long calculations in slices (issue 12): better-sqlite3 reads synchronously, so one read of a
 * 400-day range, or one loop over a year of cells, holds the event loop for hundreds of ms while
 * every other request waits. Reads go in pieces of half a month, loops give the loop a turn every few ms.
 */

/** A turn of the event loop: requests waiting for it are served before the work goes on. */
export { nextTurn };

/** Work between two turns of the event loop, ms (as lib/streamed-reply.ts). */
const SLICE_MS = 5;

/** Local days per read of a long range. */
export const READ_DAYS = 15;

/** A clock for a long loop: `await turn()` after each item gives the event loop a turn once SLICE_MS have passed since the last. */
export function slicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

/** `f` of each item, in order, with turns of the event loop between items. */
export async function mapSliced<T, U>(items: Iterable<T>, f: (item: T) => U): Promise<U[]> {
  const turn = slicer();
  const out: U[] = [];
  for (const item of items) {
    out.push(f(item));
    await turn();
  }
  return out;
}

/**
 * [first start, `to`) as ranges of at most `n` of the given starts (local days, months: sorted), so
 * a long range is read a piece at a time; empty when there is no start.
 */
export function rangePieces(starts: readonly number[], to: number, n = READ_DAYS): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (let i = 0; i < starts.length; i += n) out.push({ from: starts[i] as number, to: starts[i + n] ?? to });
  return out;
}

/** The reads one after another, a turn of the event loop between two; their rows in order. */
export async function readInPieces<T>(reads: readonly (() => Promise<readonly T[]>)[]): Promise<T[]> {
  const out: T[] = [];
  for (const [i, read] of reads.entries()) {
    if (i > 0) await nextTurn();
    for (const row of await read()) out.push(row);
  }
  return out;
}
