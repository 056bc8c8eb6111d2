import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id, IdOrZero, Page } from './bounds.js';

/**
 * The live channel and the message centre (issue 4 §2; spec section 7 "Frame and notifications").
 * Order in the browser (spec section 4): the socket opens on load, then the client registers.
 */
export const MESSAGE_API = {
  /** GET → ModelNodeRef[] ({modelLabel, id}): the nodes the caller may see (tags are built from them after the socket opens) */
  modelNodes: '/eem-service/v1/node/modelNodes',
  /** POST (no body) → SocketTicket: a one-time, short-lived ticket, fetched just before opening the socket */
  ticket: '/messageServer/v1/ticket',
  /** WebSocket `${socket}/{userId}?ticket=…&after={lastId}`: same host; {userId} must be the session's user */
  socket: '/messageServer/websocket',
  /** POST RegisterClientBody → RegisterClientReply: tags cut down to what the user may see */
  register: '/messageServer/v1/service/web/client',
  /** POST MessageLogQuery → NotificationMessage[] (+ total): the message log, noticeMode 4 */
  log: '/messageServer/v1/log',
  /** POST MarkReadBody → number of messages marked: read state is kept per user on the server */
  read: '/messageServer/v1/read',
  /** POST MessageCentreQuery → MessageCentreRecord[] (+ total): the header's message-centre dialog */
  messageCentre: '/messageServer/v1/message/query',
  /** POST ConvertTimeBody → ConvertTimeEntry[]: start of the current cost cycles (quiet mode) */
  convertTime: '/eem-service/v1/costcaculating/convertTime',
} as const;

/** Socket close codes the server uses (4000–4999 are the application's). */
export const SOCKET_CLOSE = {
  /** no or bad ticket, user mismatch, bad Origin */
  unauthorized: 4401,
  /** the session ended (logout, expiry) */
  sessionEnded: 4403,
  /** the browser fell behind: its send buffer hit the bound; reconnect with after={lastId} */
  tooSlow: 4408,
} as const;

/** Text frames the browser sends as heartbeat (every 40 s); the server answers with the same JSON. */
export const HEARTBEAT_FRAME = '{"type":"heartbeat"}';

export const SocketTicket = Type.Object({
  ticket: Type.String(),
  /** ms the ticket stays valid (it is also single-use) */
  expiresInMs: Type.Integer(),
});
export type SocketTicket = Static<typeof SocketTicket>;

export const RegisterClientBody = Type.Object(
  {
    userId: Id,
    /**
     * `${modelLabel}_${id}` per node, plus the user id as text; at most 10,000 (as many nodes as one
     * model query answers): 100,000 held the server's event loop half a second (issue 12 finding 4)
     */
    tags: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10000 }),
  },
  { additionalProperties: false },
);
export type RegisterClientBody = Static<typeof RegisterClientBody>;

export const RegisterClientReply = Type.Object({
  /** the tags kept (those the user may see) */
  tags: Type.Array(Type.String()),
  /** how many sockets of this user the registration applies to */
  sockets: Type.Integer(),
});
export type RegisterClientReply = Static<typeof RegisterClientReply>;

export const MessageLogQuery = Type.Object(
  {
    noticeMode: Type.Literal(4),
    /** ms */
    startTime: Type.Optional(EpochMs),
    endTime: Type.Optional(EpochMs),
    /** the receiving user id (must be the caller) */
    receiver: Type.Optional(Id),
    /** only messages with an id above this (reconnect) */
    afterId: Type.Optional(IdOrZero),
    /** only unread messages */
    unreadOnly: Type.Optional(Type.Boolean()),
    page: Type.Optional(Page),
  },
  { additionalProperties: false },
);
export type MessageLogQuery = Static<typeof MessageLogQuery>;

export const MarkReadBody = Type.Object(
  {
    /** these messages */
    ids: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
    /** 'all read' for a class (spec section 4): every visible message of the class up to now */
    eventClass: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  },
  { additionalProperties: false },
);
export type MarkReadBody = Static<typeof MarkReadBody>;

export const MessageCentreQuery = Type.Object(
  {
    /** ms; the default is the current day */
    startTime: EpochMs,
    endTime: EpochMs,
    page: Page,
  },
  { additionalProperties: false },
);
export type MessageCentreQuery = Static<typeof MessageCentreQuery>;

/** Spec section 3 "Message-centre record": recordTime, logTypeName, content (the readable message). */
export const MessageCentreRecord = Type.Object({
  id: Type.Integer(),
  /** ms */
  recordTime: Type.Integer(),
  logType: Type.Integer(),
  logTypeName: Type.String(),
  content: Type.String(),
  projectId: Type.Integer(),
});
export type MessageCentreRecord = Static<typeof MessageCentreRecord>;

/** Cost cycle codes (spec section 9): 12 day, 13 week, 14 month, 17 year. */
export const COST_CYCLE = { day: 12, week: 13, month: 14, year: 17 } as const;

export const ConvertTimeBody = Type.Object(
  {
    cycles: Type.Array(Type.Union([Type.Literal(12), Type.Literal(13), Type.Literal(14), Type.Literal(17)]), { minItems: 1, maxItems: 4 }),
    projectId: Id,
    /** ms */
    time: EpochMs,
  },
  { additionalProperties: false },
);
export type ConvertTimeBody = Static<typeof ConvertTimeBody>;

export const ConvertTimeEntry = Type.Object({ cycle: Type.Integer(), startTime: Type.Integer() });
export type ConvertTimeEntry = Static<typeof ConvertTimeEntry>;
