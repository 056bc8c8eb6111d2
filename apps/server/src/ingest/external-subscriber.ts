import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { Ems } from '../context.js';
import { ingestRepository } from './repository.js';
import type { Gateway } from './service.js';
import type { MessageHandler } from './embedded-broker.js';
import { KeyedQueue } from './gateway-queue.js';
import { parseDataTopic } from './mqtt-auth.js';
import { handleGatewayMessage } from './mqtt-message.js';

export interface ExternalSubscriberOptions {
  url: string;
  /** stable per instance: the broker keeps its session (and unacked messages) across restarts */
  clientId: string;
  /** instances with the same group split the gateways' messages between them */
  shareGroup: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** first topic level, default `ems` (tests use their own) */
  topicRoot?: string;
  /** how long the broker keeps the session while this instance is away, s (default 1 day) */
  sessionExpirySeconds?: number;
  /**
   * messages in flight at once (MQTT v5 receive maximum), default 5000. The broker queues more for this
   * client only up to its own limit (Mosquitto: max_queued_messages, 1000 by default) and silently drops
   * QoS 1 messages beyond that, so the window must cover the gateways' messages outstanding at once;
   * the messages in it are committed together (group commit).
   */
  receiveMaximum?: number;
  reconnectMs?: number;
  handle?: MessageHandler;
}

export interface ExternalSubscriber {
  client: MqttClient;
  close(): Promise<void>;
}

/** Tells mqtt.js not to send the PUBACK now: this module sends it after the commit. */
const DEFERRED = new Error('ack deferred until commit');
const GATEWAY_TTL_MS = 10_000;
export const DEFAULT_RECEIVE_MAXIMUM = 5000;

/** mqtt.js sends the PUBACK from customHandleAcks' callback, which also holds back the next packet; sending it ourselves lets messages of different gateways commit side by side. */
function sendPuback(client: MqttClient, messageId: number) {
  (client as unknown as { _sendPacket(p: object): void })._sendPacket({ cmd: 'puback', messageId, reasonCode: 0 });
}

/**
 * Ingest from an external broker (Mosquitto, EMQX): MQTT v5, persistent session (clean: false,
 * stable clientId), QoS 1 shared subscription `$share/{group}/ems/+/+/data`. The broker
 * authenticates gateways and must enforce per-gateway ACLs; here the topic names the gateway.
 * Each message is acknowledged only after its batch is committed; when a commit fails the
 * connection is dropped unacknowledged and the broker redelivers on reconnect. Messages of one
 * gateway are processed in order (a per-gateway chain), different gateways concurrently.
 */
export async function startExternalSubscriber(ems: Ems, opts: ExternalSubscriberOptions): Promise<ExternalSubscriber> {
  const handle = opts.handle ?? handleGatewayMessage;
  const root = opts.topicRoot ?? 'ems';
  const filter = `$share/${opts.shareGroup}/${root}/+/+/data`;
  const queue = new KeyedQueue();
  const cache = new Map<number, { g: Gateway | undefined; at: number }>();
  const gatewayOf = async (id: number) => {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < GATEWAY_TTL_MS) return hit.g;
    const g = await ingestRepository(ems.db).findGateway(id);
    cache.set(id, { g, at: Date.now() });
    return g;
  };

  const processMessage = async (topic: string, payload: Buffer) => {
    const t = parseDataTopic(topic, root);
    const g = t ? await gatewayOf(t.gatewayId) : undefined;
    if (!t || !g || Number(g.project_id) !== t.projectId || Number(g.enabled) !== 1) {
      opts.log.warn({ topic }, 'mqtt: message on a topic of no enabled gateway dropped (check the broker ACLs)');
      return;
    }
    await handle(ems, g, payload);
  };

  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    protocolVersion: 5,
    clean: false,
    reconnectPeriod: opts.reconnectMs ?? 1000,
    properties: { sessionExpiryInterval: opts.sessionExpirySeconds ?? 86_400, receiveMaximum: opts.receiveMaximum ?? DEFAULT_RECEIVE_MAXIMUM },
    customHandleAcks: (topic, message, packet: { qos: number; messageId?: number }, cb) => {
      if (packet.qos !== 1 || packet.messageId === undefined) {
        // QoS 0 has no ack; QoS 2 is not subscribed for
        cb(0);
        void processMessage(topic, message).catch((err: unknown) => opts.log.error({ err, topic }, 'mqtt: QoS 0 message not committed'));
        return;
      }
      const stream = client.stream;
      const messageId = packet.messageId;
      cb(DEFERRED);
      const t = parseDataTopic(topic, root);
      queue.run(t?.gatewayId ?? 0, () => processMessage(topic, message)).then(
        () => {
          // after a reconnect the broker redelivers this message itself (re-ingesting it changes nothing): no ack on the new connection
          if (client.connected && client.stream === stream) sendPuback(client, messageId);
        },
        (err: unknown) => {
          opts.log.error({ err, topic }, 'mqtt: message not committed; reconnecting so the broker redelivers it');
          if (client.stream === stream) stream.destroy();
        },
      );
    },
  });
  client.on('error', (err) => {
    if (err !== DEFERRED) opts.log.warn({ err }, 'mqtt: external broker connection error');
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => {
      if (err === DEFERRED) return;
      client.off('connect', onConnect);
      client.off('error', onError);
      client.end(true);
      reject(err);
    };
    const onConnect = () => {
      client.off('error', onError);
      resolve();
    };
    client.once('connect', onConnect);
    client.on('error', onError);
  });
  await client.subscribeAsync(filter, { qos: 1 });
  // a fresh session (broker restarted without persistence, or session expired) needs the subscription again
  client.on('connect', (connack) => {
    if (!connack.sessionPresent) void client.subscribeAsync(filter, { qos: 1 }).catch((err: unknown) => opts.log.error({ err }, 'mqtt: resubscribe failed'));
  });
  opts.log.info(`MQTT ingest: subscribed to ${filter} at ${opts.url} as ${opts.clientId}`);

  return {
    client,
    /** a graceful stop: finish and ack what is in hand, then leave the shared group so the other instances get this one's share */
    async close() {
      await queue.idle();
      await client.unsubscribeAsync(filter).catch(() => undefined);
      await client.endAsync();
    },
  };
}
