import { ENERGY_COUNTER_DATA_ID } from '@ems/contract';
import { meterAccuracyPct } from '@ems/domain';
import { attrsOf, numOrNull } from './attrs.js';

/**
 * The metering structure every consumption figure follows (project home, analysis, cost, forecast,
 * balance, flow): each counter meter of an energy type hangs under its parent meter (`parentMeterId`,
 * else its tree parent when that is a meter) when the parent is a counter meter of the same energy
 * type; otherwise it is a supply. A total of an energy type over a set of meters is the total of the
 * set's supply meters: those with no ancestor in the set, following the parent chain through meters
 * outside the set too, so no unit is counted twice, whatever the medium.
 */

/** A meter node as read for classification: id, name and its attrs JSON. */
export interface MeterRow {
  id: number;
  name: string;
  attrs: string;
  /** the node's tree parent when that parent is itself a meter (used when attrs name no parent meter) */
  treeParentMeterId?: number | null;
}

/** A counter meter placed in the metering structure of its energy type. */
export interface MeterLink {
  id: number;
  name: string;
  energyType: number;
  dataId: number;
  /** parent meter of the same energy type; null: a supply of the project */
  parent: number | null;
  /** `supply` 'onsite': made on site from energy already metered (left out of tce and CO₂) */
  onSite: boolean;
  /** accuracy class of the meter, % (attrs `accuracyClass`, else the energy type's default) */
  accuracyPct: number;
  /** attrs `lossTolerancePct` when set, else null */
  lossTolerancePct: number | null;
}

/** A counter meter as the consumption views see it (project home, analysis pages). */
export interface ClassifiedMeter {
  id: number;
  name: string;
  energyType: number;
  dataId: number;
  /** no ancestor meter (following the parent chain) among the meters classified: a supply of the set */
  topLevel: boolean;
  /** no meter of the set names it as parent: an end use, not a distribution level */
  endUse: boolean;
  /**
   * `supply` 'onsite': the medium is made on site from energy already metered (steam from the
   * site's own gas boiler), so it is left out of tce and CO₂ to count nothing twice
   */
  onSite: boolean;
}

/** What classification reads from a meter's attrs JSON. */
interface ClassAttrs {
  energyType: number | null;
  parentMeterId: number | null;
  onSite: boolean;
  /** `purpose` 'output': the meter counts what its device makes (a compressor's delivered air), not a consumption */
  output: boolean;
  accuracyClass: number | null;
  lossTolerancePct: number | null;
}

/** Meters whose attrs were read, by id, with the text they were read from. */
const ATTRS = new Map<number, { text: string; attrs: ClassAttrs }>();
const ATTRS_MAX = 100_000;

/**
 * A meter's attrs as classification reads them (malformed JSON reads as {}). Remembered by node id
 * with the text: the same text is not parsed again (the analysis calls classify a project's meters
 * on every request; a string compare is a fraction of a parse), an edited one is.
 */
function classAttrs(id: number, text: string): ClassAttrs {
  const known = ATTRS.get(id);
  if (known !== undefined && known.text === text) return known.attrs;
  const a = attrsOf(text);
  const attrs: ClassAttrs = {
    energyType: numOrNull(a.energyType),
    parentMeterId: numOrNull(a.parentMeterId),
    onSite: a.supply === 'onsite',
    output: a.purpose === 'output',
    accuracyClass: numOrNull(a.accuracyClass),
    lossTolerancePct: numOrNull(a.lossTolerancePct),
  };
  if (ATTRS.size >= ATTRS_MAX) ATTRS.clear();
  ATTRS.set(id, { text, attrs });
  return attrs;
}

/**
 * The metering structure of a project's meters (pass all of them): each counter meter with its
 * parent of the same energy type. Meters without a counter energy type, and output meters (`purpose`
 * 'output'), are left out. A parent of another energy type, a parent that is no counter meter, or
 * itself makes a supply; a parent cycle is cut at the meter (in row order) whose walk comes back.
 */
export function meterLinks(rows: readonly MeterRow[]): Map<number, MeterLink> {
  const out = new Map<number, MeterLink>();
  const declared = new Map<number, number | null>();
  for (const r of rows) {
    const a = classAttrs(r.id, r.attrs);
    const dataId = a.energyType === null ? undefined : ENERGY_COUNTER_DATA_ID[a.energyType];
    if (a.energyType === null || dataId === undefined || a.output) continue;
    declared.set(r.id, a.parentMeterId ?? r.treeParentMeterId ?? null);
    out.set(r.id, {
      id: r.id,
      name: r.name,
      energyType: a.energyType,
      dataId,
      parent: null,
      onSite: a.onSite,
      accuracyPct: meterAccuracyPct(a.accuracyClass, a.energyType),
      lossTolerancePct: a.lossTolerancePct,
    });
  }
  for (const m of out.values()) {
    const p = declared.get(m.id) ?? null;
    const parent = p === null ? undefined : out.get(p);
    m.parent = parent !== undefined && parent.id !== m.id && parent.energyType === m.energyType ? parent.id : null;
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
  return out;
}

/**
 * The counter meters of a set of meter nodes (a project, or a node's subtree) classified within the
 * set: a meter is top-level (a supply of the set) when no meter up its parent chain is in the set —
 * the chain followed through `links`, the project's structure (by default the set's own), so a meter
 * whose parent lies outside the set but whose grandparent lies inside is still counted once, at the
 * grandparent.
 */
export function classifyMeters(rows: readonly MeterRow[], links: ReadonlyMap<number, MeterLink> = meterLinks(rows)): ClassifiedMeter[] {
  const inSet = new Set(rows.map((r) => r.id));
  const parents = new Set<number>();
  for (const r of rows) {
    const p = links.get(r.id)?.parent ?? null;
    if (p !== null && inSet.has(p)) parents.add(p);
  }
  const out: ClassifiedMeter[] = [];
  for (const r of rows) {
    const m = links.get(r.id);
    if (m === undefined) continue;
    let top = true;
    for (let p = m.parent; p !== null; p = links.get(p)?.parent ?? null) {
      if (inSet.has(p)) {
        top = false;
        break;
      }
    }
    out.push({ id: m.id, name: r.name, energyType: m.energyType, dataId: m.dataId, topLevel: top, endUse: !parents.has(m.id), onSite: m.onSite });
  }
  return out;
}

/** The project's meter rows from its nodes: each meter with its tree parent when that is a meter. */
export function meterRowsOf(nodes: readonly { id: number; parentId: number | null; name: string; attrs: string; modelLabel?: string }[]): MeterRow[] {
  const meters = nodes.filter((n) => n.modelLabel === undefined || n.modelLabel === 'meter');
  const ids = new Set(meters.map((n) => n.id));
  return meters.map((n) => ({ id: n.id, name: n.name, attrs: n.attrs, treeParentMeterId: n.parentId !== null && ids.has(n.parentId) ? n.parentId : null }));
}
