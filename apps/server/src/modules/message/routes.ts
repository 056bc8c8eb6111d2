import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {} from '@fastify/websocket';
import { Type } from '@sinclair/typebox';
import {
  ConvertTimeBody,
  ConvertTimeEntry,
  Envelope,
  MarkReadBody,
  MESSAGE_API,
  MessageCentreQuery,
  MessageCentreRecord,
  MessageLogQuery,
  NotificationMessage,
  RegisterClientBody,
  RegisterClientReply,
  SocketTicket,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { unauthorized } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import type { LiveChannel } from './channel.js';
import { allowedTags, convertCycles, markRead, messageCentre, messageLog } from './service.js';
import { openSocket } from './socket.js';
import { TICKET_TTL_MS } from './tickets.js';

/** The live channel and message-centre routes (issue 4 §2); GET modelNodes lives in the model module. */
export const messageRoutes =
  (live: LiveChannel): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(MESSAGE_API.ticket, { schema: { response: { 200: Envelope(SocketTicket) } } }, async (request) => {
      const s = sessionOf(request);
      const ticket = await live.tickets.issue({ userId: s.userId, tokenHash: s.tokenHash, lang: request.lang }, app.ems.config.now());
      return ok(request.lang, { ticket, expiresInMs: TICKET_TTL_MS });
    });

    // public for the token check: the one-time ticket in the query is the credential
    app.get(`${MESSAGE_API.socket}/:userId`, { websocket: true, config: { public: true } }, (socket, request) => openSocket(app.ems, live, socket, request));

    app.post(MESSAGE_API.register, { schema: { body: RegisterClientBody, response: { 200: Envelope(RegisterClientReply) } } }, async (request) => {
      const s = sessionOf(request);
      if (request.body.userId !== s.userId) throw unauthorized();
      const tags = await allowedTags(app.ems, s, request.body.tags);
      const sockets = await live.register(s.tokenHash, tags);
      return ok(request.lang, { tags, sockets });
    });

    app.post(MESSAGE_API.log, { schema: { body: MessageLogQuery, response: { 200: Envelope(Type.Array(NotificationMessage)) } } }, async (request) => {
      const { list, total } = await messageLog(app.ems, request.lang, sessionOf(request), request.body);
      return ok(request.lang, list, total);
    });

    app.post(MESSAGE_API.read, { schema: { body: MarkReadBody, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
      ok(request.lang, await markRead(app.ems, sessionOf(request), request.body)),
    );

    app.post(MESSAGE_API.messageCentre, { schema: { body: MessageCentreQuery, response: { 200: Envelope(Type.Array(MessageCentreRecord)) } } }, async (request) => {
      const { list, total } = await messageCentre(app.ems, request.lang, sessionOf(request), request.body);
      return ok(request.lang, list, total);
    });

    app.post(MESSAGE_API.convertTime, { schema: { body: ConvertTimeBody, response: { 200: Envelope(Type.Array(ConvertTimeEntry)) } } }, async (request) => {
      const list = await convertCycles(app.ems, sessionOf(request), request.body);
      return ok(request.lang, list, list.length);
    });
  };
