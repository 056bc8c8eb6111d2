import { CHILLER_API, type ChillerEfficiency, type ChillerEfficiencyQuery } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** POST /eem-service/v1/efficiency/chiller/analysis: the chiller plant over a range. */
export async function fetchChillerEfficiency(body: ChillerEfficiencyQuery): Promise<ChillerEfficiency> {
  return (await http.post<ChillerEfficiency>(CHILLER_API.efficiency, body)).data;
}
export const chillerEfficiencyQuery = defineQuery(['efficiency', 'chiller'], (body: ChillerEfficiencyQuery) => ({ key: [body], queryFn: () => fetchChillerEfficiency(body) }));
