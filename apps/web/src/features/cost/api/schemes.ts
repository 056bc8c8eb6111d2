import { COST_API, type CostScheme, type CostSchemeInput, type SchemeNode } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

const withId = (path: string, id: number) => path.replace(':id', String(id));

/** GET /eem-service/v1/cost/schemes: the tariff schemes of the caller's projects. */
export const schemesQuery = defineQuery(['cost', 'schemes'], () => ({ key: [], queryFn: async () => (await http.get<CostScheme[]>(COST_API.schemes)).data }));

/** POST (create) or PUT (update) a scheme. */
export async function saveScheme(id: number | null, body: CostSchemeInput): Promise<CostScheme> {
  return (id === null ? await http.post<CostScheme>(COST_API.create, body) : await http.put<CostScheme>(withId(COST_API.update, id), body)).data;
}

export async function deleteScheme(id: number): Promise<void> {
  await http.del<number>(withId(COST_API.remove, id));
}

/** PUT …/scheme/:id/nodes: the nodes the scheme applies to (costscheme_relate_node). */
export async function attachScheme(id: number, nodes: SchemeNode[]): Promise<CostScheme> {
  return (await http.put<CostScheme>(withId(COST_API.nodes, id), { nodes })).data;
}
