import { FLOW_API, type EnergyFlowReply, type FlowQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/flow/period: the Sankey of a node, energy type and range. */
export async function fetchPeriodFlow(body: FlowQuery): Promise<EnergyFlowReply> {
  return (await http.post<EnergyFlowReply>(FLOW_API.period, body)).data;
}

export const periodFlowQuery = defineQuery(['flow', 'period'], (body: FlowQuery) => ({ key: [body], queryFn: () => fetchPeriodFlow(body) }));
