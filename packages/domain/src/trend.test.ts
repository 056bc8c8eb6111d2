import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assignYAxes,
  differenceView,
  mergeTrendRows,
  minZoomSpanFraction,
  rawMarkSpans,
  trendSeriesName,
  trendStats,
  trendValue,
  type TrendPoint,
} from './trend.js';

const H = 3_600_000;
const pts = (values: (number | null)[], statuses: number[] = []): TrendPoint[] => values.map((value, i) => ({ time: i * H, value, status: statuses[i] ?? 0 }));
const values = (points: TrendPoint[]) => points.map((p) => p.value);

describe("spec 4: difference view — each point becomes next value minus this one, last point 0", () => {
  it.each<[string, (number | null)[], (number | null)[]]>([
    ['rising counter', [10, 12, 15, 15], [2, 3, 0, 0]],
    ['falling values give negatives', [5, 3], [-2, 0]],
    ['single point', [7], [0]],
    ['no points', [], []],
    ['a missing value makes both neighbouring differences missing', [1, null, 4, 6], [null, null, 2, 0]],
    ['the -- sentinel counts as missing', [1, 2147483648, 3], [null, null, 0]],
  ])('%s', (_, input, expected) => expect(values(differenceView(pts(input)))).toEqual(expected));
  it('keeps time and status', () => {
    const out = differenceView(pts([1, 2], [3, 0]));
    expect(out.map((p) => [p.time, p.status])).toEqual([
      [0, 3],
      [H, 0],
    ]);
  });
});

describe('spec 4: raw-mark areas run from a point with status 3 to the next point with status 0', () => {
  it.each<[string, number[], [number, number][]]>([
    ['one closed mark', [0, 3, 1, 0, 0], [[1, 3]]],
    ['two marks', [3, 0, 3, 0], [
      [0, 1],
      [2, 3],
    ]],
    ['repeated status 3 inside a mark does not restart it', [3, 3, 0], [[0, 2]]],
    ['open-ended to the last point', [0, 3, 1, 1], [[1, 3]]],
    ['status 3 on the last point gives a zero-width mark', [0, 0, 3], [[2, 2]]],
    ['no status 3, no mark', [0, 1, 2], []],
  ])('%s', (_, statuses, spans) => {
    expect(rawMarkSpans(pts(statuses.map(() => 1), statuses))).toEqual(spans.map(([s, e]) => ({ start: s * H, end: e * H })));
  });
});

describe('spec 4: max/min/average ignore missing values and the -- sentinels ±2147483648', () => {
  it.each<[string, (number | null)[], { max: [number, number] | null; min: [number, number] | null; average: number | null }]>([
    ['plain', [1, 5, 3], { max: [1, 5], min: [0, 1], average: 3 }],
    ['sentinels and null ignored', [2147483648, 4, null, -2147483648, 2], { max: [1, 4], min: [4, 2], average: 3 }],
    ['first occurrence of a tie', [2, 2], { max: [0, 2], min: [0, 2], average: 2 }],
    ['nothing to measure', [null, -2147483648], { max: null, min: null, average: null }],
  ])('%s', (_, input, want) => {
    const s = trendStats(pts(input));
    const at = (e: [number, number] | null) => (e ? { time: e[0] * H, value: e[1] } : null);
    expect(s).toEqual({ max: at(want.max), min: at(want.min), average: want.average });
  });
  it('trendValue: only finite non-sentinel numbers', () => {
    expect([trendValue(1.5), trendValue(null), trendValue(undefined), trendValue(Number.NaN), trendValue(Infinity), trendValue(-2147483648)]).toEqual([1.5, null, null, null, null, null]);
  });
});

describe('spec 3: one y axis per unit, yIndex by first appearance of the unit', () => {
  it.each<[string, string[], string[], number[]]>([
    ['one unit', ['kW', 'kW'], ['kW'], [0, 0]],
    ['units in order of first appearance', ['kW', 'kWh', 'kW', '℃', 'kWh'], ['kW', 'kWh', '℃'], [0, 1, 0, 2, 1]],
    ['an empty unit is a unit too', ['', 'A'], ['', 'A'], [0, 1]],
    ['no lines', [], [], []],
  ])('%s', (_, units, axes, yIndex) => expect(assignYAxes(units.map((unit) => ({ unit })))).toEqual({ units: axes, yIndex }));
});

describe('spec 9: minimum zoom span 1 hour', () => {
  it.each([
    ['a day', 0, 24 * H, 1 / 24],
    ['a week', 0, 7 * 24 * H, 1 / 168],
    ['exactly an hour', 0, H, 1],
    ['shorter than an hour', 0, H / 2, 1],
    ['empty range', 5, 5, 1],
  ])('%s', (_, s, e, fraction) => expect(minZoomSpanFraction(s, e)).toBeCloseTo(fraction, 12));
});

describe('trend table: rows of several lines merged on time', () => {
  it('union of times, ascending, null where a line has no point, sentinels null', () => {
    const a: TrendPoint[] = [
      { time: 2 * H, value: 1, status: 0 },
      { time: 0, value: 2, status: 0 },
    ];
    const b: TrendPoint[] = [
      { time: H, value: -2147483648, status: 0 },
      { time: 2 * H, value: 5, status: 0 },
    ];
    expect(mergeTrendRows([a, b])).toEqual([
      { time: 0, values: [2, null] },
      { time: H, values: [null, null] },
      { time: 2 * H, values: [1, 5] },
    ]);
  });
  it('later duplicate time wins; no lines give no rows', () => {
    expect(mergeTrendRows([pts([1]).concat({ time: 0, value: 9, status: 0 })])).toEqual([{ time: 0, values: [9] }]);
    expect(mergeTrendRows([])).toEqual([]);
  });
  it('property: one row per distinct time, every value found in its row', () => {
    const line = fc.array(fc.record({ time: fc.integer({ min: 0, max: 50 }), value: fc.option(fc.integer()), status: fc.constant(0) }), { maxLength: 30 });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 4 }), (lines) => {
        const rows = mergeTrendRows(lines);
        const times = new Set(lines.flat().map((p) => p.time));
        expect(rows.map((r) => r.time)).toEqual([...times].sort((x, y) => x - y));
        lines.forEach((l, k) => {
          const lastAt = new Map(l.map((p) => [p.time, p.value]));
          for (const [time, value] of lastAt) expect(rows.find((r) => r.time === time)?.values[k]).toBe(trendValue(value));
        });
      }),
    );
  });
});

describe('spec 4: legend shows device - data point', () => {
  it('joins with a spaced dash', () => expect(trendSeriesName({ deviceName: '1#空压机', dataName: '有功功率' })).toBe('1#空压机 - 有功功率'));
});
