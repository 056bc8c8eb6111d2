import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EVENT_API, type CloseOrdersBody, type EventRecord, type RaiseOrderBody } from '@ems/contract';
import { invalidate } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';
import { eventDetailQuery } from './get-event-detail';
import { eventsQuery } from './query-events';

/** POST EVENT_API.raiseOrder: raises an inspection order (711) from an event; resolves with the order. */
export async function raiseOrder(body: RaiseOrderBody): Promise<EventRecord | null> {
  return (await http.post<EventRecord>(EVENT_API.raiseOrder, body)).data ?? null;
}

/** POST EVENT_API.closeOrders: closes inspection orders with what was found; resolves with how many closed. */
export async function closeOrders(body: CloseOrdersBody): Promise<number> {
  return (await http.post<number>(EVENT_API.closeOrders, body)).data ?? 0;
}

/** Raises or closes, then refetches every event list and detail. */
export function useOrderActions() {
  const client = useQueryClient();
  const onSuccess = () => invalidate(client, eventsQuery, eventDetailQuery);
  return {
    raise: useMutation({ mutationFn: raiseOrder, onSuccess }),
    close: useMutation({ mutationFn: closeOrders, onSuccess }),
  };
}
