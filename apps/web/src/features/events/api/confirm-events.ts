import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EVENT_API, type EventConfirmBody } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST EVENT_API.confirm: confirms the events with a comment; resolves with how many changed. */
export async function confirmEvents(body: EventConfirmBody): Promise<number> {
  return (await http.post<number>(EVENT_API.confirm, body)).data ?? 0;
}

/** Confirms, then refetches every event list and detail. */
export function useConfirmEvents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmEvents,
    onSuccess: () => client.invalidateQueries({ queryKey: ['events'] }),
  });
}
