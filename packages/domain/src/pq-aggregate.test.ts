import { describe, expect, it } from 'vitest';
import { cp95, worstPhase } from './power-quality.js';
import { bucketSpans, interpolateRank, nextCatchUpSpan, pqBucketStart, quantileRank, windowCovered, worstPhaseOfStats } from './pq-aggregate.js';

const B = 600_000;
const H = 3_600_000;
const T = 1_740_758_400_000; // a 10-min boundary

describe('10-min buckets and the spans a recompute reads (DOMAIN §9: 10-min aggregates)', () => {
  it.each([
    ['a boundary is its own bucket', T, T],
    ['9:59.999 into a bucket', T + B - 1, T],
    ['the next bucket', T + B, T + B],
  ])('%s', (_rule, ts, start) => expect(pqBucketStart(ts, B)).toBe(start));

  it('adjacent dirty buckets form one span; a gap starts another; repeats count once', () => {
    expect(bucketSpans([T + 2 * B, T, T + B, T + B, T + 5 * B], B, H)).toEqual([
      { from: T, to: T + 3 * B },
      { from: T + 5 * B, to: T + 6 * B },
    ]);
  });

  it('a run longer than the bound is cut so no recompute reads more than maxMs of raw readings', () => {
    const run = Array.from({ length: 8 }, (_, k) => T + k * B);
    expect(bucketSpans(run, B, 3 * B)).toEqual([
      { from: T, to: T + 3 * B },
      { from: T + 3 * B, to: T + 6 * B },
      { from: T + 6 * B, to: T + 8 * B },
    ]);
  });
});

describe('catch-up: grow the covered span to the extent of the readings, a bounded span at a time', () => {
  const extent = { oldest: T + 30_000, newest: T + 10 * H + 61_000 };
  const top = T + 10 * H + B;
  it.each([
    ['nothing covered: the newest budget, up to the bucket of the newest reading', null, { from: top - 4 * H, to: top }],
    ['nothing covered, budget past the oldest: from the oldest bucket', null, { from: T, to: top }, 24 * H],
    ['readings newer than the covered end: upward first', { from: T + H, to: T + 2 * H }, { from: T + 2 * H, to: T + 6 * H }],
    ['the top reached: downward to the oldest bucket', { from: T + H, to: top }, { from: T, to: T + H }],
    ['all covered: nothing to do', { from: T, to: top }, null],
  ] as const)('%s', (_rule, covered, span, budget = 4 * H) => {
    expect(nextCatchUpSpan(extent, covered, B, budget)).toEqual(span);
  });

  it('the budget is whole buckets, at least one', () => {
    expect(nextCatchUpSpan({ oldest: T, newest: T + H }, null, B, 1)).toEqual({ from: T + H, to: T + H + B });
  });

  const day = { from: T, to: T + 24 * H };
  it.each([
    ['no readings: covered', null, null, day, true],
    ['the window cut to the readings lies inside the covered span', { from: T, to: top }, extent, day, true],
    ['readings below the covered start inside the window', { from: T + B, to: top }, extent, day, false],
    ['readings above the covered end inside the window', { from: T, to: T + 2 * H }, extent, day, false],
    ['a window inside the covered span', { from: T, to: T + 2 * H }, extent, { from: T + H, to: T + 2 * H }, true],
    ['nothing covered', null, extent, day, false],
  ] as const)('window covered — %s', (_rule, covered, ext, window, ok) => {
    expect(windowCovered(covered, ext, window, B)).toBe(ok);
  });
});

describe('95th percentile and worst phase from statistics instead of values (same answers as cp95 / worstPhase)', () => {
  it.each([
    ['one value', [4]],
    ['two values', [1, 9]],
    ['the hand-computed |δU| of the power test: 2.5 ×5 and 8 → 6.625', [2.5, 2.5, 2.5, 2.5, 2.5, 8]],
    ['21 values: rank 19 exactly', Array.from({ length: 21 }, (_, k) => k * 1.5)],
    ['unsorted with repeats', [5, 3, 5, 3, 9, 0.1, 7]],
  ])('CP95 of %s', (_rule, values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const r = quantileRank(values.length, 0.95);
    if (!r) throw new Error('no rank');
    expect(interpolateRank(sorted[r.lo] as number, sorted[r.hi] as number, r.frac)).toBe(cp95(values));
  });

  it('no values: no rank', () => expect(quantileRank(0, 0.95)).toBeNull());

  it.each([
    ['lowest compliance wins', { a: [1, 9], b: [1, 1], c: [2, 3] }, 'a'],
    ['a tie goes to the furthest excursion', { a: [1, 2], b: [-6, 1], c: [3, 1] }, 'b'],
    ['unmeasured phases are skipped', { a: [], b: [], c: [2] }, 'c'],
  ] as const)('worst phase: %s', (_rule, values, phase) => {
    const band = { lower: -7, upper: 7 };
    const stat = (v: readonly number[]) => {
      const inside = v.filter((x) => x >= -7 && x <= 7).length;
      return { ratePct: v.length ? (inside / v.length) * 100 : null, extreme: Math.max(0, ...v.map(Math.abs)) };
    };
    const w = worstPhaseOfStats((['a', 'b', 'c'] as const).map((p) => [p, stat(values[p])] as const));
    expect(w).toBe(phase);
    expect(worstPhase(values, band)?.phase).toBe(phase);
  });
});
