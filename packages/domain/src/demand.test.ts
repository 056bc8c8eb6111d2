import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEMAND_THRESHOLDS,
  blockDemand,
  classifyDemand,
  demandEvents,
  headroomKw,
  maxDemand,
  powerFromEnergy,
  predictDemand,
  slidingDemand,
  type DemandValue,
} from './demand.js';

const MIN = 60_000;
const T0 = Date.UTC(2025, 5, 10, 2, 0); // 10:00 in Shanghai, a clock quarter
const minutes = (kws: (number | null)[], t0 = T0, step = MIN) => kws.map((kw, i) => ({ ts: t0 + i * step, kw }));

describe('blockDemand: average kW of each clock 15-min block (DOMAIN §4)', () => {
  it('14 minutes at 1 000 kW and one at 1 150: (14 000 + 1 150) / 15 = 1 010 kW', () => {
    const d = blockDemand(minutes([...Array<number>(14).fill(1000), 1150]));
    expect(d).toEqual([{ start: T0, end: T0 + 15 * MIN, kw: 1010 }]);
  });
  it('a block missing a minute is null (a gap never lowers the MD)', () => {
    const kws = [...Array<number>(15).fill(1000), ...Array<number>(14).fill(1200), null];
    expect(blockDemand(minutes(kws)).map((b) => b.kw)).toEqual([1000, null]);
  });
  it('from 5-min samples: 3 per block', () => expect(blockDemand(minutes([900, 1200, 1500], T0, 5 * MIN), 5 * MIN)[0]?.kw).toBe(1200));
});

describe('powerFromEnergy: interval kWh / hours', () => {
  it('2.5 kWh in 1 min = 150 kW; 25 kWh in 15 min = 100 kW', () => {
    expect(powerFromEnergy([{ start: T0, kwh: 2.5 }], MIN)[0]?.kw).toBeCloseTo(150, 9);
    expect(powerFromEnergy([{ start: T0, kwh: 25 }, { start: T0 + 15 * MIN, kwh: null }], 15 * MIN).map((p) => p.kw)).toEqual([100, null]);
  });
});

describe('slidingDemand: mean of the last n subintervals', () => {
  it('3 × 5 min: 900, 1 200, 1 500, 600 → windows ending 10:15 = 1 200, 10:20 = 1 100', () => {
    // (900 + 1 200 + 1 500) / 3 = 1 200; (1 200 + 1 500 + 600) / 3 = 1 100
    expect(slidingDemand(minutes([900, 1200, 1500, 600], T0, 5 * MIN), 5 * MIN)).toEqual([
      { start: T0, end: T0 + 15 * MIN, kw: 1200 },
      { start: T0 + 5 * MIN, end: T0 + 20 * MIN, kw: 1100 },
    ]);
  });
  it('a peak across a block boundary: blocks see 900 and 900, the sliding window sees 1 200', () => {
    // 600, 600, 1 500 | 1 500, 600, 600: blocks (600+600+1500)/3 = 900 twice; sliding (600+1500+1500)/3 = 1 200
    const subs = minutes([600, 600, 1500, 1500, 600, 600], T0, 5 * MIN);
    expect(blockDemand(subs, 5 * MIN).map((b) => b.kw)).toEqual([900, 900]);
    expect(maxDemand(slidingDemand(subs, 5 * MIN))?.kw).toBe(1200);
  });
  it('1-min subintervals default to n = 15; a missing minute suppresses the windows that contain it', () => {
    const kws: (number | null)[] = Array.from({ length: 20 }, () => 1000);
    kws[16] = null;
    // windows end after minute 14 and 15 (both complete); 16–19 contain the gap (16–30 would be needed)
    expect(slidingDemand(minutes(kws), MIN).map((w) => (w.end - T0) / MIN)).toEqual([15, 16]);
  });
});

describe('predictDemand: D̂ = (E_elapsed + P_now × t_remaining × k) / T', () => {
  it('6 of 15 min, 120 kWh so far, 1 300 kW now: (120 + 1 300 × 0.15 h) / 0.25 h = 1 260 kW', () =>
    expect(predictDemand({ elapsedKwh: 120, nowKw: 1300, elapsedMs: 6 * MIN })).toBeCloseTo(1260, 9));
  it('with k = 1.1: (120 + 195 × 1.1) / 0.25 = 1 338 kW', () => expect(predictDemand({ elapsedKwh: 120, nowKw: 1300, elapsedMs: 6 * MIN, k: 1.1 })).toBeCloseTo(1338, 9));
  it('at the end of the window the prediction is the actual demand: 300 kWh / 0.25 h = 1 200 kW', () =>
    expect(predictDemand({ elapsedKwh: 300, nowKw: 5000, elapsedMs: 15 * MIN })).toBeCloseTo(1200, 9));
});

describe('maxDemand: the month MD with its timestamp', () => {
  it('the highest window, the earliest on a tie; null windows ignored', () => {
    const d: DemandValue[] = [
      { start: 0, end: 1, kw: 900 },
      { start: 1, end: 2, kw: 1250 },
      { start: 2, end: 3, kw: null },
      { start: 3, end: 4, kw: 1250 },
    ];
    expect(maxDemand(d)).toEqual({ start: 1, end: 2, kw: 1250 });
    expect(maxDemand([])).toBeNull();
  });
});

describe('classifyDemand: pre-alarm on D̂ ≥ 90 %, over-limit above the contract, penalty above 105 % (DOMAIN §4)', () => {
  it.each([
    ['850 kW, no prediction: normal', 850, null, 'normal'],
    ['800 kW now but D̂ 920 ≥ 900: pre-alarm', 800, 920, 'preAlarm'],
    ['exactly the contract 1 000 is not over it: pre-alarm', 1000, null, 'preAlarm'],
    ['1 001 kW: over-limit', 1001, null, 'overLimit'],
    ['1 050 kW (105 %) is still over-limit', 1050, null, 'overLimit'],
    ['1 051 kW: penalty', 1051, null, 'penalty'],
  ] as const)('%s', (_rule, demandKw, predictedKw, level) => expect(classifyDemand({ demandKw, predictedKw }, 1000)).toBe(level));
  it('thresholds are data: with pre-alarm at 95 %, D̂ 920 is normal', () =>
    expect(classifyDemand({ demandKw: 800, predictedKw: 920 }, 1000, { ...DEFAULT_DEMAND_THRESHOLDS, preAlarmRatio: 0.95 })).toBe('normal'));
});

describe('demandEvents: start, peak, duration, excess kW × price', () => {
  it('contract 1 000 kW at ¥38/kW: two events', () => {
    const Q = 15 * MIN;
    const blocks: DemandValue[] = [900, 1020, 1080, 990, 1010, null, 1030].map((kw, i) => ({ start: i * Q, end: (i + 1) * Q, kw }));
    // blocks 1–2: 15→45 min, peak 1 080 (> 1 050: penalty), excess 80 × 38 = 3 040.00
    // block 4: 1 010, over-limit, excess 10 × 38 = 380.00; block 6 after a gap: 1 030, 30 × 38 = 1 140.00
    expect(demandEvents(blocks, 1000, 38)).toEqual([
      { start: Q, end: 3 * Q, durationMs: 2 * Q, peakKw: 1080, peakAt: 3 * Q, level: 'penalty', excessKw: 80, excessFen: 304000 },
      { start: 4 * Q, end: 5 * Q, durationMs: Q, peakKw: 1010, peakAt: 5 * Q, level: 'overLimit', excessKw: 10, excessFen: 38000 },
      { start: 6 * Q, end: 7 * Q, durationMs: Q, peakKw: 1030, peakAt: 7 * Q, level: 'overLimit', excessKw: 30, excessFen: 114000 },
    ]);
  });
  it('overlapping sliding windows above the contract form one event', () => {
    const w = slidingDemand(minutes([900, 1200, 1500, 1200, 600], T0, 5 * MIN), 5 * MIN);
    // windows: 1 200 (ends 10:15), 1 300 (10:20), 1 100 (10:25) → one event 10:00–10:25, peak 1 300 at 10:20
    const e = demandEvents(w, 1000, '38');
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ start: T0, end: T0 + 25 * MIN, peakKw: 1300, peakAt: T0 + 20 * MIN, level: 'penalty', excessFen: 1140000 });
  });
});

describe('headroomKw', () => {
  it('contract 1 000 − demand 870 = 130 kW; over the contract it is negative', () => {
    expect(headroomKw(1000, 870)).toBe(130);
    expect(headroomKw(1000, 1040)).toBe(-40);
  });
});
