import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { ingestTopic } from '@ems/contract';
import type { Ems } from '../context.js';
import type { MqttIngest } from '../ingest/mqtt-ingest.js';
import { demoGatewayCredentials } from '../ingest/service.js';
import type { SimPublish } from './feed.js';

export interface SimMqttFeed {
  publish: SimPublish;
  /** its MQTT client ids: random per start, so no other client can aim at them or share them by chance */
  clientIds: string[];
  close(): Promise<void>;
}

/**
 * The demo plant's live feed over the real MQTT path: one client per demo gateway, logged in with
 * that gateway's credentials, publishing each message with QoS 1 to its own topic. The publish
 * resolves on the PUBACK, which the ingest side sends only after the batch is committed. With an
 * external broker the broker must accept the demo gateways' logins (its ACLs are the operator's).
 */
export async function startSimMqttFeed(ems: Ems, ingest: MqttIngest): Promise<SimMqttFeed> {
  // the embedded broker on every interface is reached on loopback; bound to one address, on that one
  const bound = ems.config.services.mqttHost;
  const local = bound === undefined || bound === '0.0.0.0' || bound === '::' ? '127.0.0.1' : bound.includes(':') ? `[${bound}]` : bound;
  const url = ingest.mode === 'embedded' ? `mqtt://${local}:${ingest.port}` : ingest.url;
  const clients = new Map<number, MqttClient>();
  try {
    for (const g of await demoGatewayCredentials(ems)) {
      const client = await mqtt.connectAsync(url, {
        clientId: `ems-sim-${g.mqttUsername}-${randomBytes(6).toString('hex')}`,
        username: g.mqttUsername,
        password: g.apiKey,
        clean: true,
        reconnectPeriod: 5_000,
        connectTimeout: 10_000,
      });
      clients.set(g.gatewayId, client);
    }
  } catch (err) {
    await Promise.all([...clients.values()].map((c) => c.endAsync(true)));
    throw err;
  }
  return {
    clientIds: [...clients.values()].map((c) => c.options.clientId ?? ''),
    async publish(projectId, gatewayId, payload) {
      const client = clients.get(gatewayId);
      if (!client) throw new Error(`sim: no MQTT client for gateway ${gatewayId}`);
      await client.publishAsync(ingestTopic(projectId, gatewayId), JSON.stringify(payload), { qos: 1 });
    },
    async close() {
      await Promise.all([...clients.values()].map((c) => c.endAsync()));
    },
  };
}
