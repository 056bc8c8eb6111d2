import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Ems } from '../context.js';
import { startEmbeddedBroker } from './embedded-broker.js';
import { startExternalSubscriber } from './external-subscriber.js';

export const DEFAULT_SHARE_GROUP = 'ems-ingest';

export type MqttIngest =
  | { mode: 'embedded'; port: number; close(): Promise<void> }
  | { mode: 'external'; url: string; clientId: string; close(): Promise<void> };

/** Default client id of an instance: host name plus a hash of its data dir, stable across restarts. */
export function defaultClientId(dataDir: string): string {
  const host = hostname().replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || 'host';
  return `ems-${host}-${createHash('sha256').update(dataDir).digest('hex').slice(0, 8)}`;
}

/** MQTT ingest of the configuration: the external broker at EMS_MQTT_URL, else the embedded one on EMS_MQTT_PORT. */
export async function startMqttIngest(ems: Ems, log: FastifyBaseLogger): Promise<MqttIngest> {
  const { mqttUrl, mqttPort, mqttHost } = ems.config.services;
  if (mqttUrl === undefined) {
    const broker = await startEmbeddedBroker(ems, { port: mqttPort, host: mqttHost, log });
    return { mode: 'embedded', port: broker.port, close: () => broker.close() };
  }
  const clientId = ems.config.mqtt?.clientId ?? defaultClientId(ems.config.dataDir);
  const sub = await startExternalSubscriber(ems, { url: mqttUrl, clientId, shareGroup: ems.config.mqtt?.shareGroup ?? DEFAULT_SHARE_GROUP, log });
  return { mode: 'external', url: mqttUrl, clientId, close: () => sub.close() };
}
