import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EVENT_API, type CloseOrdersBody, type EventRecord, type RaiseOrderBody } from '@ems/contract';
import { http } from '../../../lib/http/client';

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
  const onSuccess = () => client.invalidateQueries({ queryKey: ['events'] });
  return {
    raise: useMutation({ mutationFn: raiseOrder, onSuccess }),
    close: useMutation({ mutationFn: closeOrders, onSuccess }),
  };
}
