import { http } from '../../../lib/http/client';
import { deleteRequest, type NodeRef } from '../payload';

/** DELETE /model/v1/{modelLabel} {modelLabel, idRange}: the node and its subtree; resolves with the deleted ids. */
export async function deleteNode(node: NodeRef): Promise<number[]> {
  const { path, body } = deleteRequest(node);
  return (await http.del<number[]>(path, body)).data ?? [];
}
