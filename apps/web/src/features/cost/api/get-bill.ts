import { queryOptions } from '@tanstack/react-query';
import { COST_API, type CostMonthQuery, type MonthBill } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST /eem-service/v1/cost/bill: the true bill of one billing month of a node. */
export async function fetchBill(body: CostMonthQuery): Promise<MonthBill> {
  return (await http.post<MonthBill>(COST_API.bill, body)).data;
}

export const billQuery = (body: CostMonthQuery) => queryOptions({ queryKey: ['cost', 'bill', body], queryFn: () => fetchBill(body) });
