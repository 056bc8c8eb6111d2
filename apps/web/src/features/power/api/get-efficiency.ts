import { POWER_API, type TransformerEfficiency, type TransformerEfficiencyQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/power/efficiency: the fleet's losses in kWh and ¥, its totals and one unit in depth. */
export async function fetchEfficiency(body: TransformerEfficiencyQuery): Promise<TransformerEfficiency> {
  return (await http.post<TransformerEfficiency>(POWER_API.efficiency, body)).data;
}
export const efficiencyQuery = defineQuery(['power', 'efficiency'], (body: TransformerEfficiencyQuery) => ({ key: [body], queryFn: () => fetchEfficiency(body) }));
