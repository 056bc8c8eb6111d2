import { HEARTBEAT_FRAME, MESSAGE_API, SOCKET_CLOSE, type NotificationMessage } from '@ems/contract';
import { HEARTBEAT_MS, RECONNECT_MS } from '@ems/domain';

/**
 * The live channel (spec section 4 "Live channel", issue 4 §2): on start a one-time ticket is
 * fetched just before the socket opens (`ws(s)://same-host/messageServer/websocket/{userId}?ticket=…
 * &after={lastId}`); once open, the client registers its tags. A heartbeat goes every 40 s, the timer
 * reset by each message. An unexpected close reconnects after 30 s with a new ticket and the last id
 * seen; a manual close (stop: teardown, logout) does not. Without WebSocket support `onUnsupported`
 * is called once and nothing opens.
 */
/** WebSocket.OPEN */
const OPEN = 1;

export interface LiveChannelOptions {
  userId: number;
  /** POST MESSAGE_API.ticket → the ticket text */
  fetchTicket: () => Promise<string>;
  /** after open: modelNodes → tags → POST MESSAGE_API.register */
  register: () => Promise<void>;
  onMessage: (message: NotificationMessage) => void;
  /** the browser has no WebSocket: show the spec's error */
  onUnsupported: () => void;
  /** the id of the newest notification already held (messages after it are asked for) */
  lastId?: number;
  /**
   * the server closed the socket because the session ended (logout elsewhere, password changed, user
   * disabled by an administrator): ask the server once so the HTTP client's 401 flow ends it here now
   */
  onSessionEnded?: () => void;
  /** a failure to fetch a ticket that means the session is over: no reconnect */
  isFatal?: (error: unknown) => boolean;
  /** defaults to the browser's; tests pass a fake */
  WebSocketImpl?: typeof WebSocket;
  /** defaults to window.location */
  location?: Pick<Location, 'protocol' | 'host'>;
}

export interface LiveChannel {
  start(): void;
  /** manual close: no reconnect */
  stop(): void;
  /** the newest notification id seen so far (0 when none) */
  readonly lastId: number;
}

/** The socket URL: same host, ws or wss after the page's protocol. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, userId: number, ticket: string, lastId: number): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ ticket, after: String(lastId) });
  return `${scheme}://${location.host}${MESSAGE_API.socket}/${userId}?${query.toString()}`;
}

/** A frame that is a notification (a heartbeat reply or anything else is not). */
export function parseNotification(data: unknown): NotificationMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Partial<NotificationMessage> & { type?: unknown };
  if (m.type === 'heartbeat') return null;
  if (typeof m.id !== 'number' || typeof m.logType !== 'number' || typeof m.content !== 'string') return null;
  return {
    id: m.id,
    time: typeof m.time === 'number' ? m.time : Date.now(),
    logType: m.logType,
    content: m.content,
    description: typeof m.description === 'string' ? m.description : JSON.stringify(m.description ?? null),
    projectId: typeof m.projectId === 'number' ? m.projectId : 0,
    ...(typeof m.read === 'boolean' ? { read: m.read } : {}),
  };
}

export function createLiveChannel(options: LiveChannelOptions): LiveChannel {
  const Impl = options.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
  const location = options.location ?? window.location;
  let lastId = options.lastId ?? 0;
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setTimeout> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  // each open attempt gets a number, so a stale ticket reply or close event is ignored
  let attempt = 0;

  const clearHeartbeat = () => {
    if (heartbeat !== undefined) clearTimeout(heartbeat);
    heartbeat = undefined;
  };
  const armHeartbeat = (ws: WebSocket) => {
    clearHeartbeat();
    heartbeat = setTimeout(() => {
      if (ws.readyState === OPEN) ws.send(HEARTBEAT_FRAME);
      armHeartbeat(ws);
    }, HEARTBEAT_MS);
  };
  const scheduleReconnect = () => {
    if (stopped || reconnect !== undefined) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      void open();
    }, RECONNECT_MS);
  };

  async function open(): Promise<void> {
    if (stopped || !Impl) return;
    const mine = ++attempt;
    let ticket: string;
    try {
      ticket = await options.fetchTicket();
    } catch (error) {
      if (mine !== attempt || stopped) return;
      if (options.isFatal?.(error)) return;
      scheduleReconnect();
      return;
    }
    if (mine !== attempt || stopped) return;
    const ws = new Impl(socketUrl(location, options.userId, ticket, lastId));
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      armHeartbeat(ws);
      // registration failing leaves the socket open: the server still sends the user's own messages
      options.register().catch(() => undefined);
    };
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws) return;
      armHeartbeat(ws);
      const message = parseNotification(event.data);
      if (!message) return;
      if (message.id > lastId) lastId = message.id;
      options.onMessage(message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      clearHeartbeat();
      // the session ended on the server: the HTTP client's 401 flow takes over
      if (event.code === SOCKET_CLOSE.sessionEnded) {
        options.onSessionEnded?.();
        return;
      }
      scheduleReconnect();
    };
  }

  return {
    start() {
      if (!stopped) return;
      if (!Impl) {
        options.onUnsupported();
        return;
      }
      stopped = false;
      void open();
    },
    stop() {
      stopped = true;
      attempt++;
      clearHeartbeat();
      if (reconnect !== undefined) clearTimeout(reconnect);
      reconnect = undefined;
      const ws = socket;
      socket = null;
      ws?.close(1000);
    },
    get lastId() {
      return lastId;
    },
  };
}
