import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  aggregateByInterval,
  collapseNullRuns,
  downsample,
  lttbDownsample,
  minMaxDownsample,
  targetPointCount,
  type DownsampleMethod,
  type TimeValue,
} from './downsample.js';

const MIN = 60_000;
const series = (values: (number | null)[], t0 = 0, step = MIN): TimeValue[] => values.map((v, i) => [t0 + i * step, v]);
const flatWithSpike = (n: number, at: number, spike: number) => series(Array.from({ length: n }, (_, i) => (i === at ? spike : 10)));

/** Ascending times, values from -1000..1000 or null (about 1 in 8). */
const arbSeries = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 5 * MIN }), fc.option(fc.integer({ min: -1000, max: 1000 }), { freq: 8 })), { maxLength: 600 })
  .map((steps) => {
    let t = 0;
    return steps.map(([dt, v]): TimeValue => [(t += dt), v]);
  });
const isSubsequence = (sub: readonly TimeValue[], all: readonly TimeValue[]) => {
  let i = 0;
  for (const p of all) if (p === sub[i]) i++;
  return i === sub.length;
};

describe('architecture: downsample to at most 2 points per pixel', () => {
  it.each([
    [100, 200],
    [0, 3],
    [1.6, 3],
    [640.5, 1281],
  ])('pixel width %d → at most %d points', (px, n) => expect(targetPointCount(px)).toBe(n));

  describe.each<DownsampleMethod>(['minmax', 'lttb'])('%s', (method) => {
    it('identity when already small enough', () => {
      const s = series([1, 2, null, 4]);
      expect(downsample(s, 100, method)).toEqual(s);
    });
    it('a single spike in a flat line is kept, so are first and last', () => {
      const s = flatWithSpike(10_000, 4321, 999);
      const out = downsample(s, 50, method);
      expect(out.length).toBeLessThanOrEqual(100);
      expect(out).toContain(s[4321]);
      expect(out[0]).toBe(s[0]);
      expect(out[out.length - 1]).toBe(s[s.length - 1]);
    });
    it('a negative spike (a dip) is kept too', () => {
      const s = flatWithSpike(5_000, 17, -50);
      expect(downsample(s, 40, method)).toContain(s[17]);
    });
    it('gaps stay breaks: one null per run of nulls', () => {
      const values = Array.from({ length: 3_000 }, (_, i) => (i >= 1000 && i < 1200 ? null : Math.sin(i / 50)));
      const out = downsample(series(values), 60, method);
      expect(out.length).toBeLessThanOrEqual(120);
      expect(out.filter((p) => p[1] === null)).toHaveLength(1);
      const gap = out.findIndex((p) => p[1] === null);
      expect(out[gap - 1]![0]).toBeLessThan(1000 * MIN);
      expect(out[gap + 1]![0]).toBeGreaterThanOrEqual(1200 * MIN);
    });
    it('properties: length bound, subsequence in order, first/last kept, gaps kept', () => {
      fc.assert(
        fc.property(arbSeries, fc.integer({ min: 1, max: 150 }), (s, px) => {
          const out = downsample(s, px, method);
          expect(out.length).toBeLessThanOrEqual(Math.max(s.length, 0) <= targetPointCount(px) ? s.length : targetPointCount(px));
          expect(isSubsequence(out, s)).toBe(true);
          if (s.length > 0) {
            expect(out[0]).toBe(s[0]);
            expect(out[out.length - 1]).toBe(s[s.length - 1]);
          }
          expect(out.some((p) => p[1] === null)).toBe(s.some((p) => p[1] === null));
        }),
      );
    });
  });

  it('min/max keeps the global maximum and minimum from 3 px wide (property)', () => {
    fc.assert(
      fc.property(arbSeries, fc.integer({ min: 3, max: 150 }), (s, px) => {
        const values = s.map((p) => p[1]).filter((v): v is number => v !== null);
        const out = minMaxDownsample(s, px).map((p) => p[1]);
        if (values.length) {
          expect(out).toContain(Math.max(...values));
          expect(out).toContain(Math.min(...values));
        }
      }),
    );
  });

  it('LTTB falls back to min/max when gaps leave no budget for every segment', () => {
    const s = series(Array.from({ length: 400 }, (_, i) => (i % 2 ? null : i)));
    const out = lttbDownsample(s, 10);
    expect(out.length).toBeLessThanOrEqual(20);
    expect(out).toEqual(minMaxDownsample(s, 10));
  });

  it.each<DownsampleMethod>(['minmax', 'lttb'])('%s: a series that is one gap, or whose picks are all breaks, keeps its first and last points (fast-check counterexamples)', (method) => {
    const nulls = series([null, null, null, null]);
    expect(downsample(nulls, 1, method)).toEqual([nulls[0], nulls[3]]);
    const s = series([null, 0, null, 0, null]);
    const out = downsample(s, 1, method);
    expect(out[0]).toBe(s[0]);
    expect(out[out.length - 1]).toBe(s[4]);
    expect(out.length).toBeLessThanOrEqual(3);
  });

  it('collapseNullRuns keeps one break per gap', () => {
    expect(collapseNullRuns(series([null, null, 1, null, null, 2, null]))).toEqual([
      [0, null],
      [2 * MIN, 1],
      [3 * MIN, null],
      [5 * MIN, 2],
      [6 * MIN, null],
    ]);
  });
});

describe('architecture: interval aggregation', () => {
  const s = series([1, 2, null, 6, null, null, 5], 0, 10 * MIN); // 0,10,…,60 min
  it.each([
    ['average', [1.5, 6, null, 5]],
    ['sum', [3, 6, null, 5]],
    ['max', [2, 6, null, 5]],
    ['min', [1, 6, null, 5]],
    ['last', [2, 6, null, 5]],
  ] as const)('%s per 20 minutes; an interval of only nulls stays a gap', (how, values) => {
    expect(aggregateByInterval(s, 1200, how)).toEqual(values.map((v, i) => [i * 20 * MIN, v]));
  });
  it('intervals align to the origin (a local midnight), empty intervals give no point', () => {
    const origin = -8 * 3_600_000; // midnight in UTC+8
    const day = [[origin + 3_600_000, 1] as const, [origin + 2 * 86_400_000 + 5, 4] as const];
    expect(aggregateByInterval(day, 86_400, 'sum', origin)).toEqual([
      [origin, 1],
      [origin + 2 * 86_400_000, 4],
    ]);
  });
  it('rejects a non-positive interval', () => expect(() => aggregateByInterval(s, 0, 'sum')).toThrow(RangeError));
  it('property: sum is preserved and points are interval starts', () => {
    fc.assert(
      fc.property(arbSeries, fc.integer({ min: 1, max: 7200 }), (pts, sec) => {
        const out = aggregateByInterval(pts, sec, 'sum');
        const total = (xs: readonly TimeValue[]) => xs.reduce((a, p) => a + (p[1] ?? 0), 0);
        expect(total(out)).toBe(total(pts));
        for (const [t] of out) expect(t % (sec * 1000)).toBe(0);
      }),
    );
  });
});
