import type { ModelTreeNode } from '../../widgets/model-tree/tree-filter';

/** Labels the environment pages pick from: the project and the places sensors and cameras sit in. */
export const PLACE_LABELS = new Set(['project', 'building', 'floor', 'room', 'distributionroom']);

const labelOf = (n: ModelTreeNode) => (n.data as { modelLabel?: string } | undefined)?.modelLabel ?? '';

/** The model tree cut to its places (devices, meters and sensors left out), order kept. */
export function placeTree(nodes: readonly ModelTreeNode[]): ModelTreeNode[] {
  return nodes.filter((n) => PLACE_LABELS.has(labelOf(n))).map((n) => ({ ...n, children: placeTree(n.children ?? []) }));
}
