import { COST_API, type CostMonthQuery, type DemandCurve } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/cost/demand: the billing month's 15-min demand with the contract line. */
export async function fetchDemand(body: CostMonthQuery): Promise<DemandCurve> {
  return (await http.post<DemandCurve>(COST_API.demand, body)).data;
}

export const demandQuery = defineQuery(['cost', 'demand'], (body: CostMonthQuery) => ({ key: [body], queryFn: () => fetchDemand(body) }));
