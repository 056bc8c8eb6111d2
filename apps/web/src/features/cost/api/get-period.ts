import { COST_API, type CostPeriod, type CostPeriodQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/cost/period: energy fee per hour (day) or day (week, month), basic fee allocated. */
export async function fetchPeriod(body: CostPeriodQuery): Promise<CostPeriod> {
  return (await http.post<CostPeriod>(COST_API.period, body)).data;
}

export const periodQuery = defineQuery(['cost', 'period'], (body: CostPeriodQuery) => ({ key: [body], queryFn: () => fetchPeriod(body) }));
