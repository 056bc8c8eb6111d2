import { POWER_API, type BusbarQuery, type BusbarView } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/power/busbar: the single-line view with live values. */
export async function fetchBusbar(body: BusbarQuery): Promise<BusbarView> {
  return (await http.post<BusbarView>(POWER_API.busbar, body)).data;
}
export const busbarQuery = defineQuery(['power', 'busbar'], (body: BusbarQuery) => ({ key: [body], queryFn: () => fetchBusbar(body) }));
