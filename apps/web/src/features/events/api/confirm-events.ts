import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EVENT_API, type EventConfirmBody } from '@ems/contract';
import { invalidate } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';
import { eventDetailQuery } from './get-event-detail';
import { eventsQuery } from './query-events';

/** POST EVENT_API.confirm: confirms the events with a comment; resolves with how many changed. */
export async function confirmEvents(body: EventConfirmBody): Promise<number> {
  return (await http.post<number>(EVENT_API.confirm, body)).data ?? 0;
}

/** Confirms, then refetches every event list and detail. */
export function useConfirmEvents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmEvents,
    onSuccess: () => invalidate(client, eventsQuery, eventDetailQuery),
  });
}
