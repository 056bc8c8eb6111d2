import { POWER_API, type TransformerAnalysis, type TransformerAnalysisQuery, type TransformerItem } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/power/analysis: one transformer in depth. */
export async function fetchAnalysis(body: TransformerAnalysisQuery): Promise<TransformerAnalysis> {
  return (await http.post<TransformerAnalysis>(POWER_API.analysis, body)).data;
}
export const analysisQuery = defineQuery(['power', 'analysis'], (body: TransformerAnalysisQuery) => ({ key: [body], queryFn: () => fetchAnalysis(body) }));

/** GET /eem-service/v1/power/transformers: the picker's list. */
export async function fetchTransformers(projectId: number): Promise<TransformerItem[]> {
  return (await http.get<TransformerItem[]>(POWER_API.transformers, { projectId })).data;
}
export const transformersQuery = defineQuery(['power', 'transformers'], (projectId: number) => ({ key: [projectId], queryFn: () => fetchTransformers(projectId) }));
