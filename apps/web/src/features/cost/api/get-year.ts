import { queryOptions } from '@tanstack/react-query';
import { COST_API, type CostYear, type CostYearQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST /eem-service/v1/cost/year: each month's bill summary of a year. */
export async function fetchYear(body: CostYearQuery): Promise<CostYear> {
  return (await http.post<CostYear>(COST_API.year, body)).data;
}

export const yearQuery = (body: CostYearQuery) => queryOptions({ queryKey: ['cost', 'year', body], queryFn: () => fetchYear(body) });
