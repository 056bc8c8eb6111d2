import { DATA_ID, ingestTopic } from '@ems/contract';
import type { Ems } from '../context.js';
import { demoGatewayCredentials, type DemoGatewayCredentials } from './service.js';
import type { MqttIngest } from './mqtt-ingest.js';
import { ingestRepository } from './repository.js';

export interface BannerGateway extends DemoGatewayCredentials {
  /** a meter of the gateway's project for the example message, if any */
  meterId: number | undefined;
}

/** The banner's MQTT lines: where to connect, the demo gateways' logins and a mosquitto_pub that works. */
export function mqttBannerText(ingest: MqttIngest, gateways: BannerGateway[], ts: number): string {
  const lines = [
    ingest.mode === 'embedded'
      ? `  MQTT:       embedded broker on port ${ingest.port} (topic ems/{projectId}/{gatewayId}/data, QoS 1, user gw-{id}, password = gateway key)`
      : `  MQTT:       external broker ${redact(ingest.url)} as ${ingest.clientId} (shared subscription; the broker authenticates gateways)`,
  ];
  if (gateways.length > 0) lines.push('  demo gateways (MQTT user / password = X-Gateway-Key / topic):');
  for (const g of gateways) lines.push(`    project ${g.projectId}  ${g.mqttUsername.padEnd(8)} ${g.apiKey}  ${ingestTopic(g.projectId, g.gatewayId)}`);
  const g = gateways.find((x) => x.meterId !== undefined);
  if (g?.meterId !== undefined) {
    const port = ingest.mode === 'embedded' ? ingest.port : portOf(ingest.url);
    const msg = JSON.stringify({ ts, readings: [{ deviceId: g.meterId, dataId: DATA_ID.activePower, value: 42.5 }] });
    lines.push('  try:', `    mosquitto_pub -h 127.0.0.1 -p ${port} -u ${g.mqttUsername} -P ${g.apiKey} -t ${ingestTopic(g.projectId, g.gatewayId)} -q 1 -m '${msg}'`);
  }
  return lines.join('\n');
}

/** The demo gateways (created when missing) with a meter each, for the banner. */
export async function bannerGateways(ems: Ems): Promise<BannerGateway[]> {
  const creds = await demoGatewayCredentials(ems);
  const repo = ingestRepository(ems.db);
  return Promise.all(
    creds.map(async (c) => {
      const meter = await repo.firstMeter(c.projectId);
      return { ...c, meterId: meter ? Number(meter.id) : undefined };
    }),
  );
}

function portOf(url: string): number {
  try {
    const u = new URL(url);
    return u.port ? Number(u.port) : u.protocol === 'mqtts:' ? 8883 : 1883;
  } catch {
    return 1883;
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'mqtt';
  }
}
