import { queryOptions } from '@tanstack/react-query';
import { POWER_API, type BusbarQuery, type BusbarView } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST /eem-service/v1/power/busbar: the single-line view with live values. */
export async function fetchBusbar(body: BusbarQuery): Promise<BusbarView> {
  return (await http.post<BusbarView>(POWER_API.busbar, body)).data;
}
export const busbarQuery = (body: BusbarQuery) => queryOptions({ queryKey: ['power', 'busbar', body], queryFn: () => fetchBusbar(body) });
