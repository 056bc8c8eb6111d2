/**
 * Tidy layout of an energy-flow tree for the supply-structure diagram (/energyFlowAnalysis): supply
 * at the left, one column per level to the right; leaves take consecutive rows in tree order and
 * each parent sits at the middle of its first and last child, so no two branches cross.
 */

export interface LayoutLink {
  source: string;
  target: string;
}

export interface LayoutPoint {
  key: string;
  /** column: the node's depth (0 at the left) */
  column: number;
  /** row, 0 at the top; leaves on whole rows, parents between their children */
  row: number;
}

export interface FlowLayout {
  points: LayoutPoint[];
  /** columns used (max column + 1) */
  columns: number;
  /** leaf rows used */
  rows: number;
}

/**
 * Positions of the nodes (keys in drawing order) of a forest given by its links (each node has at
 * most one incoming link; the first one counts). Roots are the nodes no link points to, in `keys`
 * order; children keep the order of the links.
 */
export function flowLayout(keys: readonly string[], links: readonly LayoutLink[]): FlowLayout {
  const known = new Set(keys);
  const children = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const l of links) {
    if (!known.has(l.source) || !known.has(l.target) || hasParent.has(l.target) || l.source === l.target) continue;
    hasParent.add(l.target);
    children.set(l.source, [...(children.get(l.source) ?? []), l.target]);
  }
  const points = new Map<string, LayoutPoint>();
  let next = 0;
  let columns = 0;
  const place = (key: string, column: number): number => {
    if (points.has(key)) return (points.get(key) as LayoutPoint).row;
    columns = Math.max(columns, column + 1);
    const point: LayoutPoint = { key, column, row: 0 };
    points.set(key, point);
    const kids = (children.get(key) ?? []).filter((k) => !points.has(k));
    if (kids.length === 0) {
      point.row = next++;
      return point.row;
    }
    const rows = kids.map((k) => place(k, column + 1));
    point.row = ((rows[0] as number) + (rows[rows.length - 1] as number)) / 2;
    return point.row;
  };
  for (const k of keys) if (!hasParent.has(k)) place(k, 0);
  // a node only reachable through a cycle: its own row at the left
  for (const k of keys) if (!points.has(k)) place(k, 0);
  return { points: keys.map((k) => points.get(k) as LayoutPoint), columns, rows: next };
}
