import { ANALYSIS_API, type ConsumptionAnalysis, type ConsumptionQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/analysis/consumption: a node's consumption for an energy type over a selector range. */
export async function fetchConsumption(body: ConsumptionQuery): Promise<ConsumptionAnalysis> {
  return (await http.post<ConsumptionAnalysis>(ANALYSIS_API.consumption, body)).data;
}

export const consumptionQuery = defineQuery(['analysis', 'consumption'], (body: ConsumptionQuery) => ({ key: [body], queryFn: () => fetchConsumption(body) }));
