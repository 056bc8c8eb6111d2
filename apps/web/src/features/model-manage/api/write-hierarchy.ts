import { MODEL_API, type HierarchyItem, type HierarchyResult } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST /model/v1/write/hierachy: create, update, move and delete in one transaction. */
export async function writeHierarchy(items: HierarchyItem[]): Promise<HierarchyResult[]> {
  return (await http.post<HierarchyResult[]>(MODEL_API.writeHierarchy, items)).data ?? [];
}
