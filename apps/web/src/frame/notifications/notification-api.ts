import { MESSAGE_API, type MarkReadBody, type MessageCentreQuery, type MessageCentreRecord, type MessageLogQuery, type NotificationMessage } from '@ems/contract';
import { defineQuery } from '../../lib/api/define-query';
import { http } from '../../lib/http/client';

/** Most messages the unread load asks for (the lists keep 200 per class). */
const UNREAD_LIMIT = 1000;

/** POST MESSAGE_API.log (noticeMode 4, unread only): what the user has not read yet, newest first. */
export async function fetchUnread(userId: number): Promise<NotificationMessage[]> {
  const body: MessageLogQuery = { noticeMode: 4, receiver: userId, unreadOnly: true, page: { index: 0, limit: UNREAD_LIMIT } };
  return (await http.post<NotificationMessage[]>(MESSAGE_API.log, body, { hideNotice: true })).data ?? [];
}

/** POST MESSAGE_API.read: read state is kept on the server, so it follows the user to another browser. */
export async function postRead(body: MarkReadBody): Promise<void> {
  await http.post<number>(MESSAGE_API.read, body, { hideNotice: true });
}

/** POST MESSAGE_API.messageCentre: one page of records between start and end (ms). */
export async function fetchMessageCentre(query: MessageCentreQuery): Promise<{ records: MessageCentreRecord[]; total: number }> {
  const reply = await http.post<MessageCentreRecord[]>(MESSAGE_API.messageCentre, query);
  return { records: reply.data ?? [], total: reply.total ?? reply.data?.length ?? 0 };
}

/** The message centre's records of a period and page; always fetched afresh (staleTime 0). */
export const messageCentreQuery = defineQuery(['message-centre'], (query: MessageCentreQuery) => ({ key: [query], queryFn: () => fetchMessageCentre(query), staleTime: 0 }));
