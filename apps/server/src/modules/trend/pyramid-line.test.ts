import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minMaxDownsample, type TimeValue } from '@ems/domain';
import { cellsOf, PYRAMID_CELL_MS } from '../timeseries/pyramid.js';
import { alignedGrid, alignedMinMax, lineFromCells } from './pyramid-line.js';
import type { TimeRow } from './repository.js';

const H = PYRAMID_CELL_MS;
const T0 = Date.UTC(2025, 0, 1, 7, 23);

/** A line of 1–4 days: readings every 1–90 min, now and then a gap of hours, values with ties, spikes and dips, statuses. */
const lineArb = fc
  .record({
    steps: fc.array(
      fc.record({
        gapMin: fc.oneof(fc.integer({ min: 1, max: 90 }), fc.integer({ min: 1, max: 600 })),
        base: fc.integer({ min: -3, max: 3 }),
        spike: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 1, -1),
        status: fc.constantFrom(0, 0, 0, 1, 3, 4),
      }),
      { minLength: 30, maxLength: 300 },
    ),
    width: fc.integer({ min: 3, max: 40 }),
    offsetMin: fc.integer({ min: 0, max: 59 }),
  })
  .map(({ steps, width, offsetMin }) => {
    let t = T0 + offsetMin * 60_000;
    const rows: TimeRow[] = steps.map((s) => ({ t: (t += s.gapMin * 60_000), v: s.base + s.spike * 1000, s: s.status }));
    return { rows, width };
  });

describe('a long line from the readings pyramid (issue 16)', () => {
  it('the cells give exactly the points of a full read with the same buckets; the global extremes are those of today\'s downsampling', () => {
    fc.assert(
      fc.property(lineArb, ({ rows, width }) => {
        const from = (rows[0] as TimeRow).t - 17 * 60_000;
        const to = (rows[rows.length - 1] as TimeRow).t + 1;
        const grid = alignedGrid(from, to, width);
        fc.pre(grid !== null);
        const g = grid!;
        const want = alignedMinMax(rows, g);
        const got = lineFromCells(cellsOf(rows.map((r) => ({ deviceId: 1, dataId: 3, ts: r.t, value: r.v as number, status: r.s }))), g);
        expect(got).toEqual(want);
        // never more points than today's downsampling allows
        expect(got.length).toBeLessThanOrEqual(2 * width);
        // the same highest and lowest value (earliest) as today's min/max downsampling of the full line
        const old = minMaxDownsample(rows.map((r): TimeValue => [r.t, r.v]), width);
        const ext = (pts: { t: number; v: number | null }[], dir: 1 | -1) =>
          pts.reduce((best, p) => (p.v !== null && (best === null || dir * (p.v - (best.v as number)) > 0) ? p : best), null as { t: number; v: number | null } | null);
        const oldPts = old.map(([t, v]) => ({ t, v }));
        const gotPts = got.map(({ t, v }) => ({ t, v }));
        expect(ext(gotPts, 1)).toEqual(ext(oldPts, 1));
        expect(ext(gotPts, -1)).toEqual(ext(oldPts, -1));
        // every point is a reading of the line, with its status
        const byT = new Map(rows.map((r) => [r.t, r]));
        for (const p of got) expect(byT.get(p.t)).toEqual(p);
      }),
      { numRuns: 300, seed: 161126 },
    );
  });

  it('buckets of whole hours, no more than the pixels allow; short ranges read their readings', () => {
    const year = { from: Date.UTC(2024, 0, 1, 16, 30), to: Date.UTC(2025, 0, 1, 16) };
    const g = alignedGrid(year.from, year.to, 1000)!;
    expect(g.origin).toBe(Date.UTC(2024, 0, 1, 16));
    expect(g.width).toBe(9 * H);
    expect(g.count).toBeLessThanOrEqual(999);
    expect(g.origin + g.count * g.width).toBeGreaterThanOrEqual(year.to);
    // 1,000 px over 30 days: 43 min a bucket, the readings are read
    expect(alignedGrid(year.from, year.from + 30 * 86_400_000, 1000)).toBeNull();
    expect(alignedGrid(year.from, year.to, undefined)).toBeNull();
  });
});
