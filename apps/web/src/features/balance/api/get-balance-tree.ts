import { BALANCE_API, type BalanceQuery, type BalanceTree } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/balance/tree: the meter balance tree of an energy type over a range. */
export async function fetchBalanceTree(body: BalanceQuery): Promise<BalanceTree> {
  return (await http.post<BalanceTree>(BALANCE_API.tree, body)).data;
}

export const balanceTreeQuery = defineQuery(['balance', 'tree'], (body: BalanceQuery) => ({ key: [body], queryFn: () => fetchBalanceTree(body) }));
