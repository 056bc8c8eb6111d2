import { COMPRESSOR_API, type AirManager, type AirManagerQuery } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** POST airCompressor/airManager: the station overview (KPIs, machines against their grade lines, pressure band, leakage, set-point saving). */
export async function fetchAirManager(body: AirManagerQuery): Promise<AirManager> {
  return (await http.post<AirManager>(COMPRESSOR_API.airManager, body)).data;
}
export const airManagerQuery = defineQuery(['airCompressor', 'airManager'], (body: AirManagerQuery) => ({ key: [body], queryFn: () => fetchAirManager(body) }));
