import { ENERGY_COUNTER_DATA_ID } from '@ems/contract';
import { attrsOf, numOrNull } from './attrs.js';

/** A meter node as read for classification: id, name and its attrs JSON. */
export interface MeterRow {
  id: number;
  name: string;
  attrs: string;
  /** the node's tree parent when that parent is itself a meter (used when attrs name no parent meter) */
  treeParentMeterId?: number | null;
}

/** A counter meter as the consumption views see it (project home, analysis pages). */
export interface ClassifiedMeter {
  id: number;
  name: string;
  energyType: number;
  dataId: number;
  /** no parent meter (or its parent is not among the meters classified): an incomer or total */
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
  const attrs: ClassAttrs = { energyType: numOrNull(a.energyType), parentMeterId: numOrNull(a.parentMeterId), onSite: a.supply === 'onsite' };
  if (ATTRS.size >= ATTRS_MAX) ATTRS.clear();
  ATTRS.set(id, { text, attrs });
  return attrs;
}

/**
 * The counter meters of a set of meter nodes (a project, or a node's subtree): those with an
 * energy type that has a counter data point. A meter is top-level when its `parentMeterId` (else
 * its tree parent meter) is empty or not a meter of the set, so every unit of energy is counted
 * once, at the highest meter of the set that measures it.
 */
export function classifyMeters(rows: readonly MeterRow[]): ClassifiedMeter[] {
  const parsed = rows.map((r) => {
    const a = classAttrs(r.id, r.attrs);
    return { row: r, energyType: a.energyType, parent: a.parentMeterId ?? r.treeParentMeterId ?? null, onSite: a.onSite };
  });
  const ids = new Set(rows.map((r) => r.id));
  const parents = new Set(parsed.map((p) => p.parent).filter((p): p is number => p !== null));
  const out: ClassifiedMeter[] = [];
  for (const p of parsed) {
    const dataId = p.energyType === null ? undefined : ENERGY_COUNTER_DATA_ID[p.energyType];
    if (p.energyType === null || dataId === undefined) continue;
    out.push({
      id: p.row.id,
      name: p.row.name,
      energyType: p.energyType,
      dataId,
      topLevel: p.parent === null || !ids.has(p.parent),
      endUse: !parents.has(p.row.id),
      onSite: p.onSite,
    });
  }
  return out;
}
