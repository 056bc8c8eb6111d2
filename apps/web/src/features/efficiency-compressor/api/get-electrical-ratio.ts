import { COMPRESSOR_API, type CompressorQuery, type ElectricalRatio } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** POST airCompressor/electricalRatio: gas-electric ratio and specific power per bucket, station and machines. */
export async function fetchElectricalRatio(body: CompressorQuery): Promise<ElectricalRatio> {
  return (await http.post<ElectricalRatio>(COMPRESSOR_API.electricalRatio, body)).data;
}
export const electricalRatioQuery = defineQuery(['airCompressor', 'electricalRatio'], (body: CompressorQuery) => ({ key: [body], queryFn: () => fetchElectricalRatio(body) }));
