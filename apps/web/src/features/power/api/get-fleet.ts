import { queryOptions } from '@tanstack/react-query';
import { POWER_API, type TransformerFleet, type TransformerFleetQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST /eem-service/v1/power/fleet: every transformer over the range. */
export async function fetchFleet(body: TransformerFleetQuery): Promise<TransformerFleet> {
  return (await http.post<TransformerFleet>(POWER_API.fleet, body)).data;
}
export const fleetQuery = (body: TransformerFleetQuery) => queryOptions({ queryKey: ['power', 'fleet', body], queryFn: () => fetchFleet(body) });
