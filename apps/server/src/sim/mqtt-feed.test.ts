import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID } from '@ems/contract';
import { startMqttIngest, type MqttIngest } from '../ingest/mqtt-ingest.js';
import { insertMeter } from '../modules/timeseries/test-nodes.js';
import { demoGatewayCredentials } from '../ingest/service.js';
import { createStore, startApp, STORES, type TestApp, type TestStore } from '../test/helpers.js';
import { startSimMqttFeed, type SimMqttFeed } from './mqtt-feed.js';

describe.each(STORES)('demo live feed over MQTT ($kind)', ({ kind, skip }) => {
  let store: TestStore;
  let t: TestApp;
  let ingest: MqttIngest;
  let feed: SimMqttFeed;
  let meter: number;

  beforeAll(async () => {
    if (skip) return;
    store = await createStore(kind);
    // port 0: the embedded broker takes a free port (the wanted one is taken on this machine anyway)
    t = await startApp(store, { services: { redisUrl: undefined, mqttUrl: undefined, mqttPort: 0 } });
    meter = await insertMeter(t.app, 1, {});
    ingest = await startMqttIngest(t.app.ems, t.app.log);
    feed = await startSimMqttFeed(t.app.ems, ingest);
  });
  afterAll(async () => {
    await feed?.close();
    await ingest?.close();
    await t?.app.close();
    await store?.dispose();
  });

  it.skipIf(skip)("publishes as the project's demo gateway and resolves once the readings are committed", async () => {
    const [gw] = await demoGatewayCredentials(t.app.ems);
    expect(gw?.projectId).toBe(1);
    const ts = Math.floor(store.clock.now / 60_000) * 60_000;
    await feed.publish(1, gw!.gatewayId, { gatewayId: gw!.gatewayId, ts, readings: [{ deviceId: meter, dataId: DATA_ID.activePower, ts, value: 321.5 }] });
    const row = await t.app.ems.db
      .selectFrom('reading')
      .select(['value', 'status'])
      .where('device_id', '=', meter)
      .where('data_id', '=', DATA_ID.activePower)
      .where('ts', '=', ts)
      .executeTakeFirst();
    expect(row).toEqual({ value: 321.5, status: 0 });
  });

  it.skipIf(skip)('uses client ids no other client can predict: a second feed on the same broker takes its own', async () => {
    const second = await startSimMqttFeed(t.app.ems, ingest);
    try {
      expect(feed.clientIds.length).toBeGreaterThan(0);
      for (const id of [...feed.clientIds, ...second.clientIds]) expect(id).toMatch(/^ems-sim-gw-\d+-[0-9a-f]{12}$/);
      expect(second.clientIds.filter((id) => feed.clientIds.includes(id))).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it.skipIf(skip)('refuses to publish for a gateway it has no login for', async () => {
    await expect(feed.publish(1, 999_999, { gatewayId: 999_999, ts: 0, readings: [] })).rejects.toThrow(/no MQTT client/);
  });
});
