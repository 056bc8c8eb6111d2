import { MODEL_API, type HierarchyItem, type ModelDeleteBody } from '@ems/contract';

/** A node as the model service names it. */
export interface NodeRef {
  modelLabel: string;
  id: number;
}

/** A node's fields as written: name, code and attributes (null clears an attribute on update). */
export type NodeFields = Record<string, unknown>;

const ref = (n: NodeRef): NodeRef => ({ modelLabel: n.modelLabel, id: n.id });

/**
 * Add: a new item (no id) nested under its parent; the project is the anchor for nodes directly
 * under it (docs/model.md, spec section 3).
 */
export function addPayload(parent: NodeRef, modelLabel: string, fields: NodeFields): HierarchyItem[] {
  return [{ ...ref(parent), children: [{ modelLabel, ...fields }] }];
}

/** Edit: the node with its id and only the fields sent. */
export function editPayload(node: NodeRef, fields: NodeFields): HierarchyItem[] {
  return [{ ...fields, ...ref(node) }];
}

/** Move: the node nested under its new parent, carrying `moveFrom` = its current parent. */
export function movePayload(node: NodeRef, from: NodeRef, to: NodeRef): HierarchyItem[] {
  return [{ ...ref(to), children: [{ ...ref(node), moveFrom: ref(from) }] }];
}

/** Delete: DELETE /model/v1/{modelLabel} with {modelLabel, idRange}; the subtree goes too. */
export function deleteRequest(node: NodeRef): { path: string; body: ModelDeleteBody } {
  return { path: `${MODEL_API.remove}/${encodeURIComponent(node.modelLabel)}`, body: { modelLabel: node.modelLabel, idRange: [node.id] } };
}

