import { FLOW_API, type LiveFlowQuery, type LiveFlowReply } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST /eem-service/v1/flow/live: each meter's latest value and the live flow. */
export async function fetchLiveFlow(body: LiveFlowQuery): Promise<LiveFlowReply> {
  return (await http.post<LiveFlowReply>(FLOW_API.live, body)).data;
}

/** Refreshed by the page's periodic task, not by the query's own timer. */
export const liveFlowQuery = defineQuery(['flow', 'live'], (body: LiveFlowQuery) => ({ key: [body], queryFn: () => fetchLiveFlow(body) }));
