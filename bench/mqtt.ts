/**
 * MQTT ingest end to end (issue 3 section 6): simulated gateways, one MQTT connection each (per-
 * gateway credentials rule out multiplexing), each sending 50-point QoS 1 messages one after the
 * other for BENCH_MQTT_SECONDS (60) from BENCH_MQTT_GATEWAYS (2,000) gateways; counted are points
 * whose batch is committed (embedded broker: PUBACKs received, which leave after the commit;
 * Mosquitto: commits of the shared-subscription subscriber). Floor: the same messages written
 * straight through the ingest service, one after the other, for the same time. Traffic stays on
 * 127.0.0.1.
 */
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { DATA_ID, ingestTopic } from '@ems/contract';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import type { Ems } from '../apps/server/src/context.js';
import { ingestRepository } from '../apps/server/src/modules/ingest/repository.js';
import { ingest, type Gateway } from '../apps/server/src/modules/ingest/service.js';
import { startEmbeddedBroker } from '../apps/server/src/ingest/embedded-broker.js';
import { startExternalSubscriber } from '../apps/server/src/ingest/external-subscriber.js';
import { handleGatewayMessage } from '../apps/server/src/ingest/mqtt-message.js';
import { benchConfig } from './support.js';

const SECONDS = Number(process.env.BENCH_MQTT_SECONDS ?? 60);
const GATEWAYS = Number(process.env.BENCH_MQTT_GATEWAYS ?? 2000);
const POINTS = 50;
const T0 = Date.UTC(2025, 0, 1);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Sim {
  id: number;
  key: string;
  seq: number;
}

/** a message of gateway `g`: 50 meters' active power at its own time (gateways never overwrite each other) */
const message = (meters: number[], g: Sim) => {
  const ts = T0 + g.seq++ * 60_000 + (g.id % 60_000);
  return JSON.stringify({ ts, readings: meters.map((deviceId, i) => ({ deviceId, dataId: DATA_ID.activePower, value: 100 + ((g.seq + i) % 17) })) });
};

const line = (name: string, rate: number, floor: number) =>
  console.log(`${name.padEnd(44)} ${Math.round(rate).toLocaleString('en-US').padStart(9)} points/s | floor (ingest service, 50-point messages) ${Math.round(floor).toLocaleString('en-US')} points/s | ratio ${((rate / floor) * 100).toFixed(0)}%`);

async function connectAll(url: string, sims: Sim[], auth: boolean): Promise<MqttClient[]> {
  const clients: MqttClient[] = [];
  for (let i = 0; i < sims.length; i += 100) {
    const part = sims.slice(i, i + 100);
    clients.push(
      ...(await Promise.all(
        part.map((g) =>
          mqtt.connectAsync(url, { ...(auth ? { username: `gw-${g.id}`, password: g.key } : {}), clientId: `bench-${g.id}-${randomBytes(3).toString('hex')}`, reconnectPeriod: 0, connectTimeout: 30_000, keepalive: 120 }),
        ),
      )),
    );
  }
  return clients;
}

/** every gateway publishes one message after the other until the time is up; resolves with acked messages */
async function drive(clients: MqttClient[], sims: Sim[], topicOf: (g: Sim) => string, meters: number[], ms: number): Promise<number> {
  const end = Date.now() + ms;
  let acked = 0;
  await Promise.all(
    clients.map(async (c, i) => {
      const g = sims[i] as Sim;
      while (Date.now() < end) {
        await c.publishAsync(topicOf(g), message(meters, g), { qos: 1 });
        acked++;
      }
    }),
  );
  return acked;
}

async function benchStore(store: StoreConfig, label: string, dataDir: string, mqttUrl: string | undefined) {
  const config = benchConfig(store, dataDir, { services: { redisUrl: undefined, mqttUrl: undefined, mqttPort: 0 } });
  const app = await buildApp(config, { logger: false });
  await prepareStore(app);
  const ems: Ems = app.ems;
  const meters: number[] = [];
  for (let i = 0; i < POINTS; i++) {
    const row = await ems.db
      .insertInto('node')
      .values({ project_id: 1, parent_id: null, model_label: 'meter', name: `bench meter ${i}`, attrs: JSON.stringify({}), sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    meters.push(Number(row.id));
  }
  const repo = ingestRepository(ems.db);
  const sims: Sim[] = [];
  for (let i = 0; i < GATEWAYS; i++) {
    const key = `gw_bench_${randomBytes(12).toString('hex')}`;
    sims.push({ id: await repo.insertGateway({ projectId: 1, name: `bench ${i}`, keyHash: createHash('sha256').update(key).digest('hex') }), key, seq: 0 });
  }

  // floor: the same messages straight through the service
  const g0 = (await repo.findGateway(sims[0]?.id ?? 0)) as Gateway;
  const floorSim: Sim = { id: 0, key: '', seq: 1_000_000 };
  let n = 0;
  const floorEnd = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  while (performance.now() < floorEnd) {
    await ingest(ems, g0, JSON.parse(message(meters, floorSim)) as { ts: number; readings: unknown[] });
    n++;
  }
  const floor = (n * POINTS) / ((performance.now() - t0) / 1000);

  // embedded broker: PUBACK = committed
  const broker = await startEmbeddedBroker(ems, { port: 0, host: '127.0.0.1', log: quiet });
  try {
    const clients = await connectAll(`mqtt://127.0.0.1:${broker.port}`, sims, true);
    const t1 = performance.now();
    const acked = await drive(clients, sims, (g) => ingestTopic(1, g.id), meters, SECONDS * 1000);
    line(`[${label}] MQTT embedded, ${GATEWAYS} gateways`, (acked * POINTS) / ((performance.now() - t1) / 1000), floor);
    await Promise.all(clients.map((c) => c.endAsync(true)));
  } finally {
    await broker.close();
  }

  if (mqttUrl) {
    const run = randomBytes(4).toString('hex');
    const root = `ems-bench-${run}`;
    let committed = 0;
    const sub = await startExternalSubscriber(ems, {
      url: mqttUrl,
      clientId: `ems-bench-${run}`,
      shareGroup: `ems-bench-${run}`,
      topicRoot: root,
      log: quiet,
      sessionExpirySeconds: 0,
      handle: async (e, g, p) => {
        const r = await handleGatewayMessage(e, g, p);
        committed++;
        return r;
      },
    });
    try {
      const clients = await connectAll(mqttUrl, sims, false);
      const t1 = performance.now();
      const before = committed;
      await drive(clients, sims, (g) => `${root}/1/${g.id}/data`, meters, SECONDS * 1000);
      const rate = ((committed - before) * POINTS) / ((performance.now() - t1) / 1000);
      line(`[${label}] MQTT via Mosquitto, ${GATEWAYS} gateways`, rate, floor);
      await Promise.all(clients.map((c) => c.endAsync(true)));
    } finally {
      await sub.close();
    }
  }
  await app.close();
}

/** Runs the MQTT bench on SQLite and, when a URL is given, PostgreSQL; Mosquitto when EMS_BENCH_MQTT_URL or EMS_TEST_MQTT_URL is set. */
export async function benchMqtt(dataDir: string, pgUrl: string | undefined) {
  const mqttUrl = process.env.EMS_BENCH_MQTT_URL ?? process.env.EMS_TEST_MQTT_URL;
  console.log(`MQTT ingest end to end (publish to committed), ${GATEWAYS.toLocaleString('en-US')} gateways × ${POINTS}-point QoS 1 messages, ${SECONDS} s each`);
  if (!mqttUrl) console.log('mosquitto: skipped (set EMS_BENCH_MQTT_URL or EMS_TEST_MQTT_URL)');
  await benchStore({ kind: 'sqlite', file: join(dataDir, `mqtt-${randomBytes(3).toString('hex')}.sqlite`) }, 'sqlite', dataDir, mqttUrl);
  if (!pgUrl) {
    console.log('postgres: skipped (set EMS_BENCH_PG_URL or EMS_TEST_PG_URL)');
    return;
  }
  const pg = (await import('pg')).default;
  const schema = `ems_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    await benchStore({ kind: 'postgres', url: pgUrl, schema }, 'postgres', dataDir, mqttUrl);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
