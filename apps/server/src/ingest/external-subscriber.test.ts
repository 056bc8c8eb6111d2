import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { sql } from 'kysely';
import { DATA_ID, type RollupRow } from '@ems/contract';
import { STORES, createStore, startApp, type TestApp, type TestStore } from '../test/helpers.js';
import { insertMeter } from '../modules/timeseries/test-nodes.js';
import { readRollups } from '../modules/timeseries/service.js';
import { demoGatewayCredentials, ingest, type DemoGatewayCredentials, type Gateway } from './service.js';
import { ingestRepository } from './repository.js';
import type { Ems } from '../context.js';
import { startExternalSubscriber, type ExternalSubscriber } from './external-subscriber.js';
import { handleGatewayMessage } from './mqtt-message.js';
import type { MessageHandler } from './embedded-broker.js';
import { CommitLog, createGateways, gatewayMessage, meterRollups, writeInOrder } from './test-gateways.js';

/** EMS_TEST_MQTT_URL when it answers; unreachable: skipped, or a failure with EMS_REQUIRE_SERVICES=1. */
async function mqttTestUrl(): Promise<string | undefined> {
  const url = process.env.EMS_TEST_MQTT_URL;
  const required = process.env.EMS_REQUIRE_SERVICES === '1';
  if (!url) {
    if (required) throw new Error('EMS_REQUIRE_SERVICES=1 but EMS_TEST_MQTT_URL is not set');
    return undefined;
  }
  try {
    const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, protocolVersion: 5 });
    await c.endAsync();
    return url;
  } catch (err) {
    if (required) throw new Error(`MQTT broker at ${url} is unreachable: ${(err as Error).message}`);
    return undefined;
  }
}

const URL = await mqttTestUrl();
const KWH = DATA_ID.activeEnergyImport;
const T0 = Date.UTC(2025, 5, 1, 7, 50);
const STEP_MS = 10_000;
const STEPS = 360;
const DEVICES = 4;
const GRAINS = ['15m', 'hour', 'day', 'month'] as const;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** a small seeded generator, so every run sends the same series */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Message = { ts: number; readings: { deviceId: number; dataId: number; ts: number; value: number }[] };

/** one message per 10 s step holding a kWh counter reading of every meter */
function series(meters: number[]): Message[] {
  const rnd = prng(42);
  const totals = meters.map((_, i) => 1000 * (i + 1));
  const out: Message[] = [];
  for (let s = 0; s < STEPS; s++) {
    const ts = T0 + s * STEP_MS;
    out.push({ ts, readings: meters.map((deviceId, i) => ({ deviceId, dataId: KWH, ts, value: (totals[i] = (totals[i] ?? 0) + Math.round(rnd() * 1e6) / 1e4) })) });
  }
  return out;
}

/** the wire order: 10% of messages sent twice, and some held back up to 60 s of message time */
function wireOrder(messages: Message[]): Message[] {
  const rnd = prng(7);
  const keyed = messages.map((m, i) => ({ m, at: i + (rnd() < 0.3 ? Math.floor(rnd() * (60_000 / STEP_MS + 1)) : 0) + rnd() * 0.5 }));
  for (const [i, m] of messages.entries()) if (rnd() < 0.1) keyed.push({ m, at: i + rnd() * 20 });
  return keyed.sort((a, b) => a.at - b.at).map((k) => k.m);
}

async function rollups(ems: Ems, meters: number[]) {
  const out: Record<string, RollupRow[]> = {};
  for (const grain of GRAINS) out[grain] = await readRollups(ems, 1, { deviceIds: meters, dataId: KWH, grain, from: 0, to: 4e12 });
  return out;
}

function expectSameRollups(got: Record<string, RollupRow[]>, want: Record<string, RollupRow[]>) {
  for (const grain of GRAINS) {
    const g = got[grain] ?? [];
    const w = want[grain] ?? [];
    expect(g.length, grain).toBe(w.length);
    expect(w.length, grain).toBeGreaterThan(0);
    g.forEach((row, i) => {
      const ref = w[i] as RollupRow;
      expect({ ...row, value: 0 }).toEqual({ ...ref, value: 0 });
      expect(Math.abs((row.value ?? NaN) - (ref.value ?? NaN)), `${grain} #${i}`).toBeLessThanOrEqual(1e-9);
    });
  }
}

for (const { kind, skip } of STORES) {
  describe.skipIf(skip || URL === undefined)(`external MQTT broker ingest (${kind})`, () => {
    const run = randomBytes(4).toString('hex');
    const root = `ems-t-${run}`;
    const shareGroup = `ems-t-${run}`;
    let store: TestStore;
    let t: TestApp;
    let gw: DemoGatewayCredentials;
    let gateway: Gateway;
    let meters: number[];
    let reference: Record<string, RollupRow[]>;
    const clientIds: string[] = [];
    const subs: ExternalSubscriber[] = [];

    const subscribe = async (clientId: string, handle: MessageHandler) => {
      if (!clientIds.includes(clientId)) clientIds.push(clientId);
      const s = await startExternalSubscriber(t.app.ems, { url: URL as string, clientId, shareGroup, topicRoot: root, log: quiet, reconnectMs: 100, handle });
      subs.push(s);
      return s;
    };
    const publishAll = async (messages: Message[]) => {
      const pub = await mqtt.connectAsync(URL as string, { reconnectPeriod: 0, protocolVersion: 5 });
      for (const m of messages) await pub.publishAsync(`${root}/${gw.projectId}/${gw.gatewayId}/data`, JSON.stringify(m), { qos: 1 });
      await pub.endAsync();
    };
    const until = async (cond: () => boolean, ms = 30_000) => {
      const end = Date.now() + ms;
      while (!cond()) {
        if (Date.now() > end) throw new Error('timed out waiting for the subscriber');
        await sleep(20);
      }
    };
    const clearReadings = async () => {
      for (const table of ['reading', 'rollup_15m', 'rollup_hour', 'rollup_day', 'rollup_month'] as const) await t.app.ems.db.deleteFrom(table).execute();
    };

    beforeAll(async () => {
      // the reference: the same series in order, straight through the service, in a store of its own
      const refStore = await createStore(kind);
      const ref = await startApp(refStore);
      const refMeters: number[] = [];
      for (let i = 0; i < DEVICES; i++) refMeters.push(await insertMeter(ref.app, 1, {}, `meter ${i}`));
      const refGw = (await demoGatewayCredentials(ref.app.ems))[0] as DemoGatewayCredentials;
      const refGateway = (await ingestRepository(ref.app.ems.db).findGateway(refGw.gatewayId)) as Gateway;
      for (const m of series(refMeters)) await ingest(ref.app.ems, refGateway, m);
      reference = await rollups(ref.app.ems, refMeters);
      await ref.app.close();
      await refStore.dispose();

      store = await createStore(kind);
      t = await startApp(store);
      meters = [];
      for (let i = 0; i < DEVICES; i++) meters.push(await insertMeter(t.app, 1, {}, `meter ${i}`));
      expect(meters).toEqual(refMeters);
      gw = (await demoGatewayCredentials(t.app.ems))[0] as DemoGatewayCredentials;
      gateway = (await ingestRepository(t.app.ems.db).findGateway(gw.gatewayId)) as Gateway;
    });

    afterAll(async () => {
      for (const s of subs) await s.client.endAsync(true).catch(() => undefined);
      // drop the persistent sessions this run left on the shared broker
      for (const clientId of clientIds) {
        const c = await mqtt.connectAsync(URL as string, { clientId, clean: true, protocolVersion: 5, reconnectPeriod: 0, properties: { sessionExpiryInterval: 0 } }).catch(() => undefined);
        await c?.endAsync();
      }
      await t?.app.close();
      await store?.dispose();
    });

    it('replayed and late messages end with the rollups of an in-order run (to 1e-9)', async () => {
      const wire = wireOrder(series(meters));
      expect(wire.length).toBeGreaterThan(STEPS * 1.05);
      let handled = 0;
      const sub = await subscribe(`ems-t-${run}-a`, async (ems, g, p) => {
        const r = await handleGatewayMessage(ems, g, p);
        handled++;
        return r;
      });
      await publishAll(wire);
      await until(() => handled === wire.length);
      expectSameRollups(await rollups(t.app.ems, meters), reference);
      const errors = await t.app.ems.db.selectFrom('ingest_error').select('reason').execute();
      expect(errors).toEqual([]);
      await sub.close();
    });

    it('a stopped instance leaves the shared group: the next one gets every message', async () => {
      // the first test's instance closed gracefully; were it still a member, the broker would queue its share for it
      await clearReadings();
      let handled = 0;
      const sub = await subscribe(`ems-t-${run}-c`, async (ems, g, p) => {
        const r = await handleGatewayMessage(ems, g, p);
        handled++;
        return r;
      });
      const wire = series(meters);
      await publishAll(wire);
      await until(() => handled === wire.length);
      expectSameRollups(await rollups(t.app.ems, meters), reference);
      await sub.close();
    });

    it('a crash before the ack makes the broker redeliver: nothing lost, nothing counted twice', async () => {
      await clearReadings();
      const wire = wireOrder(series(meters));
      const clientId = `ems-t-${run}-b`;
      let seen = 0;
      let failedAfterCommit = false;
      /** message times committed, by either life */
      const done = new Set<number>();
      const commit: MessageHandler = async (ems, g, p) => {
        const r = await handleGatewayMessage(ems, g, p);
        done.add((JSON.parse(p.toString()) as Message).ts);
        return r;
      };
      // first life: message 20 is committed but the "process dies" before the ack; message 40 hangs mid-commit
      let hang: (() => void) | undefined;
      const first = await subscribe(clientId, async (ems, g, p) => {
        seen++;
        if (seen === 40) await new Promise<void>((r) => (hang = r));
        const r = await commit(ems, g, p);
        if (seen === 20 && !failedAfterCommit) {
          failedAfterCommit = true;
          throw new Error('crash after commit, before the ack');
        }
        return r;
      });
      const publishing = publishAll(wire);
      await until(() => hang !== undefined);
      // the instance goes away with message 40 in flight
      await first.client.endAsync(true);
      hang?.();
      await publishing;
      let redelivered = 0;
      await subscribe(clientId, async (ems, g, p) => {
        if (done.has((JSON.parse(p.toString()) as Message).ts)) redelivered++;
        return commit(ems, g, p);
      });
      await until(() => done.size === STEPS);
      await sleep(300);
      expect(redelivered).toBeGreaterThan(0);
      expect(failedAfterCommit).toBe(true);
      expectSameRollups(await rollups(t.app.ems, meters), reference);
      expect(Number(gateway.id)).toBe(gw.gatewayId);
    });
    it('group commit: messages of many gateways in flight at once are committed once each, in order per gateway, acked to the broker only after their commit', async () => {
      const GATEWAYS = 24;
      const MESSAGES = 8;
      const gws = await createGateways(t.app.ems, 1, GATEWAYS);
      const own: number[] = [];
      const ref: number[] = [];
      for (let k = 0; k < GATEWAYS; k++) {
        own.push(await insertMeter(t.app, 1, {}, `group meter ${k}`));
        ref.push(await insertMeter(t.app, 1, {}, `group reference ${k}`));
      }
      const log = new CommitLog();
      // a topic root and share group of its own: an earlier test's last instance is still subscribed to the shared ones
      const groupRoot = `${root}-g`;
      const clientId = `ems-t-${run}-g`;
      clientIds.push(clientId);
      const sub = await startExternalSubscriber(t.app.ems, { url: URL as string, clientId, shareGroup: `${shareGroup}-g`, topicRoot: groupRoot, log: quiet, reconnectMs: 100, handle: log.wrap(handleGatewayMessage) });
      subs.push(sub);
      let pubacks = 0;
      let ackedBeforeCommit = 0;
      sub.client.on('packetsend', (packet) => {
        if (packet.cmd !== 'puback') return;
        pubacks++;
        if (pubacks > log.commits) ackedBeforeCommit++;
      });
      const pubs = await Promise.all(gws.map(() => mqtt.connectAsync(URL as string, { reconnectPeriod: 0, protocolVersion: 5 })));
      // every gateway sends all its messages at once: more in flight than the old receive maximum of 100
      await Promise.all(
        gws.flatMap((g, k) =>
          Array.from({ length: MESSAGES }, (_, i) => (pubs[k] as mqtt.MqttClient).publishAsync(`${groupRoot}/1/${g.id}/data`, JSON.stringify(gatewayMessage(own[k] as number, i, k)), { qos: 1 })),
        ),
      );
      await Promise.all(pubs.map((c) => c.endAsync()));
      await until(() => log.commits === GATEWAYS * MESSAGES);
      await until(() => pubacks === GATEWAYS * MESSAGES);
      await sleep(300);
      await sub.close();
      expect(log.commits).toBe(GATEWAYS * MESSAGES);
      expect(ackedBeforeCommit).toBe(0);
      expect(log.maxInFlight).toBeGreaterThan(1);
      for (const g of gws) expect(log.orderOf(g.id), `gateway ${g.id}`).toEqual([...Array(MESSAGES).keys()]);
      const stored = await t.app.ems.db.selectFrom('reading').select(sql<number>`cast(count(*) as integer)`.as('n')).where('device_id', 'in', own).executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(GATEWAYS * MESSAGES * 2);
      for (let k = 0; k < GATEWAYS; k++) {
        await writeInOrder(t.app.ems, 1, ref[k] as number, k, MESSAGES);
        const want = await meterRollups(t.app.ems, 1, ref[k] as number);
        expect(want['15m']?.length).toBeGreaterThan(0);
        expect(await meterRollups(t.app.ems, 1, own[k] as number), `meter ${k}`).toEqual(want);
      }
    });
  });
}
