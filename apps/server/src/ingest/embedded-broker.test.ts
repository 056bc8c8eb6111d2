import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import mqtt, { type MqttClient } from 'mqtt';
import { sql } from 'kysely';
import { DATA_ID, ingestTopic } from '@ems/contract';
import { STORES, createStore, startApp, type TestApp, type TestStore } from '../test/helpers.js';
import { insertMeter } from '../modules/timeseries/test-nodes.js';
import { ingestRepository } from './repository.js';
import { demoGatewayCredentials, type DemoGatewayCredentials } from './service.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { handleGatewayMessage } from './mqtt-message.js';
import type { MessageHandler } from './embedded-broker.js';
import { CommitLog, createGateways, gatewayMessage, meterRollups, writeInOrder } from './test-gateways.js';

const T0 = Date.UTC(2025, 5, 1);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`embedded MQTT broker (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let broker: EmbeddedBroker;
    let gw: DemoGatewayCredentials;
    let other: DemoGatewayCredentials;
    let meter: number;
    let commitDelayMs = 0;
    /** when set, the broker's handler (the group-commit test logs its commits) */
    let around: MessageHandler | undefined;
    const clients: MqttClient[] = [];

    const count = async (table: 'reading' | 'ingest_error') =>
      Number((await sql<{ n: number }>`select cast(count(*) as integer) as n from ${sql.table(table)}`.execute(t.app.ems.db)).rows[0]?.n);
    const reasons = async () => (await t.app.ems.db.selectFrom('ingest_error').select('reason').orderBy('id').execute()).map((r) => r.reason);
    const connect = (username: string, password: string) => {
      const c = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { username, password, reconnectPeriod: 0, connectTimeout: 5000 });
      clients.push(c);
      return c;
    };
    const connected = (c: MqttClient) =>
      new Promise<void>((resolve, reject) => {
        c.once('connect', () => resolve());
        c.once('error', reject);
      });
    const login = async (g: DemoGatewayCredentials) => {
      const c = connect(g.mqttUsername, g.apiKey);
      await connected(c);
      return c;
    };
    const reading = (ts: number, value: number, dataId: number = DATA_ID.activePower) => ({ deviceId: meter, dataId, ts, value });

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
      meter = await insertMeter(t.app, 1, {});
      [gw, other] = (await demoGatewayCredentials(t.app.ems)) as [DemoGatewayCredentials, DemoGatewayCredentials];
      broker = await startEmbeddedBroker(t.app.ems, {
        port: 0,
        host: '127.0.0.1',
        log: quiet,
        handle: async (ems, g, payload) => {
          if (around) return around(ems, g, payload);
          if (commitDelayMs > 0) await sleep(commitDelayMs);
          return handleGatewayMessage(ems, g, payload);
        },
      });
    });
    afterAll(async () => {
      for (const c of clients) c.end(true);
      await broker?.close();
      await t?.app.close();
      await store?.dispose();
    });

    it('takes the next free port when the wanted one is taken, and says so once', async () => {
      const warnings: string[] = [];
      const log = { ...quiet, warn: (m: unknown) => void warnings.push(String(m)) };
      const second = await startEmbeddedBroker(t.app.ems, { port: broker.port, host: '127.0.0.1', log });
      try {
        expect(second.port).toBeGreaterThan(broker.port);
        expect(warnings).toEqual([`EMS_MQTT_PORT ${broker.port} is taken; the embedded MQTT broker listens on ${second.port} instead`]);
      } finally {
        await second.close();
      }
    });

    it('refuses a wrong key, an unknown user, another gateway\'s user with this key, and a disabled gateway', async () => {
      const refused = async (username: string, password: string) => {
        const err = await connected(connect(username, password)).then(
          () => null,
          (e: Error & { code?: number }) => e,
        );
        expect(err?.code, `${username} should be refused`).toBe(4);
      };
      await refused(gw.mqttUsername, 'gw_wrong');
      await refused('gw-99999', gw.apiKey);
      await refused('admin', gw.apiKey);
      await refused(other.mqttUsername, gw.apiKey);
      await ingestRepository(t.app.ems.db).update(other.gatewayId, { enabled: 0 });
      try {
        await refused(other.mqttUsername, other.apiKey);
      } finally {
        await ingestRepository(t.app.ems.db).update(other.gatewayId, { enabled: 1 });
      }
      await (await login(other)).endAsync();
    });

    it('refuses a publish to another gateway\'s topic: the connection is dropped and nothing is written', async () => {
      const before = await count('reading');
      const c = await login(gw);
      const closed = new Promise<void>((r) => c.once('close', () => r()));
      let acked = false;
      c.publish(ingestTopic(other.projectId, other.gatewayId), JSON.stringify({ readings: [reading(T0, 1)] }), { qos: 1 }, (err) => {
        if (!err) acked = true;
      });
      await closed;
      await sleep(50);
      expect(acked).toBe(false);
      expect(await count('reading')).toBe(before);
      const c2 = await login(gw);
      const closed2 = new Promise<void>((r) => c2.once('close', () => r()));
      c2.publish(`ems/${gw.projectId}/${gw.gatewayId}/status`, JSON.stringify({ readings: [reading(T0, 1)] }), { qos: 1 });
      await closed2;
      expect(await count('reading')).toBe(before);
    });

    it('sends the PUBACK only after the batch is committed, even when the commit is slow', async () => {
      const c = await login(gw);
      commitDelayMs = 400;
      try {
        const t0 = Date.now();
        const rowsAtAck = await new Promise<number>((resolve, reject) => {
          c.publish(ingestTopic(gw.projectId, gw.gatewayId), JSON.stringify({ ts: T0, readings: [reading(T0, 1), reading(T0 + 60_000, 2)] }), { qos: 1 }, (err) => {
            if (err) return reject(err);
            void t.app.ems.db
              .selectFrom('reading')
              .select('value')
              .where('device_id', '=', meter)
              .where('ts', 'in', [T0, T0 + 60_000])
              .execute()
              .then((rows) => resolve(rows.length), reject);
          });
        });
        expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
        expect(rowsAtAck).toBe(2);
      } finally {
        commitDelayMs = 0;
      }
    });

    it('records bad payloads with their reasons, acknowledges them and goes on', async () => {
      await t.app.ems.db.deleteFrom('ingest_error').execute();
      const c = await login(gw);
      const topic = ingestTopic(gw.projectId, gw.gatewayId);
      const before = await count('reading');
      await c.publishAsync(topic, 'not json {', { qos: 1 });
      await c.publishAsync(topic, JSON.stringify({ rows: [] }), { qos: 1 });
      await c.publishAsync(topic, JSON.stringify({ readings: [] }), { qos: 1 });
      await c.publishAsync(topic, JSON.stringify({ gatewayId: other.gatewayId, readings: [reading(T0 + 120_000, 3)] }), { qos: 1 });
      await c.publishAsync(topic, JSON.stringify({ readings: [reading(T0 + 180_000, 4), { deviceId: meter, dataId: 999, ts: T0, value: 1 }, 'junk'] }), { qos: 1 });
      expect(await count('reading')).toBe(before + 1);
      expect(await reasons()).toEqual(['malformed_json', 'invalid_body', 'invalid_body', 'gateway_mismatch', 'unknown_data_point', 'invalid_reading']);
      const excerpt = await t.app.ems.db.selectFrom('ingest_error').select('excerpt').where('reason', '=', 'malformed_json').executeTakeFirstOrThrow();
      expect(excerpt.excerpt).toContain('not json {');
    });

    it('property: malformed payloads never crash the broker and never write anything', async () => {
      const c = await login(gw);
      const topic = ingestTopic(gw.projectId, gw.gatewayId);
      const before = await count('reading');
      const payload = fc.oneof(
        fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
        fc.constant(Buffer.from([0x7b, 0x00, 0xff, 0x22])),
        fc.string({ maxLength: 200 }),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc.record({ ts: fc.anything(), readings: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }) }).map((v) => JSON.stringify(v)),
        fc.array(fc.record({ deviceId: fc.oneof(fc.integer(), fc.string()), dataId: fc.constant(999), value: fc.double() }), { minLength: 1, maxLength: 5 }).map((r) => JSON.stringify({ ts: T0, readings: r })),
      );
      await fc.assert(
        fc.asyncProperty(payload, async (p) => {
          const errorsBefore = await count('ingest_error');
          await c.publishAsync(topic, p, { qos: 1 });
          expect(await count('reading')).toBe(before);
          expect(await count('ingest_error')).toBeGreaterThan(errorsBefore);
        }),
        { numRuns: 60 },
      );
      expect(c.connected).toBe(true);
      await c.publishAsync(topic, JSON.stringify({ readings: [reading(T0 + 240_000, 5)] }), { qos: 1 });
      expect(await count('reading')).toBe(before + 1);
    });
    it('a client id belongs to one gateway: another gateway (of another tenant) asking for a held id is refused, the holder stays; the holder itself may take it over', async () => {
      const tenant = await t.app.ems.db.insertInto('tenant').values({ name: 'client id tenant', en_name: '', create_time: T0 }).returning('id').executeTakeFirstOrThrow();
      const { id: _id, ...first } = await t.app.ems.db.selectFrom('project').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      const project = await t.app.ems.db.insertInto('project').values({ ...first, tenant_id: Number(tenant.id), name: 'client id project' }).returning('id').executeTakeFirstOrThrow();
      const [a] = await createGateways(t.app.ems, 1, 1);
      const [b] = await createGateways(t.app.ems, Number(project.id), 1);
      const id = `gateway-${Date.now()}`;
      const as = (g: typeof a, clientId = id) => {
        const c = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { clientId, username: g!.username, password: g!.key, reconnectPeriod: 0, connectTimeout: 5000 });
        clients.push(c);
        return c;
      };
      const refusal = (c: MqttClient) => connected(c).then(() => null, (e: Error & { code?: number }) => e.code);
      const topicA = ingestTopic(1, a!.id);
      const before = await count('reading');

      const holder = as(a);
      await connected(holder);
      let holderDropped = 0;
      holder.on('close', () => holderDropped++);
      expect(await refusal(as(b))).toBe(2);
      // and again while the holder is busy committing (the refusal must not depend on timing)
      commitDelayMs = 200;
      const inFlight = holder.publishAsync(topicA, JSON.stringify({ readings: [reading(T0 + 300_000, 6)] }), { qos: 1 });
      expect(await refusal(as(b))).toBe(2);
      await inFlight;
      commitDelayMs = 0;
      await holder.publishAsync(topicA, JSON.stringify({ readings: [reading(T0 + 360_000, 7)] }), { qos: 1 });
      expect(holderDropped).toBe(0);
      expect(holder.connected).toBe(true);
      expect(await count('reading')).toBe(before + 2);

      // the same gateway reconnecting with its id (after a drop it has not noticed) takes it over
      const again = as(a);
      await Promise.all([connected(again), new Promise<void>((r) => holder.once('close', () => r()))]);
      await again.publishAsync(topicA, JSON.stringify({ readings: [reading(T0 + 420_000, 8)] }), { qos: 1 });
      expect(await count('reading')).toBe(before + 3);
      expect(await refusal(as(b))).toBe(2);

      // a released id is free again
      await again.endAsync();
      const next = as(b);
      await connected(next);
      await next.endAsync();

      // two gateways asking for a free id at the same moment: one gets it, the other is refused
      const both = [as(a, `${id}-race`), as(b, `${id}-race`)];
      const outcomes = await Promise.all(both.map(refusal));
      expect([...outcomes].sort()).toEqual([2, null]);
      const winner = both[outcomes.indexOf(null)]!;
      expect(winner.connected).toBe(true);
      await winner.endAsync();
    });
    it('group commit: messages of many gateways in flight at once are committed once each, in order per gateway, each acked after its commit', async () => {
      const GATEWAYS = 16;
      const MESSAGES = 6;
      const gws = await createGateways(t.app.ems, 1, GATEWAYS);
      const own: number[] = [];
      const ref: number[] = [];
      for (let k = 0; k < GATEWAYS; k++) {
        own.push(await insertMeter(t.app, 1, {}, `group meter ${k}`));
        ref.push(await insertMeter(t.app, 1, {}, `group reference ${k}`));
      }
      const log = new CommitLog();
      around = log.wrap(handleGatewayMessage);
      const ackedBeforeCommit: string[] = [];
      try {
        const cs = await Promise.all(gws.map((g) => login({ mqttUsername: g.username, apiKey: g.key } as DemoGatewayCredentials)));
        // every gateway sends all its messages at once: they are all in flight together
        await Promise.all(
          gws.flatMap((g, k) =>
            Array.from({ length: MESSAGES }, (_, i) =>
              (cs[k] as MqttClient).publishAsync(ingestTopic(1, g.id), JSON.stringify(gatewayMessage(own[k] as number, i, k)), { qos: 1 }).then(() => {
                if (!log.committed(g.id, i)) ackedBeforeCommit.push(`${g.id}#${i}`);
              }),
            ),
          ),
        );
        await Promise.all(cs.map((c) => c.endAsync()));
      } finally {
        around = undefined;
      }
      expect(ackedBeforeCommit).toEqual([]);
      expect(log.commits).toBe(GATEWAYS * MESSAGES);
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
