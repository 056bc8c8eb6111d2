import { keepPreviousData } from '@tanstack/react-query';
import { EVENT_API, type EventQueryBody, type EventRecord } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

export interface EventPage {
  rows: EventRecord[];
  total: number;
}

/** POST EVENT_API.query: the events matching the body, with the total over every page. */
export async function fetchEvents(body: EventQueryBody): Promise<EventPage> {
  const reply = await http.post<EventRecord[]>(EVENT_API.query, body);
  const rows = reply.data ?? [];
  return { rows, total: reply.total ?? rows.length };
}

export const eventsQuery = defineQuery(['events', 'list'], (projectId: number | null, body: EventQueryBody) => ({ key: [projectId, body],
    queryFn: () => fetchEvents(body),
    enabled: projectId !== null,
    placeholderData: keepPreviousData,
  }));
