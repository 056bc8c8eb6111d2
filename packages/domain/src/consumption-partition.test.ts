import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { partitionWeights, weightedSum, type PlacedMeter } from './consumption-partition.js';

const owned = (meters: readonly PlacedMeter[], values: Record<number, number | null>) => {
  const w = partitionWeights(meters);
  return new Map([...w].map(([owner, list]) => [owner, weightedSum(list, (id) => values[id])]));
};

describe('partitionWeights: each child\'s own consumption, shares adding up to the node (DOMAIN §1 ranking)', () => {
  /**
   * Worked example, the demo factory's electricity at project level (issue 11, defect 4: 10kV配电室
   * ranked 100 % and 动力中心 32.2 %). Children: 配电室 (1), 动力中心 (2), 1#厂房 (3, no meter).
   * E-HV 1000 (配电室) → E-T1 600 (配电室) → stamping 580 (配电室);
   *                    → E-T3 370 (动力中心) → office 200, lighting 160 (动力中心);
   *                    E-T1 also → a chiller 15 (动力中心, fed from the 配电室's feeder).
   */
  const meters: PlacedMeter[] = [
    { id: 1, up: null, owner: 1 },
    { id: 2, up: 1, owner: 1 },
    { id: 3, up: 2, owner: 1 },
    { id: 4, up: 1, owner: 2 },
    { id: 5, up: 4, owner: 2 },
    { id: 6, up: 4, owner: 2 },
    { id: 7, up: 2, owner: 2 },
  ];
  const values = { 1: 1000, 2: 600, 3: 580, 4: 370, 5: 200, 6: 160, 7: 15 };

  it('配电室 = 1000 − 370 − 15 = 615 (its loads and the losses of its meters); 动力中心 = 370 + 15 = 385; sum 1000', () => {
    const got = owned(meters, values);
    expect(got.get(1)).toBe(615);
    expect(got.get(2)).toBe(385);
    expect(got.has(3)).toBe(false);
    expect((got.get(1) ?? 0) + (got.get(2) ?? 0)).toBe(1000);
  });

  it('meters sited at the node itself are its unassigned part (owner null)', () => {
    const got = owned(
      [
        { id: 1, up: null, owner: null },
        { id: 2, up: 1, owner: 7 },
        { id: 3, up: 1, owner: 8 },
      ],
      { 1: 100, 2: 50, 3: 45 },
    );
    expect([...got]).toEqual([
      [null, 5],
      [7, 50],
      [8, 45],
    ]);
  });

  it('a meter without a value adds nothing (its owner has no figure from it)', () => {
    expect(owned(meters, { ...values, 7: null }).get(2)).toBe(370);
    expect(weightedSum([{ id: 1, weight: 1 }], () => null)).toBeNull();
  });

  /** A random forest of meters, each parent at least the sum of its children, in random children. */
  const plant = fc
    .array(fc.record({ parent: fc.nat(), owner: fc.option(fc.nat({ max: 4 })), own: fc.integer({ min: 0, max: 1000 }) }), { minLength: 1, maxLength: 40 })
    .map((rows) => {
      // meter i may hang under any earlier meter (or none): parents come first
      const placed: PlacedMeter[] = rows.map((r, i) => ({ id: i + 1, up: i === 0 || r.parent % 3 === 0 ? null : (r.parent % i) + 1, owner: r.owner }));
      const value = new Map<number, number>();
      for (let i = rows.length - 1; i >= 0; i--) {
        const id = i + 1;
        const kids = placed.filter((m) => m.up === id).reduce((s, m) => s + (value.get(m.id) ?? 0), 0);
        // a parent meters its children plus its own loss or load (≥ 0)
        value.set(id, kids + (rows[i]?.own ?? 0));
      }
      return { placed, value };
    });

  it('property: with every parent ≥ Σ its children, each share is ≥ 0 and the shares add up to 100 % of the supplies', () => {
    fc.assert(
      fc.property(plant, ({ placed, value }) => {
        const total = placed.filter((m) => m.up === null).reduce((s, m) => s + (value.get(m.id) ?? 0), 0);
        const parts = [...owned(placed, Object.fromEntries(value)).values()].map((v) => v ?? 0);
        for (const p of parts) expect(p).toBeGreaterThanOrEqual(0);
        const sum = parts.reduce((s, p) => s + p, 0);
        expect(sum).toBe(total);
        if (total > 0) expect((sum / total) * 100).toBeLessThanOrEqual(100);
      }),
    );
  });
});
