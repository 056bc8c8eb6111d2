/**
 * A node's consumption shared among its child nodes (DOMAIN §1 "Ranking … with % share of the
 * parent"), so that the shares add up to the node's total and never past it.
 *
 * The meters of one energy type in the node's subtree form chains (each meter under its nearest
 * ancestor meter in the subtree). A child node owns the meters sited in its subtree. Energy enters a
 * child through its boundary meters — those whose parent meter is outside the child (or that have
 * none) — and leaves it where a boundary meter of another child (or of the node itself) hangs under
 * one of its meters. A child's own consumption is what enters it less what leaves it to another
 * child: each unit counts in one child only, at the most specific meter that measures it, and a
 * distribution meter's loss (parent − Σ children) stays with the child that holds that meter.
 * Meters sited at the node itself, outside every child, make the node's unassigned part.
 */

/** A meter of the node's subtree placed for the partition. */
export interface PlacedMeter {
  id: number;
  /** the nearest meter up the parent chain that is in the node's subtree; null: a supply of the node */
  up: number | null;
  /** the child node holding the meter; null: sited at the node itself */
  owner: number | null;
}

/** One meter's part in an owner's figure: its value added (+1) or taken off (−1). */
export interface WeightedMeter {
  id: number;
  weight: 1 | -1;
}

/**
 * Per owner (a child's id, null for the node itself), the meters whose signed sum is its own
 * consumption: +1 for each boundary meter sited in it, −1 for each boundary meter of another owner
 * hanging directly under one of its meters. Linear, so it applies to any figure of the meters
 * (a period's total, each bucket, a reference period). The owners' sums add up to the Σ of the
 * supplies (up null). Owners without a boundary meter are absent.
 */
export function partitionWeights(meters: readonly PlacedMeter[]): Map<number | null, WeightedMeter[]> {
  const byId = new Map(meters.map((m) => [m.id, m]));
  const out = new Map<number | null, WeightedMeter[]>();
  const add = (owner: number | null, w: WeightedMeter) => {
    const list = out.get(owner);
    if (list) list.push(w);
    else out.set(owner, [w]);
  };
  for (const m of meters) {
    const up = m.up === null ? undefined : byId.get(m.up);
    if (up !== undefined && up.owner === m.owner) continue;
    add(m.owner, { id: m.id, weight: 1 });
    if (up !== undefined) add(up.owner, { id: m.id, weight: -1 });
  }
  return out;
}

/** Σ weight × value over the meters; null when none of them has a value. */
export function weightedSum(weights: readonly WeightedMeter[], value: (id: number) => number | null | undefined): number | null {
  let total: number | null = null;
  for (const w of weights) {
    const v = value(w.id);
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    total = (total ?? 0) + w.weight * v;
  }
  return total;
}
