import { POWER_API, type TransformerFleet, type TransformerFleetQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/power/fleet: every transformer over the range. */
export async function fetchFleet(body: TransformerFleetQuery): Promise<TransformerFleet> {
  return (await http.post<TransformerFleet>(POWER_API.fleet, body)).data;
}
export const fleetQuery = defineQuery(['power', 'fleet'], (body: TransformerFleetQuery) => ({ key: [body], queryFn: () => fetchFleet(body) }));
