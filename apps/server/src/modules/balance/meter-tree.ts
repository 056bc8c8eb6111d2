import { DEFAULT_LOSS_TOLERANCE_PCT } from '@ems/domain';
import { meterLinks, meterRowsOf } from '../common/meters.js';
import type { MeterNodeRow } from './repository.js';

/** Tolerance when neither the node nor the domain defaults name one (natural gas, compressed air), % [V]. */
export const FALLBACK_TOLERANCE_PCT = 5;

/** A counter meter of one energy type placed in its balance tree. */
export interface BalanceMeter {
  id: number;
  name: string;
  code: string;
  energyType: number;
  dataId: number;
  /** balance parent among the same energy type's meters, else null */
  parent: number | null;
  children: number[];
  tolerancePct: number;
  /** accuracy class, % (attrs `accuracyClass`, else the energy type's default) */
  accuracyPct: number;
}

/** The tolerance of a node: its `lossTolerancePct`, else the energy type's default, else {@link FALLBACK_TOLERANCE_PCT}. */
export function toleranceOf(own: number | null, energyType: number): number {
  return own !== null && own >= 0 ? own : (DEFAULT_LOSS_TOLERANCE_PCT[energyType] ?? FALLBACK_TOLERANCE_PCT);
}

/**
 * The counter meters of each energy type as balance trees: the project's metering structure
 * (common/meters.ts meterLinks: `parentMeterId`, else the tree parent meter, of the same energy type;
 * a cycle cut; output meters left out), with each meter's children in node order.
 */
export function balanceMeters(rows: readonly MeterNodeRow[]): Map<number, BalanceMeter> {
  const links = meterLinks(meterRowsOf(rows));
  const out = new Map<number, BalanceMeter>();
  for (const r of rows) {
    const m = links.get(r.id);
    if (m === undefined) continue;
    out.set(r.id, { id: r.id, name: r.name, code: r.code, energyType: m.energyType, dataId: m.dataId, parent: m.parent, children: [], tolerancePct: toleranceOf(m.lossTolerancePct, m.energyType), accuracyPct: m.accuracyPct });
  }
  for (const m of out.values()) if (m.parent !== null) out.get(m.parent)?.children.push(m.id);
  return out;
}

/** The meters of one energy type depth-first from the top meters, each with its depth. */
export function treeOrder(meters: ReadonlyMap<number, BalanceMeter>, energyType: number): { meter: BalanceMeter; depth: number }[] {
  const out: { meter: BalanceMeter; depth: number }[] = [];
  const visit = (m: BalanceMeter, depth: number) => {
    out.push({ meter: m, depth });
    for (const c of m.children) {
      const child = meters.get(c);
      if (child) visit(child, depth + 1);
    }
  };
  for (const m of meters.values()) if (m.energyType === energyType && m.parent === null) visit(m, 0);
  return out;
}
