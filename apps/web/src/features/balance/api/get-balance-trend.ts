import { BALANCE_API, type BalanceTrend, type BalanceTrendQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/balance/trend: the daily λ of one parent meter with its tolerance. */
export async function fetchBalanceTrend(body: BalanceTrendQuery): Promise<BalanceTrend> {
  return (await http.post<BalanceTrend>(BALANCE_API.trend, body)).data;
}

export const balanceTrendQuery = defineQuery(['balance', 'trend'], (body: BalanceTrendQuery) => ({ key: [body], queryFn: () => fetchBalanceTrend(body) }));
