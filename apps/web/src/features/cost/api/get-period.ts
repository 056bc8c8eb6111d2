import { queryOptions } from '@tanstack/react-query';
import { COST_API, type CostPeriod, type CostPeriodQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST /eem-service/v1/cost/period: energy fee per hour (day) or day (week, month), basic fee allocated. */
export async function fetchPeriod(body: CostPeriodQuery): Promise<CostPeriod> {
  return (await http.post<CostPeriod>(COST_API.period, body)).data;
}

export const periodQuery = (body: CostPeriodQuery) => queryOptions({ queryKey: ['cost', 'period', body], queryFn: () => fetchPeriod(body) });
