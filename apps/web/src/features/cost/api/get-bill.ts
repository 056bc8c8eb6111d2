import { COST_API, type CostMonthQuery, type MonthBill } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/cost/bill: the true bill of one billing month of a node. */
export async function fetchBill(body: CostMonthQuery): Promise<MonthBill> {
  return (await http.post<MonthBill>(COST_API.bill, body)).data;
}

export const billQuery = defineQuery(['cost', 'bill'], (body: CostMonthQuery) => ({ key: [body], queryFn: () => fetchBill(body) }));
