import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { API } from '@ems/contract';
import { LiveChannel } from '../modules/message/channel.js';
import { messageRoutes } from '../modules/message/routes.js';

/** Largest frame a browser may send (it sends only heartbeats). */
const MAX_INCOMING_BYTES = 4096;

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's live channel: sockets, tickets, cross-instance bus (issue 4) */
    live: LiveChannel;
  }
}

/**
 * The live channel (issue 4 §2): the WebSocket server, the message routes, and the sockets closed
 * as soon as the session behind them ends on this instance (logout, password change; other
 * instances are told over the bus, and the periodic check catches expiry). Closed with the app.
 */
export async function registerLiveChannel(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: MAX_INCOMING_BYTES } });
  const live = await LiveChannel.start(app.ems, app.log);
  app.decorate('live', live);
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (reply.statusCode !== 200 || !request.session || (url !== API.logout && url !== API.changePassword)) return;
    await live.endSession(request.session.tokenHash);
    if (url === API.changePassword) for (const tokenHash of live.hub.sessionsOfUser(request.session.userId)) await live.endSession(tokenHash);
  });
  app.addHook('preClose', async () => live.close());
  await app.register(messageRoutes(live));
}
