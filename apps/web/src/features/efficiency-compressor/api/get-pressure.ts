import { COMPRESSOR_API, type CompressorQuery, type PressureTrend } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** POST airCompressor/pressure: the header pressure's mean, min and max per step with the set-point band. */
export async function fetchPressure(body: CompressorQuery): Promise<PressureTrend> {
  return (await http.post<PressureTrend>(COMPRESSOR_API.pressure, body)).data;
}
export const pressureQuery = defineQuery(['airCompressor', 'pressure'], (body: CompressorQuery) => ({ key: [body], queryFn: () => fetchPressure(body) }));
