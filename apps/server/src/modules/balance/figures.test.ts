import { describe, expect, it } from 'vitest';
import { detectStep } from './figures.js';
import { balanceMeters, treeOrder } from './meter-tree.js';
import { nightSegments } from './night.js';

const DAY = 86_400_000;
const series = (rates: (number | null)[]) => rates.map((lossRatePct, i) => ({ time: i * DAY, lossRatePct }));

describe('detectStep: a level shift of the daily λ (DOMAIN §2, leak or bypass)', () => {
  it.each([
    { name: 'flat 3 % with noise: no step', rates: [3, 3.2, 2.8, 3.1, 2.9, 3, 3.2, 2.8], time: null },
    { name: 'a leak from day 4: 3 → 9 %', rates: [3, 3.2, 2.8, 9, 9.2, 8.8, 9.1], time: 3 * DAY },
    { name: 'a fixed leak: 9 → 3 % (negative step)', rates: [9, 9, 9, 9, 3, 3, 3], time: 4 * DAY },
    { name: 'under 2 points: not a step', rates: [3, 3, 3, 4.5, 4.5, 4.5], time: null },
    { name: 'noisy days hide a small shift', rates: [1, 6, 1, 6, 4, 9, 4, 9], time: null },
    { name: 'fewer than 3 rated days on one side', rates: [3, 3, 9, 9, 9], time: null },
    { name: 'days without a rate are skipped', rates: [3, null, 3, 3, null, 9, 9, 9], time: 5 * DAY },
  ])('$name', ({ rates, time }) => {
    expect(detectStep(series(rates))?.time ?? null).toBe(time);
  });

  it('reports the means on each side', () => {
    expect(detectStep(series([2, 4, 3, 10, 10, 10]))).toEqual({ time: 3 * DAY, beforePct: 3, afterPct: 10, deltaPct: 7 });
  });
});

describe('nightSegments: spans of one UTC offset', () => {
  it('Shanghai: one span at +8 h', () => {
    const d0 = Date.UTC(2025, 2, 1) - 8 * 3_600_000;
    const days = [0, 1, 2].map((i) => d0 + i * DAY);
    expect(nightSegments(days, d0 + 3 * DAY, 'Asia/Shanghai')).toEqual([{ from: d0, to: d0 + 3 * DAY, offsetMs: 8 * 3_600_000 }]);
  });

  it('Berlin across the spring change (30 March 2025): +1 h, then +2 h', () => {
    const d29 = Date.UTC(2025, 2, 28, 23);
    const d30 = Date.UTC(2025, 2, 29, 23);
    const d31 = Date.UTC(2025, 2, 30, 22);
    const end = Date.UTC(2025, 2, 31, 22);
    expect(nightSegments([d29, d30, d31], end, 'Europe/Berlin')).toEqual([
      { from: d29, to: d31, offsetMs: 3_600_000 },
      { from: d31, to: end, offsetMs: 7_200_000 },
    ]);
  });
});

describe('balanceMeters: the balance tree of each energy type', () => {
  const row = (id: number, attrs: Record<string, unknown>, parentId: number | null = null) => ({ id, parentId, name: `m${id}`, code: `M${id}`, attrs: JSON.stringify(attrs) });

  it('parentMeterId, else the tree parent meter; a parent of another energy type or a cycle makes a top meter', () => {
    const m = balanceMeters([
      row(1, { energyType: 2 }),
      row(2, { energyType: 2, parentMeterId: 1, lossTolerancePct: 3 }),
      row(3, { energyType: 2 }, 2),
      row(4, { energyType: 3, parentMeterId: 1 }),
      row(5, { energyType: 2, parentMeterId: 6 }),
      row(6, { energyType: 2, parentMeterId: 5 }),
      row(7, { energyType: 19 }),
    ]);
    expect([...m.values()].map((x) => [x.id, x.parent, x.children, x.tolerancePct])).toEqual([
      [1, null, [2], 5],
      [2, 1, [3], 3],
      [3, 2, [], 5],
      [4, null, [], 8],
      [5, null, [6], 5],
      [6, 5, [], 5],
    ]);
    expect(treeOrder(m, 2).map((o) => [o.meter.id, o.depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [5, 0],
      [6, 1],
    ]);
  });
});
