import { describe, expect, it } from 'vitest';
import { compare, efficiencyGrade, gradeBoundsOrdered, holdsWithHysteresis, lossRatePercent, monthEndProjection, newTrack, ruleHolds, slidingDemand, step } from './logic.js';

const MIN = 60_000;

describe('comparison codes (spec section 4: 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=)', () => {
  it.each([
    [1, 41, 40, true],
    [1, 40, 40, false],
    [2, 39, 40, true],
    [3, 40, 40, true],
    [4, 40, 40, true],
    [5, 40.1, 40, false],
    [6, 40, 40, false],
    [9, 40, 40, false],
  ])('code %i: %d against %d is %s', (op, v, limit, want) => expect(compare(op, v, limit)).toBe(want));

  it('combinators: 1 and, 2 or; an unknown value fails its condition', () => {
    const conditions = [
      { dataId: 18, operator: 1, limit: 40 },
      { dataId: 19, operator: 4, limit: 90 },
    ];
    const values = new Map([[18, 45]]);
    expect(ruleHolds(conditions, 1, values)).toBe(false);
    expect(ruleHolds(conditions, 2, values)).toBe(true);
    expect(ruleHolds(conditions, 1, new Map([...values, [19, 95]]))).toBe(true);
  });
});

describe('hysteresis: the limit moves back inside by the hysteresis while an event is active', () => {
  it.each([
    [1, 39.5, 40, 1, true],
    [1, 38.9, 40, 1, false],
    [2, 10.5, 10, 1, true],
    [2, 11.1, 10, 1, false],
    [3, 40, 40, 5, true],
  ])('code %i: %d against %d with %d still holds: %s', (op, v, limit, h, want) => expect(holdsWithHysteresis(op, v, limit, h)).toBe(want));
});

describe('limit state: minimum duration and hysteresis', () => {
  it('raises once after the minimum duration, reports worse values, finishes once back inside', () => {
    const s = newTrack();
    const go = (ts: number, v: number) => step(s, ts, v > 40, v > 39, 2 * MIN, v, 1).kind;
    expect([go(0, 41), go(MIN, 41.2), go(2 * MIN, 40.5), go(3 * MIN, 42), go(4 * MIN, 39.5), go(5 * MIN, 41), go(6 * MIN, 38)]).toEqual(['none', 'none', 'raise', 'worse', 'none', 'none', 'finish']);
  });

  it('a break before the minimum duration starts the wait again', () => {
    const s = newTrack();
    const go = (ts: number, v: number) => step(s, ts, v > 40, v > 39, 2 * MIN, v, 1).kind;
    expect([go(0, 41), go(MIN, 39), go(2 * MIN, 41), go(3 * MIN, 41), go(4 * MIN, 41)]).toEqual(['none', 'none', 'none', 'none', 'raise']);
  });
});

describe('sliding-window demand (DOMAIN.md §4)', () => {
  const o = { n: 15, subMs: MIN, k: 1 };
  it('window demand is the mean of the complete subintervals; the forecast puts the newest power in the closing one', () => {
    const samples = Array.from({ length: 15 }, (_, i) => ({ ts: i * MIN, value: i < 10 ? 1000 : 1300 }));
    const r = slidingDemand(samples, 15 * MIN, 1600, o);
    expect(r.demandKw).toBeCloseTo((10 * 1000 + 5 * 1300) / 15, 9);
    // the window closing at 16 min: subintervals 1..14 and the current one at 1600 kW
    expect(r.forecastKw).toBeCloseTo((9 * 1000 + 5 * 1300 + 1600) / 15, 9);
  });

  it('the prediction factor k scales the current subinterval; no samples: no window demand', () => {
    expect(slidingDemand([], 0, 500, { ...o, k: 1.2 })).toEqual({ demandKw: null, forecastKw: 600 });
  });
});

describe('balance and quota', () => {
  it('loss rate λ = (parent − Σ children) / parent × 100; negative when the children exceed the parent; null for a zero parent', () => {
    expect(lossRatePercent(100, [40, 40])).toBe(20);
    expect(lossRatePercent(100, [60, 50])).toBe(-10);
    expect(lossRatePercent(0, [1])).toBeNull();
  });

  it('month-end projection by elapsed time, none in the first day', () => {
    const day = 86_400_000;
    expect(monthEndProjection(1000, 0, 30 * day, 10 * day)).toBe(3000);
    expect(monthEndProjection(1000, 0, 30 * day, day / 2)).toBeNull();
  });
});

describe('efficiency grade (709)', () => {
  it('COP against falling bounds, specific power against rising bounds; past the last bound, the grade after it', () => {
    expect([5.2, 5, 4.99, 4, 3.2, 2.9].map((v) => efficiencyGrade(v, [5, 4, 3], 'cop'))).toEqual([1, 1, 2, 2, 3, 4]);
    expect([5.8, 6.2, 6.5, 7.9, 8.1].map((v) => efficiencyGrade(v, [6.2, 7, 7.8], 'specificPower'))).toEqual([1, 1, 2, 4, 4]);
  });
  it('bounds must run from the best grade to the worst', () => {
    expect([gradeBoundsOrdered([5, 4, 3], 'cop'), gradeBoundsOrdered([3, 4], 'cop'), gradeBoundsOrdered([4, 4], 'cop')]).toEqual([true, false, false]);
    expect([gradeBoundsOrdered([6, 7], 'specificPower'), gradeBoundsOrdered([7, 6], 'specificPower'), gradeBoundsOrdered([6], 'specificPower')]).toEqual([true, false, true]);
  });
});
