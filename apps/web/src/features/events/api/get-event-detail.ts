import { EVENT_API, type EventDetail } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** GET EVENT_API.detail?id=: one event with the limits of its data point. */
export async function fetchEventDetail(id: number): Promise<EventDetail> {
  return (await http.get<EventDetail>(EVENT_API.detail, { id })).data;
}

export const eventDetailQuery = defineQuery(['events', 'detail'], (id: number | null) => ({ key: [id], queryFn: () => fetchEventDetail(id ?? 0), enabled: id !== null }));
