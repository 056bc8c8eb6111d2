import { COST_API, type CostYear, type CostYearQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/cost/year: each month's bill summary of a year. */
export async function fetchYear(body: CostYearQuery): Promise<CostYear> {
  return (await http.post<CostYear>(COST_API.year, body)).data;
}

export const yearQuery = defineQuery(['cost', 'year'], (body: CostYearQuery) => ({ key: [body], queryFn: () => fetchYear(body) }));
