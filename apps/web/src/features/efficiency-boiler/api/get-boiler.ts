import { BOILER_API, type BoilerAnalysis, type BoilerItem, type BoilerQuery } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** GET /eem-service/v1/efficiency/boiler/list: the picker's boilers with their nameplates. */
export async function fetchBoilers(projectId: number): Promise<BoilerItem[]> {
  return (await http.get<BoilerItem[]>(BOILER_API.boilers, { projectId })).data;
}
export const boilersQuery = defineQuery(['efficiency-boiler', 'list'], (projectId: number) => ({ key: [projectId], queryFn: () => fetchBoilers(projectId) }));

/** POST /eem-service/v1/efficiency/boiler/analysis: one boiler over a range. */
export async function fetchBoilerAnalysis(body: BoilerQuery): Promise<BoilerAnalysis> {
  return (await http.post<BoilerAnalysis>(BOILER_API.analysis, body)).data;
}
export const boilerAnalysisQuery = defineQuery(['efficiency-boiler', 'analysis'], (body: BoilerQuery) => ({ key: [body], queryFn: () => fetchBoilerAnalysis(body) }));
