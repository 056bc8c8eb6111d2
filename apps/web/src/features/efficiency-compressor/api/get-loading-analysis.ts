import { COMPRESSOR_API, type CompressorQuery, type LoadingAnalysis } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** POST airCompressor/loadingAnalysis: loaded, unloaded and stopped hours per machine and bucket. */
export async function fetchLoadingAnalysis(body: CompressorQuery): Promise<LoadingAnalysis> {
  return (await http.post<LoadingAnalysis>(COMPRESSOR_API.loadingAnalysis, body)).data;
}
export const loadingAnalysisQuery = defineQuery(['airCompressor', 'loadingAnalysis'], (body: CompressorQuery) => ({ key: [body], queryFn: () => fetchLoadingAnalysis(body) }));
