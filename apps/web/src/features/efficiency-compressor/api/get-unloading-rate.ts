import { COMPRESSOR_API, type CompressorQuery, type UnloadingRate } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** POST airCompressor/unloadingRate: unloaded hours per machine and the energy and money they cost. */
export async function fetchUnloadingRate(body: CompressorQuery): Promise<UnloadingRate> {
  return (await http.post<UnloadingRate>(COMPRESSOR_API.unloadingRate, body)).data;
}
export const unloadingRateQuery = defineQuery(['airCompressor', 'unloadingRate'], (body: CompressorQuery) => ({ key: [body], queryFn: () => fetchUnloadingRate(body) }));
