import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Ems } from '../context.js';
import type { Gateway } from './service.js';
import { KeyedQueue } from './gateway-queue.js';
import { isOwnTopic, verifyGatewayLogin } from './mqtt-auth.js';
import { handleGatewayMessage, type MessageOutcome } from './mqtt-message.js';

/** ports tried after EMS_MQTT_PORT when it is taken */
const PORT_TRIES = 20;

export type MessageHandler = (ems: Ems, gateway: Gateway, payload: Buffer) => Promise<MessageOutcome>;

export interface EmbeddedBrokerOptions {
  /** wanted port (0: any free one); when taken, the next free one is used and logged once */
  port: number;
  host?: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** tests wrap it to slow or fail the commit */
  handle?: MessageHandler;
}

export interface EmbeddedBroker {
  port: number;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
}

const refused = (message: string, returnCode: number) => Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/**
 * Who holds each client id: the last client that logged in with it and is still open. MQTT lets a
 * new connection take over an id; here only the gateway holding it may (a reconnect after a drop
 * the broker has not noticed yet), so one gateway cannot disconnect another by naming its id.
 */
class ClientIds {
  private readonly holders = new Map<string, Client>();

  constructor(private readonly gatewayOf: (c: Client) => Gateway | undefined) {}

  /** The gateway holding `id` when it is another than `g`. */
  heldByOther(id: string, g: Gateway): Gateway | undefined {
    const holder = this.holders.get(id);
    const owner = holder && !holder.closed ? this.gatewayOf(holder) : undefined;
    return owner && Number(owner.id) !== Number(g.id) ? owner : undefined;
  }

  /**
   * `client` holds its id from its login (before aedes registers it, so two logins cannot race) until
   * its connection closes; then the id goes back to the client it took over, when that one is still open.
   */
  take(client: Client): void {
    if (client.closed) return; // gone while its login was checked: its close has already run
    const id = client.id;
    const before = this.holders.get(id);
    this.holders.set(id, client);
    client.conn.once('close', () => {
      if (this.holders.get(id) !== client) return;
      if (before && !before.closed) this.holders.set(id, before);
      else this.holders.delete(id);
    });
  }
}

/**
 * The embedded MQTT broker (aedes): gateways log in as `gw-{id}` with their key and may publish
 * only to `ems/{projectId}/{gatewayId}/data`. Ingestion runs inside `authorizePublish`, whose
 * callback aedes awaits before it writes the PUBACK (QoS 1) or PUBREC (QoS 2), so the ack leaves
 * only after the batch is committed. A store failure drops the connection unacknowledged; the
 * gateway sends again. Subscriptions are refused: the broker is an inbox, not a bus. A client id held
 * by another gateway is refused (CONNACK 2, identifier rejected); the holder stays connected.
 */
export async function startEmbeddedBroker(ems: Ems, opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const handle = opts.handle ?? handleGatewayMessage;
  const gateways = new WeakMap<Client, Gateway>();
  const queue = new KeyedQueue();
  const ids = new ClientIds((c) => gateways.get(c));
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      verifyGatewayLogin(ems, username, password).then(
        (g) => {
          if (!g) return done(refused('bad username or password', 4), false);
          const holder = ids.heldByOther(client.id, g);
          if (holder) {
            opts.log.warn({ clientId: client.id, gatewayId: Number(g.id), holderGatewayId: Number(holder.id) }, 'mqtt: client id held by another gateway; connection refused');
            return done(refused('client id in use by another gateway', 2), false);
          }
          gateways.set(client, g);
          ids.take(client);
          done(null, true);
        },
        (err: unknown) => {
          opts.log.error({ err }, 'mqtt: gateway login check failed');
          done(refused('server unavailable', 3), false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      const g = client ? gateways.get(client) : undefined;
      if (!g || !isOwnTopic(g, packet.topic)) {
        opts.log.warn({ clientId: client?.id, topic: packet.topic }, 'mqtt: publish refused (not the gateway\'s own data topic)');
        return done(new Error('publish refused: not this gateway\'s data topic'));
      }
      packet.retain = false;
      queue.run(Number(g.id), () => handle(ems, g, packet.payload as Buffer)).then(
        () => done(null),
        (err: unknown) => {
          opts.log.error({ err, gatewayId: Number(g.id) }, 'mqtt: message not committed; connection dropped unacknowledged');
          done(err as Error);
        },
      );
    },
    authorizeSubscribe: (_client, _sub, done) => done(null, null),
  });

  const server = createServer(broker.handle);
  const host = opts.host ?? '0.0.0.0';
  let port = -1;
  for (let i = 0; i < PORT_TRIES && port < 0; i++) {
    const want = opts.port === 0 ? 0 : opts.port + i;
    if (want > 65535) break;
    try {
      port = await listen(server, want, host);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  if (port < 0) {
    await new Promise<void>((r) => broker.close(() => r()));
    throw new Error(`EMS_MQTT_PORT ${opts.port}: no free port among ${opts.port}..${opts.port + PORT_TRIES - 1}`);
  }
  if (opts.port !== 0 && port !== opts.port) opts.log.warn(`EMS_MQTT_PORT ${opts.port} is taken; the embedded MQTT broker listens on ${port} instead`);
  else opts.log.info(`embedded MQTT broker listening on ${port}`);

  return {
    port,
    async close() {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
      await queue.idle();
    },
  };
}
