import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INTERVAL_MS,
  ReadingStatus,
  aggregate,
  bucketEnd,
  bucketStart,
  counterDelta,
  counterDeltas,
  dedupeReadings,
  qualityShare,
  toIntervals,
  worstStatus,
  type CounterParams,
  type Reading,
} from './counters.js';

const H = 3_600_000;
const T0 = Date.UTC(2025, 0, 1); // a multiple of 15 min
const r = (minutes: number, value: number, status = 0): Reading => ({ ts: T0 + minutes * 60_000, value, status });

describe('counterDelta: interval difference and negative deltas (DOMAIN.md §1)', () => {
  const cases: { rule: string; prev: Reading; curr: Reading; params?: CounterParams; value: number | null; status: number; kind: string }[] = [
    { rule: 'ΔE = (R_i − R_{i−1}) × multiplier: 1000.0 → 1012.5 kWh, CT×PT 80 → 1000 kWh', prev: r(0, 1000), curr: r(15, 1012.5), params: { multiplier: 80 }, value: 1000, status: 0, kind: 'normal' },
    { rule: 'multiplier defaults to 1', prev: r(0, 5), curr: r(15, 7.5), value: 2.5, status: 0, kind: 'normal' },
    { rule: 'zero consumption is normal', prev: r(0, 5), curr: r(15, 5), value: 0, status: 0, kind: 'normal' },
    {
      rule: 'wrap with M = 99 999 999.99: 99 999 990 → 5 gives M − R_{i−1} + R_i = 14.99, within P_max·Δt (100 kW × 0.25 h)',
      prev: r(0, 99_999_990),
      curr: r(15, 5),
      params: { registerMax: 99_999_999.99, maxKw: 100 },
      value: 14.99,
      status: ReadingStatus.reset,
      kind: 'wrap',
    },
    {
      rule: 'wrap above P_max·Δt is unexplained (null), not a guess',
      prev: r(0, 99_999_000),
      curr: r(15, 5),
      params: { registerMax: 99_999_999.99, maxKw: 100 },
      value: null,
      status: ReadingStatus.suspect,
      kind: 'unexplained',
    },
    {
      rule: 'wrap P_max defaults to k·P_rated: 1.2 × 50 kW × 0.25 h = 15 ≥ 10',
      prev: r(0, 995),
      curr: r(15, 5),
      params: { registerMax: 1000, ratedKw: 50 },
      value: 10,
      status: ReadingStatus.reset,
      kind: 'wrap',
    },
    { rule: 'a drop without a known register max is unexplained', prev: r(0, 1000), curr: r(15, 990), value: null, status: ReadingStatus.suspect, kind: 'unexplained' },
    {
      rule: 'declared replacement: (closing − R_{i−1}) + (R_i − opening) = (1005 − 1000) + (12 − 10) = 7, × 2',
      prev: r(0, 1000),
      curr: r(15, 12),
      params: { multiplier: 2, resets: [{ ts: T0 + 5 * 60_000, closing: 1005, opening: 10 }] },
      value: 14,
      status: ReadingStatus.reset,
      kind: 'reset',
    },
    {
      rule: 'a declared reset outside the pair does not apply',
      prev: r(0, 1000),
      curr: r(15, 12),
      params: { resets: [{ ts: T0 + 20 * 60_000, closing: 1005, opening: 10 }] },
      value: null,
      status: ReadingStatus.suspect,
      kind: 'unexplained',
    },
    { rule: 'spike: Δ 40 > k·P_rated·Δt = 1.2 × 100 × 0.25 = 30 → suspect, value kept', prev: r(0, 0), curr: r(15, 40), params: { ratedKw: 100 }, value: 40, status: ReadingStatus.suspect, kind: 'spike' },
    { rule: 'no spike at exactly k·P_rated·Δt = 30', prev: r(0, 0), curr: r(15, 30), params: { ratedKw: 100 }, value: 30, status: 0, kind: 'normal' },
    { rule: 'spike factor k is configurable (k = 2 → limit 50)', prev: r(0, 0), curr: r(15, 40), params: { ratedKw: 100, spikeFactor: 2 }, value: 40, status: 0, kind: 'normal' },
  ];
  for (const c of cases) {
    it(c.rule, () => {
      const d = counterDelta(c.prev, c.curr, c.params);
      expect(d.kind).toBe(c.kind);
      expect(d.status).toBe(c.status);
      if (c.value === null) expect(d.value).toBeNull();
      else expect(d.value).toBeCloseTo(c.value, 6);
    });
  }
});

describe('toIntervals: 15-min interval values with quality', () => {
  it('readings on the boundaries give one interval per pair, status normal', () => {
    const iv = toIntervals([r(0, 10), r(15, 12), r(30, 15), r(45, 15)]);
    expect(iv).toEqual([
      { start: T0, value: 2, status: 0 },
      { start: T0 + INTERVAL_MS, value: 3, status: 0 },
      { start: T0 + 2 * INTERVAL_MS, value: 0, status: 0 },
    ]);
  });

  it('duplicate timestamps: the last reading wins', () => {
    expect(dedupeReadings([r(15, 5), r(0, 1), r(15, 7)]).map((x) => x.value)).toEqual([1, 7]);
    expect(toIntervals([r(0, 1), r(15, 5), r(15, 7)])).toEqual([{ start: T0, value: 6, status: 0 }]);
  });

  it('1-min readings sum into their interval; edges outside the first..last reading are not emitted', () => {
    const rs = Array.from({ length: 46 }, (_, i) => r(i + 3, 100 + i * 0.5));
    const iv = toIntervals(rs);
    expect(iv.map((x) => x.start)).toEqual([T0 + INTERVAL_MS, T0 + 2 * INTERVAL_MS]);
    for (const x of iv) expect(x.value).toBeCloseTo(7.5, 9);
  });

  it('gap: the cumulative register is interpolated linearly into the missing boundaries (interpolated)', () => {
    // 10 → 22 over one hour: 3 per interval
    const iv = toIntervals([r(0, 10), r(60, 22), r(75, 23)]);
    expect(iv.map((x) => [x.value, x.status])).toEqual([
      [3, 1],
      [3, 1],
      [3, 1],
      [3, 1],
      [1, 0],
    ]);
  });

  it('an off-boundary gap still spreads the known total by time and reconciles', () => {
    const iv = toIntervals([r(0, 0), r(10, 10), r(50, 50), r(60, 60)]);
    expect(iv.map((x) => x.value)).toEqual([15, 15, 15, 15]);
    expect(iv.map((x) => x.status)).toEqual([1, 1, 1, 1]);
  });

  it('long gap (> 24 h) without a profile: linear, estimated', () => {
    const iv = toIntervals([r(0, 0), r(30 * 60, 1200)]);
    expect(iv).toHaveLength(120);
    expect(iv.every((x) => x.status === ReadingStatus.estimated && Math.abs((x.value ?? 0) - 10) < 1e-9)).toBe(true);
  });

  it('long gap with a similar-day profile: the known total shaped by the profile, estimated', () => {
    // weight 3 by day (08:00–20:00 UTC), 1 by night: 48 day + 72 night intervals in 30 h from midnight
    const profile = (start: number) => {
      const h = new Date(start).getUTCHours();
      return h >= 8 && h < 20 ? 3 : 1;
    };
    const iv = toIntervals([r(0, 0), r(30 * 60, 2160)], { profile });
    const total = iv.reduce((s, x) => s + (x.value ?? 0), 0);
    expect(total).toBeCloseTo(2160, 9);
    // units: 48 × 3 + 72 × 1 = 216 → 10 per unit
    expect(iv[0]?.value).toBeCloseTo(10, 9);
    expect(iv[40]?.value).toBeCloseTo(30, 9);
    expect(iv.every((x) => x.status === ReadingStatus.estimated)).toBe(true);
  });

  it('rollover inside the series: the interval carries the wrap (status reset) and totals stay right', () => {
    const iv = toIntervals([r(0, 990), r(15, 998), r(30, 4)], { registerMax: 1000 });
    expect(iv).toEqual([
      { start: T0, value: 8, status: 0 },
      { start: T0 + INTERVAL_MS, value: 6, status: ReadingStatus.reset },
    ]);
  });

  it('an unexplained drop makes the intervals it overlaps null and suspect; others are kept', () => {
    const iv = toIntervals([r(0, 10), r(15, 12), r(30, 5), r(45, 7)]);
    expect(iv).toEqual([
      { start: T0, value: 2, status: 0 },
      { start: T0 + INTERVAL_MS, value: null, status: 3 },
      { start: T0 + 2 * INTERVAL_MS, value: 2, status: 0 },
    ]);
  });

  it('the source status of a reading marks the interval ending at it (worst wins)', () => {
    const iv = toIntervals([r(0, 10), r(15, 12, 2), r(30, 13)]);
    expect(iv.map((x) => x.status)).toEqual([2, 0]);
  });
});

describe('aggregate and quality share', () => {
  it('period total = Σ interval deltas = R(end) − R(start) without resets', () => {
    const rs = [r(0, 100), r(15, 101.5), r(30, 103), r(45, 110.25), r(60, 111)];
    const agg = aggregate(toIntervals(rs));
    expect(agg.value).toBeCloseTo(111 - 100, 12);
    expect(agg).toMatchObject({ quality: 0, nIntervals: 4, nGood: 4 });
  });

  it('unexplained intervals are left out of the sum, counted, and make the quality suspect', () => {
    const agg = aggregate([
      { value: 2, status: 0 },
      { value: null, status: 3 },
      { value: 1, status: 1 },
    ]);
    expect(agg).toEqual({ value: 3, quality: 3, nIntervals: 3, nGood: 1 });
    expect(aggregate([])).toEqual({ value: null, quality: 0, nIntervals: 0, nGood: 0 });
  });

  it('worst status: normal < interpolated < estimated < reset < suspect', () => {
    expect(worstStatus(0, 1)).toBe(1);
    expect(worstStatus(2, 1)).toBe(2);
    expect(worstStatus(4, 2)).toBe(4);
    expect(worstStatus(4, 3)).toBe(3);
  });

  it('quality share: good (normal or reset) intervals over all; null when empty', () => {
    expect(qualityShare([{ status: 0 }, { status: 4 }, { status: 1 }, { status: 3 }])).toBe(0.5);
    expect(qualityShare([])).toBeNull();
  });
});

describe('calendar buckets on the project timezone', () => {
  const SH = 'Asia/Shanghai';
  it('day and month start at local midnight (16:00 UTC the day before for Asia/Shanghai)', () => {
    const ts = Date.UTC(2025, 2, 1, 15, 59); // 2025-03-01 23:59 local
    expect(bucketStart(ts, 'day', SH)).toBe(Date.UTC(2025, 1, 28, 16));
    expect(bucketStart(ts + 60_000, 'day', SH)).toBe(Date.UTC(2025, 2, 1, 16));
    expect(bucketStart(ts, 'month', SH)).toBe(Date.UTC(2025, 1, 28, 16));
    expect(bucketStart(ts + 60_000, 'month', SH)).toBe(Date.UTC(2025, 1, 28, 16));
    expect(bucketStart(Date.UTC(2025, 2, 31, 16), 'month', SH)).toBe(Date.UTC(2025, 2, 31, 16));
    expect(bucketEnd(Date.UTC(2025, 1, 28, 16), 'month', SH)).toBe(Date.UTC(2025, 2, 31, 16));
    expect(bucketEnd(Date.UTC(2025, 1, 28, 16), 'day', SH)).toBe(Date.UTC(2025, 2, 1, 16));
  });
  it('hour buckets follow the local hour (India +5:30) and DST days are 23 h long', () => {
    const ts = Date.UTC(2025, 0, 1, 10, 50);
    expect(bucketStart(ts, 'hour', 'Asia/Kolkata')).toBe(Date.UTC(2025, 0, 1, 10, 30));
    const berlinDay = bucketStart(Date.UTC(2025, 2, 30, 12), 'day', 'Europe/Berlin');
    expect(bucketEnd(berlinDay, 'day', 'Europe/Berlin') - berlinDay).toBe(23 * H);
  });
});

describe('properties', () => {
  const monotone = fc
    .array(fc.tuple(fc.integer({ min: 1, max: 120 }), fc.double({ min: 0, max: 1000, noNaN: true })), { minLength: 2, maxLength: 60 })
    .chain((steps) => fc.double({ min: 0, max: 1e6, noNaN: true }).map((start) => ({ steps, start })))
    .map(({ steps, start }) => {
      let t = T0 + 7 * 60_000;
      let v = start;
      return steps.map(([dtMin, dv]) => {
        t += dtMin * 60_000;
        v += dv;
        return { ts: t, value: v };
      });
    });

  it('the sum of the deltas of a monotone series equals last − first', () => {
    fc.assert(
      fc.property(monotone, (rs) => {
        const sum = counterDeltas(rs).reduce((s, d) => s + (d.value ?? 0), 0);
        const first = rs[0] as Reading;
        const last = rs[rs.length - 1] as Reading;
        expect(Math.abs(sum - (last.value - first.value))).toBeLessThanOrEqual(1e-9 * Math.max(1, last.value));
      }),
    );
  });

  it('the sum of the intervals equals the interpolated register difference between the first and last boundary', () => {
    fc.assert(
      fc.property(monotone, (rs) => {
        const iv = toIntervals(rs);
        if (iv.length === 0) return;
        const at = (t: number) => {
          const i = rs.findIndex((x) => x.ts >= t);
          const b = rs[i] as Reading;
          if (b.ts === t || i === 0) return b.value;
          const a = rs[i - 1] as Reading;
          return a.value + ((b.value - a.value) * (t - a.ts)) / (b.ts - a.ts);
        };
        const first = (iv[0] as { start: number }).start;
        const end = (iv[iv.length - 1] as { start: number }).start + INTERVAL_MS;
        const sum = iv.reduce((s, x) => s + (x.value ?? 0), 0);
        expect(Math.abs(sum - (at(end) - at(first)))).toBeLessThanOrEqual(1e-7 * Math.max(1, at(end)));
      }),
    );
  });

  it('splitting a series at a reading and recomputing gives the same intervals', () => {
    fc.assert(
      fc.property(monotone, fc.nat(), (rs, k) => {
        const cut = 1 + (k % Math.max(1, rs.length - 1));
        const whole = toIntervals(rs);
        const parts = [...toIntervals(rs.slice(0, cut + 1)), ...toIntervals(rs.slice(cut))];
        const byStart = new Map(parts.map((x) => [x.start, x]));
        // every interval of the whole not straddling the cut reading comes out the same
        const cutTs = (rs[cut] as Reading).ts;
        for (const x of whole) {
          if (x.start < cutTs && x.start + INTERVAL_MS > cutTs) continue;
          const p = byStart.get(x.start);
          expect(p?.status).toBe(x.status);
          expect(Math.abs((p?.value ?? NaN) - (x.value ?? NaN))).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(x.value ?? 0)));
        }
      }),
    );
  });

  it('order and duplicates of the input do not matter', () => {
    fc.assert(
      fc.property(monotone, fc.integer(), (rs, seed) => {
        const shuffled = [...rs, ...rs].sort((a, b) => ((a.ts * 7919 + seed) % 13) - ((b.ts * 7919 + seed) % 13));
        expect(toIntervals(shuffled)).toEqual(toIntervals(rs));
      }),
    );
  });
});
