import { BALANCE_API, type PipeAnalysis, type PipeQuery } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/balance/pipe: supply against end users per medium. */
export async function fetchPipe(body: PipeQuery): Promise<PipeAnalysis> {
  return (await http.post<PipeAnalysis>(BALANCE_API.pipe, body)).data;
}

export const pipeQuery = defineQuery(['balance', 'pipe'], (body: PipeQuery) => ({ key: [body], queryFn: () => fetchPipe(body) }));
