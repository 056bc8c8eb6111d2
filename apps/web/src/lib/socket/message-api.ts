import { MESSAGE_API, type ModelNodeRef, type RegisterClientBody, type RegisterClientReply, type SocketTicket } from '@ems/contract';
import { http } from '../http/client';

/**
 * The live channel's HTTP calls (spec section 7 "Frame and notifications"), all quiet: no loading
 * overlay and no messages, since they run in the background (a 401–403 still ends the session).
 */

/** POST MESSAGE_API.ticket: a one-time, short-lived ticket for the socket URL. */
export async function fetchSocketTicket(): Promise<string> {
  return (await http.post<SocketTicket>(MESSAGE_API.ticket, undefined, { hideNotice: true })).data.ticket;
}

/** Tags of a registration: `${modelLabel}_${id}` per node the user may see, plus the user id. */
export function registrationTags(nodes: readonly ModelNodeRef[], userId: number): string[] {
  return [...new Set([...nodes.map((n) => `${n.modelLabel}_${n.id}`), String(userId)])];
}

/** GET MESSAGE_API.modelNodes, then POST MESSAGE_API.register with the tags. */
export async function registerClient(userId: number): Promise<RegisterClientReply> {
  const nodes = (await http.get<ModelNodeRef[]>(MESSAGE_API.modelNodes, undefined, { hideNotice: true })).data ?? [];
  const body: RegisterClientBody = { userId, tags: registrationTags(nodes, userId) };
  return (await http.post<RegisterClientReply>(MESSAGE_API.register, body, { hideNotice: true })).data;
}
