import { ENERGY_COUNTER_DATA_ID } from '@ems/contract';
import { DEFAULT_LOSS_TOLERANCE_PCT } from '@ems/domain';
import { attrsOf, numOrNull } from '../common/attrs.js';
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
}

/** The tolerance of a node: its `lossTolerancePct`, else the energy type's default, else {@link FALLBACK_TOLERANCE_PCT}. */
export function toleranceOf(own: number | null, energyType: number): number {
  return own !== null && own >= 0 ? own : (DEFAULT_LOSS_TOLERANCE_PCT[energyType] ?? FALLBACK_TOLERANCE_PCT);
}

/**
 * The counter meters of each energy type as balance trees: a meter's parent is its `parentMeterId`
 * (else its tree parent when that is a meter) when that parent is a meter of the same energy type;
 * otherwise it is a top meter. Children keep the node order. A parent cycle is cut at the meter
 * that closes it.
 */
export function balanceMeters(rows: readonly MeterNodeRow[]): Map<number, BalanceMeter> {
  const ids = new Set(rows.map((r) => r.id));
  const out = new Map<number, BalanceMeter>();
  for (const r of rows) {
    const a = attrsOf(r.attrs);
    const energyType = numOrNull(a.energyType);
    const dataId = energyType === null ? undefined : ENERGY_COUNTER_DATA_ID[energyType];
    if (energyType === null || dataId === undefined) continue;
    const declared = numOrNull(a.parentMeterId);
    const parent = declared ?? (r.parentId !== null && ids.has(r.parentId) ? r.parentId : null);
    out.set(r.id, { id: r.id, name: r.name, code: r.code, energyType, dataId, parent, children: [], tolerancePct: toleranceOf(numOrNull(a.lossTolerancePct), energyType) });
  }
  for (const m of out.values()) {
    const p = m.parent === null ? undefined : out.get(m.parent);
    if (!p || p.energyType !== m.energyType || p.id === m.id) m.parent = null;
  }
  for (const m of out.values()) {
    // a cycle has no top: cut it where the walk comes back
    const seen = new Set<number>([m.id]);
    for (let p = m.parent; p !== null; p = out.get(p)?.parent ?? null) {
      if (seen.has(p)) {
        m.parent = null;
        break;
      }
      seen.add(p);
    }
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
