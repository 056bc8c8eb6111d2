import { describe, expect, it } from 'vitest';
import {
  addIntervals,
  compareByCode,
  emptyTotals,
  expressionHolds,
  meanKwFromKwh,
  stateOf,
  touPriceAt,
  touPricer,
  wasteCost,
  type StateDefinition,
  type StateInterval,
  type ValueOf,
} from './equipment-state.js';
import { EXAMPLE_PERIOD_CALENDAR, EXAMPLE_TOU_PRICES } from './tariff.js';

const P = 3; // active power
const T = 18; // temperature
const C = 7; // the compressor
const SENSOR = 9;
const values = (m: Record<string, number>): ValueOf => (d, id) => m[`${d}:${id}`];

/** A 110 kW screw compressor: loaded ≥ 60 kW; unloaded-running 5–60 kW; stopped ≤ 5 kW (mean power of the interval). */
const COMPRESSOR: StateDefinition = {
  running: { combinator: 1, conditions: [{ deviceId: C, dataId: P, operator: 4, limit: 60 }] },
  standby: { combinator: 1, conditions: [{ deviceId: C, dataId: P, operator: 1, limit: 5 }, { deviceId: C, dataId: P, operator: 2, limit: 60 }] },
  stopped: { combinator: 1, conditions: [{ deviceId: C, dataId: P, operator: 5, limit: 5 }] },
};

describe('comparison codes (spec section 4: 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=)', () => {
  it.each([
    [1, 5, 4, true],
    [1, 4, 4, false],
    [2, 3, 4, true],
    [2, 4, 4, false],
    [3, 4, 4, true],
    [3, 4.1, 4, false],
    [4, 4, 4, true],
    [4, 3.9, 4, false],
    [5, 4, 4, true],
    [5, 4.1, 4, false],
    [6, 4.1, 4, true],
    [6, 4, 4, false],
    [7, 4, 4, false],
  ])('code %i: %d against %d → %s', (op, v, limit, expected) => expect(compareByCode(op, v, limit)).toBe(expected));
});

describe('expressions in three-valued logic (combinators 1 and, 2 or)', () => {
  const hot = { deviceId: SENSOR, dataId: T, operator: 1, limit: 30 };
  const on = { deviceId: C, dataId: P, operator: 1, limit: 5 };
  it('and: 80 kW and 32 °C → true; 80 kW and 28 °C → false', () => {
    expect(expressionHolds({ combinator: 1, conditions: [on, hot] }, values({ '7:3': 80, '9:18': 32 }))).toBe(true);
    expect(expressionHolds({ combinator: 1, conditions: [on, hot] }, values({ '7:3': 80, '9:18': 28 }))).toBe(false);
  });
  it('and with a missing value: unknown unless a known condition is false', () => {
    expect(expressionHolds({ combinator: 1, conditions: [on, hot] }, values({ '7:3': 80 }))).toBeNull();
    expect(expressionHolds({ combinator: 1, conditions: [on, hot] }, values({ '7:3': 2 }))).toBe(false);
  });
  it('or with a missing value: unknown unless a known condition is true', () => {
    expect(expressionHolds({ combinator: 2, conditions: [on, hot] }, values({ '7:3': 80 }))).toBe(true);
    expect(expressionHolds({ combinator: 2, conditions: [on, hot] }, values({ '7:3': 2 }))).toBeNull();
    expect(expressionHolds({ combinator: 2, conditions: [on, hot] }, values({ '7:3': 2, '9:18': 20 }))).toBe(false);
  });
  it('an expression without conditions never holds', () => expect(expressionHolds({ combinator: 1, conditions: [] }, values({}))).toBe(false));
});

describe('state of an interval: precedence running > standby > stopped, unknown on missing data', () => {
  it.each([
    [26.5 * 4, 'running'], // 26.5 kWh in 15 min = 106 kW: loaded
    [8 * 4 * 0.25 * 4, 'standby'], // 32 kW: unloaded, motor running
    [1, 'stopped'],
    [60, 'running'], // the boundary 60 kW is loaded (≥)
    [5, 'stopped'], // 5 kW is stopped (≤), not standby (>)
  ])('%d kW → %s', (kw, state) => expect(stateOf(COMPRESSOR, values({ '7:3': kw }))).toBe(state));
  it('no power reading → unknown', () => expect(stateOf(COMPRESSOR, values({}))).toBe('unknown'));
  it('overlapping definitions: the state first in precedence wins', () => {
    const overlap: StateDefinition = { running: { combinator: 1, conditions: [{ deviceId: C, dataId: P, operator: 1, limit: 10 }] }, standby: { combinator: 1, conditions: [{ deviceId: C, dataId: P, operator: 1, limit: 0 }] } };
    expect(stateOf(overlap, values({ '7:3': 50 }))).toBe('running');
    expect(stateOf(overlap, values({ '7:3': 5 }))).toBe('standby');
    expect(stateOf(overlap, values({ '7:3': 0 }))).toBe('unknown'); // no state holds
  });
  it('a running expression that cannot be decided makes the interval unknown even if standby holds', () => {
    const def: StateDefinition = {
      running: { combinator: 1, conditions: [{ deviceId: C, dataId: P, operator: 1, limit: 10 }, { deviceId: SENSOR, dataId: T, operator: 1, limit: 30 }] },
      standby: { combinator: 1, conditions: [{ deviceId: C, dataId: P, operator: 1, limit: 0 }] },
    };
    expect(stateOf(def, values({ '7:3': 50 }))).toBe('unknown');
    expect(stateOf(def, values({ '7:3': 5 }))).toBe('standby'); // running is false whatever the temperature
  });
});

describe('hours and kWh per state', () => {
  it('mean kW of a 15-min interval is kWh × 4; of an hour, kWh', () => {
    expect(meanKwFromKwh(26.5, 900_000)).toBeCloseTo(106, 12);
    expect(meanKwFromKwh(26.5, 3_600_000)).toBeCloseTo(26.5, 12);
  });
  it('worked example: 4 intervals of 15 min — loaded 26.5 kWh, unloaded 8 kWh, stopped 0.2 kWh, missing', () => {
    const intervals: StateInterval[] = [
      { start: 0, kwh: 26.5, state: 'running' },
      { start: 900_000, kwh: 8, state: 'standby' },
      { start: 1_800_000, kwh: 0.2, state: 'stopped' },
      { start: 2_700_000, kwh: null, state: 'unknown' },
    ];
    const t = addIntervals(emptyTotals(), intervals, 900_000);
    expect(t.hours).toEqual({ running: 0.25, standby: 0.25, stopped: 0.25, unknown: 0.25 });
    expect(t.kwh.running + t.kwh.standby + t.kwh.stopped + t.kwh.unknown).toBeCloseTo(34.7, 12);
  });
});

describe('idle waste priced at the time-of-use tariff (DOMAIN §3 periods)', () => {
  // 2025-03-10 in Asia/Shanghai: 09:00 is peak (1.00), 03:00 valley (0.25), 12:00 flat (0.60)
  const at = (h: number, m = 0) => Date.UTC(2025, 2, 10, h - 8, m);
  const versions = [{ effectiveFrom: '2025-01-01', calendar: EXAMPLE_PERIOD_CALENDAR, touPrices: EXAMPLE_TOU_PRICES }];
  it('the price of an interval is its period price of the version in force; none before the first version', () => {
    expect(touPriceAt(versions, at(9), 'Asia/Shanghai')).toBe(1);
    expect(touPriceAt(versions, at(3), 'Asia/Shanghai')).toBe(0.25);
    expect(touPriceAt(versions, at(12), 'Asia/Shanghai')).toBe(0.6);
    expect(touPriceAt(versions, Date.UTC(2024, 11, 31, 12), 'Asia/Shanghai')).toBeNull();
  });
  it('worked example: standby 8 kWh at peak + stopped 0.4 kWh in the valley + running 26.5 kWh (not waste) → 8.4 kWh, ¥8.10', () => {
    const w = wasteCost(
      [
        { start: at(9), kwh: 8, state: 'standby' },
        { start: at(3), kwh: 0.4, state: 'stopped' },
        { start: at(12), kwh: 26.5, state: 'running' },
        { start: at(12, 15), kwh: null, state: 'standby' },
      ],
      touPricer(versions, 'Asia/Shanghai'),
    );
    expect(w.kwh).toBeCloseTo(8.4, 12);
    expect(w.yuan).toBeCloseTo(8 * 1 + 0.4 * 0.25, 12);
    expect(w.unpricedKwh).toBe(0);
  });
  it('kWh before any tariff version are counted but not priced', () => {
    const w = wasteCost([{ start: Date.UTC(2024, 11, 31, 12), kwh: 3, state: 'standby' }], touPricer(versions, 'Asia/Shanghai'));
    expect(w).toEqual({ kwh: 3, yuan: 0, unpricedKwh: 3 });
  });
});
