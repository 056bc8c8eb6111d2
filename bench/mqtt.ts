/**
 * MQTT ingest end to end (issue 3 section 6): simulated gateways, one MQTT connection each (per-
 * gateway credentials rule out multiplexing), each sending 50-point QoS 1 messages for
 * BENCH_MQTT_SECONDS (60; BENCH_MQTT_QUICK=1: 10) from BENCH_MQTT_GATEWAYS (2,000) gateways.
 *
 * The gateways run in a worker thread of their own (they are other machines in real life and must not
 * take the server's event loop), and each keeps at most BENCH_MQTT_INFLIGHT (1) messages in flight
 * that are not yet committed: with the embedded broker the PUBACK is the commit (it leaves after it);
 * with Mosquitto the broker acks at once, so the gateway also waits for the server's commit of its
 * message (told by the server thread), at most BENCH_MQTT_TIMEOUT_MS (30 s) — a message not
 * committed by then is counted as a timeout (dropped by the broker, or stuck). Counted: messages whose
 * batch was committed inside the timed window (the server's handler resolved). Printed beside it:
 * messages published, acked by the broker, committed, and timeouts/errors after a drain.
 *
 * BENCH_MQTT_OPEN_LOOP=1 lets the gateways publish as fast as Mosquitto acks, without waiting for
 * the commit — the old bench, which ran Mosquitto's queue for the subscriber over its limit
 * (max_queued_messages, 1000 by default) so that Mosquitto dropped most messages: see docs/ingest.md.
 *
 * Floor: the same messages written straight through the ingest service, one after the other, for
 * the same time. Traffic stays on 127.0.0.1.
 */
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';
import { DATA_ID, ingestTopic } from '@ems/contract';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import type { Ems } from '../apps/server/src/context.js';
import { ingestRepository } from '../apps/server/src/ingest/repository.js';
import { ingest, type Gateway } from '../apps/server/src/ingest/service.js';
import { startEmbeddedBroker, type MessageHandler } from '../apps/server/src/ingest/embedded-broker.js';
import { startExternalSubscriber } from '../apps/server/src/ingest/external-subscriber.js';
import { handleGatewayMessage } from '../apps/server/src/ingest/mqtt-message.js';
import { benchConfig } from './support.js';

const QUICK = process.env.BENCH_MQTT_QUICK === '1';
const SECONDS = Number(process.env.BENCH_MQTT_SECONDS ?? (QUICK ? 10 : 60));
const GATEWAYS = Number(process.env.BENCH_MQTT_GATEWAYS ?? 2000);
const INFLIGHT = Math.max(1, Number(process.env.BENCH_MQTT_INFLIGHT ?? 1));
const TIMEOUT_MS = Number(process.env.BENCH_MQTT_TIMEOUT_MS ?? 30_000);
const OPEN_LOOP = process.env.BENCH_MQTT_OPEN_LOOP === '1';
/** after the timed window: how long the messages still in flight may take to settle */
const DRAIN_MS = 30_000;
const POINTS = 50;
const T0 = Date.UTC(2025, 0, 1);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const WORKER_KIND = 'ems-bench-mqtt-gateways';

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

// ---------------------------------------------------------------- gateways (worker thread)

interface GatewayJob {
  kind: typeof WORKER_KIND;
  url: string;
  sims: { id: number; key: string }[];
  auth: boolean;
  /** topic with `{id}` for the gateway id */
  topic: string;
  meters: number[];
  ms: number;
  inflight: number;
  /** wait for the server's commit notice (broker acks before the commit) */
  waitCommit: boolean;
  timeoutMs: number;
}

type ToWorker = { type: 'go' } | { type: 'committed'; ids: number[] };
type FromWorker = { type: 'ready' } | { type: 'done'; published: number; brokerAcked: number; timeouts: number; errors: number; firstError?: string };

async function connectAll(url: string, sims: { id: number; key: string }[], auth: boolean): Promise<MqttClient[]> {
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

async function runGateways(job: GatewayJob, port: NonNullable<typeof parentPort>) {
  const clients = await connectAll(job.url, job.sims, job.auth);
  // commit notices per gateway, and the waiters for them
  const committed = new Map<number, number>();
  const waiters = new Map<number, { need: number; resolve: (ok: boolean) => void }[]>();
  const notify = (id: number) => {
    const n = (committed.get(id) ?? 0) + 1;
    committed.set(id, n);
    const list = waiters.get(id);
    if (!list) return;
    for (let i = list.length - 1; i >= 0; i--) {
      const w = list[i]!;
      if (n >= w.need) {
        list.splice(i, 1);
        w.resolve(true);
      }
    }
  };
  const waitFor = (id: number, need: number) =>
    new Promise<boolean>((resolve) => {
      if ((committed.get(id) ?? 0) >= need) return resolve(true);
      let list = waiters.get(id);
      if (!list) waiters.set(id, (list = []));
      const w = { need, resolve };
      list.push(w);
      setTimeout(() => {
        const i = list.indexOf(w);
        if (i >= 0) {
          list.splice(i, 1);
          resolve(false);
        }
      }, job.timeoutMs).unref();
    });
  const go = new Promise<void>((resolve) =>
    port.on('message', (m: ToWorker) => {
      if (m.type === 'go') resolve();
      else for (const id of m.ids) notify(id);
    }),
  );
  port.postMessage({ type: 'ready' } satisfies FromWorker);
  await go;

  const end = Date.now() + job.ms;
  let published = 0;
  let brokerAcked = 0;
  let timeouts = 0;
  let errors = 0;
  let firstError: string | undefined;
  await Promise.all(
    clients.map(async (c, i) => {
      const sim = job.sims[i]!;
      const g: Sim = { ...sim, seq: 0 };
      const topic = job.topic.replace('{id}', String(g.id));
      // commits this gateway has given up waiting for (timed out): later notices may still come
      let forgiven = 0;
      let sent = 0;
      const lane = async () => {
        while (Date.now() < end) {
          const mine = ++sent;
          published++;
          try {
            await c.publishAsync(topic, message(job.meters, g), { qos: 1 });
            brokerAcked++;
          } catch (err) {
            errors++;
            firstError ??= (err as Error).message;
            return;
          }
          if (job.waitCommit && !(await waitFor(g.id, mine - forgiven))) {
            timeouts++;
            forgiven++;
          }
        }
      };
      await Promise.all(Array.from({ length: job.inflight }, lane));
    }),
  );
  await Promise.all(clients.map((c) => c.endAsync(true)));
  port.postMessage({ type: 'done', published, brokerAcked, timeouts, errors, firstError } satisfies FromWorker);
}

if (!isMainThread && (workerData as GatewayJob | undefined)?.kind === WORKER_KIND && parentPort) {
  await runGateways(workerData as GatewayJob, parentPort);
}

// ---------------------------------------------------------------- server side (main thread)

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const line = (name: string, rate: number, floor: number, detail: string) =>
  console.log(
    `${name.padEnd(44)} ${fmt(rate).padStart(9)} points/s | floor (ingest service, 50-point messages, one at a time) ${fmt(floor)} points/s | ratio ${((rate / floor) * 100).toFixed(0)}% | ${detail}`,
  );

/**
 * Runs the gateways in a worker against `url` for the timed window, counting the server's commits
 * (`onCommit` is wired into the server's message handler). Resolves with the figures.
 */
async function driveGateways(job: Omit<GatewayJob, 'kind'>, commits: { onCommit: (gatewayId: number) => void }) {
  // a worker does not inherit tsx's loader on Node 20: it registers it, then loads this file
  const code = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(code, { eval: true, workerData: { kind: WORKER_KIND, ...job } satisfies GatewayJob });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  const next = <T extends FromWorker['type']>(type: T) =>
    Promise.race([
      new Promise<Extract<FromWorker, { type: T }>>((resolve) => {
        const on = (m: FromWorker) => {
          if (m.type !== type) return;
          worker.off('message', on);
          resolve(m as Extract<FromWorker, { type: T }>);
        };
        worker.on('message', on);
      }),
      failed,
    ]);
  await next('ready');
  // commit notices to the gateways, a batch per event-loop turn
  let pending: number[] = [];
  let inWindow = 0;
  let total = 0;
  let windowOpen = false;
  commits.onCommit = (id) => {
    total++;
    if (windowOpen) inWindow++;
    if (!job.waitCommit) return;
    if (pending.length === 0) setImmediate(() => {
      worker.postMessage({ type: 'committed', ids: pending } satisfies ToWorker);
      pending = [];
    });
    pending.push(id);
  };
  const done = next('done');
  windowOpen = true;
  const t0 = performance.now();
  worker.postMessage({ type: 'go' } satisfies ToWorker);
  await new Promise((r) => setTimeout(r, job.ms));
  windowOpen = false;
  const seconds = (performance.now() - t0) / 1000;
  const committedInWindow = inWindow;
  const r = await Promise.race([done, new Promise<undefined>((res) => setTimeout(() => res(undefined), job.timeoutMs + DRAIN_MS))]);
  // messages still on their way: give them the drain time to commit
  const drainEnd = Date.now() + DRAIN_MS;
  while (r && total < r.brokerAcked && Date.now() < drainEnd) await new Promise((res) => setTimeout(res, 100));
  await worker.terminate();
  commits.onCommit = () => undefined;
  return { rate: (committedInWindow * POINTS) / seconds, seconds, committedInWindow, committedTotal: total, r };
}

function detail(x: Awaited<ReturnType<typeof driveGateways>>): string {
  const r = x.r;
  if (!r) return `${fmt(x.committedInWindow)} messages committed in ${x.seconds.toFixed(0)} s; gateways did not finish`;
  const lost = Math.max(0, r.brokerAcked - x.committedTotal);
  return (
    `${x.seconds.toFixed(0)} s: ${fmt(x.committedInWindow)} messages committed in the window; ` +
    `published ${fmt(r.published)}, broker-acked ${fmt(r.brokerAcked)}, committed ${fmt(x.committedTotal)}, ` +
    `not committed ${fmt(lost)}, timeouts ${fmt(r.timeouts)}, errors ${fmt(r.errors)}${r.firstError ? ` (${r.firstError})` : ''}`
  );
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
  const plain = sims.map(({ id, key }) => ({ id, key }));

  // floor: the same messages straight through the service, one after the other
  const g0 = (await repo.findGateway(sims[0]?.id ?? 0)) as Gateway;
  // id 0: its readings fall on whole minutes, which no bench gateway's do (theirs are offset by id % 60,000 ms)
  const floorSim: Sim = { id: 0, key: '', seq: 0 };
  let n = 0;
  const floorEnd = performance.now() + Math.min(SECONDS, 20) * 1000;
  const t0 = performance.now();
  while (performance.now() < floorEnd) {
    await ingest(ems, g0, JSON.parse(message(meters, floorSim)) as { ts: number; readings: unknown[] });
    n++;
  }
  const floor = (n * POINTS) / ((performance.now() - t0) / 1000);

  // the server's handler, counting commits for the gateways
  const commits = { onCommit: (_id: number) => undefined as void };
  const handle: MessageHandler = async (e, g, p) => {
    const r = await handleGatewayMessage(e, g, p);
    commits.onCommit(Number(g.id));
    return r;
  };

  // embedded broker: PUBACK = committed
  const broker = await startEmbeddedBroker(ems, { port: 0, host: '127.0.0.1', log: quiet, handle });
  try {
    const x = await driveGateways(
      { url: `mqtt://127.0.0.1:${broker.port}`, sims: plain, auth: true, topic: ingestTopic(1, 0).replace('/0/data', '/{id}/data'), meters, ms: SECONDS * 1000, inflight: INFLIGHT, waitCommit: false, timeoutMs: TIMEOUT_MS },
      commits,
    );
    line(`[${label}] MQTT embedded, ${GATEWAYS} gateways, ${SECONDS} s`, x.rate, floor, detail(x));
  } finally {
    await broker.close();
  }

  if (mqttUrl) {
    const run = randomBytes(4).toString('hex');
    const root = `ems-bench-${run}`;
    const sub = await startExternalSubscriber(ems, { url: mqttUrl, clientId: `ems-bench-${run}`, shareGroup: `ems-bench-${run}`, topicRoot: root, log: quiet, sessionExpirySeconds: 0, handle });
    try {
      const x = await driveGateways(
        { url: mqttUrl, sims: plain, auth: false, topic: `${root}/1/{id}/data`, meters, ms: SECONDS * 1000, inflight: INFLIGHT, waitCommit: !OPEN_LOOP, timeoutMs: TIMEOUT_MS },
        commits,
      );
      line(`[${label}] MQTT via Mosquitto, ${GATEWAYS} gateways, ${SECONDS} s${OPEN_LOOP ? ' (open loop)' : ''}`, x.rate, floor, detail(x));
    } finally {
      await sub.close();
    }
  }
  await app.close();
}

/** Runs the MQTT bench on SQLite and, when a URL is given, PostgreSQL; Mosquitto when EMS_BENCH_MQTT_URL or EMS_TEST_MQTT_URL is set. */
export async function benchMqtt(dataDir: string, pgUrl: string | undefined) {
  const mqttUrl = process.env.EMS_BENCH_MQTT_URL ?? process.env.EMS_TEST_MQTT_URL;
  console.log(
    `MQTT ingest end to end (publish to committed), ${GATEWAYS.toLocaleString('en-US')} gateways × ${POINTS}-point QoS 1 messages, ${SECONDS} s each, ` +
      `at most ${INFLIGHT} uncommitted message(s) per gateway${OPEN_LOOP ? ' (Mosquitto: open loop)' : ''}; gateways in a worker thread`,
  );
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
