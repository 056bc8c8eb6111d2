import { queryOptions } from '@tanstack/react-query';
import { BALANCE_API, type BalanceQuery, type BalanceTree } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST /eem-service/v1/balance/tree: the meter balance tree of an energy type over a range. */
export async function fetchBalanceTree(body: BalanceQuery): Promise<BalanceTree> {
  return (await http.post<BalanceTree>(BALANCE_API.tree, body)).data;
}

export const balanceTreeQuery = (body: BalanceQuery) => queryOptions({ queryKey: ['balance', 'tree', body], queryFn: () => fetchBalanceTree(body) });
