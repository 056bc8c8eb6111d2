import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { EVENT_CLASSES, HEARTBEAT_FRAME, SOCKET_CLOSE } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { LiveChannel } from './channel.js';
import { Delivery, type LiveClient } from './hub.js';
import type { StoredNotification } from './notifier.js';
import { notificationRepository, type NotificationRow } from './repository.js';
import { liveSession } from './session.js';

/** The replay on open: at most this many of each event class (the browser's per-class cap, spec section 9). */
export const REPLAY_PER_CLASS = 200;

/**
 * Whether the Origin may open a socket: absent (not a browser; the ticket still rules) or naming
 * this server's own host as the request reached it.
 */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (host === undefined) return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

export function storedOf(r: NotificationRow): StoredNotification {
  return {
    id: Number(r.id),
    projectId: Number(r.project_id),
    nodeId: Number(r.node_id),
    modelLabel: r.model_label,
    logType: Number(r.log_type),
    eventClass: Number(r.event_class),
    eventId: r.event_id === null ? null : Number(r.event_id),
    time: Number(r.time),
    messageZh: r.message_zh,
    messageEn: r.message_en,
    description: r.description,
  };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * `${MESSAGE_API.socket}/{userId}?ticket=…&after={lastId}`. Refused with close code 4401 without a
 * valid unused ticket, with a {userId} that is not the ticket's user, or with a foreign Origin;
 * 4403 when the ticket's session has ended meanwhile. Then: every visible unread notification with
 * id > after (newest REPLAY_PER_CLASS per class, oldest first), then live ones.
 */
export function openSocket(ems: Ems, live: LiveChannel, ws: WebSocket, request: FastifyRequest) {
  let client: LiveClient | undefined;
  // a heartbeat that comes before the replay is out is answered after it (so its answer follows the replay)
  let heartbeatDue = false;
  ws.on('error', () => undefined);
  ws.on('pong', () => {
    if (client) client.alive = true;
  });
  ws.on('message', (data, isBinary) => {
    if (isBinary || data.toString() !== HEARTBEAT_FRAME) return;
    if (!client || client.held) heartbeatDue = true;
    else if (!client.closed) ws.send(HEARTBEAT_FRAME);
    if (client) client.alive = true;
  });
  ws.on('close', () => {
    if (client) live.hub.remove(client);
  });

  const refuse = (code: number, reason: string) => ws.close(code, reason);
  const start = async () => {
    if (!originAllowed(first(request.headers.origin), request.headers.host)) return refuse(SOCKET_CLOSE.unauthorized, 'origin not allowed');
    const userId = (request.params as { userId?: string }).userId ?? '';
    const query = request.query as Record<string, string | undefined>;
    const ticket = first(query.ticket);
    if (!/^\d{1,10}$/.test(userId) || !ticket || ticket.length > 100) return refuse(SOCKET_CLOSE.unauthorized, 'ticket required');
    const record = await live.tickets.take(ticket, ems.config.now());
    if (!record) return refuse(SOCKET_CLOSE.unauthorized, 'invalid ticket');
    if (record.userId !== Number(userId)) return refuse(SOCKET_CLOSE.unauthorized, 'user mismatch');
    const session = await liveSession(ems, record.tokenHash);
    if (!session) return refuse(SOCKET_CLOSE.sessionEnded, 'session ended');
    if (ws.readyState !== ws.OPEN) return;
    const afterRaw = first(query.after);
    const after = afterRaw !== undefined && /^\d{1,15}$/.test(afterRaw) ? Number(afterRaw) : 0;
    const c: LiveClient = { ws, userId: session.userId, tokenHash: record.tokenHash, lang: record.lang, projectIds: new Set(session.projectIds), held: [], alive: true, closed: false };
    client = c;
    live.hub.add(c);
    const rows = await notificationRepository(ems.db).unreadAfter({ projectIds: session.projectIds, userId: session.userId, afterId: after }, EVENT_CLASSES, REPLAY_PER_CLASS);
    const replay: Delivery[] = [];
    for (const r of rows) {
      const n = storedOf(r);
      replay.push(new Delivery(n, await live.cover(n)));
    }
    live.hub.finishReplay(c, replay);
    if (heartbeatDue && !c.closed) ws.send(HEARTBEAT_FRAME);
  };
  start().catch((err: unknown) => {
    request.log.warn({ err }, 'live channel: socket start failed');
    if (client) live.hub.close(client, 1011, 'server error');
    else ws.close(1011, 'server error');
  });
}
