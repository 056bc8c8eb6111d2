/**
 * Energy flow (DOMAIN.md §1 and §2, /energyFlowAnalyse and /energyFlowAnalysis): the metering tree of
 * one energy type turned into Sankey nodes and links — supply → distribution levels → end uses →
 * equipment — with each parent's loss L = E_parent − Σ E_children as its own branch. Values are in
 * the carrier's unit (kWh, m³, t) for a period, or a rate (kW, m³/h) for live values.
 */
import { balanceAccuracyPct, balanceOf, type BalanceStatus } from './balance.js';

/** One meter of the tree with its value. */
export interface FlowMeter {
  id: number;
  name: string;
  /** the parent meter; null, or an id not in the set: a supply (top) meter */
  parent: number | null;
  /** consumption (or rate); null without data. A negative or non-finite value counts as no data. */
  value: number | null;
  /**
   * 15-min intervals the value covers (optional). A child that covers fewer intervals than its
   * parent has only part of its consumption in `value`, so the parent's remainder is not all loss.
   */
  intervals?: number;
  /** loss tolerance |λ| of the node, % */
  tolerancePct: number;
  /** accuracy class of the meter, % (optional): a parent's negative gap within its own and its children's classes is no fault */
  accuracyPct?: number;
  /**
   * the parent's balance worked out by the caller over the intervals all its members cover
   * (balance-coverage.ts): the loss there; the rest of E − Σ children is the unmetered part (optional;
   * without it the balance is taken over the values given, a child without one making the rest unmetered)
   */
  balance?: { loss: number | null; lossRatePct: number | null; status: BalanceStatus };
}

/** supply: the joined supply of several top meters · meter · loss: a parent's loss · unmetered: a parent's remainder that is not all loss */
export type FlowNodeKind = 'supply' | 'meter' | 'loss' | 'unmetered';
/** A meter's place: supply (top meter), distribution (has child meters), endUse (no child meter). */
export type FlowRole = 'supply' | 'distribution' | 'endUse';
export type FlowLinkKind = 'flow' | 'loss' | 'unmetered';

export interface FlowNode {
  /** 'supply', 'm:<id>', 'loss:<id>' or 'unmetered:<id>' (id of the parent meter for the last two) */
  key: string;
  kind: FlowNodeKind;
  /** the meter, or for loss and unmetered nodes the parent meter they belong to; null for the joined supply */
  meterId: number | null;
  /** the meter's name (loss and unmetered nodes: the parent's name; the joined supply: '') */
  name: string;
  /** column: 0 for the supply, +1 per level */
  depth: number;
  /** meters only */
  role: FlowRole | null;
  /** the node's throughput: a meter's value, a branch's value, the supply's Σ of its top meters */
  value: number;
  /** parents: E − Σ children, signed; null for leaves and incomplete parents */
  loss: number | null;
  /** parents: loss / E × 100 (signed) */
  lossRatePct: number | null;
  /** parents: the balance status against the tolerance; null for leaves */
  status: BalanceStatus | null;
  /** the children exceed the parent: a metering fault (flagged, never drawn as a negative branch) */
  fault: boolean;
}

export interface FlowLink {
  source: string;
  target: string;
  kind: FlowLinkKind;
  value: number;
  /** value / the source node's value × 100 */
  sharePct: number | null;
  /** value / the total supply × 100 */
  supplySharePct: number | null;
}

/**
 * A parent whose children exceed it (λ < 0): negativeLoss with every child valued (a metering fault:
 * CT ratio, duplicate child, time misalignment), negativeRemainder when a child lacks data too.
 */
export interface FlowFault {
  meterId: number;
  name: string;
  kind: 'negativeLoss' | 'negativeRemainder';
  /** Σ children − parent, > 0 */
  excess: number;
  lossRatePct: number | null;
}

export interface EnergyFlow {
  nodes: FlowNode[];
  links: FlowLink[];
  faults: FlowFault[];
  /** meters not drawn for lack of data (no value, a negative one, a parent cycle) — with their subtree */
  missing: { meterId: number; name: string }[];
  /** meters not drawn because their value is 0 (idle equipment) — with their subtree */
  idle: { meterId: number; name: string }[];
  /** Σ of the top meters' values; null when no top meter has a value */
  supply: number | null;
  /** Σ of the drawn end uses (leaves) */
  endUse: number;
  /** Σ of the drawn loss branches */
  loss: number;
  /** Σ of the drawn unmetered branches */
  unmetered: number;
  /** Σ of the fault excesses (children above their parent) */
  excess: number;
  /** loss / supply × 100 */
  lossRatePct: number | null;
}

const clean = (v: number | null): number | null => (v !== null && Number.isFinite(v) && v >= 0 ? v : null);
const pct = (part: number, whole: number | null) => (whole === null || whole === 0 ? null : (part / whole) * 100);

export const SUPPLY_KEY = 'supply';
export const meterKey = (id: number) => `m:${id}`;
export const lossKey = (id: number) => `loss:${id}`;
export const unmeteredKey = (id: number) => `unmetered:${id}`;

/**
 * The flow of a metering tree. Each parent's children are its meters naming it as parent (input
 * order kept). Per parent, r = E − Σ E_children over the children with a value, split in two:
 * - the loss (DOMAIN §2): with a `balance` given, its loss over the intervals all members cover;
 *   else all of r when every child is valued (and covers the parent's intervals);
 * - the unmetered rest (未计量): what is left of r, metered by the parent where a child did not meter.
 * A positive part is drawn as its branch ('loss:<id>', 'unmetered:<id>'); a negative one is not
 * drawn. A negative loss beyond the meters' accuracy (the parent's and its children's classes) is a
 * metering fault, flagged; within it, it is no fault. A negative rest (children metering more than
 * the parent where it lacks data) is flagged.
 * Several top meters are joined in one 'supply' node. A meter without a value (missing) or with 0
 * (idle) is not drawn, nor is its subtree. Conservation: for every drawn meter, value = Σ outgoing links − fault excess;
 * supply = end use + loss + unmetered − excess.
 */
export function energyFlow(meters: readonly FlowMeter[]): EnergyFlow {
  const byId = new Map(meters.map((m) => [m.id, m]));
  const children = new Map<number, FlowMeter[]>();
  const tops: FlowMeter[] = [];
  for (const m of meters) {
    const p = m.parent !== null && m.parent !== m.id ? byId.get(m.parent) : undefined;
    if (!p) tops.push(m);
    else children.set(p.id, [...(children.get(p.id) ?? []), m]);
  }
  const out: EnergyFlow = { nodes: [], links: [], faults: [], missing: [], idle: [], supply: null, endUse: 0, loss: 0, unmetered: 0, excess: 0, lossRatePct: null };
  for (const t of tops) {
    const v = clean(t.value);
    if (v !== null) out.supply = (out.supply ?? 0) + v;
  }
  const supply = out.supply;
  const joined = tops.filter((t) => (clean(t.value) ?? 0) > 0).length > 1;
  if (joined) out.nodes.push({ key: SUPPLY_KEY, kind: 'supply', meterId: null, name: '', depth: 0, role: null, value: supply ?? 0, loss: null, lossRatePct: null, status: null, fault: false });

  const link = (source: string, target: string, kind: FlowLinkKind, value: number, sourceValue: number) =>
    out.links.push({ source, target, kind, value, sharePct: pct(value, sourceValue), supplySharePct: pct(value, supply) });

  const seen = new Set<number>();
  const skip = (m: FlowMeter, list: { meterId: number; name: string }[]) => {
    if (seen.has(m.id)) return;
    seen.add(m.id);
    list.push({ meterId: m.id, name: m.name });
    for (const c of children.get(m.id) ?? []) skip(c, list);
  };
  const notDrawn = (m: FlowMeter) => skip(m, clean(m.value) === 0 ? out.idle : out.missing);

  const visit = (m: FlowMeter, depth: number) => {
    if (seen.has(m.id)) return;
    seen.add(m.id);
    const value = clean(m.value) as number;
    const kids = children.get(m.id) ?? [];
    const node: FlowNode = { key: meterKey(m.id), kind: 'meter', meterId: m.id, name: m.name, depth, role: depth === (joined ? 1 : 0) ? 'supply' : kids.length > 0 ? 'distribution' : 'endUse', value, loss: null, lossRatePct: null, status: null, fault: false };
    out.nodes.push(node);
    if (kids.length === 0) {
      out.endUse += value;
      return;
    }
    // a child covering fewer intervals than its parent counts as lacking data for the balance
    const covered = (c: FlowMeter) => clean(c.value) !== null && (m.intervals === undefined || c.intervals === undefined || c.intervals >= m.intervals);
    const given = m.balance;
    let b: { loss: number | null; lossRatePct: number | null; status: BalanceStatus };
    if (given !== undefined) b = given;
    else {
      const values = kids.map((c) => (covered(c) ? clean(c.value) : null));
      const band = m.accuracyPct === undefined ? null : balanceAccuracyPct({ value, accuracyPct: m.accuracyPct }, kids.map((c, i) => ({ value: values[i] ?? null, accuracyPct: c.accuracyPct ?? (m.accuracyPct as number) })));
      b = balanceOf(value, values, m.tolerancePct, band ?? 0);
    }
    node.status = b.status;
    node.loss = b.loss;
    node.lossRatePct = b.lossRatePct;
    let drawn = 0;
    for (const c of kids) {
      const cv = clean(c.value);
      if (cv === null || cv === 0) {
        notDrawn(c);
        continue;
      }
      drawn += cv;
      link(node.key, meterKey(c.id), 'flow', cv, value);
      visit(c, depth + 1);
    }
    const r = value - drawn;
    const complete = b.status !== 'incomplete';
    // the loss part of r, and the unmetered rest; a float crumb of either is none
    const eps = 1e-9 * Math.max(1, value);
    const lossPart = given !== undefined ? (given.loss ?? 0) : complete ? r : 0;
    const restPart = Math.abs(r - lossPart) <= eps ? 0 : r - lossPart;
    const branch = (kind: 'loss' | 'unmetered', v: number) => {
      const key = kind === 'loss' ? lossKey(m.id) : unmeteredKey(m.id);
      out.nodes.push({ key, kind, meterId: m.id, name: m.name, depth: depth + 1, role: null, value: v, loss: null, lossRatePct: pct(v, value), status: null, fault: false });
      link(node.key, key, kind, v, value);
      if (kind === 'loss') out.loss += v;
      else out.unmetered += v;
    };
    if (lossPart > eps) branch('loss', lossPart);
    else if (lossPart < -eps) {
      out.excess += -lossPart;
      if (b.status === 'meteringFault') {
        node.fault = true;
        out.faults.push({ meterId: m.id, name: m.name, kind: 'negativeLoss', excess: -lossPart, lossRatePct: pct(lossPart, value) });
      }
    }
    if (restPart > 0) branch('unmetered', restPart);
    else if (restPart < 0) {
      node.fault = true;
      out.excess += -restPart;
      out.faults.push({ meterId: m.id, name: m.name, kind: 'negativeRemainder', excess: -restPart, lossRatePct: pct(restPart, value) });
    }
  };

  for (const t of tops) {
    const v = clean(t.value);
    if (v === null || v === 0) {
      notDrawn(t);
      continue;
    }
    if (joined) link(SUPPLY_KEY, meterKey(t.id), 'flow', v, supply ?? 0);
    visit(t, joined ? 1 : 0);
  }
  // meters in a parent cycle have no top: not drawn
  for (const m of meters) if (!seen.has(m.id)) skip(m, out.missing);
  out.lossRatePct = pct(out.loss, supply);
  return out;
}
