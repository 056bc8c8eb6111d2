import type { FlowGraph, FlowLinkKindT, FlowNodeT } from '@ems/contract';
import { NO_VALUE, formatNumber } from '@ems/domain';

/** Names of the nodes that carry none of their own. */
export interface FlowNames {
  supply: string;
  loss: string;
  unmetered: string;
}

/** A node as the page names it: the meter; 'Loss · parent'; 'Unmetered · parent'; the joined supply. */
export function nodeName(n: FlowNodeT | undefined, names: FlowNames): string {
  if (!n) return '';
  if (n.kind === 'supply') return names.supply;
  if (n.kind === 'loss') return `${names.loss} · ${n.name}`;
  if (n.kind === 'unmetered') return `${names.unmetered} · ${n.name}`;
  return n.name;
}

/** '12.34%', or '--' without a value. */
export const formatPct = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? NO_VALUE : `${formatNumber(v, 2)}%`);

/** A row of the flow table (the export's rows: one per link, tree order). */
export interface FlowRow {
  key: string;
  from: string;
  to: string;
  kind: FlowLinkKindT;
  value: number;
  sharePct: number | null;
  supplySharePct: number | null;
  /** λ of the parent for a loss or unmetered branch, of the receiving meter for a flow into a parent */
  lossRatePct: number | null;
}

export function flowRows(g: FlowGraph, names: FlowNames): FlowRow[] {
  const nodes = new Map(g.nodes.map((n) => [n.key, n]));
  return g.links.map((l) => {
    const to = nodes.get(l.target);
    return {
      key: `${l.source}>${l.target}`,
      from: nodeName(nodes.get(l.source), names),
      to: nodeName(to, names),
      kind: l.kind,
      value: l.value,
      sharePct: l.sharePct,
      supplySharePct: l.supplySharePct,
      lossRatePct: l.kind === 'flow' ? (to?.lossRatePct ?? null) : (nodes.get(l.source)?.lossRatePct ?? null),
    };
  });
}
